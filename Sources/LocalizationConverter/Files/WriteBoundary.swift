import Foundation
import LocalizationCatalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folders an import may change files in, with symbolic links resolved.
///
/// Paths that come from a document (an XLIFF `original`) are resolved against the project root, and Xcode's own
/// exports legitimately climb out of the folder of the `.xcodeproj` (`../Resources/InfoPlist.xcstrings`), so a
/// path is not refused for its `..`: it is refused when the file it reaches — after every symbolic link on the
/// way is followed — lies outside the boundary. By default the boundary is the git work tree that holds the
/// project: the root itself when it has a `.git`; else the nearest work tree above it (the nearest folder with a
/// `.git`) when git tracks a file at or below the root there; else the root alone — a repository far above that
/// does not track the project (a dotfiles repository in the home folder) does not widen it, and neither does a
/// `.git` git cannot read. It is widened only by folders named explicitly (`--boundary DIR`).
package struct WriteBoundary: Sendable {
    /// The folders, resolved (no symbolic links, no `..`).
    package private(set) var folders: [String]
    /// What the first folder is, for messages: `the git work tree holding the root` or `the root`.
    package private(set) var origin: String

    /// The boundary for a project root, widened by `extra` folders.
    package init(root: String, extra: [String] = []) {
        let resolvedRoot = ProjectPaths.resolved(root) ?? ProjectPaths.absolute(root)
        var folder = resolvedRoot
        var found: String?
        while true {
            var info = stat()
            if lstat(folder == "/" ? "/.git" : folder + "/.git", &info) == 0 {
                found = folder
                break
            }
            if folder == "/" { break }
            folder = parentDirectory(of: folder)
        }
        if let workTree = found, workTree == resolvedRoot || Self.tracksFiles(below: resolvedRoot) {
            folders = [workTree]
            origin = "the git work tree holding the root"
        } else {
            folders = [resolvedRoot]
            origin = found.map { "the root (the git work tree above it, \($0), tracks nothing there)" } ?? "the root"
        }
        for path in extra { folders.append(ProjectPaths.resolved(path) ?? ProjectPaths.absolute(path)) }
    }

    /// Whether git tracks at least one file at or below `folder` in the work tree that holds it.
    ///
    /// `git ls-files --error-unmatch -- .` runs in `folder`, with git's own variables (`GIT_DIR`, `GIT_WORK_TREE`,
    /// …) cleared so that the repository is the one found from `folder`; `false` when git is missing or fails.
    static func tracksFiles(below folder: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder, "ls-files", "--error-unmatch", "--", "."]
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GIT_") }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return false
        }
        process.waitUntilExit()
        return process.terminationReason == .exit && process.terminationStatus == 0
    }

    /// Whether the file `path` reaches lies inside one of the folders.
    ///
    /// A path through a dangling symbolic link
    /// is outside (where it would lead cannot be known).
    package func contains(_ path: String) -> Bool {
        guard let resolved = ProjectPaths.resolved(path) else { return false }
        return folders.contains { folder in
            folder == "/" || resolved == folder || resolved.hasPrefix(folder + "/")
        }
    }

    /// Why `path` (named by `what`) is refused, or `nil` when it is inside.
    func refusal(of path: String, named what: String) -> String? {
        guard !contains(path) else { return nil }
        var failure: Int32 = 0
        guard let resolved = ProjectPaths.resolved(path, failure: &failure) else {
            switch failure {
            case ENAMETOOLONG:
                return "\(what) is too long to be a path here (ENAMETOOLONG: a name or the whole path is longer than "
                    + "the file system allows); refused"
            case ELOOP: return "\(what) goes through a loop of symbolic links; refused"
            case EACCES: return "\(what) goes through a folder that cannot be searched (permission denied); refused"
            case ENOENT, ENOTDIR:
                return "\(what) goes through a dangling symbolic link, outside \(origin) (\(folders[0])); refused"
            default:
                return "\(what) cannot be resolved (\(String(cString: strerror(failure)))); refused"
            }
        }
        return
            "\(what) reaches \(resolved), outside \(origin) (\(folders[0])); refused (--boundary DIR allows another folder)"
    }
}

extension ProjectPaths {
    /// The absolute path of the file `path` names, with every symbolic link resolved: the real path of the deepest
    /// part that exists, followed by the parts that do not exist yet.
    ///
    /// `nil` when a part that exists cannot be
    /// resolved (a dangling or looping symbolic link, no permission, a name or path too long).
    static func resolved(_ path: String) -> String? {
        var failure: Int32 = 0
        return resolved(path, failure: &failure)
    }

    /// ``resolved(_:)``, setting `failure` to the `errno` of what failed when it is `nil`.
    static func resolved(_ path: String, failure: inout Int32) -> String? {
        var existing = absolute(path)
        var missing: [String] = []
        var info = stat()
        while lstat(existing, &info) != 0 {
            guard errno == ENOENT || errno == ENOTDIR, existing != "/" else {
                failure = errno
                return nil
            }
            missing.insert(String(existing.split(separator: "/").last ?? ""), at: 0)
            existing = parentDirectory(of: existing)
        }
        if let tooLong = missing.first(where: { $0.utf8.count > 255 }), !tooLong.isEmpty {
            failure = ENAMETOOLONG
            return nil
        }
        guard let real = realpath(existing, nil) else {
            failure = errno
            return nil
        }
        defer { free(real) }
        let base = String(cString: real)
        if missing.isEmpty { return base }
        return (base == "/" ? "" : base) + "/" + missing.joined(separator: "/")
    }

    /// What identifies the file `path` names, however it is spelled: its device and inode when it exists, else
    /// its resolved path (``resolved(_:)``).
    static func identity(of path: String) -> String {
        var info = stat()
        if stat(path, &info) == 0 { return "\(info.st_dev):\(info.st_ino)" }
        return resolved(path) ?? absolute(path)
    }
}
extension ProjectPaths {
    /// The file name without its extension: `X/Base.lproj/Main.storyboard` → `Main`.
    static func baseName(of path: String) -> String? {
        guard let name = path.split(separator: "/").last else { return nil }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return String(name) }
        return String(name[..<dot])
    }

    /// What `path` is when it is neither a regular file nor (when `folderAllowed`) a folder, without following
    /// a symbolic link: `a symbolic link`, `a FIFO`, `a device`, `a socket`, `a folder`; `nil` otherwise.
    package static func irregularKind(_ path: String, folderAllowed: Bool = false) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return folderAllowed ? nil : "a folder"
        case S_IFLNK: return "a symbolic link"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }
}

/// Whether `path` names a regular file (a symbolic link to one counts).
func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
}
