import LocalizationCatalog
import TestSupport
import Testing
import XCStringsFormat
@_spi(XLIFFDocuments) import XLIFFFormat

/// What import makes of XLIFF as Xcode and translation tools write it: a target-only substitution's cases in Xcode's
/// form, `new` targets a translator filled, ids whose line breaks an attribute turned into spaces, parameters the
/// system fills, and the catalog version a `machine_translated` state needs.
@Suite("XLIFF import: Xcode's and translation tools' ways")
struct XLIFFImportToolQuirksTests {
    static let refusing = XLIFFImport.Options(refusesPlaceholderMismatch: true)

    func unit(_ id: String, source: String?, target: String?, state: String? = "translated") -> XLIFFUnit {
        XLIFFUnit(id: id, source: source, target: target, state: state, notes: [])
    }

    /// A catalog whose German has a substitution the English lacks (issue 32, item 18).
    func votesCatalog() -> StringTable {
        var table = StringTable(name: "Localizable", sourceLanguage: "en")
        var german = Localization("%#@votes@ von %lld Wählern")
        german.substitutions = [
            "votes": Substitution(
                argNum: 1, formatSpecifier: "lld",
                variations: Variations(plural: [
                    "one": Localization("%arg Stimme"), "other": Localization("%arg Stimmen"),
                ]))
        ]
        table.entries["%lld votes from %lld voters"] = CatalogEntry(localizations: [
            "en": Localization("%lld votes from %lld voters"), "de": german,
        ])
        return table
    }

    @Test(
        "A target-only substitution's case from Xcode (its <source> is the unit id) is compared with the catalog's substitution"
    )
    func targetOnlySubstitutionInXcodesForm() {
        let key = "%lld votes from %lld voters"
        let units = [
            unit(
                "\(key)|==|substitutions.votes.plural.one", source: "\(key)|==|substitutions.votes.plural.one",
                target: "%1$lld Stimme!"),
            unit(
                "\(key)|==|substitutions.votes.plural.other", source: "\(key)|==|substitutions.votes.plural.other",
                target: "%1$lld Stimmen!"),
        ]
        var table = votesCatalog()
        let file = XLIFFFile(
            original: "Localizable.xcstrings", sourceLanguage: "en", targetLanguage: "de", units: units)
        let report = XLIFFImport.apply(file, to: &table, kind: .catalog, options: Self.refusing)
        #expect(report.skipped.isEmpty, "\(report.skipped)")
        #expect(report.applied == 2)
        let cases = table.entries[key]?.localizations?["de"]?.substitutions?["votes"]?.variations?.plural
        #expect(cases?["one"]?.stringUnit?.value == "%arg Stimme!")
        #expect(cases?["other"]?.stringUnit?.value == "%arg Stimmen!")

        // A case that reads the argument as another kind is still refused.
        var again = votesCatalog()
        let wrong = XLIFFFile(
            original: "Localizable.xcstrings", sourceLanguage: "en", targetLanguage: "de",
            units: [
                unit(
                    "\(key)|==|substitutions.votes.plural.other", source: "\(key)|==|substitutions.votes.plural.other",
                    target: "%1$@ Stimmen")
            ])
        let refused = XLIFFImport.apply(wrong, to: &again, kind: .catalog, options: Self.refusing)
        #expect(refused.placeholderRefusals.map(\.id) == ["\(key)|==|substitutions.votes.plural.other"])
    }

