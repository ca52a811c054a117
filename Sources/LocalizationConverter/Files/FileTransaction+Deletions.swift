import LocalizationCatalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Deletions in a transaction: files a command replaces by others (`migrate` deletes the legacy tables it
/// migrated, as Xcode does), committed with the writes, all or nothing.
extension FileTransaction {
    /// Adds a file to delete when the transaction commits.
    ///
    /// The file must have been read with ``readForUpdate(_:)``: the commit refuses it otherwise, and when it is no
    /// longer the file read. It is moved aside before the staged files are renamed into place and put back if one
    /// of them fails, so a failed commit leaves every file as it was; once all are in place it is removed.
    package mutating func stageDeletion(_ path: String) {
        deletions.append(path)
    }

    /// Adds a folder to remove after the deletions, if they leave it empty (a folder that still holds anything
    /// stays; its removal is never an error).
    package mutating func stageRemovalIfEmpty(_ folder: String) {
        emptiedFolders.append(folder)
    }

    /// Refuses a deletion of a file this transaction did not read for update, or that is not a regular file.
    func checkDeletions() throws {
        for path in deletions {
            var info = stat()
            guard lstat(path, &info) == 0 else {
                throw ConversionError("cannot delete the file: \(systemError())", path: path)
            }
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw ConversionError("is \(fileKind(info.st_mode)), not a regular file; it is not deleted", path: path)
            }
            let file = [UInt64(info.st_dev), UInt64(info.st_ino)]
            guard readPathIdentities.contains(file) else {
                throw ConversionError(
                    "this command did not read the file before deleting it; nothing was written", path: path)
            }
        }
    }
}

/// Files moved aside (renamed to a hidden name in their folder) until a commit is sure to succeed.
struct SetAside {
    private var moved: [(path: String, aside: String)] = []

    /// Renames each file to `.NAME.stringbridge-deleted-PID` in its folder.
    /// - Throws: ``ConversionError`` when one cannot be renamed; those moved already are put back first.
    mutating func moveAside(_ paths: [String]) throws {
        for path in paths {
            let folder = parentDirectory(of: path)
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let aside = "\(folder)/.\(name).stringbridge-deleted-\(getpid())"
            guard rename(path, aside) == 0 else {
                let error = ConversionError("cannot delete the file: \(systemError())", path: path)
                putBack()
                throw error
            }
            moved.append((path, aside))
        }
    }

    /// Puts every file moved aside back in its place.
    mutating func putBack() {
        for item in moved.reversed() { rename(item.aside, item.path) }
        moved = []
    }

    /// Removes the files moved aside, then each folder of `folders` that is left empty, innermost first.
    mutating func removeAll(emptying folders: [String]) {
        for item in moved { unlink(item.aside) }
        moved = []
        for folder in folders.sorted(by: { $0.count > $1.count }) { rmdir(folder) }
    }
}
