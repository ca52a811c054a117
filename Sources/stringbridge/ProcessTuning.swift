import LocalizationConverter
import StringBridgeSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What the process sets up before a command runs: the allocator, the report of a shortened input, and the removal
/// of temporary files on an interrupt.
enum ProcessTuning {
    static func forShortCommand() {
        MemoryTuning.forShortCommand()
        MappedInputs.reportTruncation()
        InterruptCleanup.install()
    }
}

/// Large input files are mapped into memory (`FileMapping`); a file that another program shortens while it is
/// being read makes reading its lost pages raise `SIGBUS`.
///
/// Say so, instead of crashing. Every command reads all
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
