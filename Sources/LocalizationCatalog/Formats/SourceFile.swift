/// The bytes of one input file with the path it was read from.
///
/// The bytes are held in an array, or in a read-only mapping of the file (``FileMapping``) for large files, which
/// then are not copied at all: readers that can, read them through ``withUnsafeBytes(_:)``.
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
    package var count: Int { mapping?.bytes.count ?? storedBytes.count }

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
