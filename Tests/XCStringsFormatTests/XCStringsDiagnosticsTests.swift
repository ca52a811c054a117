import LocalizationCatalog
import TestSupport
import Testing
@testable import XCStringsFormat

/// Invalid catalogs are refused with exact `path:line:column: error:` diagnostics.
@Suite("String Catalog diagnostics")
struct XCStringsDiagnosticsTests {
    static let invalid = Fixtures.names(in: "xcstrings/invalid", withExtension: "xcstrings")

    @Test("Invalid catalog gives its exact diagnostic", arguments: invalid)
    func diagnoses(_ name: String) throws {
        let path = "xcstrings/invalid/\(name).xcstrings"
        let expected = String(decoding: try Fixtures.bytes("xcstrings/invalid/\(name).diagnostics"), as: UTF8.self)
        var diagnostics = Diagnostics()
        do {
            _ = try XCStringsReader().read(try Fixtures.source(path), options: ReadOptions(), diagnostics: &diagnostics)
            Issue.record("\(name) was accepted")
        } catch let error as ConversionError {
            #expect(error.description + "\n" == expected)
        }
    }

    @Test("Every invalid fixture has an expected diagnostic")
    func everyFixtureHasDiagnostics() {
        #expect(Self.invalid.count >= 15)
        #expect(Fixtures.names(in: "xcstrings/invalid", withExtension: "diagnostics") == Self.invalid)
    }

    @Test("Deep nesting is refused, not a crash")
    func deepNesting() throws {
        let bytes = Array(#"{"sourceLanguage":"en","strings":{},"x":"#.utf8)
            + [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        var diagnostics = Diagnostics()
        #expect(throws: ConversionError.self) {
            _ = try XCStringsReader().read(SourceFile(path: "deep.xcstrings", bytes: bytes), options: ReadOptions(),
                diagnostics: &diagnostics)
        }
        do {
            _ = try XCStringsReader().read(SourceFile(path: "deep.xcstrings", bytes: bytes), options: ReadOptions(),
                diagnostics: &diagnostics)
        } catch let error as ConversionError {
            #expect(error.description == "deep.xcstrings:1:552: error: nesting is deeper than 512 levels")
        }
    }

    @Test("Truncated catalogs are refused at every length")
    func truncation() throws {
        let bytes = try Fixtures.bytes("xcstrings/version-1.2.xcstrings")
        for length in stride(from: 0, to: bytes.count - 1, by: 7) {
            var diagnostics = Diagnostics()
            #expect(throws: ConversionError.self) {
                _ = try XCStringsReader().read(
                    SourceFile(path: "t.xcstrings", bytes: Array(bytes[..<length])), options: ReadOptions(),
                    diagnostics: &diagnostics)
            }
        }
    }
}
