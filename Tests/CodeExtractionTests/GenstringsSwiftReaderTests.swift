import Foundation
import LocalizationCatalog
import TestSupport
import Testing

@testable import CodeExtraction

/// Swift read as genstrings reads it, for an export of a target without `SWIFT_EMIT_LOC_STRINGS`.
@Suite("Swift read as genstrings reads it")
struct GenstringsSwiftReaderTests {
    @Test("Comments read as code, \\( kept as (, literals anywhere inside Text(…), macro names, tables and values")
    func golden() throws {
        try checkGolden(
            "swift-genstrings/Reading.swift", with: GenstringsSwiftReader(macroNames: ["AppString"]))
    }

    @Test("Without LOCALIZED_STRING_SWIFTUI_SUPPORT only the calls are read")
    func withoutTextLiterals() throws {
        let (strings, _) = try extract(
            "swift-genstrings/Reading.swift", with: GenstringsSwiftReader(readsTextLiterals: false))
        #expect(strings.map(\.key) == ["In a block comment", "Call", "%1@%2@"])
    }

    @Test("Deeply nested Text calls are read in linear time, each literal once")
    func nesting() {
        let depth = 100_000
        let text =
            String(repeating: "Text(", count: depth) + "\"Deep\"" + String(repeating: ")", count: depth)
            + String(repeating: "NSLocalizedString(", count: depth)
        var diagnostics = Diagnostics()
        let strings = GenstringsSwiftReader().strings(
            in: [CodeFile(path: "Deep.swift", text: text)], diagnostics: &diagnostics)
        #expect(strings.map(\.key) == ["Deep"])
        #expect(diagnostics.all.isEmpty)
    }

    @Test("Every prefix of a file is read without a trap, and the strings of a prefix are at most the file's")
    func prefixes() throws {
        let bytes = try Fixtures.bytes("code/swift-genstrings/Reading.swift")
        let reader = GenstringsSwiftReader(macroNames: ["AppString"])
        var diagnostics = Diagnostics()
        let whole = reader.strings(
            in: [CodeFile(path: "R.swift", text: String(decoding: bytes, as: UTF8.self))], diagnostics: &diagnostics)
        let failing = Fixtures.firstPrefixFailing(bytes) { prefix in
            var ignored = Diagnostics()
            let found = reader.strings(
                in: [CodeFile(path: "R.swift", text: String(decoding: prefix, as: UTF8.self))], diagnostics: &ignored)
            return found.count <= whole.count + 2
        }
        #expect(failing == nil)
    }

    @Test("Positional values as genstrings writes them: %1@ gets its $")
    func positional() {
        #expect(PositionalSpecifiers.numbered("%1@%2@") == "%1$@%2$@")
        #expect(PositionalSpecifiers.numbered("%2@ before %1@") == "%2$@ before %1$@")
        #expect(PositionalSpecifiers.numbered("%1@") == nil)
    }
}
