import CatalogChecks
import Foundation
import TestSupport
import Testing

@testable import CatalogReport

@Suite("CI formats: github, markdown, junit")
struct CIReportsTests {
    static func finding(
        _ rule: CheckRule, file: String = "App/Localizable.xcstrings", line: Int = 3, column: Int = 5,
        message: String, severity: CheckSeverity? = nil
    ) -> Finding {
        Finding(
            rule, at: KeyPosition(file: file, line: line, column: column), table: "Localizable", key: "k",
            language: "ru", message: message, severity: severity)
    }

    static var report: CheckReport {
        var report = CheckReport()
        report.files = 2
        report.tables = 2
        report.findings = [
            finding(.placeholderMismatch, message: "ru value of \"k\": 100% wrong,\nsecond line"),
            finding(.missingTranslation, file: "a:b,c.strings", line: 7, column: 1, message: "\"x\" has no ru"),
            finding(.staleKey, message: "key \"old\" is stale"),
        ]
        return report
    }

    @Test("github: one workflow command per finding, GitHub's escapes in message and properties")
    func github() {
        let lines = CIReports.github(Self.report).split(separator: "\n").map(String.init)
        #expect(
            lines[0]
                == "::error file=App/Localizable.xcstrings,line=3,col=5,title=placeholder-mismatch::ru value of \"k\": 100%25 wrong,%0Asecond line"
        )
        #expect(
            lines[1] == "::warning file=a%3Ab%2Cc.strings,line=7,col=1,title=missing-translation::\"x\" has no ru")
        #expect(lines[2].hasPrefix("::notice file=App/Localizable.xcstrings,line=3,col=5,title=stale-key::"))
        #expect(lines[3] == "::notice title=stringbridge check::1 errors, 1 warnings, 1 notes in 2 tables (2 files)")
        #expect(CIReports.data("a\r\nb%") == "a%0D%0Ab%25")
        #expect(CIReports.property("x:y,z%") == "x%3Ay%2Cz%25")
    }

    @Test("markdown: counts, findings grouped by rule, the first N listed and the rest counted")
    func markdown() {
        var report = Self.report
        for line in 10..<40 {
            report.findings.append(Self.finding(.missingTranslation, line: line, message: "\"k\" has no ru | ok"))
        }
        let text = CIReports.markdown(report, limit: 5)
        #expect(text.contains("**1** errors, **31** warnings, **1** notes"))
        #expect(text.contains("| `missing-translation` | warning | 31 |"))
        #expect(text.contains("… and 26 more"))
        #expect(text.contains("has no ru \\| ok"))
        // Errors' rules first.
        let placeholder = text.range(of: "### `placeholder-mismatch`")!.lowerBound
        let missing = text.range(of: "### `missing-translation`")!.lowerBound
        #expect(placeholder < missing)
    }

    @Test("stats markdown: translated percentage and counts per language")
    func statsMarkdown() throws {
        let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/editor/Project/App").path
        let statistics = try TableStatistics.collect([app])
        let text = CIReports.markdown(statistics)
        // Localizable: 6 keys to translate (one stale, one not to translate); Russian lacks two of them.
        #expect(text.contains("| ru | 66.6 % | ██████░░░░ | 4 | 0 | 0 | 2 | 1 | 6 | 2 |"))
        #expect(text.contains("| en (development) | 100.0 % | ██████████ |"))
        #expect(text.hasSuffix("2 tables\n"))
        #expect(CIReports.percent(9999, of: 10000) == "99.9 %")
        #expect(CIReports.percent(0, of: 0) == "–")
    }

    @Test("junit: a test case per finding, notes skipped, XML escaped; a clean check is one passing case")
    func junit() {
        let text = CIReports.junit(Self.report)
        #expect(
            text.contains(
                "<testsuites name=\"stringbridge check\" tests=\"3\" failures=\"2\" errors=\"0\" skipped=\"1\">"))
        #expect(text.contains("name=\"a:b,c.strings:7:1\""))
        #expect(text.contains("100% wrong,&#10;second line"))
        #expect(text.contains("<skipped message=\"key &quot;old&quot; is stale\"/>"))
        var clean = CheckReport()
        clean.tables = 1
        clean.files = 1
        let cleanText = CIReports.junit(clean)
        #expect(cleanText.contains("tests=\"1\" failures=\"0\""))
    }
}
