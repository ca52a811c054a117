import CLDRSupport
import Foundation
import Testing

@testable import StringBridgeRuntime

/// The run-time library against Apple's reading of the same tables (issue 32, items 12–15), on synthetic tables.
@Suite("runtime: as Apple's runtime reads the same catalogs")
struct AppleReadingTests {
    func text(_ value: String) -> RuntimeValue { RuntimeValue(text: value) }

    /// Item 12: a substitution case written `%lld` (not `%arg`) prints the substitution's `argNum`, wherever its
    /// `%#@name@` stands: a translation that puts the participants first still prints their count there.
    @Test func plainSpecifierInASubstitutionCaseReadsItsArgNum() {
        let key = "%lld posts by %lld participants"
        func substitution(_ argument: Int, _ one: String, _ other: String) -> RuntimeValue {
            RuntimeValue(argument: argument, plural: ["one": text(one), "other": text(other)])
        }
        let table = LocalizedTable(
            RuntimeTable(
                table: "Localizable", developmentLanguage: "en",
                localizations: [
                    RuntimeLocalization(
                        language: "en",
                        entries: [
                            RuntimeEntry(
                                key: key, value: text("%#@posts@ by %#@participants@"),
                                substitutions: [
                                    "posts": substitution(1, "%lld post", "%lld posts"),
                                    "participants": substitution(2, "%lld participant", "%lld participants"),
                                ])
                        ]),
                    RuntimeLocalization(
                        language: "de",
                        entries: [
                            RuntimeEntry(
                                key: key, value: text("%#@participants@ schrieben %#@posts@"),
                                substitutions: [
                                    "posts": substitution(1, "%lld Beitrag", "%lld Beiträge"),
                                    "participants": substitution(2, "%lld Person", "%lld Personen"),
                                ])
                        ]),
                ]))
        #expect(table.string(key, 5, 3, languages: ["en"]) == "5 posts by 3 participants")
        #expect(table.string(key, 5, 3, languages: ["de"]) == "3 Personen schrieben 5 Beiträge")
        #expect(table.string(key, 1, 3, languages: ["de"]) == "3 Personen schrieben 1 Beitrag")
    }

    func order(_ preferred: [String], _ available: [String], development: String = "en") -> [String] {
        LanguageFallback.lookupOrder(preferred: preferred, available: available, developmentLanguage: development)
    }

    /// Item 13: `ualoc_localizationsToUse`'s rules.
    @Test func traditionalChineseNeverReadsSimplified() {
        for available in [["zh-Hans", "zh-Hant", "en"], ["zh-Hant", "zh-Hans", "en"]] {
            #expect(order(["zh-Hant-TW"], available) == ["zh-Hant", "en"])
            #expect(order(["zh-HK"], available) == ["zh-Hant", "en"])
        }
        // With no Traditional Chinese, a Traditional Chinese reader gets the next language, not zh-Hans or zh.
        #expect(order(["zh-Hant-TW", "ja"], ["zh-Hans", "ja", "en"]) == ["ja", "en"])
        #expect(order(["zh-TW"], ["zh", "en"]) == ["en"])
        #expect(order(["zh-CN"], ["zh-Hant", "zh-Hans", "en"]) == ["zh-Hans", "en"])
    }

    @Test func aliasesMatchBothWays() {
        #expect(order(["zh-TW"], ["zh-Hant-TW", "en"]) == ["zh-Hant-TW", "en"])
        #expect(order(["zh-Hant-TW"], ["zh-TW", "en"]) == ["zh-TW", "en"])
        #expect(order(["zh-Hant-HK"], ["zh-HK", "zh-Hant", "en"]) == ["zh-HK", "zh-Hant", "en"])
        #expect(order(["zh-HK"], ["zh-Hant-HK", "en"]) == ["zh-Hant-HK", "en"])
        #expect(order(["iw"], ["he", "en"]) == ["he", "en"])
        #expect(order(["he-IL"], ["iw", "en"]) == ["iw", "en"])
        #expect(order(["in"], ["id", "en"]) == ["id", "en"])
    }

    @Test func applesParentChains() {
        // en-AU and en-IN read en-GB before en (Apple's parent map), even where en-US comes first.
        #expect(order(["en-AU"], ["en-US", "en-GB", "en"]) == ["en-GB", "en"])
        #expect(order(["en-IN"], ["en", "en-GB"]) == ["en-GB", "en"])
        #expect(order(["en-US"], ["en-GB", "en"]) == ["en"])
        // zh-MO reads zh-HK (CLDR: zh_Hant_MO → zh_Hant_HK) before zh-Hant.
        #expect(order(["zh-MO"], ["zh-Hant", "zh-HK", "en"]) == ["zh-HK", "zh-Hant", "en"])
        // Norwegian: no reads nb (nb's parent is no).
        #expect(order(["no"], ["nb", "en"]) == ["nb", "en"])
        #expect(order(["nb-NO"], ["no", "en"]) == ["no", "en"])
        // sr-Latn never reads Cyrillic sr: its parent is the root.
        #expect(order(["sr-Latn"], ["sr", "en"]) == ["en"])
        #expect(order(["sr-Latn-RS"], ["sr", "sr-Latn", "en"]) == ["sr-Latn", "en"])
        #expect(order(["sr-RS"], ["sr-Latn", "sr", "en"]) == ["sr", "en"])
    }

