import LocalizationCatalog
import TestSupport
import Testing
import XCStringsFormat

/// Every String Catalog the reader accepts (`Fixtures/xcstrings/read/`) reads as its `.dump` golden, with the
/// warnings of its `.diagnostics` golden when it has one.
@Suite("String Catalog reader goldens")
struct XCStringsReaderGoldenTests {
    static let fixtures = Fixtures.names(in: "xcstrings/read", withExtension: "xcstrings")

    @Test("Fixtures exist")
    func fixturesExist() {
        #expect(Self.fixtures.count >= 4)
    }

    @Test("Fixture reads as its goldens", arguments: fixtures)
    func readsFixture(_ name: String) throws {
        let path = "xcstrings/read/\(name).xcstrings"
        var diagnostics = Diagnostics()
        let table = try XCStringsReader().read(
            try Fixtures.source(path), options: ReadOptions(), diagnostics: &diagnostics)
        let differences = ReaderGoldens.compare(table, diagnostics: diagnostics, fixture: path)
        #expect(differences.isEmpty, "\(differences)")
    }
}
