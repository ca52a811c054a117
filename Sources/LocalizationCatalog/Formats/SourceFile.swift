#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of one input file with the path it was read from.
///
/// The bytes are held in an array, or in a read-only mapping of the file (``FileMapping``, below) for large files,
/// which then are not copied at all: readers that can, read them through ``withUnsafeBytes(_:)``.
public struct SourceFile: Sendable {
    /// The path as given by the user; diagnostics print it as is.
    public var path: String
    private var storedBytes: [UInt8]
    private var mapping: FileMapping?

    /// The file's bytes (a copy, for a mapped file).
    public var bytes: [UInt8] {
        get { mapping.map { Array($0.bytes) } ?? storedBytes }
        set {
            storedBytes = newValue
            mapping = nil
        }
    }

    /// The number of bytes.
    package var count: Int { mapping?.count ?? storedBytes.count }

    /// For a mapped file, lets the system take back the memory of its bytes before `offset` until they are read.
    ///
    /// All of them by default (``FileMapping/releaseResidentPages(before:)``): a command that keeps a large file
    /// while it works on what it read from it does not keep the file in memory too. Bytes held in memory are kept.
    package func releaseResidentBytes(before offset: Int? = nil) {
        guard let mapping else { return }
        mapping.releaseResidentPages(before: offset ?? mapping.count)
    }

    /// Creates a source file.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.storedBytes = bytes
    }

    /// Creates a source file whose bytes are those of a mapping.
    package init(path: String, mapping: FileMapping) {
        self.path = path
        self.storedBytes = []
        self.mapping = mapping
    }

    /// Calls `body` with the bytes, without copying them; the pointer is valid during the call only.
    package func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        if let mapping {
            return try withExtendedLifetime(mapping) { () throws(Failure) -> Result in try body(mapping.bytes) }
        }
        return try storedBytes.withUnsafeBufferPointer { (buffer) throws(Failure) -> Result in try body(buffer) }
    }
}

/// A file mapped read-only into memory, unmapped when released.
///
/// Reading a large file this way costs neither a copy nor fresh memory: the pages are those of the system's file
/// cache, all mapped at once. The price is that a file shortened by another process while it is mapped makes
/// reading the lost pages fail with `SIGBUS`; files written by renaming a new file into place (as Xcode and this
/// tool write them) are not affected, since the mapping keeps the old file.
package final class FileMapping: Sendable {
    /// The address of the mapped bytes, kept as a number: the mapping is read-only and never moves or changes
    /// until `deinit`, so any thread may read it.
    private let address: UInt
    /// The number of mapped bytes.
    package let count: Int

    /// The mapped bytes, valid while the mapping is alive.
    package var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: UnsafePointer(bitPattern: address), count: count)
    }

    /// Maps the first `count` bytes of an open file, or returns `nil` when the system refuses.
    ///
    /// The caller then reads the file instead. `count` must be positive.
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
        self.address = UInt(bitPattern: address)
        self.count = count
    }

    /// Lets the system take back the memory of the mapped bytes before `offset`, page by page.
    ///
    /// They stay readable, and are read again from the file (the system's cache of it) when touched. Linux only;
    /// nothing elsewhere.
    package func releaseResidentPages(before offset: Int) {
        #if os(Linux)
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            let length = min(offset, count) / page * page
            guard page > 0, length > 0 else { return }
            _ = madvise(UnsafeMutableRawPointer(bitPattern: address), length, MADV_DONTNEED)
        #endif
    }

    deinit {
        munmap(UnsafeMutableRawPointer(bitPattern: address), count)
    }
}
