import Foundation
import TestSupport
import Testing

/// `stringbridge merge` and a side that emptied the table or deleted most of it: a conflict (exit 1) with the keys
/// kept, unless `--allow-mass-deletion` (docs/merge.md, "Mass deletions").
@Suite("merge: mass deletions")
struct MergeMassDeletionCommandTests {
    let folder: URL

    init() throws {
        folder = try CommandTestCase.folder(copying: [
            "merge/emptied-strings-utf16": "emptied", "merge/mass-deletion-xcstrings": "catalog",
        ])
    }

    func contents(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(relative)))
    }

    @Test func anEmptiedSideIsAConflictAndTheFileKeepsTheKeys() throws {
        let result = try StringBridgeProcess.run(
            [
                "merge", "base.strings", "ours.strings", "theirs.strings", "-o", "ours.strings", "--name",
                "de.lproj/Localizable.strings",
            ], in: folder.appendingPathComponent("emptied"))
        #expect(result.status == 1)
        #expect(
            result.error
                == "de.lproj/Localizable.strings:1:1: error: conflict: the table content: ours (emptied), theirs "
                + "(changed), base (present); the file is merged as if ours had not emptied it (it holds theirs' "
                + "changes); to empty it, merge again with --allow-mass-deletion\n")
        #expect(try contents("emptied/ours.strings") == (try contents("emptied/theirs.strings")))
    }

    @Test func allowedTheEmptyingIsMergedAsAnyDeletion() throws {
        let result = try StringBridgeProcess.run(
            [
                "merge", "base.strings", "ours.strings", "theirs.strings", "-o", "merged.strings",
                "--allow-mass-deletion",
            ],
            in: folder.appendingPathComponent("emptied"))
        #expect(result.status == 0, "\(result.error)")
        // Only the key theirs added is left: every other key ours deleted and theirs left alone.
        let merged = try contents("emptied/merged.strings")
        let units = stride(from: 2, to: merged.count - 1, by: 2).map {
            UInt16(merged[$0]) | UInt16(merged[$0 + 1]) << 8
        }
        let text = String(decoding: units, as: UTF16.self)
        #expect(merged.starts(with: [0xFF, 0xFE]))
        #expect(text.contains("\"export\""), "\(text)")
        #expect(!text.contains("\"welcome\""))
    }

    @Test func theJSONReportSaysWhatTheFileKeeps() throws {
        let result = try StringBridgeProcess.run(
            [
                "merge", "base.xcstrings", "ours.xcstrings", "theirs.xcstrings", "-o", "merged.xcstrings", "--format",
                "json",
            ], in: folder.appendingPathComponent("catalog"))
        #expect(result.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let conflicts = try #require(report["conflicts"] as? [[String: Any]])
        #expect(conflicts.count == 1)
        #expect(conflicts.first?["path"] as? String == "keys")
        #expect(conflicts.first?["line"] as? Int == 1)
        #expect(
            (conflicts.first?["message"] as? String)?.hasSuffix(
                "; the file keeps the 10 keys ours deleted; to delete them, merge again with --allow-mass-deletion")
                == true)
    }

    @Test func helpNamesTheFlag() throws {
        let result = try StringBridgeProcess.run(["merge", "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("--allow-mass-deletion"))
        let words = result.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            words.contains("deletes more than half of the keys (at least 10) that the other side kept is a conflict"))
    }
}
