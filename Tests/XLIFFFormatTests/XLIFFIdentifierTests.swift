import LocalizationCatalog
import Testing
@_spi(XLIFFDocuments) import XLIFFFormat

/// Unit ids: every shape Xcode writes, parsing them back against a table's keys, and the order of units.
@Suite("XLIFF identifiers")
struct XLIFFIdentifierTests {
    static let shapes: [(path: XLIFFVariationPath, suffix: String)] = [
        (XLIFFVariationPath([.plural("one")]), "plural.one"),
        (XLIFFVariationPath([.device("iphone")]), "device.iphone"),
        (XLIFFVariationPath([.device("other")]), "device.other"),
        (XLIFFVariationPath([.device("ipad"), .plural("few")]), "device.ipad.plural.few"),
        (XLIFFVariationPath([.substitution("NAME"), .plural("other")]), "substitutions.NAME.plural.other"),
        (XLIFFVariationPath([.substitution("DOT.NAME"), .plural("one")]), "substitutions.@DOT.NAME@.plural.one"),
        (XLIFFVariationPath([.substitution("A..B"), .plural("one")]), "substitutions.@A..B@.plural.one"),
        (XLIFFVariationPath([.substitution("é"), .plural("zero")]), "substitutions.é.plural.zero"),
    ]

    @Test("Catalog ids are KEY|==|PATH, and parse back", arguments: 0..<shapes.count)
    func catalogShape(_ index: Int) throws {
        let (path, suffix) = Self.shapes[index]
        let id = XLIFFIdentifier.catalogID(key: "key", path: path)
        #expect(id == "key|==|" + suffix)
        #expect(path.description == suffix)
        let parsed = try #require(XLIFFIdentifier.parseCatalogID(id, keys: { $0 == "key" }))
        #expect(parsed.key == "key")
        #expect(parsed.path == path)
    }

    @Test func rootIdIsTheKey() {
        #expect(XLIFFIdentifier.catalogID(key: "Hello", path: .root) == "Hello")
        #expect(XLIFFIdentifier.parseCatalogID("Hello", keys: { $0 == "Hello" })?.path == .root)
        #expect(XLIFFIdentifier.parseCatalogID("Nope", keys: { $0 == "Hello" }) == nil)
    }

    @Test("Keys containing |==| split at the last separator that leaves a key and a path")
    func separatorInKey() throws {
        let keys: Set<String> = ["varied|==|key", "a"]
        let parsed = try #require(XLIFFIdentifier.parseCatalogID("varied|==|key|==|plural.one", keys: keys.contains))
        #expect(parsed.key == "varied|==|key")
        #expect(parsed.path == XLIFFVariationPath([.plural("one")]))
        #expect(XLIFFIdentifier.parseCatalogID("varied|==|key", keys: keys.contains)?.path == .root)
        #expect(XLIFFIdentifier.parseCatalogID("a|==|nonsense", keys: keys.contains) == nil)
    }

    @Test func keysEndingLikeVariationPaths() {
        #expect(XLIFFIdentifier.endsLikeVariationPath("ambiguous|==|plural.one"))
        #expect(XLIFFIdentifier.endsLikeVariationPath("x|==|device.iphone.plural.one"))
        #expect(!XLIFFIdentifier.endsLikeVariationPath("varied|==|key"))
        #expect(!XLIFFIdentifier.endsLikeVariationPath("plural.one"))
        #expect(XLIFFIdentifier.containsSeparator("a|==|b"))
        #expect(!XLIFFIdentifier.containsSeparator("a|=|b"))
    }

    @Test(
        "Paths that are not variation paths are refused",
        arguments: [
            "plural.", "device.", "plural.one.two", "substitutions.NAME", "substitutions.A.B.plural.one",
            "width.100", "substitutions..plural.one", "device.ipad.plural.", "device.ipad.x",
            "device.ipad.plural.one.x",
            "substitutions.NAME.plural.", "substitutions.@A.B@.plural.one.two", "", "plural", "Plural.one",
        ])
    func notAPath(_ text: String) {
        #expect(XLIFFVariationPath(parsing: text) == nil)
    }

    @Test("Legacy .stringsdict ids, with and without the leading slash")
    func stringsDictIds() throws {
        #expect(XLIFFIdentifier.stringsDictFormatKeyID(key: "k") == "/k:dict/NSStringLocalizedFormatKey:dict/:string")
        #expect(
            XLIFFIdentifier.stringsDictCaseID(key: "k", variable: "v", category: "one")
                == "/k:dict/v:dict/one:dict/:string")
        let keys: Set<String> = ["%d items", "a:dict/b"]
        let format = try #require(
            XLIFFIdentifier.parseStringsDictID(
                "/%d items:dict/NSStringLocalizedFormatKey:dict/:string", keys: keys.contains))
        #expect(format.key == "%d items" && format.variable == nil && format.category == nil)
        let leaf = try #require(
            XLIFFIdentifier.parseStringsDictID("/%d items:dict/count:dict/few:dict/:string", keys: keys.contains))
        #expect(leaf.key == "%d items" && leaf.variable == "count" && leaf.category == "few")
        let toolkit = try #require(
            XLIFFIdentifier.parseStringsDictID("%d items:dict/count:dict/one:dict/:string", keys: keys.contains))
        #expect(toolkit.variable == "count")
        let slashy = try #require(
            XLIFFIdentifier.parseStringsDictID("/a:dict/b:dict/v:dict/other:dict/:string", keys: keys.contains))
        #expect(slashy.key == "a:dict/b" && slashy.variable == "v")
        #expect(XLIFFIdentifier.parseStringsDictID("/unknown:dict/v:dict/one:dict/:string", keys: keys.contains) == nil)
    }

    @Test("Units are ordered by code point, digit runs by value")
    func order() {
        let ids = [
            "b", "120", "3MIN", "a", "Z", "", "a|==|plural.one", "a|==|plural.few", "item 10", "item 2", "🍽", "－",
        ]
        let sorted = ids.sorted(by: XLIFFIdentifier.areInIncreasingOrder)
        #expect(
            sorted == [
                "", "3MIN", "120", "Z", "a", "a|==|plural.few", "a|==|plural.one", "b", "item 2", "item 10", "－", "🍽",
            ])
        #expect(XLIFFIdentifier.compare("a01", "a1") > 0)
        #expect(XLIFFIdentifier.compare("a1", "a1") == 0)
    }
}
