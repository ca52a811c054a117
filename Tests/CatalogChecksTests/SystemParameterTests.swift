import LocalizationCatalog
import Testing

@testable import CatalogChecks

/// The parameters Siri and Shortcuts fill (`${content}`): `pseudo` keeps them, `check` compares them (issue 31,
/// item 11).
@Suite("Parameters the system fills")
struct SystemParameterTests {
    @Test func pseudoKeepsThem() {
        func accented(_ text: String) -> String {
            Pseudolocalization.transform(text, styles: [.accented], expansion: 0)
        }
        #expect(accented("content") != "content")
        #expect(
            accented("Search ${content} in ${applicationName}")
                == accented("Search ") + "${content}" + accented(" in ") + "${applicationName}")
        // Not parameters (no name, or other characters in it): text.
        #expect(accented("${a-b}") == "${" + accented("a-b") + "}")
        #expect(accented("${}") == "${}")
        // Next to format specifiers.
        #expect(accented("%@${content}%d") == "%@${content}%d")
    }

    @Test func comparedByName() {
        #expect(
            SystemParameters.names(in: "Open ${applicationName} with ${content}") == ["applicationName", "content"])
        #expect(
            FormatArgumentComparison.compare(source: "Search ${content}", translation: "Suche ${inhalt}") == [
                .parameterMissing("content"), .parameterAdded("inhalt"),
            ])
        #expect(FormatArgumentComparison.compare(source: "Search ${content}", translation: "${content} suchen").isEmpty)
        // Counted: one used twice in the source must be there twice.
        #expect(
            FormatArgumentComparison.compare(source: "${a} and ${a}", translation: "${a}") == [.parameterMissing("a")])
        // With format arguments too.
        #expect(
            FormatArgumentComparison.compare(source: "%lld ${content}", translation: "%@ ${content}").map(\.description)
                == ["argument 1 is an integer (%lld) in the source but an object (%@) here"])
    }
}
