import LocalizationCatalog
import Testing
@_spi(XLIFFDocuments) import XLIFFFormat

/// What happens to each unit on import: unfinished states, `x-` states, placeholder checks, mixed shapes.
@Suite("XLIFF import, unit by unit")
struct XLIFFImportUnitTests {
    typealias F = XLIFFMappingFixtures

    /// A small catalog: plain strings with and without placeholders, a plural, a substitution, a mixed shape.
    static var table: StringTable {
        var entries = OrderedMap<CatalogEntry>()
        entries["Hello"] = F.entry([("en", Localization("Hello")), ("fr", Localization("Bonjour"))])
        entries["Greeting %@"] = F.entry([("en", Localization("Hello %@")), ("fr", Localization("Bonjour %@"))])
        entries["%lld of %@"] = F.entry([("en", Localization("%lld of %@")), ("fr", Localization("%lld sur %@"))])
        entries["Progress"] = F.entry([("en", Localization("%1$@ at %2$lld%%"))])
        entries["Empty state"] = F.entry([("fr", Localization("Vide", state: ""))])
        entries["Future state"] = F.entry([("fr", Localization("Futur", state: "future_state"))])
        entries["%lld items"] = F.entry([
            ("en", Localization(variations: F.plural([("one", "%lld item"), ("other", "%lld items")])))
        ])
        let birds = Substitution(
            argNum: 1, formatSpecifier: "lld", variations: F.plural([("one", "%arg bird"), ("other", "%arg birds")]))
        entries["Birds"] = F.entry([
            ("en", Localization(stringUnit: StringUnit("Birds: %#@BIRDS@"), substitutions: ["BIRDS": birds]))
        ])
        var mixed = Localization(stringUnit: StringUnit("Texte"))
        mixed.variations = F.plural([("one", "Un texte"), ("other", "Des textes")])
        entries["Mixed"] = F.entry([("en", Localization("Text")), ("fr", mixed)])
        return StringTable(name: "Localizable", sourceLanguage: "en", version: "1.0", entries: entries)
    }

    /// The French export of ``table`` with `change` applied, written and read back (so units have locations).
    func exported(_ change: (inout [XLIFFUnit]) -> Void) throws -> XLIFFFile {
        var file = F.export(Self.table, .catalog, "fr").file
        change(&file.units)
        var diagnostics = Diagnostics()
        let document = try XLIFFDocumentReader().read(F.bytes(file), path: "fr.xliff", diagnostics: &diagnostics)
        return document.files[0]
    }

    func set(_ units: inout [XLIFFUnit], _ id: String, target: String?, state: String? = "translated") {
        guard let index = units.firstIndex(where: { $0.id == id }) else {
            Issue.record("no unit \(id)")
            return
        }
        units[index].target = target
        units[index].state = state
    }

    func fr(_ table: StringTable, _ key: String) -> Localization? {
        table.entries[key]?.localizations?["fr"]
    }

    // MARK: - States

