import Foundation
import TestSupport
import Testing

/// `stringbridge export` of legacy tables as Xcode 14's export wrote them: a variant group's `Base.lproj` table is
/// the development-language table, and a target without `SWIFT_EMIT_LOC_STRINGS` has its Swift read as genstrings
/// reads it.
///
/// Fixture: `Fixtures/export/legacy-swift/project` — an Xcode project whose target sets `SWIFT_EMIT_LOC_STRINGS =
/// NO` and `LOCALIZED_STRING_MACRO_NAMES = LocalizedString`; `App/Localizable.strings` in `Base.lproj`, `en.lproj`
/// (a variant with a key of its own) and `fr.lproj`; `App/Card.swift` with a key in a doc comment, a call in a
/// comment, `\(count)` in a key, a ternary in `Text(…)`, two comments of one key (one padded with spaces), `%1@%2@`.
@Suite("stringbridge export of legacy tables (Base.lproj, Swift without the compiler)")
struct ExportLegacyTablesTests {
    let folder: URL

    init() throws {
        folder = try CommandTestCase.folder(copying: ["export/legacy-swift/project": "project"])
    }

    var project: URL { folder.appendingPathComponent("project") }

    func text(_ relative: String) -> String {
        (try? Data(contentsOf: folder.appendingPathComponent(relative))).map { String(decoding: $0, as: UTF8.self) }
            ?? ""
    }

    @Test(
        "Base.lproj is the development-language table; Swift is read as genstrings reads it", arguments: ["fr", "en"])
    func exportsBase(_ language: String) throws {
        let result = try StringBridgeProcess.run(["export", ".", "--language", language, "-o", "../out"], in: project)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == "")
        #expect(result.output == "wrote ../out/\(language).xliff (1 table)\n")
        let difference = Fixtures.compareGolden(
            Array(text("out/\(language).xliff").utf8), "export/legacy-swift/expected/\(language).xliff")
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test("The en.lproj variant named on the command line is exported from Base.lproj")
    func namedVariant() throws {
        let result = try StringBridgeProcess.run(
            ["export", "App/en.lproj/Localizable.strings", "--language", "fr", "-o", "../out"], in: project)
        #expect(result.status == 0, "\(result.error)")
        let difference = Fixtures.compareGolden(
            Array(text("out/fr.xliff").utf8), "export/legacy-swift/expected/fr.xliff")
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test("With SWIFT_EMIT_LOC_STRINGS = YES the Swift is read as the compiler reads it")
    func compiler() throws {
        let pbxproj = project.appendingPathComponent("App.xcodeproj/project.pbxproj")
        let edited = try String(contentsOf: pbxproj, encoding: .utf8).replacingOccurrences(
            of: "SWIFT_EMIT_LOC_STRINGS = NO;", with: "SWIFT_EMIT_LOC_STRINGS = YES;")
        try edited.write(to: pbxproj, atomically: true, encoding: .utf8)
        let result = try StringBridgeProcess.run(["export", ".", "--language", "fr", "-o", "../out"], in: project)
        #expect(result.status == 0, "\(result.error)")
        let xliff = text("out/fr.xliff")
        #expect(xliff.contains("<trans-unit id=\"%lld rates per day\""))
        #expect(xliff.contains("<trans-unit id=\"Buy\""))
        #expect(xliff.contains("<trans-unit id=\"Compiler only\""))
        #expect(!xliff.contains("Above dynamic data"))
        // A macro name's call in a comment is read as genstrings reads it, with the compiler too (docs/extraction.md).
        #expect(xliff.contains("<trans-unit id=\"Commented out\""))
        #expect(!xliff.contains("Only in the en variant"))
    }
}
