import CSignalCleanup
import LocalizationCatalog
import StringBridgeSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a set of files all or nothing, and is the one read-modify-write discipline of every command.
///
/// Each file is first written in full to a temporary file in its destination folder; only when every file is
/// written are they renamed into place. On failure the temporary files and the folders the transaction created
/// are removed and the destinations are untouched. A rename within a folder is atomic, so a reader never sees a
/// half-written file.
///
/// A file a command rewrites is read through the transaction (``readForUpdate(_:)``): locked against other
/// stringbridge processes doing the same until the commit has renamed its new file into place, and checked
/// before the rename to be still the file read. A destination that exists must have been read so, unless it is
/// staged ``Staging/replacingUnread`` (an output the command makes whatever the file held); a command's
/// transaction therefore never replaces a file it has not read under its lock by mistake.
///
/// A destination that is a symbolic link is written through it: the new file is renamed onto the file the link
/// leads to, and the link stays. A file that is replaced keeps its permissions (and its owner, where the process
/// may set it). Destinations that are not regular files (folders, FIFOs, devices, sockets) are refused, and so are
/// read-only files unless ``replacesReadOnlyFiles`` is set. The temporary files and the folders being created are
/// removed when the process is ended by SIGINT, SIGTERM or SIGHUP (``InterruptCleanup``).
package struct FileTransaction: Sendable {
    private var staged: [(destination: String, content: Content, staging: Staging)] = []
    private var directories: [String] = []
    /// Files to delete (read for update first) and folders to remove when the deletions leave them empty
    /// (``stageDeletion(_:)``, FileTransaction+Deletions.swift).
    var deletions: [String] = []
    var emptiedFolders: [String] = []
    /// The files read for update, locked until the commit is done or the transaction discarded (or dropped).
    private var reads: [FileLock] = []

    /// Whether a read-only destination (no write permission) is replaced; otherwise committing refuses it.
    package var replacesReadOnlyFiles = false
    /// What the refusal of a read-only destination advises (a command without `--force` names something else).
    package var readOnlyAdvice = "--force replaces it"
    /// How long ``readForUpdate(_:)`` waits, in seconds, for another process that holds the file's lock.
    package var lockTimeout: Double = 120

    /// What a staged file may replace.
    package enum Staging: Sendable {
        /// A new file, or a file this transaction read with ``readForUpdate(_:)`` (the default): any other file
        /// found at the destination is refused, nothing being written.
        case update
        /// An output the command makes from other files (`export`, `compile`, `extract`, `convert -o`): a file
        /// found at the destination is replaced whatever it holds, without being read.
        case replacingUnread
    }

    private enum Content {
        /// Bytes written when the transaction commits.
        case bytes([UInt8])
        /// A temporary file written already (``TemporaryFile``).
        case written(TemporaryFile)
    }

    /// Creates an empty transaction.
    package init() {}

    /// Reads a whole file that the transaction is going to replace, locking it against other stringbridge
    /// processes doing the same until the commit has renamed its new file into place (or the transaction is
    /// discarded or dropped).
    ///
    /// When another process holds the lock, this waits up to ``lockTimeout`` seconds, then reads the file that
    /// process wrote. The commit fails, writing nothing, when the file is no longer the one read.
    /// - Throws: ``ConversionError`` as ``readSourceFile(_:)`` does, when the wait times out, or when this process
    ///   reads the file for update already (the same file named by two paths).
    package mutating func readForUpdate(_ path: String) throws -> SourceFile {
        let (file, lock) = try readSourceFileForUpdate(path, waitingAtMost: lockTimeout)
        reads.append(lock)
        return file
    }

    /// The paths read for update, in the order read.
    package var readPaths: [String] { reads.map(\.path) }

    /// The device and inode of each file read for update.
    var readPathIdentities: [[UInt64]] { reads.map(\.file) }

    /// Adds a file to write.
    package mutating func stage(_ bytes: [UInt8], at destination: String, as staging: Staging = .update) {
        staged.append((destination, .bytes(bytes), staging))
    }

    /// Adds a file written while it was made: its temporary file is renamed into place with the others.
    ///
    /// Once staged, the transaction owns `file`: ``commit()`` or ``discard()`` closes it.
    package mutating func stage(_ file: TemporaryFile, as staging: Staging = .update) {
        staged.append((file.destination, .written(file), staging))
    }

    /// Takes over what `part` read and staged (a part planned on its own, on another thread): its files are
    /// written, and its reads checked and released, with this transaction's.
    package mutating func include(_ part: FileTransaction) {
        staged += part.staged
        directories += part.directories
        deletions += part.deletions
        emptiedFolders += part.emptiedFolders
        reads += part.reads
    }

    /// Removes the temporary files of the files staged already written, for a transaction that will not commit,
    /// and releases the files it read for update.
    package func discard() {
        for item in staged {
            if case .written(let file) = item.content { file.discard() }
        }
        for read in reads { read.release() }
    }

    /// Adds a folder to create (empty if nothing else is written into it).
    package mutating func stageDirectory(_ path: String) {
        directories.append(path)
    }

    /// The destinations staged so far.
    package var destinations: [String] { staged.map(\.destination) }

    /// Writes every staged file, creating missing folders.
    ///
    /// The temporary files are written side by side, each flushed to disk before any is renamed into place.
    /// Every file read for update must still be the one read, and every destination that exists must be one of
    /// them (or be staged ``Staging/replacingUnread``): checked before anything is written, and again just before
    /// the renames. The files read are released when the commit ends, whatever its outcome.
    /// - Throws: ``ConversionError`` naming the file that could not be written (or may not be replaced, or was
    ///   changed by another program); nothing is changed then, and the folders the transaction created are removed.
    package func commit() throws {
        var files: [TemporaryFile] = []
        var created = CreatedFolders()
        defer {
            created.forget()
            for read in reads { read.release() }
        }
        do {
            // Every destination is checked before anything is created.
            for read in reads { try read.verify() }
            try checkDeletions()
            let targets = try staged.map { item -> ResolvedDestination in
                let resolved = try resolveDestination(item.destination)
                try resolved.check(replacingReadOnly: replacesReadOnlyFiles, advice: readOnlyAdvice)
                if item.staging == .update { try checkRead(resolved) }
                return resolved
            }
            for target in targets { try created.createParents(of: target.target, for: target.named) }
            for directory in directories { try created.createParents(of: directory + "/.", for: directory) }
            // The umask is process-wide and can only be read by setting it: read it once, before any thread writes.
            let mask = umask(0)
            umask(mask)
            let outcomes = parallelMap(Array(staged.indices)) { index -> Result<TemporaryFile, any Error> in
                Result {
                    let file: TemporaryFile
                    switch staged[index].content {
                    case .bytes(let bytes):
                        file = try TemporaryFile(resolved: targets[index])
                        bytes.withUnsafeBytes { file.write($0) }
                    case .written(let written):
                        file = written
                    }
                    try file.finish(like: targets[index].existing, umask: mask)
                    return file
                }
            }
            files = outcomes.compactMap { try? $0.get() }
            for outcome in outcomes { _ = try outcome.get() }
            pauseForTests()
            // Another program may have replaced a file read, or created a file where a new one goes, meanwhile.
            for read in reads { try read.verify() }
            for (item, target) in zip(staged, targets) where item.staging == .update && target.existing == nil {
                try checkRead(try resolveDestination(item.destination))
            }
            // A signal that comes while the files are renamed takes effect once all are in place.
            sb_cleanup_begin_critical()
            defer { sb_cleanup_end_critical() }
            // The files to delete are first moved aside, and put back if anything fails before all is in place.
            var aside = SetAside()
            do {
                try aside.moveAside(deletions)
                for file in files { try file.place() }
            } catch {
                aside.putBack()
                throw error
            }
            aside.removeAll(emptying: emptiedFolders)
            created.keep()
        } catch {
            // Every temporary file not in place is removed, those written while they were made included; the
            // destinations are as they were.
            for file in files { file.discard() }
            discard()
            created.removeAll()
            throw error
        }
    }

    /// Refuses a destination that exists but was not read for update by this transaction.
    private func checkRead(_ destination: ResolvedDestination) throws {
        guard let existing = destination.existing else { return }
        let file = [UInt64(existing.st_dev), UInt64(existing.st_ino)]
        guard !reads.contains(where: { $0.file == file }) else { return }
        throw ConversionError(
            "the file exists but this command did not read it before replacing it (another program may have "
                + "created it meanwhile); nothing was written", path: destination.named
        ).identified(.fileChangedMeanwhile)
    }

    /// `STRINGBRIDGE_TEST_PAUSE_BEFORE_RENAME=SECONDS` makes a commit wait, its temporary files written, before it
    /// renames them: a test hook, so that a test can interrupt the process at that point.
    private func pauseForTests() {
        guard let value = getenv("STRINGBRIDGE_TEST_PAUSE_BEFORE_RENAME"),
            let seconds = Double(String(cString: value)), seconds > 0
        else { return }
        usleep(UInt32(min(seconds, 60) * 1_000_000))
    }
}