    @Test("needs-translation, needs-l10n and needs-adaptation are unfinished: skipped, or new with acceptUnfinished")
    func unfinishedStatesOfXLIFF12() throws {
        let file = try exported { units in
            set(&units, "Hello", target: "Salut", state: "needs-translation")
            set(&units, "Greeting %@", target: "Salut %@", state: "needs-l10n")
            set(&units, "%lld of %@", target: "%lld de %@", state: "needs-adaptation")
        }
        var table = Self.table
        let report = XLIFFImport.apply(file, to: &table, kind: .catalog)
        #expect(table == Self.table)
        #expect(report.applied == 0)
        #expect(
            Set(report.skipped.filter { $0.reason != .noTarget }.map(\.reason.description)) == [
                "the target's state is \"needs-translation\", not finished, but its text is new (a translation tool may have left the state as export wrote it): --accept-unfinished imports it",
                "the target's state is \"needs-l10n\", not finished, but its text is new (a translation tool may have left the state as export wrote it): --accept-unfinished imports it",
                "the target's state is \"needs-adaptation\", not finished, but its text is new (a translation tool may have left the state as export wrote it): --accept-unfinished imports it",
            ])
        var accepting = Self.table
        let accepted = XLIFFImport.apply(file, to: &accepting, kind: .catalog, options: .init(acceptUnfinished: true))
        #expect(accepted.applied == 3)
        #expect(fr(accepting, "Hello")?.stringUnit == StringUnit("Salut", state: .new))
        #expect(fr(accepting, "Greeting %@")?.stringUnit == StringUnit("Salut %@", state: .new))
        #expect(fr(accepting, "%lld of %@")?.stringUnit == StringUnit("%lld de %@", state: .new))
    }

    @Test("A translation tool's x-custom state imports as translated, never as a catalog state custom")
    func foreignExtensionState() throws {
        let file = try exported { units in
            set(&units, "Hello", target: "Salut", state: "x-custom")
            set(&units, "Future state", target: "Avenir", state: "x-custom")
        }
        var table = Self.table
        _ = XLIFFImport.apply(file, to: &table, kind: .catalog)
        #expect(fr(table, "Hello")?.stringUnit == StringUnit("Salut", state: .translated))
        #expect(fr(table, "Future state")?.stringUnit == StringUnit("Avenir", state: .translated))
    }

    @Test("A state this version does not know, or an empty one, exported as x-STATE, comes back as it was")
    func extensionStatesRoundTrip() throws {
        let plain = F.export(Self.table, .catalog, "fr").file
        #expect(plain.units.first { $0.id == "Empty state" }?.state == "x-")
        #expect(plain.units.first { $0.id == "Future state" }?.state == "x-future_state")
        // The translator changes the texts and leaves the states alone.
        let file = try exported { units in
            set(&units, "Empty state", target: "Rien", state: "x-")
            set(&units, "Future state", target: "Demain", state: "x-future_state")
        }
        var table = Self.table
        let report = XLIFFImport.apply(file, to: &table, kind: .catalog)
        #expect(report.applied == 2)
        #expect(fr(table, "Empty state")?.stringUnit == StringUnit("Rien", state: ""))
        #expect(fr(table, "Future state")?.stringUnit == StringUnit("Demain", state: "future_state"))
    }

    @Test("Export and import read one state table: every catalog state survives the round trip")
    func stateTableBothWays() {
        for state: TranslationState in [.translated, .needsReview, .new, .machineTranslated, "", "future_state"] {
            let xliff = XLIFFExport.xliffState(for: state)
            let back = XLIFFImport.catalogState(
                state: xliff.state, qualifier: xliff.qualifier, acceptUnfinished: true, current: state)
            #expect(back == state, "\(state)")
        }
        #expect(
            XLIFFImport.catalogState(state: "x-", qualifier: nil, acceptUnfinished: false, current: "new")
                == .translated)
        #expect(
            XLIFFImport.catalogState(state: "x-new", qualifier: nil, acceptUnfinished: false, current: .new)
                == .translated)
    }

    // MARK: - Placeholders

    @Test("A target that drops a %@ or reads %lld as %@ is applied with a warning at the unit's place")
    func placeholderMismatchWarns() throws {
        let file = try exported { units in
            set(&units, "Greeting %@", target: "Bonjour")
            set(&units, "%lld of %@", target: "%@ sur %@")
        }
        var table = Self.table
        let report = XLIFFImport.apply(file, to: &table, kind: .catalog)
        #expect(report.applied == 2)
        #expect(fr(table, "Greeting %@")?.stringUnit?.value == "Bonjour")
        // In file order (Xcode's key order).
        #expect(report.appliedWithPlaceholderMismatch.map(\.id) == ["%lld of %@", "Greeting %@"])
        let warnings = report.placeholderWarnings().map(\.description)
        let greeting = try #require(file.units.first { $0.id == "Greeting %@" }?.location)
        let count = try #require(file.units.first { $0.id == "%lld of %@" }?.location)
        #expect(
            warnings == [
                "fr.xliff:\(count.line):\(count.column): warning: unit \"%lld of %@\": the target's "
                    + "placeholders differ from the source's: argument 1 is an integer (%lld) in the source but an object "
                    + "(%@) here",
                "fr.xliff:\(greeting.line):\(greeting.column): warning: unit \"Greeting %@\": the target's "
                    + "placeholders differ from the source's: argument 1 (%@) of the source is missing",
            ])
        #expect(report.skipped.allSatisfy { $0.reason == .noTarget })
    }

    @Test("With refusesPlaceholderMismatch a mismatching target is not applied, and reported")
    func placeholderMismatchRefused() throws {
        let file = try exported { units in
            set(&units, "Greeting %@", target: "Bonjour")
            set(&units, "Hello", target: "Salut")
        }
        var table = Self.table
        let report = XLIFFImport.apply(
            file, to: &table, kind: .catalog, options: .init(refusesPlaceholderMismatch: true))
        #expect(report.applied == 1)
        #expect(fr(table, "Greeting %@")?.stringUnit?.value == "Bonjour %@")
        #expect(fr(table, "Hello")?.stringUnit?.value == "Salut")
        #expect(
            report.skipped.filter { $0.reason != .noTarget } == [
                .init(id: "Greeting %@", reason: .placeholderMismatch("argument 1 (%@) of the source is missing"))
            ])
        #expect(report.strictFailures.map(\.id) == ["Greeting %@"])
        #expect(report.appliedWithPlaceholderMismatch.isEmpty)
    }

    @Test("Reordered positional arguments, %%, a plural case without its count and substitutions pass")
    func placeholdersThatMatch() throws {
        let file = try exported { units in
            set(&units, "Progress", target: "%2$lld %% pour %1$@")
            set(&units, "%lld items|==|plural.one", target: "Un élément")
            set(&units, "%lld items|==|plural.other", target: "%lld éléments")
            set(&units, "Birds", target: "Oiseaux : %1$#@BIRDS@")
            set(&units, "Birds|==|substitutions.BIRDS.plural.one", target: "un oiseau")
            set(&units, "Birds|==|substitutions.BIRDS.plural.other", target: "%1$lld oiseaux")
        }
        var table = Self.table
        let report = XLIFFImport.apply(
            file, to: &table, kind: .catalog, options: .init(refusesPlaceholderMismatch: true))
        #expect(report.skipped.filter { $0.reason != .noTarget } == [])
        #expect(report.appliedWithPlaceholderMismatch == [])
        #expect(report.applied == 6)
    }

    @Test("A plural other case that drops its count, and a substitution reference turned into %@, are mismatches")
    func placeholderMismatchInCases() throws {
        let file = try exported { units in
            set(&units, "%lld items|==|plural.other", target: "Des éléments")
            set(&units, "Birds", target: "Oiseaux : %1$@")
        }
        var table = Self.table
        let report = XLIFFImport.apply(
            file, to: &table, kind: .catalog, options: .init(refusesPlaceholderMismatch: true))
        #expect(report.skipped.filter { $0.reason != .noTarget }.map(\.id) == ["%lld items|==|plural.other", "Birds"])
        #expect(report.applied == 0)
    }

    @Test("Legacy .strings targets are checked too")
    func legacyPlaceholders() throws {
        var entries = OrderedMap<CatalogEntry>()
        entries["count"] = F.entry([("en", Localization("%d files in %@"))])
        let strings = StringTable(name: "Localizable", sourceLanguage: "en", entries: entries)
        var file = F.export(strings, .strings, "fr").file
        file.units[0].target = "%@ fichiers dans %@"
        var table = strings
        let report = XLIFFImport.apply(file, to: &table, kind: .strings)
        #expect(report.applied == 1)
        #expect(
            report.appliedWithPlaceholderMismatch.map(\.reason) == [
                .placeholderMismatch("argument 1 is an integer (%d) in the source but an object (%@) here")
            ])
    }

    // MARK: - Shapes

    @Test("Importing only a plural case of a target with a string and variations keeps the string (Xcode drops it)")
    func mixedShapeKeepsString() throws {
        var file = F.export(Self.table, .catalog, "fr").file
        file.units = file.units.filter { $0.id == "Mixed|==|plural.one" }
        #expect(file.units.count == 1)
        file.units[0].target = "Un seul texte"
        var table = Self.table
        let report = XLIFFImport.apply(file, to: &table, kind: .catalog)
        #expect(report.applied == 1)
        #expect(fr(table, "Mixed")?.stringUnit == StringUnit("Texte"))
        #expect(fr(table, "Mixed")?.variations?.plural?["one"]?.stringUnit == StringUnit("Un seul texte"))
    }

    @Test("A plain target varied by the translator (plural units, no root unit) loses its plain string, as in Xcode")
    func targetOnlyVariationsStillReplace() throws {
        var file = F.export(Self.table, .catalog, "fr").file
        let hello = try #require(file.units.first { $0.id == "Hello" })
        var one = hello
        one.id = "Hello|==|plural.one"
        one.target = "Salut"
        var other = hello
        other.id = "Hello|==|plural.other"
        other.target = "Saluts"
        file.units = [one, other]
        var table = Self.table
        _ = XLIFFImport.apply(file, to: &table, kind: .catalog)
        #expect(fr(table, "Hello")?.stringUnit == nil)
        #expect(fr(table, "Hello")?.variations?.plural?.keys == ["one", "other"])
    }
}
