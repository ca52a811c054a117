import Testing

@testable import LocalizationCatalog

@Suite("StringTable")
struct StringTableTests {
    /// Every language of every entry, in first-seen order, by a lookup of each: the plain form of `languages`.
    static func languagesByLookup(_ table: StringTable) -> [String] {
        var seen = OrderedMap<Void>()
        for entry in table.entries.values {
            for language in entry.localizations?.keys ?? [] { _ = seen.appendNew((), forKey: language) }
        }
        return seen.keys
    }

    /// `languages` (which takes a language found at its own position among those seen as known) gives what looking
    /// up every language gives: entries in the same order, in other orders, with fewer or more languages, none,
    /// and canonically equal spellings (`é` and `e` + U+0301), which are two languages.
    @Test func languagesAgreeWithALookupOfEach() {
        let orders: [[String]] = [
            ["en", "fr", "de"], ["en", "fr", "de"], ["fr", "en"], [], ["en", "de", "fr", "ja"], ["ja"],
            ["\u{E9}", "e\u{301}"], ["e\u{301}", "\u{E9}", "en"], ["en", "fr", "de", "ja", "\u{E9}", "zh-Hans"],
        ]
        var tables: [StringTable] = []
        // Every rotation of the list of entries, so each shape comes first once.
        for start in orders.indices {
            var table = StringTable(name: "T", sourceLanguage: "en")
            for (offset, languages) in (orders[start...] + orders[..<start]).enumerated() {
                var localizations = OrderedMap<Localization>()
                for language in languages { localizations[language] = Localization(language) }
                table.entries["key \(offset)"] = CatalogEntry(localizations: localizations)
            }
            table.entries["no localizations"] = CatalogEntry()
            tables.append(table)
        }
        for table in tables {
            let fast = table.languages
            let plain = Self.languagesByLookup(table)
            #expect(fast.map { Array($0.utf8) } == plain.map { Array($0.utf8) })
        }
        #expect(tables[0].languages.count == 7)
    }
}
