import Foundation
import TestSupport

/// A scratch git repository whose merge driver is `stringbridge merge`, configured as the README says.
struct GitRepository {
    let folder: URL

    /// The README's driver line, `extra` appended to it.
    init(driverArguments extra: String = "") throws {
        folder = try StringBridgeProcess.temporaryFolder()
        let binary = StringBridgeProcess.productsFolder.appendingPathComponent("stringbridge").path
        try git(["init", "-q", "-b", "main"])
        try git(["config", "merge.stringbridge.driver", "'\(binary)' merge %O %A %B -o %A --name %P" + extra])
        try write(
            Array(
                "*.xcstrings merge=stringbridge\n*.strings merge=stringbridge\n*.stringsdict merge=stringbridge\n".utf8),
            to: ".gitattributes")
    }

    @discardableResult
    func git(_ arguments: [String]) throws -> CommandResult {
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["HOME"] = folder.path
        return try StringBridgeProcess.runExecutable(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"]
                + arguments,
            in: folder, environment: environment)
    }

    func write(_ bytes: [UInt8], to name: String) throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    func contents(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// Commits `bytes` as `file` on the current branch.
    func commit(_ bytes: [UInt8], as file: String, message: String) throws {
        try write(bytes, to: file)
        try git(["add", "."])
        try git(["commit", "-q", "-m", message])
    }

    /// `main` holds `base` then `ours`, branch `theirs` holds `theirs`; returns `git merge theirs` run on `main`.
    func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8], file: String) throws -> CommandResult {
        try commit(base, as: file, message: "base")
        try git(["checkout", "-q", "-b", "theirs"])
        try commit(theirs, as: file, message: "theirs")
        try git(["checkout", "-q", "main"])
        try commit(ours, as: file, message: "ours")
        return try git(["merge", "--no-edit", "theirs"])
    }

    /// The files git left unmerged.
    func unmerged() throws -> String {
        try git(["diff", "--name-only", "--diff-filter=U"]).output
    }
}
