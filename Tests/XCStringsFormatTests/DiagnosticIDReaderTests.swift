import LocalizationCatalog
import Testing
import XCStringsFormat

/// The catalog reader names what its diagnostics are about (``DiagnosticID``), which `check` maps to rules.
@Suite("Catalog reader's diagnostic ids")
struct CatalogDiagnosticIDTests {
    @Test func catalogDuplicate() {
        let json = #"{"sourceLanguage":"en","strings":{"a\n":{},"a\n":{}},"version":"1.0"}"#
        var diagnostics = Diagnostics()
        #expect {
            _ = try XCStringsReader().read(
                SourceFile(path: "L.xcstrings", bytes: Array(json.utf8)), options: ReadOptions(),
                diagnostics: &diagnostics)
        } throws: { error in
            let diagnostic = (error as? ConversionError)?.diagnostics.first
            return diagnostic?.id == .duplicateKey && diagnostic?.key == "a\n"
        }
    }
}
