import Foundation
import TestSupport
import Testing

/// `stringbridge export` extracting from code as Xcode's export does, and `--no-extract`.
///
/// Fixture: `Fixtures/export/extraction/project` — a legacy app folder with Swift, Objective-C, an Info.plist, two
/// storyboards (one translated only in `fr.lproj/Main.strings`, one not translated at all, one without texts),
/// `.strings` and `.stringsdict` tables in `en.lproj` and `fr.lproj`.
@Suite("stringbridge export with extraction")
struct ExportExtractionTests {
    let folder: URL

    init() throws {
        folder = try CommandTestCase.folder(copying: ["export/extraction/project": "project"])
    }

    var project: URL { folder.appendingPathComponent("project") }

    func bytes(_ relative: String) -> [UInt8] {
        (try? Data(contentsOf: folder.appendingPathComponent(relative))).map { [UInt8]($0) } ?? []
    }

    @Test(
        "Code keys join their tables in Xcode's order with Xcode's notes; storyboards are exported with their texts",
        arguments: ["fr", "en"])
    func extracts(_ language: String) throws {
        let result = try StringBridgeProcess.run(["export", ".", "--language", language, "-o", "../out"], in: project)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == "")
        #expect(result.output == "wrote ../out/\(language).xliff (5 tables)\n")
        let difference = Fixtures.compareGolden(
            bytes("out/\(language).xliff"), "export/extraction/expected/\(language).xliff")
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test("--extract is the default")
    func extractFlag() throws {
        let result = try StringBridgeProcess.run(
            ["export", ".", "--language", "fr", "-o", "../out", "--extract"], in: project)
        #expect(result.status == 0, "\(result.error)")
        let difference = Fixtures.compareGolden(bytes("out/fr.xliff"), "export/extraction/expected/fr.xliff")
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test("--no-extract exports the tables as they are, and says what a storyboard-only table cannot give")
    func noExtract() throws {
        let result = try StringBridgeProcess.run(
            ["export", ".", "--language", "fr", "-o", "../out", "--no-extract"], in: project)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "wrote ../out/fr.xliff (3 tables)\n")
        #expect(
            result.error == """
                ./App/Base.lproj/Main.storyboard:1:1: warning: the development-language texts of this Interface \
                Builder table live only in the storyboard, which export cannot read (no Base.lproj or en.lproj \
                .strings file); not exported: ./App/fr.lproj/Main.strings

                """)
        let difference = Fixtures.compareGolden(bytes("out/fr.xliff"), "export/extraction/expected/fr-no-extract.xliff")
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test("A storyboard named on the command line is a table with extraction, and not a table without")
    func namedStoryboard() throws {
        let named = try StringBridgeProcess.run(
            ["export", "App/Base.lproj/Main.storyboard", "--language", "fr", "-o", "../out"], in: project)
        #expect(named.status == 0, "\(named.error)")
        let xliff = String(decoding: bytes("out/fr.xliff"), as: UTF8.self)
        #expect(xliff.contains("<file original=\"App/Base.lproj/Main.storyboard\""))
        #expect(xliff.contains("<target>Se connecter</target>"))
        let refused = try StringBridgeProcess.run(
            ["export", "App/Base.lproj/Main.storyboard", "--language", "fr", "-o", "../refused", "--no-extract"],
            in: project)
        #expect(refused.status == 1)
        #expect(
            refused.error
                == "App/Base.lproj/Main.storyboard:1:1: error: not a .xcstrings, .strings or .stringsdict file\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("refused").path))
    }

    @Test("A folder holding only storyboards is exported without a warning that it holds no tables")
    func storyboardFolder() throws {
        let result = try StringBridgeProcess.run(
            ["export", "App/Base.lproj", "--language", "fr", "-o", "../out"], in: project)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == "")
        #expect(result.output == "wrote ../out/fr.xliff (2 tables)\n")
        let xliff = String(decoding: bytes("out/fr.xliff"), as: UTF8.self)
        #expect(xliff.components(separatedBy: "<file ").count == 3)  // Splash.storyboard has no texts
    }

    @Test("The .xcloc copies a storyboard-only table's storyboard under Source Contents, also one without texts")
    func xcloc() throws {
        let result = try StringBridgeProcess.run(
            ["export", ".", "--language", "fr", "-o", "../out", "--xcloc"], in: project)
        #expect(result.status == 0, "\(result.error)")
        let contents = "out/fr.xcloc/Source Contents/App/"
        #expect(bytes(contents + "Base.lproj/Main.storyboard") == bytes("project/App/Base.lproj/Main.storyboard"))
        #expect(bytes(contents + "Base.lproj/Launch.storyboard") == bytes("project/App/Base.lproj/Launch.storyboard"))
        #expect(bytes(contents + "Base.lproj/Splash.storyboard") == bytes("project/App/Base.lproj/Splash.storyboard"))
        #expect(
            bytes(contents + "en.lproj/Localizable.strings") == bytes("project/App/en.lproj/Localizable.strings"))
        #expect(
            bytes("out/fr.xcloc/Localized Contents/fr.xliff")
                == (try Fixtures.bytes("export/extraction/expected/fr.xliff")))
    }
}
