import CLDRSupport

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
        let base = baseLanguage(of: language)
        var categories = exportExceptions[base] ?? PluralRules.categories(for: language) ?? [.one, .other]
        if exportedWithoutMany.contains(base) { categories.removeAll { $0 == .many } }
        return categories.map(\.rawValue).sorted()
    }

    /// Whether ``exported(for:)`` knows `language` (rather than guessing `one` and `other`).
    package static func knows(_ language: String) -> Bool {
        exportExceptions[baseLanguage(of: language)] != nil || PluralRules.categories(for: language) != nil
    }

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
