#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's bytes as buffers in order, written out one after the other without being joined first.
///
/// A writer that builds a large file in pieces (a catalog's entries are written on several threads, each into a
/// buffer of its own) hands the pieces over as they are: joining them would take a second copy of the whole file,
/// and on a machine where fresh memory is costly that copy is a good part of the writing time.
public final class ByteChunks: @unchecked Sendable {
    /// The buffers, in order, allocated with `malloc` and freed here; never changed after `init`.
    private let chunks: [UnsafeRawBufferPointer]
    /// The bytes, when made from an array (then `chunks` is empty).
    private let array: [UInt8]?

    /// The number of bytes in all.
    public let count: Int

    /// The bytes of an array, as one chunk.
    public init(_ bytes: [UInt8]) {
        array = bytes
        chunks = []
        count = bytes.count
    }

    /// Takes over buffers allocated with `malloc` (or `realloc`); they are freed with `free` when this is released.
    public init(adoptingMallocBuffers buffers: [UnsafeRawBufferPointer]) {
        array = nil
        chunks = buffers
        count = buffers.reduce(0) { $0 + $1.count }
    }

    deinit {
        for chunk in chunks { free(UnsafeMutableRawPointer(mutating: chunk.baseAddress)) }
    }

    /// Calls `body` with each chunk in order; the pointers are valid during the call only.
    public func forEachChunk(_ body: (UnsafeRawBufferPointer) -> Void) {
        if let array {
            array.withUnsafeBytes { body($0) }
            return
        }
        withExtendedLifetime(self) {
            for chunk in chunks where chunk.count > 0 { body(chunk) }
        }
    }

    /// The bytes joined into one array.
    public var joined: [UInt8] {
        if let array { return array }
        return [UInt8](unsafeUninitializedCapacity: count) { storage, initialized in
            guard let base = storage.baseAddress else { return }
            for chunk in chunks where chunk.count > 0 {
                UnsafeMutableRawPointer(base + initialized).copyMemory(from: chunk.baseAddress!, byteCount: chunk.count)
                initialized += chunk.count
            }
        }
    }
}

/// A file mapped read-only into memory, unmapped when released.
///
/// Reading a large file this way costs neither a copy nor fresh memory: the pages are those of the system's file
/// cache, all mapped at once. The price is that a file shortened by another process while it is mapped makes
/// reading the lost pages fail with `SIGBUS`; files written by renaming a new file into place (as Xcode and this
/// tool write them) are not affected, since the mapping keeps the old file.
public final class FileMapping: @unchecked Sendable {
    /// The mapped bytes; never changed after `init`.
    public let bytes: UnsafeBufferPointer<UInt8>

    /// Maps the first `count` bytes of an open file, or returns `nil` when the system refuses (the caller then
    /// reads the file instead). `count` must be positive.
    public init?(descriptor: Int32, count: Int) {
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
