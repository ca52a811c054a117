import LocalizationConverter

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
            let maxFast: Int32 = 1
            let trimThreshold: Int32 = -1
            let topPad: Int32 = -2
            let mmapThreshold: Int32 = -3
            _ = mallopt(maxFast, 0)
            _ = mallopt(trimThreshold, 512 << 20)
            _ = mallopt(topPad, 64 << 20)
            _ = mallopt(mmapThreshold, 32 << 20)
        #endif
    }
}
