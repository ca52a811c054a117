import CLDRSupport
import StringBridgeSupport

/// The plural categories Apple's tools expect of a language: CLDR's (``PluralRules``, the one plural table) with
/// Xcode's reductions and Apple's `zero`.
///
/// - Xcode's XLIFF export leaves out the `many` CLDR 42+ gives French, Spanish, Italian, Portuguese, Catalan,
///   Venetian and Sicilian for large round numbers (1 000 000): an Xcode 27 French export has only `one` and `other`.
/// - `zero` is an exact-0 override Apple honours in every language, so it is never extra; it is required only where
///   CLDR has it (Latvian, Arabic, Welsh, …).
/// - A few identifiers Xcode knows are not in CLDR's data (`iw`, `sh`, `ars`, …) or had other categories in the
///   CLDR release Xcode's table came from (`blo`, `qu`): ``exportExceptions`` names them.
package enum XcodePluralCategories {
    /// Languages whose CLDR `many` Xcode's export leaves out.
    static let exportedWithoutMany: Set<String> = ["ca", "es", "fr", "it", "pt", "vec", "scn"]
    /// Languages whose CLDR `many` `check` treats as optional.
    static let checkedWithOptionalMany: Set<String> = ["fr", "es", "it", "pt", "ca"]

    /// Xcode's categories for identifiers CLDR 47 has no data for, or gives other categories.
    static let exportExceptions: [String: [PluralCategory]] = [
        "guw": [.one, .other], "nah": [.one, .other], "blo": [.one, .other], "qu": [.one, .other],
        "sh": [.one, .few, .other], "mo": [.one, .few, .other], "smi": [.one, .two, .other],
        "iw": [.one, .two, .other], "jw": [.other], "ars": [.zero, .one, .two, .few, .many, .other],
    ]

    /// The language subtag of `language`, lowercased (`pt_BR` → `pt`).
    static func baseLanguage(of language: String) -> String {
        LanguageFallback.chain(of: language).last ?? ""
    }

    /// The categories Xcode exports to XLIFF for `language` (`fr`, `pt-BR`, `zh-Hans`), alphabetically.
    ///
    /// Alphabetical is the order Xcode writes plural units in. A language neither CLDR nor the exceptions know gets
    /// `one` and `other`, the most common set.
    package static func exported(for language: String) -> [String] {
        if let known = exportedByLanguage.withLock({ $0[language] }) { return known }
        let categories = exportedCategories(for: language)
        exportedByLanguage.withLock { $0[language] = categories }
        return categories
    }

    /// ``exported(for:)`` by language, worked out once per process: an import asks for every entry.
    private static let exportedByLanguage = LockedValue<[String: [String]]>([:])

    private static func exportedCategories(for language: String) -> [String] {
        let base = baseLanguage(of: language)
        var categories: [PluralCategory] = [.one, .other]
        if let exception = exportExceptions[base] {
            categories = exception
        } else if exportedLanguages.contains(base), let cldr = PluralRules.categories(for: base) {
            categories = cldr
        }
        if exportedWithoutMany.contains(base) { categories.removeAll { $0 == .many } }
        return categories.map(\.rawValue).sorted()
    }

    /// Whether ``exported(for:)`` knows `language` (rather than guessing `one` and `other`).
    package static func knows(_ language: String) -> Bool {
        let base = baseLanguage(of: language)
        return exportExceptions[base] != nil || exportedLanguages.contains(base)
    }

    /// The languages whose categories Xcode's export table has (the others get `one` and `other`, a guess: for
    /// many of them CLDR has no plural data, and babel's `other` alone would be its own guess).
    static let exportedLanguages: Set<String> = Set(
        ("af ak am an ar ars as asa ast az bal be bem bez bg bho blo bm bn bo br brx bs ca ce ceb cgg chr ckb cs "
            + "cy da de doi dsb dv dz ee el en eo es et eu fa ff fi fil fo fr fur fy ga gd gl gsw gu guw gv ha "
            + "haw he hi hnj hr hsb hu hy ia id ig ii io is it iu iw ja jbo jgo jmc jv jw ka kab kaj kcg kde kea "
            + "kk kkj kl km ko ks ksb ksh ku kw ky lag lb lg lij lkt ln lo lt lv mas mgo mk ml mn mo mr ms mt my "
            + "nah naq nb nd ne nl nn nnh no nqo nr ny nyn om or os osa pa pap pcm pl prg ps pt qu rm ro rof ru "
            + "rwk sah saq sat sc scn sd sdh se seh ses sg sh si sk sl sma smi smj smn sms sn so sq sr ss ssy st "
            + "su sv sw syr ta te teo th ti tig tk tn to tpi tr ts ug uk ur uz ve vec vi vo vun wa wae wo xh xog "
            + "yi yo yue zh zu").split(separator: " ").map(String.init))

    /// The categories `check` requires of `language` and those it allows (CLDR order), or `nil` for a language CLDR
    /// does not know.
    package static func checked(for language: String) -> (required: [String], allowed: Set<String>)? {
        guard let categories = PluralRules.categories(for: language)?.map(\.rawValue) else { return nil }
        var required = categories
        if checkedWithOptionalMany.contains(baseLanguage(of: language)) { required.removeAll { $0 == "many" } }
        return (required, Set(categories).union(["zero"]))
    }

    /// The CLDR categories of `language` for messages (`one, few, many, other`); empty for an unknown language.
    package static func listed(_ language: String) -> String {
        PluralRules.categories(for: language)?.map(\.rawValue).joined(separator: ", ") ?? ""
    }

    /// The CLDR version of the data.
    package static var cldrVersion: String { PluralRules.cldrVersion }
}
