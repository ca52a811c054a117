import Foundation
import TestSupport
import Testing

/// `stringbridge migrate` over `Fixtures/migration/code/App`, a table in English and German beside the Swift code
/// that uses it: a key's comment is the code's, as in Xcode's migration (which runs in a build), also for a key
/// only the translation holds; without code the legacy files' rule stands.
@Suite("stringbridge migrate: comments from code")
struct MigrateCodeCommentsTests {
    let folder: URL

    init() throws {
        folder = try CommandTestCase.folder(copying: ["migration/code/App": "App"])
    }

    func contents(_ path: String) -> [UInt8] {
        (try? Data(contentsOf: folder.appendingPathComponent(path))).map { [UInt8]($0) } ?? []
    }

    /// The summary's lines of the legacy files deleted, and of the folders they leave empty.
    static let deletions =
        "  deleted the legacy files: App/en.lproj/Localizable.strings, App/de.lproj/Localizable.strings\n"
        + "removed the folders left empty: App/en.lproj, App/de.lproj\n"

    /// The comment of each key of the catalog written.
    func comments() throws -> [String: String] {
        let object = try JSONSerialization.jsonObject(with: Data(contents("App/Localizable.xcstrings")))
        let strings = (object as? [String: Any])?["strings"] as? [String: [String: Any]] ?? [:]
        return strings.compactMapValues { $0["comment"] as? String }
    }

    @Test("With code: the code's comment wins, for keys only translations hold too; others keep the file's")
    func codeCommentsWin() throws {
        let result = try StringBridgeProcess.run(["migrate", "App"], in: folder)
        #expect(result.status == 0)
        #expect(
            result.error
                == "App/de.lproj/Localizable.strings:1:1: warning: the comments of 3 keys in this translation are "
                + "left out (a catalog keeps the development language's comment): \"title\", \"only.translated\", "
                + "\"only.in.german\"\n")
        #expect(
            result.output
                == "wrote App/Localizable.xcstrings: 6 keys, 2 languages (de, en) from 2 files\n"
                + "  comments from code: 3 keys, 3 of them replacing the development language's comment or its "
                + "absence\n" + Self.deletions)
        #expect(
            try comments() == [
                "title": "The window's title",
                "shared": "First call site\nSecond call site",
                "only.translated": "Said by code, held only by translations",
                "no.code.comment": "The development language's comment",
                "not.in.code": "Not used by code",
            ])
        let difference = Fixtures.compareGolden(
            contents("App/Localizable.xcstrings"), "migration/code-expected/Localizable.xcstrings")
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test("--no-extract: the development language's comments; a translation's comment is still left out")
    func withoutCode() throws {
        let result = try StringBridgeProcess.run(["migrate", "App", "--no-extract"], in: folder)
        #expect(result.status == 0)
        #expect(
            result.error
                == "App/de.lproj/Localizable.strings:1:1: warning: the comments of 3 keys in this translation are "
                + "left out (a catalog keeps the development language's comment): \"title\", \"only.translated\", "
                + "\"only.in.german\"\n")
        #expect(
            result.output == "wrote App/Localizable.xcstrings: 6 keys, 2 languages (de, en) from 2 files\n"
                + Self.deletions)
        #expect(
            try comments() == [
                "title": "The file's comment for the title",
                "shared": "The file's comment for a shared key",
                "no.code.comment": "The development language's comment",
                "not.in.code": "Not used by code",
            ])
        let difference = Fixtures.compareGolden(
            contents("App/Localizable.xcstrings"), "migration/code-expected/Localizable-no-extract.xcstrings")
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test("A table outside --root takes no comments from code, with a warning")
    func outsideRoot() throws {
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Elsewhere"), withIntermediateDirectories: true)
        let result = try StringBridgeProcess.run(["migrate", "App", "--root", "Elsewhere"], in: folder)
        #expect(result.status == 0)
        #expect(
            result.error.hasPrefix(
                "App/en.lproj/Localizable.strings:1:1: warning: this table is outside the project root Elsewhere; "
                    + "its comments are not taken from code\n"))
        let difference = Fixtures.compareGolden(
            contents("App/Localizable.xcstrings"), "migration/code-expected/Localizable-no-extract.xcstrings")
        #expect(difference == nil, "\(difference ?? "")")
    }
}
