import ArgumentParser
import LocalizationCatalog
import StringBridgeSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Prints a line to standard error.
func printError(_ line: String) {
    writeAll(Array((line + "\n").utf8), to: 2)
}

/// Writes all of `bytes` to a file descriptor (standard output is 1), unbuffered; stops at a write error.
func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    DescriptorOutput.writeAll(bytes, to: descriptor)
}

/// Runs `body`, printing its diagnostics to standard error; an input error exits with status 1.
func reportingErrors(
    _ diagnostics: inout Diagnostics, _ body: (inout Diagnostics) throws -> Void
) throws {
    do {
        try body(&diagnostics)
        printDiagnostics(diagnostics.all)
    } catch let error as ConversionError {
        printDiagnostics(diagnostics.all)
        printDiagnostics(error.diagnostics)
        throw ExitCode(1)
    } catch let error as ExitCode {
        printDiagnostics(diagnostics.all)
        throw error
    } catch {
        printDiagnostics(diagnostics.all)
        printError("stringbridge: error: \(error)")
        throw ExitCode(1)
    }
}

/// Prints diagnostics to standard error, one line each, in the form CI annotates.
func printDiagnostics(_ diagnostics: [Diagnostic]) {
    guard !diagnostics.isEmpty else { return }
    var text = ""
    for diagnostic in diagnostics {
        text += diagnostic.printed
        text += "\n"
    }
    writeAll(Array(text.utf8), to: 2)
}

extension Diagnostic {
    /// `path:line:column: severity: message`, as compilers print it and CI annotates it: a message about a whole
    /// file is at its first line and column (`path:1:1`); one about nothing in particular names the tool.
    var printed: String {
        guard let path else { return "stringbridge: \(severity.rawValue): \(message)" }
        return "\(path):\(line ?? 1):\(column ?? 1): \(severity.rawValue): \(message)"
    }
}

/// `1 table`, `2 tables`.
func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
}
