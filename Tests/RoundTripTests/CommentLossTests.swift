import Foundation
import LocalizationCatalog
import LocalizationConverter
import TestSupport
import Testing

/// Comments a rewrite loses are losses, by key: the table keeps one comment per key, so a rewrite can drop the
/// others (a file header, section titles, several comments in a row, comments after the last entry) while the
/// tables compare equal.
@Suite("Round trips: lost comments")
struct CommentLossTests {
    @Test func commentsTheWriterDropsAreLossesByKey() throws {
        let path = Fixtures.url("strings/edit/layout.strings").path
        let report = try RoundTrip().run([path], options: RoundTrip.Options(vias: [.same]))
        let lost = report.differences.filter { $0.aspect == .comment }
        #expect(!report.isClean)
        #expect(lost.allSatisfy { !$0.isExpected })
        #expect(lost.map(\.key) == ["greeting", "greeting", "greeting", nil, nil])
        #expect(
            lost.map(\.expected) == [
                "Localizable.strings\n   MyApp", "MARK: - Greetings", "Shown on the start screen.",
                "Commented out: \"old\" = \"Old\";", "End of file",
            ])
        #expect(
            lost.first?.message
                == "strings → strings: \"greeting\" comment: expected \"Localizable.strings\\n   MyApp\", got nothing "
                + "(a comment before this key is lost)")
    }

    @Test func aFileInTheWritersLayoutLosesNoComment() throws {
        let folder = try StringBridgeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("Plain.strings")
        try Data("/* Greeting */\n\"greeting\" = \"Hello\";\n".utf8).write(to: copy)
        let report = try RoundTrip().run([copy.path], options: RoundTrip.Options(vias: [.same]))
        #expect(report.isClean, "\(report.text())")
    }
}
