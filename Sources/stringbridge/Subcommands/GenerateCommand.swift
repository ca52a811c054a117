import ArgumentParser
import CodeGeneration
import LocalizationCatalog
import LocalizationConverter

struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate typed Swift accessors for the keys of String Catalogs.",
        discussion: """
            --flavor xcode (the default) writes OUTDIR/GeneratedStringSymbols_<Table>.swift per catalog, byte for \
            byte as Xcode 26 generates it: a LocalizedStringResource symbol for each manually managed key. \
            --xcode-version picks the preamble: 26.0 and 26.1 write none of the nonisolated keywords that 26.2 \
            and later write (the default). --flavor runtime writes the same names as String accessors over \
            StringBridgeRuntime's LocalizedTable, for Linux. --flavor legacy reads .strings and .stringsdict \
            tables and writes OUTDIR/L10n.swift, an enum L10n as SwiftGen's structured-swift5 strings template \
            generates. A key that makes no valid name gets no accessor, with a warning at its place; keys whose \
            names are equal become Swift overloads when their parameters differ, and two that would make the same \
            declaration are an error naming both (Xcode's build fails on them too). A catalog with no manually \
            managed key gets no file (Xcode generates none), with a note saying so. A key that a catalog's JSON \
            holds twice is read as Xcode reads it, the last definition winning, with a warning.

            Exit status: 0 when written, 1 when an input is invalid or a file cannot be written (nothing is \
            written then), 64 on a usage error.

            Examples:
              stringbridge generate Localizable.xcstrings -o Generated
              stringbridge generate Localizable.xcstrings --xcode-version 26.1 -o Generated
              stringbridge generate App/Localizable.xcstrings --flavor runtime -o Generated
              stringbridge generate en.lproj/Localizable.strings \\
                en.lproj/Localizable.stringsdict --flavor legacy -o Generated
            """
    )

    @Argument(help: "The String Catalogs (with --flavor legacy: .strings and .stringsdict tables).")
    var inputs: [String]

    @Option(name: [.short, .customLong("output")], help: "The folder to write the Swift files into.")
    var output: String

    @Option(help: "xcode, runtime or legacy.")
    var flavor: String = "xcode"

    @Option(
        name: .customLong("xcode-version"),
        help: "The Xcode whose file to match: 26.0 or 26.1 (no nonisolated), or 26.2 and later (the default).")
    var xcodeVersion: String?

    @Flag(help: "Replace output files even when they are read-only.")
    var force = false

    @Flag(help: "Print the files that would be written, and write nothing.")
    var dryRun = false

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("Name at least one String Catalog.") }
        guard output != "-" else {
            throw ValidationError("generate writes a folder; -o - (standard output) takes one file.")
        }
        guard AccessorGenerator.Flavor(rawValue: flavor) != nil else {
            throw ValidationError("--flavor is xcode, runtime or legacy, not \(Diagnostic.quoted(flavor)).")
        }
        if let xcodeVersion {
            guard AccessorGenerator.preamble(forXcodeVersion: xcodeVersion) != nil else {
                throw ValidationError(
                    "--xcode-version is a version of Xcode 26 or later (26.0, 26.1.1, 26.2), not "
                        + "\(Diagnostic.quoted(xcodeVersion)).")
            }
            guard flavor == "xcode" else { throw ValidationError("--xcode-version applies to --flavor xcode.") }
        }
    }

    func run() throws {
        var diagnostics = Diagnostics()
        try reportingErrors(&diagnostics) { (diagnostics: inout Diagnostics) in
            let files = try generate(diagnostics: &diagnostics)
            var transaction = FileTransaction()
            transaction.replacesReadOnlyFiles = force
            for file in files {
                // Outputs made from the inputs: a file there is replaced unread.
                transaction.stage(file.bytes, at: "\(output)/\(file.name)", as: .replacingUnread)
            }
            if dryRun {
                transaction.discard()
                for path in transaction.destinations { print("would write \(path)") }
            } else {
                try transaction.commit()
            }
        }
    }

    func generate(diagnostics: inout Diagnostics) throws -> [AccessorGenerator.GeneratedFile] {
        let flavor = AccessorGenerator.Flavor(rawValue: flavor) ?? .xcode
        if flavor == .legacy { return [try generateLegacy(diagnostics: &diagnostics)] }
        let preamble = xcodeVersion.flatMap(AccessorGenerator.preamble(forXcodeVersion:)) ?? .nonisolated
        let generator = AccessorGenerator(flavor: flavor, preamble: preamble)
        var files: [AccessorGenerator.GeneratedFile] = []
        var written: [String: String] = [:]
        for path in inputs {
            guard path.hasSuffix(".xcstrings") else {
                throw ConversionError(
                    "generate reads String Catalogs (.xcstrings); --flavor legacy reads .strings and .stringsdict",
                    path: path)
            }
            let source = try readSourceFile(path)
            let table = try AccessorGenerator.readCatalogAsXcode(source, diagnostics: &diagnostics)
            guard AccessorGenerator.hasSymbolKeys(table) else {
                let name = table.name.isEmpty ? AccessorGenerator.tableName(ofPath: path) : table.name
                diagnostics.append(
                    Diagnostic(
                        .note,
                        "no manually managed key generates a symbol: GeneratedStringSymbols_\(name).swift is not "
                            + "written (Xcode generates no file either)",
                        at: FileLocation(path: path, line: 1, column: 1)))
                continue
            }
            let file = try generator.generate(table, path: path, diagnostics: &diagnostics)
            if let first = written[file.name] {
                throw ConversionError(
                    "generates \(output)/\(file.name), as \(first) does; generate them into different folders",
                    at: FileLocation(path: path, line: 1, column: 1))
            }
            written[file.name] = path
            files.append(file)
        }
        return files
    }

    func generateLegacy(diagnostics: inout Diagnostics) throws -> AccessorGenerator.GeneratedFile {
        var tables: [(table: StringTable, path: String)] = []
        for path in inputs {
            guard let format = FormatRegistry.standard.format(forPath: path), let reader = format.reader,
                !path.hasSuffix(".xliff"), !path.hasSuffix(".xlf")
            else {
                throw ConversionError(
                    "--flavor legacy reads .strings, .stringsdict and .xcstrings tables", path: path)
            }
            let table = try reader.read(try readSourceFile(path), options: ReadOptions(), diagnostics: &diagnostics)
            if let index = tables.firstIndex(where: { $0.table.name == table.name }) {
                tables[index].table.merge(table, diagnostics: &diagnostics, origin: path)
            } else {
                tables.append((table, path))
            }
        }
        return try LegacyAccessorGenerator().generate(tables, diagnostics: &diagnostics)
    }
}
