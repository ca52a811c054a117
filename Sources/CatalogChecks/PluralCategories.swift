import Foundation

/// The plural categories `check` expects of a language: CLDR's cardinal categories (``CLDRPluralCategories``) with
/// Apple's and Xcode's allowances.
///
/// - `zero` is optional in every language (Apple uses it as an exact-0 override) and never extra; it is required
///   only where CLDR has it (Latvian, Arabic, Welsh, …).
/// - `many` is optional for French, Spanish, Italian, Portuguese and Catalan: CLDR 42+ gives them a `many` for
///   large round numbers (1 000 000) that Xcode's export leaves out (as `XLIFFFormat`'s `PluralRules` does).
package enum PluralCategories {
    /// Languages whose CLDR `many` is optional.
    static let optionalMany: Set<String> = ["fr", "es", "it", "pt", "ca"]

    /// What `language` needs and may have, or `nil` for a language CLDR does not know.
    package static func rules(for language: String) -> (required: [String], allowed: Set<String>)? {
        let normalized = language.replacingOccurrences(of: "_", with: "-")
        let base = String(normalized.split(separator: "-").first ?? Substring(normalized)).lowercased()
        guard let index = CLDRPluralCategories.table[normalized] ?? CLDRPluralCategories.table[base] else {
            return nil
        }
        let categories = CLDRPluralCategories.sets[index]
        var required = categories
        if optionalMany.contains(base) { required.removeAll { $0 == "many" } }
        var allowed = Set(categories)
        allowed.insert("zero")
        return (required, allowed)
    }

    /// The CLDR categories of `language` for messages (`one, few, many, other`).
    package static func listed(_ language: String) -> String {
        let normalized = language.replacingOccurrences(of: "_", with: "-")
        let base = String(normalized.split(separator: "-").first ?? Substring(normalized)).lowercased()
        guard let index = CLDRPluralCategories.table[normalized] ?? CLDRPluralCategories.table[base] else { return "" }
        return CLDRPluralCategories.sets[index].joined(separator: ", ")
    }

    /// The CLDR version of the data.
    package static var cldrVersion: String { CLDRPluralCategories.cldrVersion }
}
