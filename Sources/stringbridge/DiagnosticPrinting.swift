import ArgumentParser
import LocalizationCatalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Prints a line to standard error.
func printError(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let count = write(2, bytes.baseAddress! + offset, bytes.count - offset)
            if count <= 0 { return }
            offset += count
        }
    }
}

/// Runs `body`, printing its diagnostics to standard error; an input error exits with status 1.
func reportingErrors(
    _ diagnostics: inout Diagnostics, _ body: (inout Diagnostics) throws -> Void
) throws {
    do {
        try body(&diagnostics)
        for diagnostic in diagnostics.all { printError(diagnostic.description) }
    } catch let error as ConversionError {
        for diagnostic in diagnostics.all { printError(diagnostic.description) }
        for diagnostic in error.diagnostics { printError(diagnostic.description) }
        throw ExitCode(1)
    }
}
