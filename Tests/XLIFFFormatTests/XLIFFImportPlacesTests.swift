import LocalizationCatalog
import TestSupport
import Testing
@_spi(XLIFFDocuments) import XLIFFFormat

/// The units of a document placed once (`XLIFFImport.catalogUnitPlaces`) and taken by the imports into catalogs with
/// the same keys (`roundtrip`'s two imports of each export) against each import placing them itself.
@Suite("XLIFF import: units placed once")
struct XLIFFImportPlacesTests {
    @Test("Places worked out once give the same reports and tables")
    func samePlans() {
        var tried = 0
        var skipped = 0
        XLIFFImportQuickLookTests.generatedImports(random: 11) { generated in
            var file = generated.file
            // Units that go nowhere (reported as skipped, in document order, before the others' outcomes).
            var unknown = file.units[0]
            unknown.id = "no such key"
            var unknownCase = file.units[0]
            unknownCase.id = "no such key|==|plural.one"
            file.units.insert(unknown, at: file.units.count / 2)
            file.units.append(unknownCase)
            let places = XLIFFImport.catalogUnitPlaces(file, in: generated.table)
            for (table, quickLook) in [(generated.table, true), (generated.stripped, false)] {
                let placed = XLIFFImport.plan(
                    file, for: table, kind: .catalog, options: XLIFFImport.Options(acceptUnfinished: true),
                    takesQuickLook: quickLook, places: places)
                let plain = XLIFFImport.plan(
                    file, for: table, kind: .catalog, options: XLIFFImport.Options(acceptUnfinished: true),
                    takesQuickLook: quickLook)
                #expect(placed.report == plain.report, "\(generated.label)")
                var placedTable = table
                placed.apply(to: &placedTable)
                var plainTable = table
                plain.apply(to: &plainTable)
                #expect(placedTable == plainTable, "\(generated.label)")
                tried += 1
                skipped += placed.report.skipped.count
            }
            // A table with other keys (one more, or as many with one renamed) does not take them: it places the
            // units itself.
            var longer = generated.table
            longer.entries["another key"] = CatalogEntry(localizations: [:])
            var renamed = StringTable(name: generated.table.name, sourceLanguage: generated.table.sourceLanguage)
            for position in generated.table.entries.indices {
                let key = generated.table.entries.key(at: position)
                renamed.entries[position == 0 ? key + " renamed" : key] = generated.table.entries[valueAt: position]
            }
            for other in [longer, renamed] {
                let otherPlaced = XLIFFImport.plan(file, for: other, kind: .catalog, places: places)
                #expect(otherPlaced.report == XLIFFImport.plan(file, for: other, kind: .catalog).report)
            }
        }
        #expect(tried > 100 && skipped > 2 * tried)
    }
}
