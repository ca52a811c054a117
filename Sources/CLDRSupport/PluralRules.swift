/// CLDR's cardinal plural rules: which categories a language has and which one a number takes.
///
/// The tables and the rules are generated from CLDR by `generate.py` beside this file (`PluralRules+CLDR.swift`);
/// this is the one plural table of the package. A language is looked up by its canonical identifier
/// (``LanguageFallback/canonical(_:)``), then by each shorter fallback (`pt-PT` → `pt`), so `pt_pt` and `PT-pt` find
/// Portugal's rules.
public enum PluralRules {
    /// One language's rule, found once and applied to many numbers.
    public struct Rule: Sendable, Hashable {
        /// The rule number in the generated `switch`.
        let number: Int
        /// The language's categories, in CLDR order.
        public let categories: [PluralCategory]

        /// The category CLDR gives `operands`.
        public func category(for operands: PluralOperands) -> PluralCategory {
            PluralRules.category(rule: number, operands)
        }
    }

    /// The rule of `language` (`fr`, `pt-BR`, `zh_Hant`), or `nil` for a language CLDR does not know.
    public static func rule(for language: String) -> Rule? {
        for candidate in LanguageFallback.chain(of: language) {
            if let entry = table[candidate] {
                return Rule(number: entry.rule, categories: sets[entry.set])
            }
        }
        return nil
    }

    /// The CLDR categories of `language` in CLDR order, or `nil` for a language CLDR does not know.
    public static func categories(for language: String) -> [PluralCategory]? {
        rule(for: language)?.categories
    }

    /// The category CLDR gives `operands` in `language`; `other` for a language CLDR does not know.
    public static func category(for operands: PluralOperands, language: String) -> PluralCategory {
        rule(for: language)?.category(for: operands) ?? .other
    }
}
