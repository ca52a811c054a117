import Foundation
import TestSupport
import Testing

/// `stringbridge export`, run as a process on a small project (a catalog and a legacy table pair).
@Suite("stringbridge export")
struct ExportCommandTests {
    let folder: URL

    init() throws {
        folder = try CommandTestCase.folder(copying: ["xliff/export/project": "project"])
    }

    var project: URL { folder.appendingPathComponent("project") }

    func bytes(_ relative: String) -> [UInt8]? {
        (try? Data(contentsOf: folder.appendingPathComponent(relative))).map { [UInt8]($0) }
    }

    func files(below relative: String) -> [String] {
        let root = folder.appendingPathComponent(relative)
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        var result: [String] = []
        while let path = enumerator?.nextObject() as? String { result.append(path) }
        return result.sorted()
    }

    @Test("One XLIFF per language, every table a <file>, as Xcode writes it", arguments: ["fr", "en", "uk"])
    func exportsXLIFF(_ language: String) throws {
        let result = try StringBridgeProcess.run(["export", ".", "--language", language, "-o", "../out"], in: project)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == "")
        let difference = Fixtures.compareGolden(bytes("out/\(language).xliff") ?? [], "xliff/export/\(language).xliff")
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test("Files written side by side get the usual permissions (0666 less the umask), every one of them")
    func permissions() throws {
        let languages = ["fr", "de", "ja", "uk", "pt-BR", "es"]
        let result = try StringBridgeProcess.run(
            ["export", "."] + languages.flatMap { ["--language", $0] } + ["-o", "../out"], in: project)
        #expect(result.status == 0, "\(result.error)")
        let mask = umask(0)
        umask(mask)
        for language in languages {
            let path = folder.appendingPathComponent("out/\(language).xliff").path
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue
            #expect(mode == Int(0o666 & ~mask), "\(language).xliff")
        }
        #expect(files(below: "out").filter { $0.contains("stringbridge-") }.isEmpty)
    }

    @Test("original is relative to --root")
    func root() throws {
        let result = try StringBridgeProcess.run(
            ["export", "project/Localizable.xcstrings", "--language", "fr", "-o", "out", "--root", "."], in: folder)
        #expect(result.status == 0)
        let text = String(decoding: bytes("out/fr.xliff") ?? [], as: UTF8.self)
        #expect(text.contains("<file original=\"project/Localizable.xcstrings\""))
    }

    @Test("--xcloc writes contents.json, Localized Contents, Source Contents and Notes")
    func xcloc() throws {
        let result = try StringBridgeProcess.run(
            [
                "export", ".", "--language", "fr", "--language", "de", "-o", "../out", "--xcloc", "--project",
                "App.xcodeproj",
            ],
            in: project)
        #expect(result.status == 0, "\(result.error)")
        #expect(
            files(below: "out") == [
                "de.xcloc", "de.xcloc/Localized Contents", "de.xcloc/Localized Contents/de.xliff", "de.xcloc/Notes",
                "de.xcloc/Source Contents", "de.xcloc/Source Contents/App", "de.xcloc/Source Contents/App/en.lproj",
                "de.xcloc/Source Contents/App/en.lproj/Main.strings",
                "de.xcloc/Source Contents/App/en.lproj/Main.stringsdict",
                "de.xcloc/Source Contents/Localizable.xcstrings", "de.xcloc/contents.json",
                "fr.xcloc", "fr.xcloc/Localized Contents", "fr.xcloc/Localized Contents/fr.xliff", "fr.xcloc/Notes",
                "fr.xcloc/Source Contents", "fr.xcloc/Source Contents/App", "fr.xcloc/Source Contents/App/en.lproj",
                "fr.xcloc/Source Contents/App/en.lproj/Main.strings",
                "fr.xcloc/Source Contents/App/en.lproj/Main.stringsdict",
                "fr.xcloc/Source Contents/Localizable.xcstrings", "fr.xcloc/contents.json",
            ])
        for (actual, golden) in [
            ("out/fr.xcloc/contents.json", "xliff/export/fr.xcloc/contents.json"),
            (
                "out/fr.xcloc/Source Contents/Localizable.xcstrings",
                "xliff/export/fr.xcloc/Source Contents/Localizable.xcstrings"
            ),
            ("out/fr.xcloc/Localized Contents/fr.xliff", "xliff/export/fr.xliff"),
        ] {
            let difference = Fixtures.compareGolden(bytes(actual) ?? [], golden)
            #expect(difference == nil, "\(actual): \(difference ?? "")")
        }
        #expect(
            bytes("out/fr.xcloc/Source Contents/App/en.lproj/Main.strings")
                == bytes("project/App/en.lproj/Main.strings"))
    }

    @Test func usageErrorsExit64() throws {
        let noLanguage = try StringBridgeProcess.run(["export", ".", "-o", "out"], in: project)
        #expect(noLanguage.status == 64)
        let noOutput = try StringBridgeProcess.run(["export", ".", "--language", "fr"], in: project)
        #expect(noOutput.status == 64)
    }

    @Test func missingSourceIsAnInputError() throws {
        let result = try StringBridgeProcess.run(
            ["export", "Nope.xcstrings", "--language", "fr", "-o", "out"], in: folder)
        #expect(result.status == 1)
        #expect(result.error == "Nope.xcstrings:1:1: error: cannot read the file: No such file or directory\n")
        #expect(files(below: ".") == files(below: ".").filter { !$0.hasPrefix("out") })
    }

    @Test("A malformed table is left out with an error at its problem; the other tables are exported, exit 1")
    func malformedTable() throws {
        try Data("{ \"sourceLanguage\" : ".utf8).write(to: project.appendingPathComponent("Broken.xcstrings"))
        let result = try StringBridgeProcess.run(["export", ".", "--language", "fr", "-o", "../out"], in: project)
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("./Broken.xcstrings:1:"))
        #expect(result.error.hasSuffix("; this table is not exported\n"))
        // The file is the export of the tables without it, byte for byte.
        let difference = Fixtures.compareGolden(bytes("out/fr.xliff") ?? [], "xliff/export/fr.xliff")
        #expect(difference == nil, "\(difference ?? "")")
    }
}
