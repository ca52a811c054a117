import CSignalCleanup
import LocalizationCatalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file of a ``FileTransaction`` written while it is being made, to a temporary file next to its destination:
/// the pieces are written as they come, and the system is asked to start writing them to disk at once, so
/// that the transaction's final flush has little left to wait for.
///
/// Write failures are kept and reported by the transaction's ``FileTransaction/commit()``. A file that is not
/// staged in a transaction must be ``discard()``ed.
package final class TemporaryFile: @unchecked Sendable {
    /// Where the file goes.
    package let destination: String
    /// The file that is replaced: the destination, or where the symbolic links there lead.
    let target: String
    /// The temporary file's path.
    let path: String
    private var descriptor: Int32
    private var written = 0
    private var failure: String?
    /// Whether the file was renamed into place, or removed.
    private var settled = false
    /// The path's registration for removal on a signal.
    private let cleanupHandle: Int

    /// Creates the temporary file in the folder of the destination (or of the file a symbolic link there leads
    /// to), which must exist.
    ///
    /// - Throws: ``ConversionError`` when the file cannot be created, or the destination is not a regular file.
    package convenience init(nextTo destination: String) throws {
        try self.init(resolved: try resolveDestination(destination))
    }

    init(resolved: ResolvedDestination) throws {
        destination = resolved.named
        target = resolved.target
        let folder = parentDirectory(of: target)
        let name = target.split(separator: "/").last.map(String.init) ?? target
        var template = Array("\(folder)/.\(name).stringbridge-XXXXXX".utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard descriptor >= 0 else {
            throw ConversionError("cannot write the file: \(systemError())", path: destination)
        }
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        cleanupHandle = sb_cleanup_register(path, 0)
    }

    /// Whether `name` is that of a temporary file of this type (`.NAME.stringbridge-XXXXXX`).
    package static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), let dash = name.lastIndex(of: "-") else { return false }
        return name[name.index(after: dash)...].utf8.count == 6 && name[..<dash].hasSuffix(".stringbridge")
    }

    /// A file dropped before it was put in place is removed.
    deinit {
        discard()
    }

    /// Appends `bytes`.
    ///
    /// Not to be called from two threads at once.
    package func write(_ bytes: RawSpan) {
        bytes.withUnsafeBytes { write($0) }
    }

    /// Appends `bytes`.
    ///
    /// Not to be called from two threads at once.
    package func write(_ bytes: UnsafeRawBufferPointer) {
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

    /// Flushes and closes the file, with the permissions (and owner, where allowed) of the file it replaces, or
    /// the usual ones for a new file; a file that could not be written is removed.
    func finish(like existing: stat?, umask mask: mode_t) throws {
        if failure == nil, fsync(descriptor) != 0 { failure = systemError() }
        if let existing {
            // Only root may give a file away; a group the process is in is allowed. The mode is set after, as
            // changing the owner can clear set-id bits.
            _ = fchown(descriptor, existing.st_uid, existing.st_gid)
            fchmod(descriptor, existing.st_mode & 0o7777)
        } else {
            // mkstemp creates files 0600.
            fchmod(descriptor, 0o666 & ~mask)
        }
        if close(descriptor) != 0, failure == nil { failure = systemError() }
        descriptor = -1
        if let failure {
            discard()
            throw ConversionError("cannot write the file: \(failure)", path: destination)
        }
    }

    /// Renames the finished file to its destination (the file a symbolic link there leads to).
    func place() throws {
        guard rename(path, target) == 0 else {
            throw ConversionError("cannot write the file: \(systemError())", path: destination)
        }
        settled = true
        sb_cleanup_unregister(cleanupHandle)
    }

    /// Closes and removes the temporary file, unless it was put in place or removed already.
    package func discard() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        guard !settled else { return }
        unlink(path)
        settled = true
        sb_cleanup_unregister(cleanupHandle)
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

private func posixWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, pointer, count)
    #elseif canImport(Musl)
        Musl.write(descriptor, pointer, count)
    #else
        Darwin.write(descriptor, pointer, count)
    #endif
}
