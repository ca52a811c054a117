import Foundation
import LocalizationCatalog
import TestSupport
import Testing

@testable import CatalogChecks

@Suite struct TableStatisticsTests {
    @Test func wordsLeaveOutPlaceholders() {
        #expect(TableStatistics.wordCount("Save the file") == 3)
        #expect(TableStatistics.wordCount("%lld photos in %2$@, 100%%") == 3)
        #expect(TableStatistics.wordCount("%#@count@ left") == 1)
        #expect(TableStatistics.wordCount("") == 0)
    }

    @Test func aKeyCountsInItsLeastFinishedState() {
        let plural = Localization(
            variations: Variations(plural: [
                "one": Localization("Ein Foto"), "other": Localization("%lld Fotos", state: .needsReview),
            ]))
        #expect(TableStatistics.progress(of: plural) == .needsReview)
        #expect(TableStatistics.progress(of: Localization("x", state: .new)) == .new)
        #expect(TableStatistics.progress(of: Localization("", state: .translated)) == .missing)
        #expect(TableStatistics.progress(of: Localization("legacy", state: nil)) == .translated)
    }

    @Test(arguments: ["text", "json"])
    func projectGolden(format: String) throws {
        let root = Fixtures.url("stats").path
        let result = try StringBridgeProcess.run(["stats", "App", "--format", format], in: URL(fileURLWithPath: root))
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == "")
        let difference = Fixtures.compareGolden(Array(result.output.utf8), "stats/expected/App.\(format)")
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test func unreadableFileIsAnErrorWithItsPosition() throws {
        let folder = try StringBridgeProcess.temporaryFolder()
        try Data("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : 1\n  }\n}\n".utf8).write(
            to: folder.appendingPathComponent("Bad.xcstrings"))
        let result = try StringBridgeProcess.run(["stats", "."], in: folder)
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("./Bad.xcstrings:4:"))
        #expect(result.output == "0 tables, 1 file problem\n")
    }

    /// A malformed translation leaves out that file alone; the table's other languages are still counted.
    @Test func malformedFileLeavesOutItselfAlone() throws {
        let folder = try StringBridgeProcess.temporaryFolder()
        for (language, text) in [
            ("en", "\"a\" = \"One two\";\n\"b\" = \"Three\";\n"), ("de", "\"a\" = \"Eins zwei\";\n"),
            ("fr", "\"a\" = \"Un \"deux\";\n"),
        ] {
            let lproj = folder.appendingPathComponent("\(language).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: lproj.appendingPathComponent("Main.strings"))
        }
        let result = try StringBridgeProcess.run(["stats", ".", "--format", "json"], in: folder)
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("./fr.lproj/Main.strings:1:"))
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let tables = try #require(report["tables"] as? [[String: Any]])
        let languages = try #require(tables.first?["languages"] as? [[String: Any]])
        #expect(languages.map { $0["language"] as? String } == ["en", "de"])
        #expect(languages.map { $0["missing"] as? Int } == [0, 1])
    }

    /// An XLIFF document of several `<file>`s is a table each (an `.xcloc` bundle's too).
    @Test func everyFileOfAnXLIFFDocument() throws {
        let folder = try StringBridgeProcess.temporaryFolder()
        let bundle = folder.appendingPathComponent("de.xcloc/Localized Contents")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        let xliff = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="App/en.lproj/Localizable.strings" source-language="en" target-language="de" datatype="plaintext">
                <body>
                  <trans-unit id="a" xml:space="preserve"><source>One two</source><target>Eins zwei</target></trans-unit>
                  <trans-unit id="b" xml:space="preserve"><source>Three</source></trans-unit>
                </body>
              </file>
              <file original="App/en.lproj/InfoPlist.strings" source-language="en" target-language="de" datatype="plaintext">
                <body>
                  <trans-unit id="CFBundleName" xml:space="preserve"><source>Birds</source><target>Vögel</target></trans-unit>
                </body>
              </file>
            </xliff>

            """
        try Data(xliff.utf8).write(to: bundle.appendingPathComponent("de.xliff"))
        let result = try StringBridgeProcess.run(["stats", "de.xcloc", "--format", "json"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let tables = try #require(report["tables"] as? [[String: Any]])
        #expect(tables.map { $0["table"] as? String } == ["Localizable", "InfoPlist"])
        let german = tables.compactMap { ($0["languages"] as? [[String: Any]])?.last }
        #expect(german.map { $0["missing"] as? Int } == [1, 0])
    }
}
