import LocalizationCatalog
import StringsDictFormat
import TestSupport
import Testing

/// Every `.stringsdict` the reader accepts (`Fixtures/stringsdict/read/`) reads as its `.dump` golden, with the
/// warnings of its `.diagnostics` golden when it has one.
@Suite("Stringsdict reader goldens")
struct StringsDictReaderGoldenTests {
    static let fixtures = Fixtures.names(in: "stringsdict/read", withExtension: "stringsdict")

    @Test("Fixtures exist")
    func fixturesExist() {
        #expect(Self.fixtures.count >= 15)
    }

    @Test("Fixture reads as its goldens", arguments: fixtures)
    func readsFixture(_ name: String) throws {
        let path = "stringsdict/read/\(name).stringsdict"
        var diagnostics = Diagnostics()
        let table = try StringsDictFixture.read(path, diagnostics: &diagnostics)
        let differences = ReaderGoldens.compare(table, diagnostics: diagnostics, fixture: path)
        #expect(differences.isEmpty, "\(differences)")
    }
}
