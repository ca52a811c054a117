import LocalizationCatalog
import Testing
@_spi(XLIFFDocuments) import XLIFFFormat

/// Shapes Xcode's compiler refuses, or Xcode's XLIFF loses data of, are said by export, naming the key.
@Suite("XLIFF export of shapes Xcode refuses")
struct XLIFFExportShapeTests {
    typealias F = XLIFFMappingFixtures

    static var table: StringTable {
        var entries = OrderedMap<CatalogEntry>()
        entries["Plain"] = F.entry([("en", Localization("Plain")), ("fr", Localization("Simple"))])
        // plural.one → device: Xcode's compiler refuses it, and the device cases cannot be said by an XLIFF id.
        entries["%lld nested"] = F.entry([
            ("en", Localization(variations: F.plural([("one", "%lld item"), ("other", "%lld items")]))),
            (
                "fr",
                Localization(
                    variations: Variations(plural: [
                        "one": Localization(
                            variations: Variations(device: [
                                "iphone": Localization("%lld élément (iPhone)"), "other": Localization("%lld élément"),
                            ])),
                        "other": Localization("%lld éléments"),
                    ]))
            ),
        ])
        var mixed = Localization(stringUnit: StringUnit("Text"))
        mixed.variations = F.plural([("one", "One text"), ("other", "Texts")])
        entries["Mixed"] = F.entry([("en", mixed), ("fr", Localization("Texte"))])
        return StringTable(name: "Localizable", sourceLanguage: "en", version: "1.0", entries: entries)
    }

    static let expected = [
        "App/Localizable.xcstrings: warning: key \"%lld nested\" (fr): plural.one: a plural case holds variations; "
            + "Xcode's compiler refuses it; what XLIFF ids cannot say there is not exported",
        "App/Localizable.xcstrings: warning: key \"Mixed\" (en): a stringUnit and variations side by side; Xcode's "
            + "XLIFF export and import lose one of them",
    ]

    @Test("A plural case holding device variations is not dropped silently; a string beside variations is said")
    func warnings() {
        let (file, diagnostics) = F.export(Self.table, .catalog, "fr")
        #expect(diagnostics.all.map(\.description) == Self.expected)
        // The plain entry is exported as ever.
        #expect(file.units.first { $0.id == "Plain" }?.target == "Simple")
    }

    @Test("The prepared catalog export says the same")
    func streamed() {
        let catalog = XLIFFCatalogExport(table: Self.table, original: "App/Localizable.xcstrings")
        var diagnostics = Diagnostics()
        var stream = XLIFFDocumentStream()
        stream.writeCatalog(catalog, targetLanguage: "fr", tool: nil, diagnostics: &diagnostics)
        _ = stream.finish()
        #expect(diagnostics.all.map(\.description) == Self.expected)
    }
}
