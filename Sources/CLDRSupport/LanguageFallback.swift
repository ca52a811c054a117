/// Language identifiers and the localizations a reader's languages lead to.
///
/// - ``canonical(_:)`` and ``chain(of:)`` spell identifiers and their truncation fallbacks (`zh-Hant-TW` →
///   `zh-Hant` → `zh`; Chinese with a region and no script gets the script the region implies first): plural
///   rules are found along them.
/// - ``lookupOrder(preferred:available:developmentLanguage:)`` is Apple's choice of localizations
///   (``LanguageMatching``), then the development language: the runtime looks a key up in them in that order, so a
///   key missing everywhere else still has its source text (that last step is stringbridge's choice).
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
    /// They are the localizations Apple chooses (``LanguageMatching/localizationsToUse(preferred:available:)``:
    /// the best match of the first preferred language that matches any, then the available ones on its parent
    /// chain), then `developmentLanguage` when it is available. Each result is spelled as in `available`.
    public static func lookupOrder(
        preferred: [String], available: [String], developmentLanguage: String
    ) -> [String] {
        var order = LanguageMatching.localizationsToUse(preferred: preferred, available: available)
        let development = canonical(developmentLanguage)
        if !development.isEmpty, let found = available.first(where: { canonical($0) == development }),
            !order.contains(found)
        {
            order.append(found)
        }
        return order
    }

    /// The script Apple gives Chinese of a region when the identifier names none.
    static let impliedChineseScript: [String: String] = [
        "TW": "Hant", "HK": "Hant", "MO": "Hant", "CN": "Hans", "SG": "Hans", "MY": "Hans",
    ]
}
