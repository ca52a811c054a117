import LocalizationCatalog

/// The plural categories Xcode gives each language when it exports plural variations to XLIFF: the hub's
/// ``XcodePluralCategories`` (CLDR with Xcode's reductions), under the name the export code calls.
package enum PluralRules {
    /// The categories of `language`, in alphabetical order, the order Xcode writes plural units in.
    package static func categories(for language: String) -> [String] {
        XcodePluralCategories.exported(for: language)
    }

    /// Whether `language` is known (so ``categories(for:)`` is not a guess).
    package static func knows(_ language: String) -> Bool {
        XcodePluralCategories.knows(language)
    }
}
