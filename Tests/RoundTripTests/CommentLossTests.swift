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
    /// The whole-file writer (a registry whose `.strings` format has no editor, as `compile` writes new files).
    static let writerOnly = FormatRegistry(
        FormatRegistry.standard.formats.map { format in
            var format = format
            if format.name == "strings" { format.editor = nil }
            return format
        })

    @Test func commentsTheWriterDropsAreLossesByKey() throws {
        let path = Fixtures.url("strings/edit/layout.strings").path
        let report = try RoundTrip(registry: Self.writerOnly).run([path], options: RoundTrip.Options(vias: [.same]))
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

    /// `convert` to a file's own format edits its bytes, as the trip does: no comment is lost.
    @Test func theEditorLosesNoComment() throws {
        let path = Fixtures.url("strings/edit/layout.strings").path
        let report = try RoundTrip().run([path], options: RoundTrip.Options(vias: [.same]))
        #expect(report.isClean, "\(report.text())")
        let folder = try StringBridgeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("Copy.strings").path
        let result = try StringBridgeProcess.run(["convert", path, "-o", copy], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == (try Data(contentsOf: URL(fileURLWithPath: path))))
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
