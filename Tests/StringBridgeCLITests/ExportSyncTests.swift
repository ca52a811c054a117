import Foundation
import TestSupport
import Testing

/// `stringbridge export` syncing String Catalogs with the code in memory first, as `xcodebuild -exportLocalizations`
/// builds (and so syncs) before it exports; `--no-sync`.
///
/// Fixture: `Fixtures/export/sync/project` — a folder with a catalog and the SwiftUI code beside it: `Hello` in both,
/// `New in code` only in the code, `No longer used` (translated) and `Untranslated and gone` (no localization) only
/// in the catalog.
@Suite("stringbridge export syncs catalogs first")
struct ExportSyncTests {
    let folder: URL

    init() throws {
        folder = try CommandTestCase.folder(copying: ["export/sync/project": "project"])
    }

    var project: URL { folder.appendingPathComponent("project") }

    func bytes(_ relative: String) -> [UInt8] {
        (try? Data(contentsOf: folder.appendingPathComponent(relative))).map { [UInt8]($0) } ?? []
    }

    @Test("The XLIFF holds the catalog as sync leaves it: the new key, the stale one, not the removed one")
    func syncsInMemory() throws {
        let before = bytes("project/App/Localizable.xcstrings")
        let result = try StringBridgeProcess.run(["export", ".", "--language", "fr", "-o", "../out"], in: project)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == "")
        #expect(result.output == "wrote ../out/fr.xliff (1 table)\n")
        let difference = Fixtures.compareGolden(bytes("out/fr.xliff"), "export/sync/expected/fr.xliff")
        #expect(difference == nil, "\(difference ?? "")")
        // Files on disk change only with `sync`.
        #expect(bytes("project/App/Localizable.xcstrings") == before)
        #expect(!before.isEmpty)
    }

    @Test("--no-sync exports the catalog as it is on disk")
    func noSync() throws {
        let result = try StringBridgeProcess.run(
            ["export", ".", "--language", "fr", "-o", "../out", "--no-sync"], in: project)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == "")
        let difference = Fixtures.compareGolden(bytes("out/fr.xliff"), "export/sync/expected/fr-no-sync.xliff")
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test("The .xcloc's source copy is the synced catalog; the catalog on disk is not changed")
    func xclocSourceCopy() throws {
        let before = bytes("project/App/Localizable.xcstrings")
        let result = try StringBridgeProcess.run(
            ["export", ".", "--language", "fr", "-o", "../out", "--xcloc"], in: project)
        #expect(result.status == 0, "\(result.error)")
        let copy = String(decoding: bytes("out/fr.xcloc/Source Contents/App/Localizable.xcstrings"), as: UTF8.self)
        #expect(copy.contains("\"New in code\""))
        #expect(copy.contains("\"stale\""))
        #expect(!copy.contains("Untranslated and gone"))
        #expect(bytes("project/App/Localizable.xcstrings") == before)
    }

    @Test("A catalog outside --root is exported as it is, with a warning")
    func outsideRoot() throws {
        let result = try StringBridgeProcess.run(
            ["export", "App/Localizable.xcstrings", "--language", "fr", "-o", "../out", "--root", "Elsewhere"],
            in: project)
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.error
                == "App/Localizable.xcstrings:1:1: warning: this catalog is outside the project root Elsewhere; it is "
                + "exported as it is, not synced with the code\n")
        let xliff = String(decoding: bytes("out/fr.xliff"), as: UTF8.self)
        #expect(xliff.contains("id=\"Untranslated and gone\""))
        #expect(!xliff.contains("id=\"New in code\""))
    }

    @Test("A catalog with no Swift or Objective-C code and no Xcode target around it is exported as it is")
    func noCode() throws {
        // A storyboard is no code that a build of this catalog would be synced with.
        try FileManager.default.removeItem(at: project.appendingPathComponent("App/ContentView.swift"))
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("App/Base.lproj"), withIntermediateDirectories: true)
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                <scenes><scene sceneID="s"><objects>
                    <viewController title="Home" id="Hom-e1-vc1" sceneMemberID="viewController"/>
                </objects></scene></scenes>
            </document>
            """.utf8
        ).write(to: project.appendingPathComponent("App/Base.lproj/Launch.storyboard"))
        let result = try StringBridgeProcess.run(
            ["export", "App/Localizable.xcstrings", "--language", "fr", "-o", "../out"], in: project)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == "")
        let difference = Fixtures.compareGolden(bytes("out/fr.xliff"), "export/sync/expected/fr-no-sync.xliff")
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test("A catalog of an Xcode target is synced as sync syncs it: the target's code and macro names")
    func xcodeTarget() throws {
        let legacy = try CommandTestCase.folder(copying: ["export/legacy-swift/project": "project"])
        let catalog = legacy.appendingPathComponent("project/App/Errors.xcstrings")
        let empty = Data(
            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\n  },\n  \"version\" : \"1.0\"\n}".utf8)
        try empty.write(to: catalog)
        let result = try StringBridgeProcess.run(
            ["export", "App/Errors.xcstrings", "--language", "fr", "-o", "../out"],
            in: legacy.appendingPathComponent("project"))
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == "")
        let xliff = String(
            decoding: (try? Data(contentsOf: legacy.appendingPathComponent("out/fr.xliff"))) ?? Data(), as: UTF8.self)
        // `LocalizedString("Not found", tableName: "Errors", …)`: a macro name of the target.
        #expect(xliff.contains("<trans-unit id=\"Not found\""))
        #expect(xliff.contains("<note>No Errors.strings: not exported</note>"))
        #expect(try Data(contentsOf: catalog) == empty)
        // A catalog of the project that no target contains is not built: exported as it is.
        let outside = legacy.appendingPathComponent("project/Other/Errors.xcstrings")
        try FileManager.default.createDirectory(
            at: outside.deletingLastPathComponent(), withIntermediateDirectories: true)
        try empty.write(to: outside)
        let left = try StringBridgeProcess.run(
            ["export", "Other/Errors.xcstrings", "--language", "fr", "-o", "../left"],
            in: legacy.appendingPathComponent("project"))
        #expect(left.status == 0, "\(left.error)")
        let leftXLIFF = String(
            decoding: (try? Data(contentsOf: legacy.appendingPathComponent("left/fr.xliff"))) ?? Data(), as: UTF8.self)
        #expect(leftXLIFF.contains("<file original=\"Other/Errors.xcstrings\""))
        #expect(!leftXLIFF.contains("Not found"))
    }

    @Test("Code that cannot be read is one warning, though both the sync and the extraction read it")
    func unreadableCode() throws {
        let app = project.appendingPathComponent("App")
        try Data("NSString *a = NSLocalizedString(@\"A\", @\"unterminated);\n".utf8)
            .write(to: app.appendingPathComponent("Broken.m"))
        try FileManager.default.createDirectory(
            at: app.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        try Data("\"Other\" = \"Other\";\n".utf8).write(to: app.appendingPathComponent("en.lproj/Other.strings"))
        let result = try StringBridgeProcess.run(["export", ".", "--language", "fr", "-o", "../out"], in: project)
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.error == "App/Broken.m:1:40: warning: unterminated string literal; its strings are not exported\n")
        #expect(result.output == "wrote ../out/fr.xliff (2 tables)\n")
    }
}
