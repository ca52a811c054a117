import CodeGeneration
import Foundation
import LocalizationCatalog

/// The `accessors` mode of the build plugin's tool:
/// `stringbridge-generate accessors CATALOG --flavor runtime|xcode [--xcode-version V] --output FILE`.
///
/// Writes FILE (the accessors of ``AccessorGenerator``; the plugin declares it as the command's output), leaving
/// it untouched when its bytes are already those, so that a build does not recompile it. `arguments` are the
/// words after the tool's name; a leading `accessors` is skipped (``AccessorsInvocation`` parses them).
/// Diagnostics go to standard error as `path:line:column: severity: message`.
///
/// - Returns: 0 when written, 1 when the catalog is invalid or FILE cannot be written (nothing is written then),
///   64 on a usage error.
func runAccessors(_ arguments: [String]) -> Int32 {
    let invocation: AccessorsInvocation
    do {
        invocation = try AccessorsInvocation.parse(arguments)
    } catch {
        printToStandardError("stringbridge-generate: error: \(error.message)\n\(AccessorsInvocation.usage)\n")
        return 64
    }
    var diagnostics = Diagnostics()
    let file: AccessorGenerator.GeneratedFile
    do {
        guard let data = FileManager.default.contents(atPath: invocation.catalog) else {
            throw ConversionError(Diagnostic(.error, "cannot read the file", path: invocation.catalog))
        }
        file = try invocation.generate([UInt8](data), diagnostics: &diagnostics)
    } catch let error as ConversionError {
        printDiagnostics(diagnostics.all + error.diagnostics)
        return 1
    } catch {
        printDiagnostics(diagnostics.all + [Diagnostic(.error, "\(error)", path: invocation.catalog)])
        return 1
    }
    printDiagnostics(diagnostics.all)
    let bytes = Data(file.bytes)
    if FileManager.default.contents(atPath: invocation.output) == bytes { return 0 }
    do {
        // Written beside the destination and renamed over it: never a partial file.
        try bytes.write(to: URL(fileURLWithPath: invocation.output), options: .atomic)
    } catch {
        let message = "cannot write the file: \(error.localizedDescription)"
        printDiagnostics([Diagnostic(.error, message, path: invocation.output)])
        return 1
    }
    return 0
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
