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
}
