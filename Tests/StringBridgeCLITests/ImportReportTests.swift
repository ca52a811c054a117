import Foundation
import TestSupport
import Testing

/// `stringbridge import`'s report: counts per file and reason, placeholder warnings, `--strict`, `--dry-run`,
/// `--verbose`.
///
/// Fixture: a catalog and a French XLIFF with a placeholder swap (`%lld` → `%@`), a dropped `%@`, two
/// unfinished XLIFF 1.2 states, an unknown id and one good target.
@Suite("stringbridge import report")
struct ImportReportTests {
    let folder: URL

    init() throws {
        folder = try StringBridgeProcess.temporaryFolder()
        for name in ["Units.xcstrings", "fr.xliff"] {
            try FileManager.default.copyItem(
                at: Fixtures.url("xliff/import-units/\(name)"), to: folder.appendingPathComponent(name))
        }
    }

    var catalog: String {
        String(
            decoding: (try? Data(contentsOf: folder.appendingPathComponent("Units.xcstrings"))) ?? Data(), as: UTF8.self
        )
    }

    static let warnings = """
        fr.xliff:8:7: warning: unit "%lld of %@": the target's placeholders differ from the source's: argument 1 is \
        an integer (%lld) in the source but an object (%@) here
        fr.xliff:23:7: warning: unit "Greeting %@": the target's placeholders differ from the source's: argument 1 \
        (%@) of the source is missing

        """

    @Test("Placeholder mismatches are refused by default: the rest is written, each is listed, and the import exits 1")
    func refusedByDefault() throws {
        let result = try StringBridgeProcess.run(["import", "fr.xliff"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.output.contains(
                "  2 units placeholder-mismatch, first: fr.xliff:8:7: \"%lld of %@\": the target's placeholders differ "
                    + "from the source's: argument 1 is an integer (%lld) in the source but an object (%@) here\n"))
        #expect(
            result.error == """
                fr.xliff:8:7: error: unit "%lld of %@" not applied: the target's placeholders differ from the source's: \
                argument 1 is an integer (%lld) in the source but an object (%@) here
                fr.xliff:23:7: error: unit "Greeting %@" not applied: the target's placeholders differ from the \
                source's: argument 1 (%@) of the source is missing
                fr.xliff:8:7: error: 2 units not applied: their placeholders differ from the source's, which crashes \
                or prints garbage at run time (fix the targets, or pass --accept-placeholder-mismatch to import them \
                anyway)

                """)
        #expect(catalog.contains("\"value\" : \"Merci\""))
        #expect(!catalog.contains("%@ sur %@"))
        #expect(!catalog.contains("\"value\" : \"Bonjour\""))
    }

    /// With --accept-placeholder-mismatch, mismatches are applied with a warning at path:line:column.
    @Test("Accepted placeholder mismatches are applied with a warning; skipped units are counted per reason")
    func summary() throws {
        let result = try StringBridgeProcess.run(["import", "fr.xliff", "--accept-placeholder-mismatch"], in: folder)
        #expect(result.status == 0)
        let difference = Fixtures.compareGolden(Array(result.output.utf8), "xliff/import-units/expected/report.txt")
        #expect(difference == nil, "\(difference ?? "")")
        #expect(result.error == Self.warnings)
        #expect(catalog.contains("\"value\" : \"Merci\""))
        #expect(catalog.contains("\"value\" : \"Bonjour\""))
        #expect(!catalog.contains("Salut"))
        #expect(!catalog.contains("Au revoir"))
    }

