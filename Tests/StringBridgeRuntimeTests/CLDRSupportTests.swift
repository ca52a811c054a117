import CLDRSupport
import Testing

@Suite struct CLDRSupportTests {
    /// Every category of the example's languages, with numbers CLDR's own samples give.
    @Test(arguments: [
        ("en", 1.0, PluralCategory.one), ("en", 0, .other), ("en", 2, .other), ("en", 21, .other),
        ("ru", 1, .one), ("ru", 21, .one), ("ru", 2, .few), ("ru", 24, .few), ("ru", 5, .many), ("ru", 11, .many),
        ("ru", 0, .many), ("ru", 112, .many),
        ("ar", 0, .zero), ("ar", 1, .one), ("ar", 2, .two), ("ar", 3, .few), ("ar", 110, .few), ("ar", 11, .many),
        ("ar", 99, .many), ("ar", 100, .other), ("ar", 102, .other),
        ("ja", 0, .other), ("ja", 1, .other), ("ja", 2, .other),
        ("fr", 0, .one), ("fr", 1, .one), ("fr", 2, .other), ("fr", 1_000_000, .many),
        ("lv", 10, .zero), ("lv", 21, .one), ("cy", 3, .few), ("cy", 6, .many), ("pt", 0, .one), ("pt-PT", 0, .other),
    ])
    func integerCategories(language: String, number: Double, expected: PluralCategory) {
        #expect(PluralRules.category(for: PluralOperands(Int(number)), language: language) == expected)
    }

    @Test func decimalsUseVisibleFractionDigits() throws {
        // `1.0` written with its fraction is `other` in English (v = 1); as a Double it is the integer 1.
        #expect(PluralRules.category(for: try #require(PluralOperands(decimal: "1.0")), language: "en") == .other)
        #expect(PluralRules.category(for: PluralOperands(1.0), language: "en") == .one)
        #expect(PluralRules.category(for: PluralOperands(1.5), language: "ru") == .other)
        #expect(PluralRules.category(for: PluralOperands(1.5), language: "fr") == .one)
        let operands = try #require(PluralOperands(decimal: "1.50"))
        #expect([operands.i, operands.v, operands.w, operands.f, operands.t] == [1, 2, 1, 50, 5])
        #expect(operands.n == 1.5)
        let compact = try #require(PluralOperands(decimal: "1.2c6"))
        #expect([compact.i, compact.v, compact.c] == [1_200_000, 0, 6])
        #expect(PluralRules.category(for: compact, language: "fr") == .many)
        #expect(PluralOperands(decimal: "1.") == nil)
        #expect(PluralOperands(decimal: "abc") == nil)
        #expect(PluralOperands(decimal: "") == nil)
        #expect(PluralOperands(-3).n == 3)
        #expect(PluralOperands(UInt64.max).i == Int.max)
        #expect(PluralRules.category(for: PluralOperands(Double.nan), language: "en") == .other)
    }

    @Test func languagesAreFoundWithTheirFallbacks() {
        #expect(PluralRules.categories(for: "ar") == [.zero, .one, .two, .few, .many, .other])
        #expect(PluralRules.categories(for: "RU_ru") == [.one, .few, .many, .other])
        #expect(PluralRules.categories(for: "zh-Hant-TW") == [.other])
        #expect(PluralRules.categories(for: "xx") == nil)
        #expect(PluralRules.cldrVersion == "47")
    }

    @Test func canonicalIdentifiers() {
        #expect(LanguageFallback.canonical("ZH_hant_tw") == "zh-Hant-TW")
        #expect(LanguageFallback.canonical("pt_br") == "pt-BR")
        #expect(LanguageFallback.canonical("es-419") == "es-419")
        #expect(LanguageFallback.chain(of: "zh-Hant-TW") == ["zh-Hant-TW", "zh-Hant", "zh"])
        #expect(LanguageFallback.chain(of: "zh_TW") == ["zh-TW", "zh-Hant", "zh"])
        #expect(LanguageFallback.chain(of: "") == [])
    }

    @Test func lookupOrderFollowsApple() {
        let available = ["en", "pt", "pt-BR", "zh-Hant", "ru"]
        func order(_ preferred: [String]) -> [String] {
            LanguageFallback.lookupOrder(preferred: preferred, available: available, developmentLanguage: "en")
        }
        #expect(order(["pt-BR"]) == ["pt-BR", "pt", "en"])
        #expect(order(["pt_PT"]) == ["pt", "en"])
        #expect(order(["PT-br"]) == ["pt-BR", "pt", "en"])
        #expect(order(["zh-Hant-TW"]) == ["zh-Hant", "en"])
        #expect(order(["zh-HK"]) == ["zh-Hant", "en"])
        #expect(order(["de", "ru"]) == ["ru", "en"])
        #expect(order(["de"]) == ["en"])
        #expect(order([]) == ["en"])
        #expect(
            LanguageFallback.lookupOrder(preferred: ["en"], available: ["en-GB", "de"], developmentLanguage: "de")
                == ["en-GB", "de"])
        #expect(
            LanguageFallback.lookupOrder(preferred: ["en-US"], available: ["de", "en-GB"], developmentLanguage: "de")
                == ["en-GB", "de"])
    }

    /// An identifier with no subtag names no language: skipped, never a crash (it crashed before; found by the
    /// `runtime-table` fuzz target, Fuzz/findings/runtime-table/empty-language).
    @Test func languagesWithoutSubtagsAreSkipped() {
        let available = ["en", "pt"]
        for empty in ["", "-", "_", "--_"] {
            #expect(LanguageFallback.chain(of: empty).isEmpty)
            #expect(
                LanguageFallback.lookupOrder(preferred: [empty], available: available, developmentLanguage: "en")
                    == ["en"])
            #expect(
                LanguageFallback.lookupOrder(preferred: [empty, "pt"], available: available, developmentLanguage: "en")
                    == ["pt", "en"])
        }
        #expect(LanguageFallback.lookupOrder(preferred: [""], available: [], developmentLanguage: "") == [])
    }
}
