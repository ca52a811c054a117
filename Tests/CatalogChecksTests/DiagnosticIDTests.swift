import LocalizationCatalog
import Testing

@testable import CatalogChecks

/// `check` turns readers' diagnostics into findings by their ``DiagnosticID``, never by their wording: a message
/// reworded (here, into words that share nothing with the readers' own) maps to the same rule and key.
@Suite("Diagnostic ids")
struct DiagnosticIDTests {
    @Test func readErrorsMapByID() {
        let reworded = Diagnostic(
            .error, "«Hello, \"world\"» appears twice", at: FileLocation(path: "a.xcstrings", line: 7, column: 5)
        ).identified(.duplicateKey, key: "Hello, \"world\"\n")
        let other = Diagnostic(.error, "duplicate key \"Hello\" (no id: not a duplicate finding)", path: "a.xcstrings")
        var result = CatalogCheck.UnitResult()
        CatalogCheck.readFailure(ConversionError([reworded, other]), path: "a.xcstrings", table: "T", into: &result)
        #expect(result.findings.map(\.rule) == [.duplicateKey, .invalidFile])
        #expect(result.findings.map(\.key) == ["Hello, \"world\"\n", ""])
        #expect(result.findings.map(\.line) == [7, 1])
        #expect(result.findings[0].message == reworded.message)
    }

    @Test func readerWarningsMapByID() {
        var diagnostics = Diagnostics()
        diagnostics.append(
            Diagnostic(.warning, "a key came back", at: FileLocation(path: "en.lproj/T.strings", line: 3, column: 1))
                .identified(.duplicateKey, key: "k"))
        diagnostics.append(Diagnostic(.warning, "\\u is not an escape in .strings files (no id)", path: "x"))
        var result = CatalogCheck.UnitResult()
        CatalogCheck.readerFindings(diagnostics, path: "en.lproj/T.strings", table: "T", language: "en", into: &result)
        #expect(result.findings.map(\.rule) == [.duplicateKey])
        #expect(result.findings.map(\.key) == ["k"])
    }
}
