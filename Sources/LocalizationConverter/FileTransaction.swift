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
    private var staged: [(destination: String, bytes: ByteChunks)] = []
    private var directories: [String] = []

    /// Creates an empty transaction.
    public init() {}

    /// Adds a file to write.
    public mutating func stage(_ bytes: [UInt8], at destination: String) {
        staged.append((destination, ByteChunks(bytes)))
    }

    /// Adds a file to write from the pieces it was made in.
    public mutating func stage(_ chunks: ByteChunks, at destination: String) {
        staged.append((destination, chunks))
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
        for (destination, _) in staged { try createParentDirectories(of: destination) }
        // The umask is process-wide and can only be read by setting it: read it once, before any thread writes.
        let mask = umask(0)
        umask(mask)
        let outcomes = concurrentMap(Array(staged.indices)) { index -> Result<String, any Error> in
            Result { try writeTemporary(staged[index].bytes, nextTo: staged[index].destination, umask: mask) }
        }
        var written: [(temporary: String, destination: String)] = []
        var failure: (any Error)?
        for (outcome, file) in zip(outcomes, staged) {
            switch outcome {
            case .success(let temporary): written.append((temporary, file.destination))
            case .failure(let error): failure = failure ?? error
            }
        }
        if let failure {
            for file in written { unlink(file.temporary) }
            throw failure
        }
        for directory in directories {
            do {
                try createParentDirectories(of: directory + "/.")
            } catch {
                for file in written { unlink(file.temporary) }
                throw error
            }
        }
        for (index, file) in written.enumerated() where rename(file.temporary, file.destination) != 0 {
            let message = systemError()
            for file in written[index...] { unlink(file.temporary) }
            throw ConversionError("cannot write the file: \(message)", path: file.destination)
        }
    }

    private func writeTemporary(_ bytes: ByteChunks, nextTo destination: String, umask mask: mode_t) throws -> String {
        let folder = parentDirectory(of: destination)
        let name = destination.split(separator: "/").last.map(String.init) ?? destination
        var template = Array("\(folder)/.\(name).stringbridge-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw ConversionError("cannot write the file: \(systemError())", path: destination)
        }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: String?
        bytes.forEachChunk { buffer in
            var offset = 0
            while failure == nil, offset < buffer.count {
                let count = posixWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = systemError()
                    return
                }
                offset += count
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = systemError() }
        // New files get the usual permissions (mkstemp creates them 0600).
        fchmod(descriptor, 0o666 & ~mask)
        if close(descriptor) != 0, failure == nil { failure = systemError() }
        if let failure {
            unlink(temporary)
            throw ConversionError("cannot write the file: \(failure)", path: destination)
        }
        return temporary
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
