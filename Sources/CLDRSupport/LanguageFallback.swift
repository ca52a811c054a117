/// Apple's rules for choosing a localization from a list of preferred languages.
///
/// - Identifiers compare without regard to case, and `_` is the same as `-` (`pt_br`, `pt-BR`).
/// - A language falls back by dropping its last subtag: `pt-BR` → `pt`, `zh-Hant-TW` → `zh-Hant` → `zh`. Chinese
///   with a region and no script gets the script the region implies first (`zh-TW` → `zh-Hant`, `zh-CN` →
///   `zh-Hans`), as Apple's bundles do.
/// - The first preferred language that matches a localization wins, with its own fallbacks after it; a preferred
///   language that matches no localization is skipped. A preferred `en` or `en-US` also matches an `en-GB`
///   localization when neither `en-US` nor `en` exists.
/// - Last comes the development language, so a key missing everywhere else still has its source text.
public enum LanguageFallback {
    /// `identifier` in its canonical spelling (`ZH_hant_tw` → `zh-Hant-TW`).
    ///
    /// Subtags are joined by `-`; the language is in lowercase, a four-letter script capitalised, a region in
    /// uppercase. Empty subtags are dropped.
    public static func canonical(_ identifier: String) -> String {
        var subtags: [String] = []
        for (index, part) in identifier.split(whereSeparator: { $0 == "-" || $0 == "_" }).enumerated() {
            let letters = part.allSatisfy { $0.isASCII && $0.isLetter }
            if index == 0 {
                subtags.append(part.lowercased())
            } else if letters && part.count == 4 {
                subtags.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
            } else if (letters && part.count == 2) || (part.count == 3 && part.allSatisfy { $0.isASCII && $0.isNumber })
            {
                subtags.append(part.uppercased())
            } else {
                subtags.append(part.lowercased())
            }
        }
        return subtags.joined(separator: "-")
    }

    /// `identifier` and each of its fallbacks, most specific first, canonical (`zh_Hant_TW` → `zh-Hant-TW`,
    /// `zh-Hant`, `zh`).
    public static func chain(of identifier: String) -> [String] {
        var subtags = canonical(identifier).split(separator: "-").map(String.init)
        var chain: [String] = []
        while !subtags.isEmpty {
            chain.append(subtags.joined(separator: "-"))
            if subtags.count == 2, subtags[0] == "zh", let script = impliedChineseScript[subtags[1]] {
                chain.append("zh-" + script)
            }
            subtags.removeLast()
        }
        return chain
    }

    /// The localizations to look in, in order, for a reader who prefers `preferred` (most wanted first).
    ///
    /// They are the first preferred language that matches one of `available` and its available fallbacks, then
    /// `developmentLanguage` when it is available. Each result is spelled as in `available`.
    public static func lookupOrder(
        preferred: [String], available: [String], developmentLanguage: String
    ) -> [String] {
        var byCanonical: [String: String] = [:]
        for language in available where byCanonical[canonical(language)] == nil {
            byCanonical[canonical(language)] = language
        }
        var order: [String] = []
        func add(_ language: String) {
            if !order.contains(language) { order.append(language) }
        }
        for wanted in preferred {
            let chain = chain(of: wanted)
            // An identifier with no subtag (``, `-`, `_`) names no language: skipped.
            guard let head = chain.first else { continue }
            let found = chain.compactMap { byCanonical[$0] }
            if !found.isEmpty {
                found.forEach(add)
                break
            }
            // Another localization of the wanted language: a more specific one first (`en` → `en-GB`), then a
            // sibling (`en-US` → `en-GB`), in the order of `available`.
            let prefixes = [head + "-", (chain.last ?? head) + "-"]
            if let other = prefixes.lazy.compactMap({ prefix in
                available.first { canonical($0).hasPrefix(prefix) }
            }).first {
                add(other)
                break
            }
        }
        if let development = byCanonical[canonical(developmentLanguage)] {
            add(development)
        }
        return order
    }

    /// The script Apple gives Chinese of a region when the identifier names none.
    static let impliedChineseScript: [String: String] = [
        "TW": "Hant", "HK": "Hant", "MO": "Hant", "CN": "Hans", "SG": "Hans", "MY": "Hans",
    ]
}
