import LocalizationCatalog

/// Makes random String Catalogs: tricky keys, every variation shape, substitutions, states and comments.
///
/// Plural categories follow each language's CLDR rules, as Xcode offers them; everything generated is something
/// a catalog can hold, so each round trip must give it back except what the target format cannot hold by nature.
public struct CatalogGenerator {
    /// The random source.
    public var random: SplitMix64

    /// A generator whose catalogs depend only on `seed`.
    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// The languages generated, with their CLDR plural categories.
    public static let languages: [(code: String, plural: [String])] = [
        ("en", ["one", "other"]), ("de", ["one", "other"]), ("fr", ["one", "many", "other"]),
        ("ru", ["one", "few", "many", "other"]), ("ja", ["other"]),
        ("ar", ["zero", "one", "two", "few", "many", "other"]),
    ]

    static let keyPieces = [
        "Hello", "é", "e\u{301}", "😀", "👍🏽", "שלום", "مرحبا", "\"quoted\"", "back\\slash", "line\nbreak", "%@", "%lld",
        "item 2", "item 10", " lead", "tab\there", "日本語", "a.b", "x", "&amp;", "<tag>", "50%", "%1$@ of %2$@",
        "'single'",
        "/slash", "Ω", "ß", "İ", "ﬁ",
    ]

    static let textPieces = [
        "Hello", "world", "é", "e\u{301}", "😀", "שלום", "\"", "'", "\\", "\n", "\t", "&", "<", ">", "%@", "%lld",
        "%1$@",
        "%2$lld", "  ", "日本語", "Ünïcödé", "…", "—", "\u{2028}", "]]>", "-->",
    ]

    mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &random) < percent
    }

    mutating func pick<T>(_ items: [T]) -> T {
        items[Int.random(in: 0..<items.count, using: &random)]
    }

    mutating func text(maxPieces: Int = 4) -> String {
        (0..<Int.random(in: 1...maxPieces, using: &random)).map { _ in pick(Self.textPieces) }.joined(separator: " ")
    }

    mutating func state() -> TranslationState {
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<70: return .translated
        case 70..<80: return .new
        case 80..<90: return .needsReview
        default: return .machineTranslated
        }
    }

    mutating func unit(_ prefix: String = "") -> Localization {
        Localization(prefix + text(), state: state())
    }

    mutating func plural(_ categories: [String], value: String = "%lld ") -> OrderedMap<Localization> {
        var cases = OrderedMap<Localization>()
        for category in categories where category == "other" || chance(80) {
            cases[category] = Localization(value + text(maxPieces: 2), state: state())
        }
        return cases
    }

    /// A localization; `substitutions` forces (or rules out) the substitution shape, which a catalog's
    /// translations share with its source language.
    mutating func localization(language: (code: String, plural: [String]), substitutions: Bool? = nil) -> Localization {
        var roll = Int.random(in: 0..<87, using: &random)
        if substitutions == true { roll = 90 }
        if substitutions == nil, chance(13) { roll = 90 }
        switch roll {
        case 0..<60:
            return unit()
        case 60..<75:
            return Localization(variations: Variations(plural: plural(language.plural)))
        case 75..<87:
            var devices = OrderedMap<Localization>()
            for device in ["iphone", "ipad", "mac", "applewatch", "other"] where device == "other" || chance(50) {
                devices[device] =
                    chance(25)
                    ? Localization(variations: Variations(plural: plural(language.plural)))
                    : unit()
            }
            return Localization(variations: Variations(device: devices))
        default:
            var substitutions = OrderedMap<Substitution>()
            substitutions["count"] = Substitution(
                argNum: 1, formatSpecifier: "lld",
                variations: Variations(plural: plural(language.plural, value: "%arg ")))
            substitutions["total"] = Substitution(
                argNum: 2, formatSpecifier: "lld",
                variations: Variations(plural: plural(language.plural, value: "%arg ")))
            return Localization(
                stringUnit: StringUnit("%#@count@ " + text(maxPieces: 2) + " %#@total@", state: state()),
                substitutions: substitutions)
        }
    }

    /// A catalog of `count` random entries (fewer when the keys run out), in the order generated.
    public mutating func catalog(name: String = "Localizable", entries count: Int = 12) -> StringTable {
        var table = StringTable(name: name, sourceLanguage: "en", version: "1.0")
        var attempts = 0
        while table.entries.count < count, attempts < count * 10 {
            attempts += 1
            var key = (0..<Int.random(in: 1...3, using: &random)).map { _ in pick(Self.keyPieces) }.joined(
                separator: " ")
            if chance(30) { key += " \(Int.random(in: 0..<1000, using: &random))" }
            guard table.entries.index(forKey: key) == nil else { continue }
            var entry = CatalogEntry()
            if chance(50) { entry.comment = text() }
            if chance(5) { entry.shouldTranslate = false }
            if chance(30) { entry.extractionState = pick(["manual", "migrated", "stale", "extracted_with_value"]) }
            var localizations = OrderedMap<Localization>()
            let source = localization(language: Self.languages[0])
            localizations["en"] = source
            let hasSubstitutions = source.substitutions != nil
            for language in Self.languages.dropFirst() where chance(75) {
                localizations[language.code] = localization(language: language, substitutions: hasSubstitutions)
            }
            entry.localizations = localizations
            _ = table.entries.appendNew(entry, forKey: key)
        }
        return table
    }
}

extension StringTable {
    /// The table with every map in Xcode's key order, as a catalog written and read again has it.
    public func sortedLikeXcode() -> StringTable {
        func sorted<Value>(_ map: OrderedMap<Value>) -> OrderedMap<Value> {
            var map = map
            map.reorder(by: XcodeKeyOrder.sortedIndices(map.keys))
            return map
        }
        func sorted(_ variations: Variations) -> Variations {
            var variations = variations
            variations.plural = variations.plural.map { sorted($0.mapValues(sorted)) }
            variations.device = variations.device.map { sorted($0.mapValues(sorted)) }
            variations.width = variations.width.map { sorted($0.mapValues(sorted)) }
            return variations
        }
        func sorted(_ localization: Localization) -> Localization {
            var localization = localization
            localization.variations = localization.variations.map(sorted)
            localization.substitutions = localization.substitutions.map { substitutions in
                sorted(
                    substitutions.mapValues { substitution in
                        var substitution = substitution
                        substitution.variations = substitution.variations.map(sorted)
                        return substitution
                    })
            }
            return localization
        }
        var table = self
        table.entries = sorted(
            entries.mapValues { entry in
                var entry = entry
                entry.localizations = entry.localizations.map { sorted($0.mapValues(sorted)) }
                return entry
            })
        return table
    }
}