    @Test("--strict refuses the mismatches, applies the rest and exits 1")
    func strict() throws {
        let result = try StringBridgeProcess.run(["import", "fr.xliff", "--strict"], in: folder)
        #expect(result.status == 1)
        let difference = Fixtures.compareGolden(
            Array(result.output.utf8), "xliff/import-units/expected/report-strict.txt")
        #expect(difference == nil, "\(difference ?? "")")
        #expect(
            result.error.hasPrefix(
                "fr.xliff:8:7: error: unit \"%lld of %@\" not applied: the target's placeholders differ from the "))
        #expect(
            result.error.hasSuffix(
                "error: --strict: 5 units not applied (1 unknown-id, 2 placeholder-mismatch, 2 "
                    + "unfinished-state)\n"))
        #expect(catalog.contains("\"value\" : \"Merci\""))
        #expect(catalog.contains("\"value\" : \"Bonjour %@\""))
        #expect(!catalog.contains("%@ sur %@"))
    }

    @Test("--strict with nothing to refuse exits 0")
    func strictClean() throws {
        let first = try StringBridgeProcess.run(
            ["import", "fr.xliff", "--accept-unfinished", "--accept-placeholder-mismatch"], in: folder)
        #expect(first.status == 0)
        var xliff = try String(contentsOf: folder.appendingPathComponent("fr.xliff"), encoding: .utf8)
        xliff = xliff.replacingOccurrences(
            of: "      <trans-unit id=\"Gone\" xml:space=\"preserve\">\n        <source>Gone</source>\n"
                + "        <target state=\"translated\">Parti</target>\n        <note/>\n      </trans-unit>\n",
            with: "")
        try xliff.write(to: folder.appendingPathComponent("fr.xliff"), atomically: true, encoding: .utf8)
        let result = try StringBridgeProcess.run(
            ["import", "fr.xliff", "--strict", "--accept-unfinished", "--accept-placeholder-mismatch"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output.hasPrefix(
                "Units.xcstrings [fr] -> Units.xcstrings: 0 units applied, 5 units unchanged, 0 units not applied\n"))
    }

    @Test("--dry-run says would apply and writes nothing; --verbose lists every unit")
    func dryRunVerbose() throws {
        let before = catalog
        let result = try StringBridgeProcess.run(
            ["import", "fr.xliff", "--dry-run", "--verbose", "--accept-placeholder-mismatch"], in: folder)
        #expect(result.status == 0)
        #expect(catalog == before)
        #expect(
            result.output == """
                Units.xcstrings [fr] -> Units.xcstrings: 3 units would apply, 0 units unchanged, 3 units not applied
                  fr.xliff:18:7: unknown-id: "Gone": no key of the catalog has this id (a catalog takes new keys from its \
                code, by sync, not from an import)
                  fr.xliff:13:7: unfinished-state: "Bye": the target's state is "needs-l10n", not finished, but its text is new (a \
                translation tool may have left the state as export wrote it): --accept-unfinished imports it
                  fr.xliff:28:7: unfinished-state: "Hello": the target's state is "needs-translation", not finished, but its text is new (a \
                translation tool may have left the state as export wrote it): --accept-unfinished imports it
                  fr.xliff:8:7: placeholder-mismatch: "%lld of %@": the target's placeholders differ from the source's: \
                argument 1 is an integer (%lld) in the source but an object (%@) here (would import)
                  fr.xliff:23:7: placeholder-mismatch: "Greeting %@": the target's placeholders differ from the source's: \
                argument 1 (%@) of the source is missing (would import)
                import: 3 units would apply, 0 units unchanged, 3 units not applied (1 unknown-id, 2 unfinished-state); \
                2 units with a placeholder mismatch; would change 1 file
                  would change: Units.xcstrings

                """)
        #expect(!result.output.contains(" applied,") || result.output.contains("not applied"))
    }

    @Test("The JSON report lists placeholder mismatches with their places, and the strict failures")
    func json() throws {
        let result = try StringBridgeProcess.run(
            ["import", "fr.xliff", "--report", "json", "--dry-run", "--accept-placeholder-mismatch"], in: folder)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(json["placeholderMismatches"] as? Int == 2)
        #expect(json["strictFailures"] as? Int == 3)
        let file = try #require((json["files"] as? [[String: Any]])?.first)
        let mismatches = try #require(file["appliedWithPlaceholderMismatch"] as? [[String: Any]])
        #expect(mismatches.map { $0["id"] as? String } == ["%lld of %@", "Greeting %@"])
        #expect(mismatches.map { $0["line"] as? Int } == [8, 23])
        #expect(mismatches.first?["reason"] as? String == "placeholder-mismatch")
        let skipped = try #require(file["skipped"] as? [[String: Any]])
        #expect(skipped.map { $0["reason"] as? String } == ["unknown-id", "unfinished-state", "unfinished-state"])
    }
}
