import Foundation
import TestSupport
import Testing

/// `stringbridge merge` as git's merge driver, configured as the README says, in real repositories with real
/// `git merge` runs.
@Suite("git merge driver")
struct GitDriverTests {
    let repository: URL

    init() throws {
        repository = try StringBridgeProcess.temporaryFolder()
    }

    @discardableResult
    func git(_ arguments: [String]) throws -> CommandResult {
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["HOME"] = repository.path
        return try StringBridgeProcess.runExecutable(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"]
                + arguments,
            in: repository, environment: environment)
    }

    func write(_ bytes: [UInt8], to name: String) throws {
        let url = repository.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    /// A repository whose `main` holds the case's base then ours, and whose branch `theirs` holds theirs; returns
    /// the result of `git merge theirs` on `main`.
    func mergeCase(_ name: String, ext: String, file: String) throws -> CommandResult {
        let binary = StringBridgeProcess.productsFolder.appendingPathComponent("stringbridge").path
        try git(["init", "-q", "-b", "main"])
        try git(["config", "merge.stringbridge.driver", "'\(binary)' merge %O %A %B -o %A --name %P"])
        try write(
            Array(
                "*.xcstrings merge=stringbridge\n*.strings merge=stringbridge\n*.stringsdict merge=stringbridge\n".utf8),
            to: ".gitattributes")
        try write(try Fixtures.bytes("merge/\(name)/base.\(ext)"), to: file)
        try git(["add", "."])
        try git(["commit", "-q", "-m", "base"])
        try git(["checkout", "-q", "-b", "theirs"])
        try write(try Fixtures.bytes("merge/\(name)/theirs.\(ext)"), to: file)
        try git(["commit", "-q", "-am", "theirs"])
        try git(["checkout", "-q", "main"])
        try write(try Fixtures.bytes("merge/\(name)/ours.\(ext)"), to: file)
        try git(["commit", "-q", "-am", "ours"])
        return try git(["merge", "--no-edit", "theirs"])
    }

    func contents(_ file: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: repository.appendingPathComponent(file)))
    }

    @Test(arguments: [
        ("independent-changes", "xcstrings"), ("added-languages", "xcstrings"), ("version-bump", "xcstrings"),
        ("stringsdict-file", "stringsdict"),
    ])
    func cleanMergesCommit(_ name: String, _ ext: String) throws {
        let file = ext == "xcstrings" ? "App/Localizable.\(ext)" : "App/fr.lproj/Localizable.\(ext)"
        let result = try mergeCase(name, ext: ext, file: file)
        guard (try Fixtures.bytes("merge/\(name)/expected.report")).isEmpty else {
            Issue.record("\(name) is expected to have conflicts")
            return
        }
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(try contents(file) == (try Fixtures.bytes("merge/\(name)/expected.\(ext)")))
        #expect(try git(["status", "--porcelain"]).output == "")
        #expect(try git(["log", "--format=%s", "-1"]).output == "Merge branch 'theirs'\n")
    }

    @Test(arguments: ["plural-leaf-conflict", "delete-versus-edit"])
    func conflictsStopTheMergeWithOurSideInTheFile(_ name: String) throws {
        let file = "App/Localizable.xcstrings"
        let result = try mergeCase(name, ext: "xcstrings", file: file)
        #expect(result.status == 1)
        #expect(result.output.contains("CONFLICT (content): Merge conflict in \(file)"))
        // The driver's report names the file by its path in the repository (%P), not git's temporary file; each
        // conflict is one line, as in the fixture's report.
        let conflicts = result.error.split(separator: "\n").filter { $0.contains(": error: conflict: ") }
        let expected = String(decoding: try Fixtures.bytes("merge/\(name)/expected.report"), as: UTF8.self)
        #expect(
            conflicts.map(String.init)
                == expected.split(separator: "\n").map {
                    $0.replacingOccurrences(of: "merged.xcstrings:", with: "\(file):")
                })
        // After the terminal is gone, --list says them again from git's index, and writes nothing.
        let listed = try StringBridgeProcess.run(["merge", "--list", file], in: repository)
        #expect(listed.status == 1)
        #expect(
            listed.error
                == result.error.split(separator: "\n").filter { $0.contains(": error: conflict: ") }
                .map { $0 + "\n" }.joined())
        #expect(listed.output == "")
        #expect(try git(["diff", "--name-only", "--diff-filter=U"]).output == "\(file)\n")
        // The file is the merge with our side at each conflict: valid, no conflict markers.
        #expect(try contents(file) == (try Fixtures.bytes("merge/\(name)/expected.xcstrings")))
        #expect(!String(decoding: try contents(file), as: UTF8.self).contains("<<<<<<<"))
        // Once resolved, there is nothing to list: exit 2 with the reason.
        try git(["add", file])
        let resolved = try StringBridgeProcess.run(["merge", "--list", file], in: repository)
        #expect(resolved.status == 2)
        #expect(
            resolved.error.hasPrefix(
                "\(file):1:1: error: no base version in git's index: the file's merge is not in conflict (or was "
                    + "resolved)"))
    }

    @Test func unreadableSideFailsTheMergeAndLeavesOursAlone() throws {
        let file = "Localizable.xcstrings"
        let binary = StringBridgeProcess.productsFolder.appendingPathComponent("stringbridge").path
        try git(["init", "-q", "-b", "main"])
        try git(["config", "merge.stringbridge.driver", "'\(binary)' merge %O %A %B -o %A --name %P"])
        try write(Array("*.xcstrings merge=stringbridge\n".utf8), to: ".gitattributes")
        try write(try Fixtures.bytes("merge/independent-changes/base.xcstrings"), to: file)
        try git(["add", "."])
        try git(["commit", "-q", "-m", "base"])
        try git(["checkout", "-q", "-b", "theirs"])
        try write(Array("{ \"sourceLanguage\" : \"en\", \"strings\" : { ".utf8), to: file)
        try git(["commit", "-q", "-am", "broken"])
        try git(["checkout", "-q", "main"])
        let ours = try Fixtures.bytes("merge/independent-changes/ours.xcstrings")
        try write(ours, to: file)
        try git(["commit", "-q", "-am", "ours"])
        let result = try git(["merge", "--no-edit", "theirs"])
        #expect(result.status == 1)
        #expect(result.error.contains(": error: expected a member name"), "\(result.error)")
        #expect(try git(["diff", "--name-only", "--diff-filter=U"]).output == "\(file)\n")
        #expect(try contents(file) == ours)
    }
}
