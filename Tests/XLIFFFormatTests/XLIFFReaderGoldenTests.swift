import Foundation
import LocalizationCatalog
import TestSupport
import Testing
@_spi(XLIFFDocuments) import XLIFFFormat

/// What `XLIFFReader` (the catalog reader: one `<file>` into one table) makes of every document in
/// `Fixtures/xliff/read/`: a document of one `<file>` reads as its `.dump` golden, with the warnings of its
/// `.diagnostics` golden when it has one; a document of several `<file>` elements (what `import` reads) is refused,
/// and has no `.dump`.
@Suite("XLIFF reader goldens")
struct XLIFFReaderGoldenTests {
    static let fixtures = XLIFFDocumentFixtures.valid

    /// The number of `<file>` elements of the fixture, as the document reader sees them.
    static func fileCount(_ name: String) throws -> Int {
        var diagnostics = Diagnostics()
        return try XLIFFDocumentFixtures.read(name, diagnostics: &diagnostics).files.count
    }

    @Test("Fixtures exist, most of them of one <file>")
    func fixturesExist() throws {
        #expect(Self.fixtures.count >= 10)
        #expect(try Self.fixtures.filter { try Self.fileCount($0) == 1 }.count >= 8)
    }

    @Test("Fixture reads as its goldens, or is refused when it has several <file> elements", arguments: fixtures)
    func readsFixture(_ name: String) throws {
        let path = "\(XLIFFDocumentFixtures.folder)/\(name).xliff"
        let count = try Self.fileCount(name)
        var diagnostics = Diagnostics()
        let result = Result {
            try XLIFFReader().read(try Fixtures.source(path), options: ReadOptions(), diagnostics: &diagnostics)
        }
        switch result {
        case .success(let table):
            #expect(count == 1)
            let differences = ReaderGoldens.compare(table, diagnostics: diagnostics, fixture: path)
            #expect(differences.isEmpty, "\(differences)")
        case .failure(let error):
            #expect(count != 1, "\(error)")
            #expect(
                "\(error)"
                    == "\(path): error: the document has \(count) <file> elements; convert reads exactly one table "
                    + "(use import for several)")
            let dump = Fixtures.url("\(XLIFFDocumentFixtures.folder)/\(name).dump")
            #expect(!FileManager.default.fileExists(atPath: dump.path), "\(name).dump belongs to no table")
        }
    }
}
