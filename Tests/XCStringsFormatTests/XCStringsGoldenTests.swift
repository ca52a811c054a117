import LocalizationCatalog
import TestSupport
import Testing

@testable import XCStringsFormat

/// Byte-for-byte goldens: catalogs in Xcode's layout come back unchanged, and other layouts are normalized.
@Suite("String Catalog goldens")
struct XCStringsGoldenTests {
    static let xcodeFormatted = Fixtures.names(in: "xcstrings/read", withExtension: "xcstrings")
    static let foreignLayouts = Fixtures.names(in: "xcstrings/write", withExtension: "input.json")

    @Test("Fixtures exist")
    func fixturesExist() {
        #expect(Self.xcodeFormatted.count >= 4)
        #expect(Self.foreignLayouts.count >= 1)
    }

    @Test("Xcode-formatted catalog is rewritten byte for byte", arguments: xcodeFormatted)
    func rewritesByteForByte(_ name: String) throws {
        let path = "xcstrings/read/\(name).xcstrings"
        let source = try Fixtures.source(path)
        var diagnostics = Diagnostics()
        let table = try XCStringsReader().read(source, options: ReadOptions(), diagnostics: &diagnostics)
        let output = XCStringsWriter().encode(table, diagnostics: &diagnostics)
        #expect(Fixtures.firstDifference(expected: source.bytes, actual: output) == nil)
        #expect(diagnostics.all.isEmpty)
    }

    @Test("Other layouts are normalized to Xcode's", arguments: foreignLayouts)
    func normalizes(_ name: String) throws {
        let source = try Fixtures.source("xcstrings/write/\(name).input.json")
        var diagnostics = Diagnostics()
        let table = try XCStringsReader().read(source, options: ReadOptions(), diagnostics: &diagnostics)
        let output = XCStringsWriter().encode(table, diagnostics: &diagnostics)
        #expect(Fixtures.compareGolden(output, "xcstrings/write/\(name).xcstrings") == nil)
    }

    @Test("Read, write, read gives the same model", arguments: xcodeFormatted)
    func roundTripsTheModel(_ name: String) throws {
        var diagnostics = Diagnostics()
        let first = try XCStringsReader().read(
            try Fixtures.source("xcstrings/read/\(name).xcstrings"), options: ReadOptions(), diagnostics: &diagnostics)
        let bytes = XCStringsWriter().encode(first, diagnostics: &diagnostics)
        let second = try XCStringsReader().read(
            SourceFile(path: "again.xcstrings", bytes: bytes), options: ReadOptions(), diagnostics: &diagnostics)
        var renamed = second
        renamed.name = first.name
        #expect(first == renamed, "the model changed in a write → read")
    }
}
