import CodeGeneration
import Foundation
import LocalizationCatalog
import XCStringsFormat

/// The `accessors` mode of the build plugin's tool:
/// `stringbridge-generate accessors CATALOG --flavor runtime|xcode [--xcode-version V] --output FILE`.
///
/// Writes FILE (the accessors of ``AccessorGenerator``; the plugin declares it as the command's output), leaving
/// it untouched when its bytes are already those, so that a build does not recompile it. `arguments` are the
/// words after the tool's name; a leading `accessors` is skipped. Diagnostics go to standard error as
/// `path:line:column: severity: message`.
///
/// - Returns: 0 when written, 1 when the catalog is invalid or FILE cannot be written (nothing is written then),
///   64 on a usage error.
func runAccessors(_ arguments: [String]) -> Int32 {
    var words = arguments[...]
    if words.first == "accessors" { words = words.dropFirst() }
    var catalog: String?
    var output: String?
    var flavor = AccessorGenerator.Flavor.runtime
    var preamble = AccessorGenerator.Preamble.nonisolated
    func usage(_ message: String) -> Int32 {
        printToStandardError(
            "stringbridge-generate: error: \(message)\n"
                + "usage: stringbridge-generate accessors CATALOG --flavor runtime|xcode [--xcode-version VERSION] "
                + "--output FILE\n")
        return 64
    }
    while let word = words.popFirst() {
        switch word {
        case "--flavor", "--output", "-o", "--xcode-version":
            guard let value = words.popFirst() else { return usage("\(word) needs a value") }
            switch word {
            case "--flavor":
                guard let chosen = AccessorGenerator.Flavor(rawValue: value), chosen != .legacy else {
                    return usage("--flavor is runtime or xcode, not \(Diagnostic.quoted(value))")
                }
                flavor = chosen
            case "--xcode-version":
                guard let chosen = accessorsPreamble(forXcodeVersion: value) else {
                    return usage("--xcode-version is a version of Xcode 26 or later, not \(Diagnostic.quoted(value))")
                }
                preamble = chosen
            default:
                guard output == nil else { return usage("name one output file") }
                output = value
            }
        default:
            guard !word.hasPrefix("-") else { return usage("unknown option \(Diagnostic.quoted(word))") }
            guard catalog == nil else { return usage("name one String Catalog") }
            catalog = word
        }
    }
    guard let catalog else { return usage("name a String Catalog") }
    guard let output else { return usage("name the output file with --output") }

    var diagnostics = Diagnostics()
    let file: AccessorGenerator.GeneratedFile
    do {
        guard let data = FileManager.default.contents(atPath: catalog) else {
            throw ConversionError(Diagnostic(.error, "cannot read the file", path: catalog))
        }
        let source = SourceFile(path: catalog, bytes: [UInt8](data))
        let table = try AccessorGenerator.readCatalog(source, diagnostics: &diagnostics)
        file = try AccessorGenerator(flavor: flavor, preamble: preamble)
            .generate(table, path: catalog, diagnostics: &diagnostics)
    } catch let error as ConversionError {
        printDiagnostics(diagnostics.all + error.diagnostics)
        return 1
    } catch {
        printDiagnostics(diagnostics.all + [Diagnostic(.error, "\(error)", path: catalog)])
        return 1
    }
    printDiagnostics(diagnostics.all)
    let bytes = Data(file.bytes)
    if FileManager.default.contents(atPath: output) == bytes { return 0 }
    do {
        // Written beside the destination and renamed over it: never a partial file.
        try bytes.write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
        printDiagnostics([Diagnostic(.error, "cannot write the file: \(error.localizedDescription)", path: output)])
        return 1
    }
    return 0
}

/// The preamble for an Xcode version: 26.0 and 26.1 (and their updates) have none of 26.2's `nonisolated`.
private func accessorsPreamble(forXcodeVersion version: String) -> AccessorGenerator.Preamble? {
    let parts = version.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count),
        parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }),
        let major = Int(parts[0]), major >= 26
    else { return nil }
    let minor = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
    return major == 26 && minor < 2 ? .legacy : .nonisolated
}

private func printDiagnostics(_ diagnostics: [Diagnostic]) {
    guard !diagnostics.isEmpty else { return }
    var text = ""
    for diagnostic in diagnostics {
        if let path = diagnostic.path {
            text += "\(path):\(diagnostic.line ?? 1):\(diagnostic.column ?? 1): "
        } else {
            text += "stringbridge-generate: "
        }
        text += "\(diagnostic.severity.rawValue): \(diagnostic.message)\n"
    }
    printToStandardError(text)
}

private func printToStandardError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
}
