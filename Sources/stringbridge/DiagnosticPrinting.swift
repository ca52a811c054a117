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
    writeAll(Array((line + "\n").utf8), to: 2)
}

/// Writes all of `bytes` to a file descriptor (standard output is 1), unbuffered; stops at a write error.
func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBufferPointer { buffer in
        var offset = 0
        while offset < buffer.count {
            let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
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
