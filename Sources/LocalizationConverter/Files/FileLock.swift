import Foundation
import LocalizationCatalog
import StringBridgeSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file read for update and locked until the write that replaces it is done: only through
/// ``FileTransaction/readForUpdate(_:)``, which holds it until its commit.
///
/// The lock is an advisory `flock` on the file itself, taken before the file is read: another stringbridge
/// process that reads the same file for update waits until this one has renamed its new file into place, then
/// reads that one. What the lock cannot stop (a program that does not take it) is caught before the rename: the
/// file must still be the one read (same inode, size and modification time), or nothing is written.
final class FileLock: Sendable {
    /// The path the file was read from.
    let path: String
    /// The open file; -1 once released.
    private let descriptor: LockedValue<Int32>
    private let identity: FileIdentity

    fileprivate init(path: String, descriptor: Int32, identity: FileIdentity) {
        self.path = path
        self.descriptor = LockedValue(descriptor)
        self.identity = identity
    }

    deinit {
        release()
    }

    /// The device and inode of the file read.
    var file: [UInt64] { identity.file }

    /// Whether the file at ``path`` is still the one read.
    /// - Throws: ``ConversionError`` when it is not.
    func verify() throws {
        var info = stat()
        guard stat(path, &info) == 0, FileIdentity(info) == identity else {
            throw ConversionError(
                "the file was changed by another program while this command worked on it; nothing was written (run "
                    + "the command again)", path: path
            ).identified(.fileChangedMeanwhile)
        }
    }

    /// Releases the lock (and closes the file); calling it again does nothing.
    func release() {
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            HeldLocks.shared.remove(identity)
            // Unlocked explicitly: a mapping of the file (``FileMapping``) keeps the open file, and its lock, alive.
            flock(descriptor, LOCK_UN)
            close(descriptor)
            descriptor = -1
        }
    }
}

/// What tells a file from the one that replaces it.
private struct FileIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
            modifiedSeconds = Int(info.st_mtimespec.tv_sec)
            modifiedNanoseconds = Int(info.st_mtimespec.tv_nsec)
        #else
            modifiedSeconds = Int(info.st_mtim.tv_sec)
            modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
        #endif
    }

    /// The file, whatever its size and time.
    var file: [UInt64] { [device, inode] }
}

/// The files this process holds locks on: a second lock on one of them (`flock` locks of one process conflict
/// too) would wait for itself.
private final class HeldLocks: Sendable {
    static let shared = HeldLocks()
    private let files = LockedValue(Set<[UInt64]>())

    func insert(_ identity: FileIdentity) -> Bool {
        files.withLock { $0.insert(identity.file).inserted }
    }

    func remove(_ identity: FileIdentity) {
        _ = files.withLock { $0.remove(identity.file) }
    }
}

/// Reads a whole file that is going to be replaced, locking it against other stringbridge processes doing the
/// same (``FileLock``) until the returned lock is released by the ``FileTransaction`` that read it
/// (``FileTransaction/readForUpdate(_:)``, the only caller).
///
/// When another process holds the lock, this waits, up to `timeout` seconds, and reads the file that process
/// wrote. On a file system without `flock` the file is read unlocked (the check before the rename remains).
/// - Throws: ``ConversionError`` as ``readSourceFile(_:)`` does, when the wait times out, or when this process
///   holds the file already (the same file named by two paths).
func readSourceFileForUpdate(_ path: String, waitingAtMost timeout: Double) throws -> (
    file: SourceFile, lock: FileLock
) {
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    while true {
        var (descriptor, info) = try openRegularFile(path)
        let opened = FileIdentity(info)
        guard HeldLocks.shared.insert(opened) else {
            close(descriptor)
            throw ConversionError(
                "this file is already being written by this command under another path (a symbolic link?); "
                    + "nothing was written", path: path)
        }
        var locked = false
        while true {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                locked = true
                break
            }
            if errno == EINTR { continue }
            // No locks on this file system: read it unlocked.
            guard errno == EWOULDBLOCK else { break }
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let waited = Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9
            if waited >= timeout {
                HeldLocks.shared.remove(opened)
                close(descriptor)
                throw ConversionError(
                    "another process is writing this file (still locked after \(seconds(timeout)) s); "
                        + "nothing was written", path: path)
            }
            usleep(20_000)
        }
        // The process that held the lock may have replaced the file: read the new one.
        var current = stat()
        if locked, stat(path, &current) == 0, FileIdentity(current).file != opened.file {
            HeldLocks.shared.remove(opened)
            close(descriptor)
            continue
        }
        // The size and time as they are now that nobody else writes.
        guard fstat(descriptor, &info) == 0 else {
            let error = ConversionError("cannot read the file: \(systemError())", path: path)
            HeldLocks.shared.remove(opened)
            close(descriptor)
            throw error
        }
        let lock = FileLock(path: path, descriptor: descriptor, identity: FileIdentity(info))
        return (try readOpenFile(descriptor, info, path: path), lock)
    }
}

/// `2`, `0.5`: a number of seconds as people write it.
private func seconds(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
