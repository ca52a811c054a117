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
    writeAll(Array((escapingControls(line) + "\n").utf8), to: 2)
}

/// Prints one line of a report to standard output, with the control characters of what it names spelled
/// (``escapingControls(_:)``): a path, key or language from input cannot break it into lines of its own.
func printLine(_ line: String) {
    print(escapingControls(line))
}

/// Writes all of `bytes` to a file descriptor (standard output is 1), unbuffered; stops at a write error.
func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    DescriptorOutput.writeAll(bytes, to: descriptor)
}

/// Runs `body`, printing its diagnostics to standard error; an input error exits with status 1, and so does a run
/// that printed an `error:` diagnostic (the exit status agrees with what was printed).
func reportingErrors(
    _ diagnostics: inout Diagnostics, _ body: (inout Diagnostics) throws -> Void
) throws {
    do {
        try body(&diagnostics)
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
    printDiagnostics(diagnostics.all)
    if diagnostics.hasErrors { throw ExitCode(1) }
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
    ///
    /// The path and the message are printed with their control characters spelled (``escapingControls(_:)``): a
    /// diagnostic is one line, whatever the input held.
    var printed: String {
        let message = escapingControls(message)
        guard let path else { return "stringbridge: \(severity.rawValue): \(message)" }
        return "\(escapingControls(path)):\(line ?? 1):\(column ?? 1): \(severity.rawValue): \(message)"
    }
}

/// `1 table`, `2 tables`.
func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
}
