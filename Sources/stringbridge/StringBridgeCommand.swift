import ArgumentParser
import LocalizationCatalog
import LocalizationConverter

#if canImport(Glibc)
    import Glibc
#endif

@main
struct StringBridgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stringbridge",
        abstract: "Convert Apple localization files: .strings, .stringsdict, .xcstrings and XLIFF.",
        discussion: """
            Exit status: 0 on success, 1 when an input is invalid (diagnostics on standard error as \
            path:line:column: error: message), 64 on a usage error. Outputs are written all or nothing, through \
            symbolic links, keeping the permissions of the files they replace; read-only files are replaced only \
            with --force. Interrupted (SIGINT, SIGTERM, SIGHUP), a command leaves no temporary file behind.

            Examples:
              stringbridge convert Localizable.xcstrings -o Localizable.xcstrings
              stringbridge migrate MyApp/Resources
              stringbridge compile Localizable.xcstrings -o build/Resources
              stringbridge export MyApp --language de --language fr -o Exports --xcloc
              stringbridge import Exports/de.xcloc Exports/fr.xcloc
              stringbridge roundtrip MyApp
              stringbridge help convert
            """,
        version: "0.1.0",
        subcommands: [
            Convert.self, Migrate.self, Compile.self, ExportCommand.self, ImportCommand.self, Roundtrip.self,
            PseudoCommand.self, StatsCommand.self,
        ]
    )

    static func main() {
        MemoryTuning.forShortCommand()
        MappedInputs.reportTruncation()
        InterruptCleanup.install()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as ConversionError {
            printDiagnostics(error.diagnostics)
            exit(withError: ExitCode(1))
        } catch {
            exit(withError: error)
        }
    }
}

/// Large input files are mapped into memory (`FileMapping`); a file that another program shortens while it is
/// being read makes reading its lost pages raise `SIGBUS`. Say so, instead of crashing. Every command reads all
/// its inputs before it writes anything, so nothing has been written then.
enum MappedInputs {
    static func reportTruncation() {
        #if canImport(Glibc)
            signal(SIGBUS) { _ in
                InterruptCleanup.removeAll()
                let message: StaticString =
                    "stringbridge: error: an input file was shortened by another program while it was being read; nothing was written\n"
                _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
                _exit(1)
            }
        #endif
    }
}

/// glibc's allocator, set for a short process that builds and frees a few hundred megabytes.
///
/// A large import allocates about 300 MB (the catalog's model, the documents, file buffers) from two threads.
/// By default glibc grows each thread's heap a little at a time (one `mprotect` per step), gives freed memory
/// back to the kernel, maps large buffers separately and consolidates small free blocks before large
/// allocations; a fresh page costs a fault and zeroing every time it comes back. For a command that exits
/// within a second none of that pays: the heaps grow in 64 MB steps, keep what is freed, and serve buffers up
/// to 32 MB themselves. Measured on the import benchmark: about 8 % of the command's time.
enum MemoryTuning {
    static func forShortCommand() {
        #if canImport(Glibc)
            // `mallopt` is declared in <malloc.h>, which the Glibc module does not import.
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
            let maxFast: Int32 = 1, trimThreshold: Int32 = -1, topPad: Int32 = -2, mmapThreshold: Int32 = -3
            _ = mallopt(maxFast, 0)
            _ = mallopt(trimThreshold, 512 << 20)
            _ = mallopt(topPad, 64 << 20)
            _ = mallopt(mmapThreshold, 32 << 20)
        #endif
    }
}