/// The folders a transaction created, registered for removal on a signal, and removed again when it fails.
private struct CreatedFolders {
    private var folders: [(path: String, handle: Int)] = []

    /// Creates the missing folders of `path`'s folder.
    mutating func createParents(of path: String, for destination: String) throws {
        let folder = parentDirectory(of: path)
        var current = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o777) == 0 {
                folders.append((current, sb_cleanup_register(current, 1)))
            } else if errno != EEXIST {
                throw ConversionError("cannot create the folder \(current): \(systemError())", path: destination)
            }
        }
    }

    /// Removes the folders created, innermost first (a folder something else was put into meanwhile stays).
    mutating func removeAll() {
        for folder in folders.reversed() { rmdir(folder.path) }
    }

    /// The folders stay: no longer removed on a signal.
    mutating func keep() {
        forget()
    }

    mutating func forget() {
        for folder in folders { sb_cleanup_unregister(folder.handle) }
        folders = []
    }
}

/// Where a destination is written: the named path, or the file a symbolic link there leads to (through every
/// link), and the regular file found there, if any.
struct ResolvedDestination {
    /// The path as given (for messages).
    var named: String
    /// The path written: `named`, or where its links lead.
    var target: String
    /// The regular file at `target`, if there is one.
    var existing: stat?

