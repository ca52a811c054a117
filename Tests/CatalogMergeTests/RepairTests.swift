import Foundation
import TestSupport
import Testing

/// `stringbridge convert --merge-duplicates`: keys defined twice, combined or refused (`Fixtures/merge/repair/`;
/// the inputs are in `invalid/`, as they are invalid without the flag).
@Suite("convert --merge-duplicates")
struct RepairTests {
    let folder: URL

    init() throws {
        folder = try StringBridgeProcess.temporaryFolder()
    }

    func copy(_ name: String) throws {
        try FileManager.default.copyItem(
            at: Fixtures.url("merge/repair/invalid/\(name)"), to: folder.appendingPathComponent(name))
    }

    func contents(_ name: String) -> [UInt8]? {
        (try? Data(contentsOf: folder.appendingPathComponent(name))).map { [UInt8]($0) }
    }

    @Test func combinesACatalogsDuplicatesThatAgree() throws {
        try copy("mergeable.xcstrings")
        let result = try StringBridgeProcess.run(
            ["convert", "mergeable.xcstrings", "-o", "out.xcstrings", "--merge-duplicates"], in: folder)
        #expect(result.status == 0)
        #expect(
            result.error == """
                mergeable.xcstrings:17:5: warning: duplicate key "Hello" merged into its definition at line 10, column 5
                mergeable.xcstrings:23:5: warning: duplicate key "Bye" merged into its definition at line 4, column 5

                """)
        #expect(
            Fixtures.compareGolden(contents("out.xcstrings") ?? [], "merge/repair/mergeable.expected.xcstrings") == nil)
    }

    @Test func refusesACatalogsDuplicatesThatContradict() throws {
        try copy("contradicting.xcstrings")
        let previous = Array("previous".utf8)
        try Data(previous).write(to: folder.appendingPathComponent("out.xcstrings"))
        let result = try StringBridgeProcess.run(
            ["convert", "contradicting.xcstrings", "-o", "out.xcstrings", "--merge-duplicates"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.error == """
                contradicting.xcstrings:9:5: error: duplicate key "Hello" contradicts its definition at line 4, \
                column 5: (fr) ("Bonjour" or "Salut"); combine them by hand

                """)
        #expect(contents("out.xcstrings") == previous)
    }

    @Test func withoutTheFlagADuplicateStaysAnError() throws {
        try copy("mergeable.xcstrings")
        let result = try StringBridgeProcess.run(["convert", "mergeable.xcstrings", "-o", "out.xcstrings"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.error
                == "mergeable.xcstrings:17:5: error: duplicate key \"Hello\"; first defined at line 10, column 5\n")
        #expect(contents("out.xcstrings") == nil)
    }

    @Test func combinesAStringsFilesDuplicatesThatAgree() throws {
        try copy("mergeable.strings")
        let result = try StringBridgeProcess.run(
            ["convert", "mergeable.strings", "-o", "out.strings", "--merge-duplicates"], in: folder)
        #expect(result.status == 0)
        #expect(
            result.error == """
                mergeable.strings:6:1: warning: duplicate key "Hello" merged into its definition at line 2
                mergeable.strings:7:1: warning: duplicate key "Bye" merged into its definition at line 3

                """)
        #expect(Fixtures.compareGolden(contents("out.strings") ?? [], "merge/repair/mergeable.expected.strings") == nil)
    }

    @Test func refusesAStringsFilesDuplicatesThatContradict() throws {
        try copy("contradicting.strings")
        let result = try StringBridgeProcess.run(
            ["convert", "contradicting.strings", "-o", "out.strings", "--merge-duplicates"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.error == """
                contradicting.strings:3:1: error: duplicate key "Hello" contradicts its definition at line 1: \
                values "Bonjour" or "Salut"; combine them by hand

                """)
        #expect(contents("out.strings") == nil)
        // Without the flag, the later value wins with a warning, as before.
        let plain = try StringBridgeProcess.run(["convert", "contradicting.strings", "-o", "out.strings"], in: folder)
        #expect(plain.status == 0)
        #expect(
            plain.error
                == "contradicting.strings:3:1: warning: duplicate key \"Hello\"; the value at line 3 replaces the one at line 1\n"
        )
    }
}
