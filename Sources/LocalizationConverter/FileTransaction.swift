#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import LocalizationCatalog

/// Writes a set of files all or nothing.
///
/// Each file is first written in full to a temporary file in its destination folder; only when every file is
/// written are they renamed into place. On failure the temporary files are removed and the destinations are
/// untouched. A rename within a folder is atomic, so a reader never sees a half-written file.
public struct FileTransaction: Sendable {
    private var staged: [(destination: String, content: Content)] = []
    private var directories: [String] = []

    private enum Content {
        /// Bytes written when the transaction commits.
        case bytes(ByteChunks)
        /// A temporary file written already (``TemporaryFile``).
        case written(TemporaryFile)
    }

    /// Creates an empty transaction.
    public init() {}

    /// Adds a file to write.
    public mutating func stage(_ bytes: [UInt8], at destination: String) {
        staged.append((destination, .bytes(ByteChunks(bytes))))
    }

    /// Adds a file to write from the pieces it was made in.
    public mutating func stage(_ chunks: ByteChunks, at destination: String) {
        staged.append((destination, .bytes(chunks)))
    }

    /// Adds a file written while it was made: its temporary file is renamed into place with the others.
    ///
    /// Once staged, the transaction owns `file`: ``commit()`` or ``discard()`` closes it.
    public mutating func stage(_ file: TemporaryFile) {
        staged.append((file.destination, .written(file)))
    }

    /// Removes the temporary files of the files staged already written, for a transaction that will not commit.
    public func discard() {
        for (_, content) in staged {
            if case .written(let file) = content { file.discard() }
        }
    }

    /// Adds a folder to create (empty if nothing else is written into it).
    public mutating func stageDirectory(_ path: String) {
        directories.append(path)
    }

    /// The destinations staged so far.
    public var destinations: [String] { staged.map(\.destination) }

    /// Writes every staged file, creating missing folders.
    ///
    /// The temporary files are written side by side, each flushed to disk before any is renamed into place.
    /// - Throws: ``ConversionError`` naming the file that could not be written; nothing is changed then.
    public func commit() throws {
        var files: [TemporaryFile] = []
        do {
            for (destination, _) in staged { try createParentDirectories(of: destination) }
            // The umask is process-wide and can only be read by setting it: read it once, before any thread writes.
            let mask = umask(0)
            umask(mask)
            let outcomes = concurrentMap(Array(staged.indices)) { index -> Result<TemporaryFile, any Error> in
                Result {
                    let file: TemporaryFile
                    switch staged[index].content {
                    case .bytes(let bytes):
                        file = try TemporaryFile(nextTo: staged[index].destination)
                        bytes.forEachChunk { file.write($0) }
                    case .written(let written):
                        file = written
                    }
                    try file.finish(umask: mask)
                    return file
                }
            }
            files = outcomes.compactMap { try? $0.get() }
            for outcome in outcomes { _ = try outcome.get() }
            for directory in directories { try createParentDirectories(of: directory + "/.") }
            for file in files { try file.place() }
        } catch {
            // Every temporary file not in place is removed, those written while they were made included; the
            // destinations are as they were.
            for file in files { file.discard() }
            discard()
            throw error
        }
    }

    private func createParentDirectories(of path: String) throws {
        let folder = parentDirectory(of: path)
        var current = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o777) != 0, errno != EEXIST {
                throw ConversionError("cannot create the folder \(current): \(systemError())", path: path)
            }
        }
    }
}

/// A file of a ``FileTransaction`` written while it is being made, to a temporary file next to its destination:
/// the pieces are written as they come, and the system is asked to start writing them to disk at once, so
/// that the transaction's final flush has little left to wait for.
///
/// Write failures are kept and reported by the transaction's ``FileTransaction/commit()``. A file that is not
/// staged in a transaction must be ``discard()``ed.
public final class TemporaryFile: @unchecked Sendable {
    /// Where the file goes.
    public let destination: String
    /// The temporary file's path.
    let path: String
    private var descriptor: Int32
    private var written = 0
    private var failure: String?
    /// Whether the file was renamed into place, or removed.
    private var settled = false

    /// Creates the temporary file in the destination's folder, which must exist.
    ///
    /// - Throws: ``ConversionError`` when the file cannot be created.
    public init(nextTo destination: String) throws {
        self.destination = destination
        let folder = parentDirectory(of: destination)
        let name = destination.split(separator: "/").last.map(String.init) ?? destination
        var template = Array("\(folder)/.\(name).stringbridge-XXXXXX".utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw ConversionError("cannot write the file: \(systemError())", path: destination)
        }
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A file dropped before it was put in place is removed.
    deinit {
        discard()
    }

    /// Appends `bytes`. Not to be called from two threads at once.
    public func write(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, descriptor >= 0, let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let count = posixWrite(descriptor, base + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                failure = systemError()
                return
            }
            offset += count
        }
        startWriteback(from: written, count: bytes.count)
        written += bytes.count
    }

    /// Flushes and closes the file, with the usual permissions; a file that could not be written is removed.
    func finish(umask mask: mode_t) throws {
        if failure == nil, fsync(descriptor) != 0 { failure = systemError() }
        // mkstemp creates files 0600.
        fchmod(descriptor, 0o666 & ~mask)
        if close(descriptor) != 0, failure == nil { failure = systemError() }
        descriptor = -1
        if let failure {
            discard()
            throw ConversionError("cannot write the file: \(failure)", path: destination)
        }
    }

    /// Renames the finished file to its destination.
    func place() throws {
        guard rename(path, destination) == 0 else {
            throw ConversionError("cannot write the file: \(systemError())", path: destination)
        }
        settled = true
    }

    /// Closes and removes the temporary file, unless it was put in place or removed already.
    public func discard() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        guard !settled else { return }
        unlink(path)
        settled = true
    }

    /// Asks Linux to start writing the range to disk without waiting (`sync_file_range`, which Glibc's Swift
    /// module does not declare, hence the lookup); elsewhere the final `fsync` does it all.
    private func startWriteback(from offset: Int, count: Int) {
        #if os(Linux)
            guard let syncFileRange = Self.syncFileRange else { return }
            _ = syncFileRange(descriptor, Int64(offset), Int64(count), Self.syncFileRangeWrite)
        #endif
    }

    #if os(Linux)
        private typealias SyncFileRange = @convention(c) (Int32, Int64, Int64, UInt32) -> Int32
        private static let syncFileRangeWrite: UInt32 = 2  // SYNC_FILE_RANGE_WRITE
        private static let syncFileRange: SyncFileRange? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sync_file_range") else { return nil }
            return unsafeBitCast(symbol, to: SyncFileRange.self)
        }()
    #endif
}

/// The folder part of a path (`.` for a bare file name).
func parentDirectory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    if slash == path.startIndex { return "/" }
    return String(path[..<slash])
}

func systemError() -> String {
    String(cString: strerror(errno))
}

private func posixWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, pointer, count)
    #elseif canImport(Musl)
        Musl.write(descriptor, pointer, count)
    #else
        Darwin.write(descriptor, pointer, count)
    #endif
}
