import LocalizationCatalog
import Testing

@testable import CatalogMerge

/// `TableMerge` on tables made in code: what fixtures cannot show easily.
@Suite("TableMerge")
struct TableMergeTests {
    func table(_ entries: [(String, CatalogEntry)], version: String? = "1.0") -> StringTable {
        StringTable(name: "Localizable", sourceLanguage: "en", version: version, entries: OrderedMap(entries))
    }

    func entry(_ values: [(String, String)]) -> CatalogEntry {
        CatalogEntry(localizations: OrderedMap(values.map { ($0.0, Localization($0.1)) }))
    }

    @Test func canonicallyEquivalentKeysStayTwoKeys() {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        let base = table([])
        let ours = table([(composed, entry([("en", "A")]))])
        let theirs = table([(decomposed, entry([("en", "B")]))])
        let result = TableMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.table.entries.count == 2)
        // Theirs' key follows no key of ours in theirs, so it comes first.
        #expect(result.table.entries.keys.map { Array($0.utf8) } == [Array(decomposed.utf8), Array(composed.utf8)])
    }

    @Test func keysTheirsAddedFollowTheKeyTheyFollowInTheirs() {
        let base = table([("a", entry([])), ("c", entry([]))])
        let ours = table([("a", entry([])), ("c", entry([])), ("d", entry([]))])
        let theirs = table([("a", entry([])), ("b", entry([])), ("c", entry([]))])
        let result = TableMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(result.table.entries.keys == ["a", "b", "c", "d"])
    }

    @Test(arguments: [
        ("1.0", "1.0", "1.1", "1.1"), ("1.0", "1.1", "1.0", "1.1"), ("1.0", "1.2", "1.10", "1.10"),
        ("1.0", "2.0", "1.9", "2.0"),
    ])
    func versionTakesTheHigher(_ base: String, _ ours: String, _ theirs: String, _ expected: String) {
        #expect(TableMerge.higherVersion(ours, theirs, base: base) == expected)
    }

    /// Found by merging every two-language catalog of the corpus with each side deleting one language: the
    /// merged entry kept an empty `"localizations" : {}` that no side had.
    @Test func eachSideDeletingOneOfTwoLanguagesLeavesNoLocalizations() {
        let base = table([("a", entry([("en-GB", "A"), ("nl", "B")]))])
        let ours = table([("a", entry([("nl", "B")]))])
        let theirs = table([("a", entry([("en-GB", "A")]))])
        let result = TableMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.table.entries["a"]?.localizations == nil)
    }

    @Test func bothDeletingIsClean() {
        let base = table([("a", entry([("en", "A")])), ("b", entry([]))])
        let ours = table([("b", entry([]))])
        let result = TableMerge.merge(base: base, ours: ours, theirs: ours)
        #expect(result.conflicts.isEmpty)
        #expect(result.table.entries.keys == ["b"])
    }

    @Test func aConflictKeepsOursAndNamesTheThreeSides() {
        let base = table([("a", entry([("fr", "Base")]))])
        let ours = table([("a", entry([("fr", "Ours")]))])
        let theirs = table([("a", entry([("fr", "Theirs")]))])
        let result = TableMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(result.table == ours)
        #expect(result.conflicts.map(\.summary) == [#"key "a" (fr): ours "Ours", theirs "Theirs", base "Base""#])
    }
}
