#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file mapped read-only into memory, unmapped when released.
///
/// Reading a large file this way costs neither a copy nor fresh memory: the pages are those of the system's file
/// cache, all mapped at once. The price is that a file shortened by another process while it is mapped makes
/// reading the lost pages fail with `SIGBUS`; files written by renaming a new file into place (as Xcode and this
/// tool write them) are not affected, since the mapping keeps the old file.
package final class FileMapping: @unchecked Sendable {
    /// The mapped bytes; never changed after `init`.
    package let bytes: UnsafeBufferPointer<UInt8>

    /// Maps the first `count` bytes of an open file, or returns `nil` when the system refuses (the caller then
    /// reads the file instead). `count` must be positive.
    package init?(descriptor: Int32, count: Int) {
        guard count > 0 else { return nil }
        #if os(Linux)
            let flags = MAP_PRIVATE | MAP_POPULATE
        #else
            let flags = MAP_PRIVATE
        #endif
        guard let address = mmap(nil, count, PROT_READ, flags, descriptor, 0), address != MAP_FAILED else {
            return nil
        }
        bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: count)
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}
