import CatalogChecks
import LocalizationCatalog
import Testing

@testable import CatalogEditorServer

@Suite("editor: the strings a key needs in a language, and edits of them")
struct KeySlotsTests {
    static func unit(_ value: String, _ state: TranslationState = .translated) -> Localization {
        Localization(value, state: state)
    }

    static func plural(_ cases: [(String, String)]) -> Localization {
        Localization(variations: Variations(plural: OrderedMap(cases.map { ($0.0, unit($0.1)) })))
    }

    static func table(_ entries: [(String, CatalogEntry)]) -> ProjectTable {
        let table = StringTable(name: "Localizable", sourceLanguage: "en", entries: OrderedMap(entries))
        return ProjectTable(
            kind: .catalog, table: table, file: "Localizable.xcstrings",
            files: [.init(path: "Localizable.xcstrings", language: "", isStringsDict: false)],
            languages: table.languages)
    }

    @Test("a Russian plural gets one, few, many and other, each with the English case (or other) as source")
    func russianPlural() {
        let entry = CatalogEntry(localizations: [
            "en": Self.plural([("one", "%lld file"), ("other", "%lld files")]),
            "ru": Self.plural([("one", "%lld файл"), ("other", "%lld файла")]),
        ])
        let project = Self.table([("%lld files", entry)])
        let slots = KeySlots.slots(key: "%lld files", entry: entry, language: "ru", in: project)
        #expect(slots.map(\.path) == ["plural.one", "plural.few", "plural.many", "plural.other"])
        #expect(slots.map(\.source) == ["%lld file", "%lld files", "%lld files", "%lld files"])
        #expect(slots.map(\.value) == ["%lld файл", nil, nil, "%lld файла"])
    }

    @Test("devices and substitutions: every case, and a plain key is one string whose source is the key")
    func devicesAndSubstitutions() {
        var english = Self.unit("%#@songs@")
        english.substitutions = [
            "songs": Substitution(
                argNum: 1, formatSpecifier: "lld",
                variations: Variations(plural: ["one": Self.unit("%arg song"), "other": Self.unit("%arg songs")]))
        ]
        let entry = CatalogEntry(localizations: ["en": english])
        let device = CatalogEntry(localizations: [
            "en": Localization(
                variations: Variations(device: ["iphone": Self.unit("Tap"), "mac": Self.unit("Click")]))
        ])
        let project = Self.table([("songs", entry), ("tap", device), ("Hello", CatalogEntry())])
        #expect(
            KeySlots.slots(key: "songs", entry: entry, language: "ar", in: project).map(\.path) == [
                "", "substitutions.songs.plural.zero", "substitutions.songs.plural.one",
                "substitutions.songs.plural.two", "substitutions.songs.plural.few", "substitutions.songs.plural.many",
                "substitutions.songs.plural.other",
            ])
        #expect(
            KeySlots.slots(key: "tap", entry: device, language: "de", in: project).map(\.path) == [
                "device.iphone", "device.mac",
            ])
        let hello = KeySlots.slots(key: "Hello", entry: CatalogEntry(), language: "de", in: project)
        #expect(hello == [Slot(path: "", source: "Hello", value: nil, state: nil)])
    }

    @Test("set: creates the cases and the substitution (with the source's argument) on the way; empty removes")
    func setAndRemove() {
        var english = Self.unit("%#@songs@")
        english.substitutions = [
            "songs": Substitution(
                argNum: 1, formatSpecifier: "lld",
                variations: Variations(plural: ["one": Self.unit("%arg song"), "other": Self.unit("%arg songs")]))
        ]
        var german: Localization? = nil
        KeySlots.set("%#@songs@", state: .translated, at: "", in: &german, source: english)
        KeySlots.set(
            "%arg Lied", state: .translated, at: "substitutions.songs.plural.one", in: &german, source: english)
        #expect(german?.stringUnit?.value == "%#@songs@")
        #expect(german?.substitutions?["songs"]?.argNum == 1)
        #expect(german?.substitutions?["songs"]?.formatSpecifier == "lld")
        #expect(german?.substitutions?["songs"]?.variations?.plural?["one"]?.stringUnit?.value == "%arg Lied")
        KeySlots.set("", state: .translated, at: "substitutions.songs.plural.one", in: &german, source: english)
        #expect(german?.substitutions == nil)
        KeySlots.set(nil, state: .translated, at: "", in: &german, source: english)
        #expect(german == nil)
    }

    @Test("mark as reviewed: needs_review and new strings with a value become translated")
    func markReviewed() {
        var localization = Localization(
            variations: Variations(plural: [
                "one": Self.unit("a", .needsReview), "few": Self.unit("", .new), "other": Self.unit("c", .new),
            ]))
        KeySlots.markReviewed(&localization)
        let states = localization.variations?.plural?.values.map { $0.stringUnit?.state }
        #expect(states == [.translated, .new, .translated])
    }
}
