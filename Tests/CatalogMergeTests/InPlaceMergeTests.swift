import Foundation
import TestSupport
import Testing

/// `.strings` and `.stringsdict` merges that `git merge-file` makes without a conflict give the same bytes through
/// `stringbridge merge` and through the merge driver in a real `git merge`: our side is edited, not rewritten
/// (`Fixtures/strings/edit/merge/<case>/`).
@Suite("in-place merge of .strings and .stringsdict")
struct InPlaceMergeTests {
    static let cases = ["layout", "crlf", "stringsdict"]

    static func fileExtension(_ name: String) -> String { name == "stringsdict" ? "stringsdict" : "strings" }

    let folder: URL

    init() throws {
        folder = try StringBridgeProcess.temporaryFolder()
    }

    @discardableResult
    func git(_ arguments: [String], in directory: URL? = nil) throws -> CommandResult {
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["HOME"] = folder.path
        return try StringBridgeProcess.runExecutable(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"]
                + arguments,
            in: directory ?? folder, environment: environment)
    }

    func side(_ name: String, _ side: String) throws -> [UInt8] {
        try Fixtures.bytes("strings/edit/merge/\(name)/\(side).\(Self.fileExtension(name))")
    }

    func write(_ bytes: [UInt8], to relative: String) throws {
        let url = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    func contents(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(relative)))
    }

    /// What `git merge-file` makes of the case; the case must be clean for it.
    func gitMerge(_ name: String) throws -> [UInt8] {
        let ext = Self.fileExtension(name)
        for side in ["base", "ours", "theirs"] { try write(try self.side(name, side), to: "\(side).\(ext)") }
        let result = try git(["merge-file", "-p", "ours.\(ext)", "base.\(ext)", "theirs.\(ext)"])
        #expect(result.status == 0, "git merge-file has conflicts in \(name): \(result.error)")
        return Array(result.output.utf8)
    }

    @Test(arguments: cases)
    func mergeCommandGivesGitsBytes(_ name: String) throws {
        let expected = try gitMerge(name)
        let ext = Self.fileExtension(name)
        let result = try StringBridgeProcess.run(
            ["merge", "base.\(ext)", "ours.\(ext)", "theirs.\(ext)", "-o", "merged.\(ext)"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == "")
        #expect(try contents("merged.\(ext)") == expected)
    }

    @Test(arguments: cases)
    func mergeDriverGivesGitsBytes(_ name: String) throws {
        let expected = try gitMerge(name)
        let repository = folder.appendingPathComponent("repository")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        let binary = StringBridgeProcess.productsFolder.appendingPathComponent("stringbridge").path
        let file = "repository/App/fr.lproj/Localizable.\(Self.fileExtension(name))"
        try git(["init", "-q", "-b", "main"], in: repository)
        try git(["config", "merge.stringbridge.driver", "'\(binary)' merge %O %A %B -o %A"], in: repository)
        try write(
            Array("*.strings merge=stringbridge\n*.stringsdict merge=stringbridge\n".utf8),
            to: "repository/.gitattributes")
        try write(try side(name, "base"), to: file)
        try git(["add", "."], in: repository)
        try git(["commit", "-q", "-m", "base"], in: repository)
        try git(["checkout", "-q", "-b", "theirs"], in: repository)
        try write(try side(name, "theirs"), to: file)
        try git(["commit", "-q", "-am", "theirs"], in: repository)
        try git(["checkout", "-q", "main"], in: repository)
        try write(try side(name, "ours"), to: file)
        try git(["commit", "-q", "-am", "ours"], in: repository)
        let result = try git(["merge", "--no-edit", "theirs"], in: repository)
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(try contents(file) == expected)
    }
}
