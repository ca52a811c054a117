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

    @Test(
        "Invalid UTF-8 in a string is refused at its first bad byte, also where the replacement would be as long",
        arguments: [
            ([0xF0, 0x9F, 0x98], 9),  // a truncated 4-byte sequence: one U+FFFD, three bytes like the input
            ([0xC3], 9), ([0xE9, 0x74, 0xE9], 9), ([0x61, 0xED, 0xA0, 0x80], 10), ([0xC3, 0xA9, 0xFF], 10),
        ] as [([UInt8], Int)])
    func invalidUTF8(_ bad: [UInt8], column: Int) throws {
        let bytes = Array("{\n\"x\" : \"a".utf8) + bad + Array("b\"\n}".utf8)
        var diagnostics = Diagnostics()
        #expect {
            try XCStringsReader().read(
                SourceFile(path: "t.xcstrings", bytes: bytes), options: ReadOptions(), diagnostics: &diagnostics)
        } throws: { error in
            (error as? ConversionError)?.description == "t.xcstrings:2:\(column): error: invalid UTF-8"
        }
    }

    @Test("Every invalid fixture has an expected diagnostic")
    func everyFixtureHasDiagnostics() {
        #expect(Self.invalid.count >= 15)
        #expect(Fixtures.names(in: "xcstrings/invalid", withExtension: "diagnostics") == Self.invalid)
    }

    @Test("Deep nesting is refused, not a crash")
    func deepNesting() throws {
        let bytes =
            Array(#"{"sourceLanguage":"en","strings":{},"x":"#.utf8)
            + [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        var diagnostics = Diagnostics()
        #expect(throws: ConversionError.self) {
            _ = try XCStringsReader().read(
                SourceFile(path: "deep.xcstrings", bytes: bytes), options: ReadOptions(),
                diagnostics: &diagnostics)
        }
        do {
            _ = try XCStringsReader().read(
                SourceFile(path: "deep.xcstrings", bytes: bytes), options: ReadOptions(),
                diagnostics: &diagnostics)
        } catch let error as ConversionError {
            #expect(error.description == "deep.xcstrings:1:552: error: nesting is deeper than 512 levels")
        }
    }

    @Test("Truncated catalogs are refused at every length")
    func truncation() throws {
        let bytes = try Fixtures.bytes("xcstrings/read/version-1.2.xcstrings")
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

extension XCStringsDiagnosticsTests {
    @Test("A value with a 20-digit position is read as it is")
    func hugePositionIsText() throws {
        let value = "%99999999999999999999$#@a@"
        let json =
            #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"#
            + #""\#(value)"},"substitutions":{"a":{"formatSpecifier":"d"}}}}}},"version":"1.0"}"#
        var diagnostics = Diagnostics()
        let table = try XCStringsReader().read(
            SourceFile(path: "k.xcstrings", bytes: Array(json.utf8)), options: ReadOptions(), diagnostics: &diagnostics)
        #expect(table.entries["k"]?.localizations?["en"]?.stringUnit?.value == value)
        #expect(diagnostics.all.isEmpty)
    }
}