    @Test func regionalVariantsAsApple() {
        // The language's likely region is preferred; another preferred variant's exact match wins over a near one.
        #expect(order(["it"], ["it-CH", "it-IT"], development: "it-IT") == ["it-IT"])
        #expect(order(["fr-CH", "fr-CA"], ["fr-FR", "fr-CA", "en"]) == ["fr-CA", "en"])
        #expect(order(["pt-PT"], ["pt-BR", "en"]) == ["pt-BR", "en"])
        #expect(order(["pt-PT"], ["pt-BR", "pt", "en"]) == ["pt", "en"])
        #expect(order(["es-MX"], ["es", "es-419", "en"]) == ["es-419", "es", "en"])
    }

    func decimals() -> LocalizedTable {
        LocalizedTable(
            RuntimeTable(
                table: "Localizable", developmentLanguage: "en",
                localizations: [
                    RuntimeLocalization(
                        language: "en",
                        entries: [RuntimeEntry(key: "%.1f km in %lld days", value: text("%.1f km in %lld days"))]),
                    RuntimeLocalization(
                        language: "de",
                        entries: [RuntimeEntry(key: "%.1f km in %lld days", value: text("%.1f km in %lld Tagen"))]),
                ]))
    }

    /// Item 14: `%f`-class numbers in the reader's locale, as `String(localized:)` shows them.
    @Test func decimalsInTheReadersLocale() {
        var table = decimals()
        let key = "%.1f km in %lld days"
        #expect(table.string(key, 1.5, 3, languages: ["de-DE"]) == "1,5 km in 3 Tagen")
        #expect(table.string(key, 1234.5, 3, languages: ["de-DE"]) == "1.234,5 km in 3 Tagen")
        #expect(table.string(key, 1.5, 3, languages: ["en-US"]) == "1.5 km in 3 days")
        // The reader's locale is the first preferred language, even where the table falls back to another.
        #expect(table.string(key, 1.5, 3, languages: ["fr-FR", "en"]) == "1,5 km in 3 days")
        #expect(table.string(key, 1.5, 3, languages: ["en"], locale: Locale(identifier: "de_CH")) == "1.5 km in 3 days")
        #expect(table.string(key, 2.5, 3, languages: ["de"], locale: Locale(identifier: "ar_EG")).hasPrefix("٢٫٥ km"))
        // Every %f-class specifier as String(format:locale:) writes it (CoreFoundation's scientific pattern too).
        for format in ["%f", "%.2f", "%e", "%g", "%10.3f|", "%+.1f"] {
            let expected = String(format: format, locale: Locale(identifier: "de_DE"), 12345.678)
            #expect(
                PluralFormatting.format(format, [.double(12345.678)], locale: Locale(identifier: "de_DE")) { _, _ in nil
                }
                    == expected, "\(format)")
        }
        table.numberFormatting = .posix
        #expect(table.string(key, 1234.5, 3, languages: ["de-DE"]) == "1234.5 km in 3 Tagen")
    }

    /// Named placeholders (Xcode 26, `%(name)@`), which the generated accessors pass by position.
    @Test func namedPlaceholdersFormat() {
        func formatted(_ format: String, _ arguments: [FormatArgument]) -> String {
            PluralFormatting.format(format, arguments) { _, _ in nil }
        }
        #expect(
            formatted("Hello %(name)@, you are %2$(age)llu", [.text("Ana"), .unsigned(30)]) == "Hello Ana, you are 30")
        #expect(formatted("%(name)@ and %(name)@ with %(n)lld", [.text("Ana"), .signed(2)]) == "Ana and Ana with 2")
        #expect(formatted("100%(approx)!", [.text("a")]) == "100%(approx)!")
    }

    /// Item 15: more language lists than the cache holds never empty it; each list is still looked up right.
    @Test func theLookupCacheReplacesOneEntryWhenFull() {
        let cache = OrderCache()
        let lists = (0...OrderCache.limit).map { ["x\($0)", "en"] }
        for list in lists { cache.store(Lookup(order: [0], locale: .current), for: list) }
        #expect(cache.count == OrderCache.limit)
        let kept = lists.filter { cache.value(for: $0) != nil }.count
        #expect(kept == OrderCache.limit)
        #expect(cache.value(for: lists[OrderCache.limit]) != nil, "the newest list is kept")
        // A table looked up with more lists than the cache holds, in turn, still answers each right.
        let table = sampleTable()
        for round in 0..<3 {
            for index in 0..<(OrderCache.limit + 8) {
                let languages = ["x\(index)", index % 2 == 0 ? "ru" : "pt", "en"]
                #expect(table.string("Hello", languages: languages) == (index % 2 == 0 ? "Привет" : "Olá"), "\(round)")
            }
        }
    }
}
