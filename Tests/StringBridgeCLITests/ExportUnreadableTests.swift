import Foundation
import TestSupport
import Testing

/// `stringbridge export` with a file it cannot read (`Fixtures/export/unreadable`: a project in English, German,
/// French and Czech whose `cs.lproj/Main.strings` has an unescaped quote): the other tables and languages are
/// exported, each file left out is an error at the place of its problem, and the exit status is 1.
@Suite("stringbridge export with an unreadable file")
struct ExportUnreadableTests {
    let folder: URL

    init() throws {
        folder = try CommandTestCase.folder(copying: ["export/unreadable/project": "project"])
    }

    var project: URL { folder.appendingPathComponent("project") }

    func bytes(_ relative: String) -> [UInt8]? {
        (try? Data(contentsOf: folder.appendingPathComponent(relative))).map { [UInt8]($0) }
    }

    func files(below relative: String) -> [String] {
        Fixtures.files(inFolderAt: folder.appendingPathComponent(relative).path)
    }

    static let brokenTranslation =
        "./App/cs.lproj/Main.strings:2:16: error: expected ';' after the value of \"ok\", found a string; "
        + "cs is not exported\n"

    @Test("A translation that cannot be read leaves its language out; the other languages are written")
    func translationLeftOut() throws {
        let result = try StringBridgeProcess.run(["export", ".", "--all-languages", "-o", "../out"], in: project)
        #expect(result.status == 1)
        #expect(result.error == Self.brokenTranslation)
        #expect(result.output == "wrote ../out/de.xliff (2 tables)\nwrote ../out/fr.xliff (2 tables)\n")
        #expect(files(below: "out") == ["de.xliff", "fr.xliff"])
        for language in ["de", "fr"] {
            let difference = Fixtures.compareGolden(
                bytes("out/\(language).xliff") ?? [], "export/unreadable/expected/\(language).xliff")
            #expect(difference == nil, "\(language): \(difference ?? "")")
        }
    }

    @Test("Only the unreadable language asked for: nothing is written, the error is the export's")
    func nothingLeft() throws {
        let result = try StringBridgeProcess.run(["export", ".", "--language", "cs", "-o", "../out"], in: project)
        #expect(result.status == 1)
        #expect(result.error == Self.brokenTranslation)
        #expect(result.output == "")
        #expect(files(below: ".").allSatisfy { !$0.hasPrefix("out") })
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test("A development-language file that cannot be read leaves its table out of every language")
    func tableLeftOut() throws {
        // cs is repaired; the development language's Localizable.strings breaks instead.
        try Data("\"title\" = \"Nastavení\";\n\"ok\" = \"Dobře\";\n".utf8)
            .write(to: project.appendingPathComponent("App/cs.lproj/Main.strings"))
        try Data("/* Greets the user */\n\"hello\" = \"Hello\";\n\"bye\" = ;\n".utf8)
            .write(to: project.appendingPathComponent("App/en.lproj/Localizable.strings"))
        let result = try StringBridgeProcess.run(["export", ".", "--all-languages", "-o", "../out"], in: project)
        #expect(result.status == 1)
        #expect(
            result.error
                == "./App/en.lproj/Localizable.strings:3:9: error: expected a string value for the key \"bye\", "
                + "found ';'; this table is not exported\n")
        #expect(
            result.output
                == "wrote ../out/cs.xliff (1 table)\nwrote ../out/de.xliff (1 table)\nwrote ../out/fr.xliff (1 table)\n"
        )
        #expect(files(below: "out") == ["cs.xliff", "de.xliff", "fr.xliff"])
        let german = String(decoding: bytes("out/de.xliff") ?? [], as: UTF8.self)
        #expect(german.contains("<file original=\"App/en.lproj/Main.strings\""))
        #expect(!german.contains("Localizable"))
    }
}