    @Test("A new-state target whose text a translator changed says --accept-unfinished takes it")
    func newStateWithNewText() {
        var table = StringTable(name: "Localizable", sourceLanguage: "en")
        table.entries["Hello"] = CatalogEntry(localizations: ["en": Localization("Hello")])
        table.entries["Bye"] = CatalogEntry(localizations: [
            "en": Localization("Bye"), "de": Localization("Bye", state: .new),
        ])
        let units = [
            unit("Hello", source: "Hello", target: "Hallo", state: "new"),
            unit("Bye", source: "Bye", target: "Bye", state: "needs-translation"),
        ]
        let file = XLIFFFile(
            original: "Localizable.xcstrings", sourceLanguage: "en", targetLanguage: "de", units: units)
        let report = XLIFFImport.apply(file, to: &table, kind: .catalog)
        #expect(
            report.skipped.map(\.reason) == [.unfinishedStateWithNewText("new"), .unfinishedState("needs-translation")])
        #expect(report.skipped.map(\.reason.code) == ["unfinished-state", "unfinished-state"])
        #expect(
            report.skipped[0].reason.description
                == "the target's state is \"new\", not finished, but its text is new (a translation tool may have left "
                + "the state as export wrote it): --accept-unfinished imports it")
    }

    @Test("An id whose line breaks an attribute turned into spaces is named as such, never created as a key")
    func lineBreaksReadAsSpaces() {
        var catalog = StringTable(name: "Localizable", sourceLanguage: "en")
        catalog.entries["Line one\nLine two"] = CatalogEntry(localizations: ["en": Localization("Line one\nLine two")])
        let units = [
            unit("Line one Line two", source: "Line one Line two", target: "Zeile eins Zeile zwei"),
            unit("Nothing like it", source: "Nothing like it", target: "Nichts"),
        ]
        let file = XLIFFFile(
            original: "Localizable.xcstrings", sourceLanguage: "en", targetLanguage: "de", units: units)
        let report = XLIFFImport.apply(file, to: &catalog, kind: .catalog)
        #expect(report.skipped.map(\.reason) == [.lineBreaksReadAsSpaces("Line one\nLine two"), .unknownID])
        #expect(report.skipped[0].reason.code == "unknown-id")
        #expect(
            report.skipped[0].reason.description
                == "the id is the key \"Line one\\nLine two\" with its line breaks read as spaces: a translation tool "
                + "wrote them raw in the id attribute (OmegaT does), where XML reads a line break as a space; write "
                + "them as &#10; in the ids, or export again")

        // A .strings table does not get the spaced id as a new key.
        var strings = StringTable(name: "Localizable", sourceLanguage: "en")
        strings.entries["A\r\nB"] = CatalogEntry(localizations: ["en": Localization("A\r\nB")])
        let legacy = XLIFFFile(
            original: "en.lproj/Localizable.strings", sourceLanguage: "en", targetLanguage: "de",
            units: [unit("A B", source: "A B", target: "A B!")])
        let legacyReport = XLIFFImport.apply(legacy, to: &strings, kind: .strings)
        #expect(legacyReport.skipped.map(\.reason) == [.lineBreaksReadAsSpaces("A\r\nB")])
        #expect(legacyReport.createdKeys.isEmpty)
        #expect(strings.entries.count == 1)
    }

    @Test("A renamed ${parameter} is refused as a broken %@ is; a kept one is imported")
    func systemParameters() {
        var table = StringTable(name: "ShortcutIntents", sourceLanguage: "en")
        table.entries["gR7kL2"] = CatalogEntry(localizations: ["en": Localization("Search ${content}")])
        table.entries["pX4mQ9"] = CatalogEntry(localizations: ["en": Localization("Open ${applicationName}")])
        let units = [
            unit("gR7kL2", source: "Search ${content}", target: "Nach ${content} suchen"),
            unit("pX4mQ9", source: "Open ${applicationName}", target: "${Anwendungsname} öffnen"),
        ]
        let file = XLIFFFile(
            original: "App/Base.lproj/ShortcutIntents.intentdefinition", sourceLanguage: "en", targetLanguage: "de",
            units: units)
        let report = XLIFFImport.apply(file, to: &table, kind: .strings, options: Self.refusing)
        #expect(report.applied == 1)
        #expect(
            report.placeholderRefusals.map(\.reason) == [
                .placeholderMismatch(
                    "parameter ${applicationName} of the source is missing (the system fills it; keep it as it is); "
                        + "parameter ${Anwendungsname} is not in the source (the system fills only the source's "
                        + "parameters; keep their names as they are)")
            ])
        #expect(table.entries["gR7kL2"]?.localizations?["de"]?.stringUnit?.value == "Nach ${content} suchen")
    }

    @Test("Importing a machine_translated state makes the catalog 1.3; other content keeps its version")
    func machineTranslatedRaisesTheVersion() throws {
        func imported(version: String?, qualifier: String?) -> StringTable {
            var table = StringTable(name: "Localizable", sourceLanguage: "en")
            table.version = version
            table.entries["Hello"] = CatalogEntry(localizations: ["en": Localization("Hello")])
            let file = XLIFFFile(
                original: "Localizable.xcstrings", sourceLanguage: "en", targetLanguage: "de",
                units: [
                    XLIFFUnit(
                        id: "Hello", source: "Hello", target: "Hallo", state: "translated", stateQualifier: qualifier,
                        notes: [])
                ])
            _ = XLIFFImport.apply(file, to: &table, kind: .catalog)
            return table
        }
        let machine = imported(version: "1.0", qualifier: "leveraged-mt")
        #expect(machine.entries["Hello"]?.localizations?["de"]?.stringUnit?.state == .machineTranslated)
        #expect(machine.version == "1.3")
        var diagnostics = Diagnostics()
        let written = String(decoding: XCStringsWriter().encode(machine, diagnostics: &diagnostics), as: UTF8.self)
        #expect(written.hasSuffix("\"version\" : \"1.3\"\n}"), "\(written)")
        #expect(imported(version: "1.0", qualifier: nil).version == "1.0")
        // Never lowered; a version that is not 1.N, or none, is kept.
        #expect(imported(version: "1.4", qualifier: "leveraged-mt").version == "1.4")
        #expect(imported(version: "2.0", qualifier: "leveraged-mt").version == "2.0")
        #expect(imported(version: nil, qualifier: "leveraged-mt").version == nil)
    }
}
