import Foundation
import LocalizationCatalog
import LocalizationConverter
import StringsFormat
import TestSupport
import Testing

/// `roundtrip --via xliff` on a legacy project: every translation file goes through its language's XLIFF as
/// `export` and `import` take it (issue 31, item 14: before, such a project got "0 tables, 0 trips" and passed).
@Suite("Round trips of legacy tables through XLIFF")
struct LegacyXLIFFTests {
    static let project = "roundtrip/legacy-xliff/App"

    /// A `.strings` writer that leaves out the last entry of every file: what it writes loses a key.
    struct EntryDroppingWriter: CatalogWriter {
        func write(_ table: StringTable, options: WriteOptions, diagnostics: inout Diagnostics) throws -> [OutputFile] {
            var shortened = table
            if let last = table.entries.keys.last { shortened.entries.removeValue(forKey: last) }
            return try StringsWriter().write(shortened, options: options, diagnostics: &diagnostics)
        }
    }

    @Test("Each translation file of each half of the table makes a trip, and the real formats lose nothing")
    func tripsOfALegacyProject() throws {
        let path = Fixtures.url(Self.project).path
        let report = try RoundTrip().run([path], options: RoundTrip.Options(vias: [.xliff]))
        let trips = report.tables.flatMap(\.trips)
        #expect(
            trips == [
                "strings → xliff (de) → strings", "strings → xliff (ru) → strings",
                "stringsdict → xliff (de) → stringsdict", "stringsdict → xliff (ru) → stringsdict",
            ])
        #expect(report.tripCount == 4)
        #expect(!report.hasLosses, "\(report.text)")
        #expect(report.isClean)
        // A key only the translation has is exported with the key as its source, and comes back.
        #expect(!report.differences.contains { $0.key == "only in german" })
        // What XLIFF does not carry by its nature is expected, with the reason, at the key in the translation.
        let few = report.differences.first { $0.path == "substitutions.files.plural.few" }
        #expect(few?.language == "de")
        #expect(few?.isExpected == true)
        #expect(few?.reason?.contains("plural categories the language uses") == true)
        #expect(few?.location?.path.hasSuffix("App/de.lproj/Localizable.stringsdict") == true)
        #expect((few?.location?.line ?? 1) > 1)
        #expect(report.differences.filter { $0.language == "ru" }.isEmpty, "\(report.text)")
    }

    @Test("A writer that drops an entry makes the trip fail, naming the key and the language")
    func lossIsCaught() throws {
        let standard = FormatRegistry.standard
        let broken = FormatRegistry(
            standard.formats.map { format in
                guard format.name == "strings" else { return format }
                var broken = format
                broken.writer = EntryDroppingWriter()
                broken.editor = nil
                return broken
            })
        let report = try RoundTrip(registry: broken).run(
            [Fixtures.url(Self.project).path], options: RoundTrip.Options(vias: [.xliff]))
        // The last key of each new translation file: German's own key (exported with the key as its source), and
        // the last Russian one.
        let losses = report.losses.filter { $0.trip.hasPrefix("strings → xliff") }
        #expect(losses.map(\.key) == ["only in german", "saved %@"], "\(report.text)")
        #expect(losses.map(\.trip) == ["strings → xliff (de) → strings", "strings → xliff (ru) → strings"])
        #expect(losses.allSatisfy { $0.aspect == .missingKey && $0.expected == "present" && $0.actual == nil })
    }

    @Test("A table with no translation makes no XLIFF trip, and a report that tried nothing is not clean")
    func nothingTried() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("no-trip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("\"greeting\" = \"Hello\";\n".utf8).write(
            to: folder.appendingPathComponent("en.lproj/Localizable.strings"))
        let report = try RoundTrip().run([folder.path], options: RoundTrip.Options(vias: [.xliff]))
        #expect(report.tripCount == 0)
        #expect(!report.isClean)
        #expect(String(decoding: report.json, as: UTF8.self).contains("\"ok\" : false"))
        let same = try RoundTrip().run([folder.path], options: RoundTrip.Options(vias: [.same]))
        #expect(same.tripCount == 1)
        #expect(same.isClean)
    }
}
