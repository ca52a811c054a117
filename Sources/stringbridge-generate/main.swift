import CodeGeneration
import Foundation
import LocalizationCatalog

// `stringbridge-generate`: the build plugin's tool. It needs neither libxml2 nor swift-syntax, so a package using
// the plugin builds only the catalog model, the String Catalog reader and this.

let usage = """
    usage: stringbridge-generate tables INPUT... --output DIR [--development-language LANG]
           stringbridge-generate accessors ...

    tables: compiles String Catalogs (.xcstrings) and .lproj folders (.strings, .stringsdict) into
    DIR/<Table>.stringbridge-table.json, the files StringBridgeRuntime's LocalizedTable reads.
    --development-language: the development language of legacy tables (default: en when present).

    """

func fail(_ message: String, status: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data(("stringbridge-generate: " + message + "\n").utf8))
    exit(status)
}

func runTables(_ arguments: [String]) -> Int32 {
    var inputs: [String] = []
    var output: String?
    var developmentLanguage: String?
    var index = 0
    while index < arguments.count {
        let argument = arguments[index]
        switch argument {
        case "--output", "--development-language":
            guard index + 1 < arguments.count else { fail("\(argument) needs a value\n\n" + usage) }
            if argument == "--output" {
                output = arguments[index + 1]
            } else {
                developmentLanguage = arguments[index + 1]
            }
            index += 2
        case "-h", "--help":
            print(usage, terminator: "")
            return 0
        default:
            if argument.hasPrefix("--") { fail("unknown option \(argument)\n\n" + usage) }
            inputs.append(argument)
            index += 1
        }
    }
    guard let output else { fail("--output is required\n\n" + usage) }
    guard !inputs.isEmpty else { fail("no input\n\n" + usage) }
    var diagnostics = Diagnostics()
    let outputs = TableCompilation.compile(inputs, developmentLanguage: developmentLanguage, diagnostics: &diagnostics)
    for diagnostic in diagnostics.all {
        FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
    }
    guard let outputs else { return 1 }
    do {
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        for file in outputs {
            try file.data.write(
                to: URL(fileURLWithPath: output).appendingPathComponent(file.fileName), options: .atomic)
        }
    } catch {
        fail("cannot write to \(output): \(error.localizedDescription)", status: 1)
    }
    return 0
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "tables": exit(runTables(Array(arguments.dropFirst())))
case "accessors": exit(runAccessors(Array(arguments.dropFirst())))
case "-h", "--help":
    print(usage, terminator: "")
default: fail("a subcommand is required\n\n" + usage)
}