    /// Refuses a read-only file, unless it may be replaced.
    func check(replacingReadOnly: Bool, advice: String = "--force replaces it") throws {
        guard let existing, !replacingReadOnly else { return }
        let readOnly =
            existing.st_mode & 0o222 == 0 || (geteuid() != 0 && access(target, W_OK) != 0 && errno == EACCES)
        if readOnly {
            throw ConversionError("the file is read-only; it is not replaced (\(advice))", path: named)
        }
    }
}

/// Follows the symbolic links at `named` to the file to write.
/// - Throws: ``ConversionError`` when that is a folder or not a regular file, or the links loop.
func resolveDestination(_ named: String) throws -> ResolvedDestination {
    // What the links lead to, told by the system first: a link into /proc (`/dev/stdout` on a pipe) leads to a
    // name that is no path.
    var followed = stat()
    if stat(named, &followed) == 0, followed.st_mode & S_IFMT != S_IFREG {
        try refuseNonRegular(followed.st_mode, named)
    }
    var path = named
    for _ in 0..<40 {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            // Nothing there (yet): the file is created. A missing or wrong folder is reported when writing.
            if errno == ENOENT || errno == ENOTDIR { return ResolvedDestination(named: named, target: path) }
            throw ConversionError("cannot write the file: \(systemError())", path: named)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return ResolvedDestination(named: named, target: path, existing: info)
        case S_IFLNK:
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(path, &buffer, buffer.count - 1)
            guard count > 0 else { throw ConversionError("cannot write the file: \(systemError())", path: named) }
            let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            path = link.hasPrefix("/") ? link : "\(parentDirectory(of: path))/\(link)"
        default:
            try refuseNonRegular(info.st_mode, named)
        }
    }
    throw ConversionError("cannot write the file: too many levels of symbolic links", path: named)
}

private func refuseNonRegular(_ mode: mode_t, _ named: String) throws {
    if mode & S_IFMT == S_IFDIR { throw ConversionError("is a folder, not a file", path: named) }
    throw ConversionError(
        "is \(fileKind(mode)), not a regular file; outputs are written only to regular files "
            + "(-o - writes to standard output)",
        path: named)
}

/// The kind of a file that is not a regular file or a folder, for messages: "a FIFO", "a character device"….
func fileKind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFIFO: return "a FIFO"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    case S_IFDIR: return "a folder"
    case S_IFLNK: return "a symbolic link"
    default: return "a special file"
    }
}

/// Removes the temporary files and created folders of the writes in progress when the process is ended by
/// SIGINT, SIGTERM or SIGHUP (the signal then ends it as usual).
///
/// `kill -9` cannot be caught: it can leave a
/// `.NAME.stringbridge-XXXXXX` file next to a destination, which may be deleted (project scans skip it).
package enum InterruptCleanup {
    /// Installs the signal handlers; a process that writes files calls this once, early.
    ///
    /// A signal the process
    /// ignores stays ignored.
    package static func install() {
        sb_cleanup_install()
    }

    /// Removes the registered temporary files and folders now; async-signal-safe, for another fatal signal's
    /// handler.
    package static func removeAll() {
        sb_cleanup_remove_all()
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
