import CodeGeneration
import Foundation
import LocalizationCatalog
import TestSupport
import Testing

/// Generated files compared byte for byte with goldens derived from the rules of `docs/generate.md`, for the
/// catalogs of `Fixtures/generate/catalogs`, with the warnings for the keys that get no symbol.
@Suite("generate: files")
struct GeneratedFileTests {
    static let catalogs = "generate/catalogs"

    /// The file and the printed warnings for `Fixtures/generate/catalogs/<name>`.
    static func generate(_ name: String, _ generator: AccessorGenerator) throws -> (
        file: AccessorGenerator.GeneratedFile, warnings: String
    ) {
        let path = "\(catalogs)/\(name)"
        var diagnostics = Diagnostics()
        let source = SourceFile(path: path, bytes: try Fixtures.bytes(path))
        let table = try AccessorGenerator.readCatalog(source, diagnostics: &diagnostics)
        let file = try generator.generate(table, path: path, diagnostics: &diagnostics)
        return (file, diagnostics.all.map { "\($0)\n" }.joined())
    }

    @Test(
        "each flavour of each fixture equals its golden, warnings included",
        arguments: [
            ("Localizable.xcstrings", "xcode", AccessorGenerator(flavor: .xcode)),
            ("Shop.xcstrings", "xcode", AccessorGenerator(flavor: .xcode)),
            ("Shop.xcstrings", "xcode-26.1", AccessorGenerator(flavor: .xcode, preamble: .legacy)),
            ("Localizable.xcstrings", "runtime", AccessorGenerator(flavor: .runtime)),
            ("Shop.xcstrings", "runtime", AccessorGenerator(flavor: .runtime)),
        ])
    func goldens(catalog: String, folder: String, generator: AccessorGenerator) throws {
        let (file, warnings) = try Self.generate(catalog, generator)
        let golden = "generate/expected/\(folder)/\(file.name)"
        if let difference = Fixtures.compareGolden(file.bytes, golden) { Issue.record("\(golden): \(difference)") }
        let table = catalog.replacingOccurrences(of: ".xcstrings", with: "")
        let warningsGolden = "generate/expected/\(folder)/\(table).warnings"
        if let difference = Fixtures.compareGolden(Array(warnings.utf8), warningsGolden) {
            Issue.record("\(warningsGolden): \(difference)")
        }
    }

    @Test("which keys get a symbol: manual ones without generatesSymbol false, nothing else")
    func selection() throws {
        let (file, warnings) = try Self.generate("Localizable.xcstrings", AccessorGenerator(flavor: .xcode))
        let text = String(decoding: file.bytes, as: UTF8.self)
        for skipped in ["Extracted by Xcode", "Stale", "Migrated", "hidden"] {
            #expect(!text.contains("key “\(skipped)”"), "\(skipped)")
            #expect(!warnings.contains("\"\(skipped)\""), "\(skipped) is skipped silently, as Xcode does")
        }
        // `Adults` and `adults` (`%lld adults`) make one name with other parameters: Swift overloads.
        #expect(text.contains("static var adults:"))
        #expect(text.contains("static func adults(_ arg1: Int) -> LocalizedStringResource"))
        #expect(!warnings.contains("\"adults\""))
        #expect(text.hasSuffix("    }\n}"), "no final newline, as Xcode writes")
    }

    @Test("a table name that makes no type name is an error at the catalog, for the namespace and the runtime")
    func tableName() throws {
        var table = StringTable(name: "My Table", sourceLanguage: "en")
        table.entries = ["a": CatalogEntry(extractionState: .manual)]
        for flavor in [AccessorGenerator.Flavor.xcode, .runtime] {
            var diagnostics = Diagnostics()
            #expect(throws: ConversionError.self) {
                try AccessorGenerator(flavor: flavor).generate(
                    table, path: "x/My Table.xcstrings", diagnostics: &diagnostics)
            }
        }
        table.name = "Localizable"
        var diagnostics = Diagnostics()
        let file = try AccessorGenerator(flavor: .xcode).generate(table, path: "x.xcstrings", diagnostics: &diagnostics)
        #expect(file.name == "GeneratedStringSymbols_Localizable.swift")
    }
}
