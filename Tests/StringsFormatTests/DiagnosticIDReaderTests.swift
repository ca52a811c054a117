import LocalizationCatalog
import StringsFormat
import Testing

/// The readers name what their diagnostics are about (``DiagnosticID``), which `check` maps to rules.
@Suite("Readers' diagnostic ids")
struct DiagnosticIDReaderTests {
    @Test func stringsDuplicateAndEscape() throws {
        var diagnostics = Diagnostics()
        _ = try StringsReader().read(
            SourceFile(path: "en.lproj/T.strings", bytes: Array("\"k\" = \"a\";\n\"k\" = \"b \\u00e9\";\n".utf8)),
            options: ReadOptions(language: "en"), diagnostics: &diagnostics)
        #expect(diagnostics.all.map(\.id) == [.lowercaseUnicodeEscape, .duplicateKey])
        #expect(diagnostics.all.map(\.key) == [nil, "k"])
    }
}
