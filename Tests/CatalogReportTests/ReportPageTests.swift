import CatalogChecks
import Foundation
import TestSupport
import Testing

@testable import CatalogReport

@Suite("report: the page's figures, plural coverage, stale keys, baseline")
struct ReportPageTests {
    static let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/editor/Project/App").path

    @Test("every figure the page shows is stats'")
    func figuresAreStats() throws {
        let report = try ProjectReport.collect([Self.app])
        let html = ReportPage(report: report).html()
        let statistics = try TableStatistics.collect([Self.app])
        #expect(statistics.tables.count == 2)
        for table in statistics.tables {
            let start = try #require(html.range(of: "data-file=\"\(escape(table.file))\""))
            let section = html[start.upperBound...].prefix { _ in true }
            for row in table.rows {
                let rowStart = try #require(section.range(of: "<tr data-language=\"\(row.language)\""))
                let rowText = section[rowStart.lowerBound...].prefix(4000)
                let end = try #require(rowText.range(of: "</tr>"))
                let cells = String(rowText[..<end.lowerBound])
                for (name, value) in [
                    ("translated", row.translated), ("needsReview", row.needsReview), ("new", row.new),
                    ("missing", row.missing), ("stale", row.stale), ("keys", row.keys),
                    ("wordsToTranslate", row.wordsToTranslate),
                ] {
                    #expect(
                        cells.contains("data-stat=\"\(name)\">\(value)</td>"), "\(table.name) \(row.language) \(name)")
                }
            }
        }
    }

    @Test("plural coverage counts the development language's plural variations per CLDR category")
    func pluralCoverage() throws {
        let report = try ProjectReport.collect([Self.app])
        let catalog = try #require(report.tables.first { $0.project.kind == .catalog })
        let russian = try #require(catalog.plurals.first { $0.language == "ru" })
        // "%lld files" (one plural) and "%lld songs in %lld playlists" (two substitutions); Russian has the first,
        // without few.
        #expect(russian.variations == 3)
        #expect(russian.categories.map(\.category) == ["one", "few", "many", "other"])
        #expect(russian.categories.map(\.covered) == [1, 0, 1, 1])
        let arabic = try #require(catalog.plurals.first { $0.language == "ar" })
        #expect(arabic.categories.map(\.category) == ["zero", "one", "two", "few", "many", "other"])
        #expect(arabic.categories.map(\.covered) == [1, 1, 1, 1, 1, 1])
        #expect(catalog.staleKeys.map(\.key) == ["Old title"])
        let legacy = try #require(report.tables.first { $0.project.kind == .legacy })
        #expect(legacy.plurals.first { $0.language == "ru" }?.categories.map(\.covered) == [1, 1, 0, 1])
    }

    @Test("findings carry the key's source and translation; the page is self-contained; RTL translations")
    func findingsAndPage() throws {
        let report = try ProjectReport.collect([Self.app])
        let mismatch = try #require(report.findings.first { $0.finding.rule == .placeholderMismatch })
        #expect(mismatch.source == "Delete %@?")
        #expect(mismatch.translation == "Удалить %d?")
        let html = ReportPage(report: report).html()
        #expect(html.contains("default-src 'none'"))
        #expect(!html.contains("src=\"http"))
        #expect(!html.contains("href=\"http"))
        #expect(html.contains("dir=\"rtl\" lang=\"ar\""))
        #expect(TextDirection.isRightToLeft("ar"))
        #expect(TextDirection.isRightToLeft("fa-IR"))
        #expect(TextDirection.isRightToLeft("az-Arab"))
        #expect(!TextDirection.isRightToLeft("ku-Latn"))
        #expect(!TextDirection.isRightToLeft("ru"))
        #expect(escape("<a href=\"x\">&'") == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;")
    }

    @Test("--baseline: findings the baseline lacks are new")
    func baseline() throws {
        var check = CatalogCheck.Options()
        check.rules = [.placeholderMismatch]
        let earlier = try CatalogCheck().run([Self.app], options: check)
        let report = try ProjectReport.collect([Self.app], baseline: (earlier.json(), "baseline.json"))
        #expect(report.hasBaseline)
        #expect(report.findings.filter { $0.finding.rule == .placeholderMismatch }.allSatisfy { !$0.isNew })
        #expect(report.findings.filter { $0.finding.rule == .pluralMissingCategory }.allSatisfy { $0.isNew })
        #expect(ReportPage(report: report).html().contains("new</span> since the baseline"))
    }
}
