/// Apple's choice of localizations for a reader: `ualoc_localizationsToUse` of Apple's ICU (swift-foundation-icu,
/// `icuSources/common/ualoc.cpp`), which `Bundle.preferredLocalizations(from:forPreferences:)` and so every
/// localized-string lookup use.
///
/// Each identifier is read as ICU's base name (`zh-Hant-TW` → `zh_Hant_TW`), then normalized by Apple's alias map
/// (`zh_TW` → `zh_Hant_TW`, `zh_HK` → `zh_Hant_HK`, `no_NO` → `nb_NO`) or CLDR's language aliases (`iw` → `he`,
/// `in` → `id`). Its parent chain follows Apple's parent map (`en_AU`, `en_IN` → `en_GB` → `en_001` → `en`;
/// `zh_HK` → `zh_Hant` → `zh_TW`; `zh_Hant_HK` → `zh_HK`), then CLDR's parentLocales (`zh_Hant_MO` →
/// `zh_Hant_HK`, `nb` → `no`, a script other than the language's likely one → root: `sr_Latn` never reaches `sr`),
/// then the identifier less its last subtag. Traditional Chinese chains end at `zh_TW`, never at `zh`: a
/// Traditional Chinese reader never gets `zh-Hans` (Simplified Chinese is `zh`'s).
///
/// The first preferred language that matches an available localization decides: an equal base name first, an
/// equal normalized name next, else the pair of chain entries nearest both starts (one more when the languages
/// differ, `nb` against `no`; an available localization of a region other than its language's likely one counts
/// one step further, so `it` prefers `it_IT` to `it_CH`). `pt_PT` takes `pt_BR` only when nothing else matches.
/// A regional result that was not an exact match yields to an exact match of another preferred variant of the
/// same language (`[fr-CH, fr-CA]` with `fr-FR` and `fr-CA` available: `fr-CA`), except for Chinese. The result
/// is followed by the available localizations on its parent chain (`pt-BR`, then `pt`).
public enum LanguageMatching {
    /// The available localizations to use, best first, for a reader who prefers `preferred` (most wanted first),
    /// each spelled as in `available`; empty when none matches (Apple then uses the development localization).
    public static func localizationsToUse(preferred: [String], available: [String]) -> [String] {
        var availableInfos = available.map(Info.init)
        var result: Int?
        var portugueseResult: Int?
        var resultScore = 999
        for wanted in preferred where result == nil {
            var preferredInfo = Info(wanted)
            guard !preferredInfo.base.isEmpty else { continue }
            for index in availableInfos.indices {
                let candidate = availableInfos[index]
                guard !candidate.base.isEmpty else { continue }
                if resultScore > -1, preferredInfo.base == candidate.base {
                    result = index
                    resultScore = -1
                } else if resultScore > 0, preferredInfo.normalized == candidate.normalized {
                    result = index
                    resultScore = 0
                } else if resultScore > 0, preferredInfo.languageGroup == candidate.languageGroup {
                    let preferredChain = preferredInfo.chain(penalizingRegion: false)
                    let candidateChain = availableInfos[index].chain(penalizingRegion: true)
                    for (preferredDepth, preferredEntry) in preferredChain.enumerated() {
                        for (candidateDepth, candidateEntry) in candidateChain.enumerated()
                        where preferredEntry == candidateEntry {
                            if preferredInfo.normalized == "pt_PT", candidate.normalized == "pt_BR" {
                                // Only when nothing else matches anywhere.
                                portugueseResult = index
                            } else {
                                var score = preferredDepth + candidateDepth
                                if preferredInfo.language != candidate.language { score += 1 }
                                if score < resultScore {
                                    resultScore = score
                                    result = index
                                }
                            }
                        }
                    }
                }
            }
        }
        if let found = result, resultScore > 0, availableInfos[found].specifiesRegion,
            availableInfos[found].language != "zh"
        {
            search: for wanted in preferred {
                let preferredInfo = Info(wanted)
                guard preferredInfo.language == availableInfos[found].language else { continue }
                for index in availableInfos.indices
                where preferredInfo.base == availableInfos[index].base
                    || preferredInfo.normalized == availableInfos[index].normalized
                {
                    result = index
                    break search
                }
            }
        }
        if result == nil { result = portugueseResult }
        var chosen: [Int] = []
        if let found = result {
            chosen.append(found)
            let chain = availableInfos[found].chain(penalizingRegion: true)
            for (depth, entry) in chain.enumerated() where depth == 0 || chain[depth - 1] != entry {
                for index in availableInfos.indices where index != found && !chosen.contains(index) {
                    if entry == "zh_Hant_HK", availableInfos[index].normalized == "zh_Hant_TW" {
                        chosen.append(index)
                    } else if entry == availableInfos[index].normalized {
                        chosen.append(index)
                    }
                }
            }
        }
        if chosen.isEmpty, let none = available.firstIndex(of: "zxx") { chosen.append(none) }
        return chosen.map { available[$0] }
    }

    // MARK: - One identifier

    /// An identifier as `ualoc_localizationsToUse` reads it (`LocaleIDInfo`).
    struct Info {
        var original: String
        /// ICU's base name: `_` between subtags, case canonical, keywords (`@…`) dropped.
        var base: String
        /// ``base`` through Apple's alias map or CLDR's language aliases.
        var normalized: String
        var language: String
        /// ``language``, except for languages matched with another: `nb`, `nn` → `no`; `yue`, `wuu` → `zh`;
        /// `ars` → `ar`; `hi` → `en` (`hi_Latn` falls back to `en_IN`).
        var languageGroup: String
        private var chains: [Bool: [String]] = [:]

        init(_ identifier: String) {
            original = identifier
            base = LanguageMatching.baseName(identifier)
            normalized = LanguageMatching.normalize(base)
            language = String(normalized.prefix { $0 != "_" })
            languageGroup = LanguageMatching.languageGroups[language] ?? language
        }

        /// Whether ``normalized`` names a region.
        var specifiesRegion: Bool { LanguageMatching.subtags(of: normalized).region != nil }

        /// ``normalized`` and its parents, at most nine, without the root.
        ///
        /// With `penalizingRegion` (an available localization), ``normalized`` counts twice when its region is not the one CLDR finds likely for it
        /// (`it_CH`; not `es_MX` and `zh_Hant_TW`).
        mutating func chain(penalizingRegion: Bool) -> [String] {
            if let known = chains[penalizingRegion] { return known }
            var chain = [normalized]
            if penalizingRegion, specifiesRegion, normalized != "es_MX", normalized != "zh_Hant_TW",
                LanguageMatching.minimizedKeepsRegion(normalized)
            {
                chain.append(normalized)
            }
            while chain.count < 9, let last = chain.last {
                let parent = LanguageMatching.parent(of: last)
                guard !parent.isEmpty, parent != "root" else { break }
                chain.append(parent)
            }
            chains[penalizingRegion] = chain
            return chain
        }
    }

    // MARK: - ICU's operations

    /// `uloc_getBaseName`: subtags joined by `_`, the language lowercased, a four-letter script capitalised, a
    /// region (two letters or three digits) uppercased, variants uppercased; `@` keywords dropped.
    static func baseName(_ identifier: String) -> String {
        let withoutKeywords = identifier.prefix { $0 != "@" }
        var parts: [String] = []
        for (index, part) in withoutKeywords.split(whereSeparator: { $0 == "-" || $0 == "_" }).enumerated() {
            let letters = part.allSatisfy { $0.isASCII && $0.isLetter }
            if index == 0 {
                parts.append(part.lowercased())
            } else if letters && part.count == 4 && parts.count == 1 {
                parts.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
            } else {
                parts.append(part.uppercased())
            }
        }
        return parts.joined(separator: "_")
    }

    /// Apple's alias map (`appleAliasMap`), before CLDR's language aliases.
    static let appleAliases: [String: String] = [
        "arabic": "ar", "chinese": "zh_Hans", "danish": "da", "dutch": "nl", "english": "en", "finnish": "fi",
        "french": "fr", "german": "de", "italian": "it", "japanese": "ja", "korean": "ko", "no_NO": "nb_NO",
        "norwegian": "nb", "polish": "pl", "portuguese": "pt", "russian": "ru", "spanish": "es", "swedish": "sv",
        "thai": "th", "turkish": "tr", "yue_CN": "yue_Hans_CN", "yue_HK": "yue_Hant_HK", "zh_CN": "zh_Hans_CN",
        "zh_HK": "zh_Hant_HK", "zh_MO": "zh_Hant_MO", "zh_SG": "zh_Hans_SG", "zh_TW": "zh_Hant_TW",
    ]

    /// Apple's parent map (`appleParentMap`), before CLDR's parentLocales.
    static let appleParents: [String: String] = {
        var parents: [String: String] = [
            "ars": "ar", "en_150": "en_GB", "en_AU": "en_GB", "en_BD": "en_GB", "en_CC": "en_AU", "en_CK": "en_AU",
            "en_CX": "en_AU", "en_CY": "en_150", "en_GB": "en_001", "en_HK": "en_GB", "en_IN": "en_GB",
            "en_LK": "en_GB", "en_MY": "en_GB", "en_NF": "en_AU", "en_NR": "en_AU", "en_NU": "en_AU",
            "en_NZ": "en_AU", "en_PG": "en_AU", "en_PK": "en_GB", "en_WS": "en_AU", "es_MX": "es_419",
            "wuu": "wuu_Hans", "wuu_Hans": "zh_Hans", "wuu_Hant": "zh_Hant", "yue": "yue_Hant",
            "yue_HK": "zh_Hant_HK", "yue_Hans": "zh_Hans", "yue_Hant": "yue_HK", "zh_HK": "zh_Hant",
            "zh_Hant": "zh_TW", "zh_Hant_HK": "zh_HK", "zh_TW": "root",
        ]
        // The regions Apple's map sends to en_GB.
        for region in [
            "AG", "AI", "BB", "BM", "BN", "BS", "BW", "BZ", "DG", "DM", "FJ", "FK", "GD", "GG", "GH", "GI", "GM",
            "GY", "IE", "IM", "IO", "JE", "JM", "KE", "KI", "KN", "KY", "LC", "LS", "MO", "MS", "MT", "MU", "MV",
            "MW", "NA", "NG", "PN", "SB", "SC", "SD", "SG", "SH", "SL", "SS", "SZ", "TC", "TO", "TT", "TV", "TZ",
            "UG", "VC", "VG", "VU", "ZA", "ZM", "ZW",
        ] {
            parents["en_" + region] = "en_GB"
        }
        return parents
    }()

    static let languageGroups: [String: String] = [
        "ars": "ar", "hi": "en", "nb": "no", "nn": "no", "wuu": "zh", "yue": "zh",
    ]

    static let cldrParents = pairs(parentData)
    static let likelySubtags = pairs(likelyData)
    static let languageAliases = pairs(aliasData)

    private static func pairs(_ data: String) -> [String: String] {
        var result: [String: String] = [:]
        for pair in data.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { result[String(parts[0])] = String(parts[1]) }
        }
        return result
    }

    /// `ualoc_normalize`: Apple's alias map, else CLDR's language alias of the whole base name or of its language
    /// (the rest kept: `iw_IL` → `he_IL`).
    static func normalize(_ base: String) -> String {
        if let alias = appleAliases[base] { return alias }
        if let alias = languageAliases[base] { return alias }
        guard let underscore = base.firstIndex(of: "_"), let alias = languageAliases[String(base[..<underscore])]
        else { return base }
        if !alias.contains("_") { return alias + base[underscore...] }
        // An alias with a script keeps the original's region (`sh_BA` → `sr_Latn_BA`).
        let aliasParts = alias.split(separator: "_")
        if let last = aliasParts.last, last.count == 4, let region = base.split(separator: "_").last,
            region.count <= 3
        {
            return alias + "_" + region
        }
        return alias
    }

    /// `ualoc_getParent`: Apple's parent map, then CLDR's parentLocales (a script other than the language's likely
    /// one → `root`), then the identifier less its last subtag (`""` after a language).
    static func parent(of locale: String) -> String {
        if let parent = appleParents[locale] { return parent }
        if let parent = cldrParents[locale] { return parent }
        let parts = subtags(of: locale)
        if let script = parts.script, parts.region == nil, parts.variants.isEmpty,
            let likely = likelySubtags[parts.language], subtags(of: likely).script != script
        {
            return "root"
        }
        guard let underscore = locale.lastIndex(of: "_") else { return "" }
        return String(locale[..<underscore])
    }

    /// The subtags of a normalized identifier.
    static func subtags(of identifier: String) -> (
        language: String, script: String?, region: String?, variants: [Substring]
    ) {
        var parts = identifier.split(separator: "_", omittingEmptySubsequences: false)[...]
        let language = String(parts.popFirst() ?? "")
        var script: String?
        var region: String?
        if let next = parts.first, next.count == 4, next.allSatisfy(\.isLetter) {
            script = String(next)
            parts = parts.dropFirst()
        }
        if let next = parts.first,
            (next.count == 2 && next.allSatisfy(\.isLetter)) || (next.count == 3 && next.allSatisfy(\.isNumber))
        {
            region = String(next)
            parts = parts.dropFirst()
        }
        return (language, script, region, Array(parts))
    }

    /// `uloc_addLikelySubtags` from CLDR's likely subtags (language–script–region, language–region,
    /// language–script, language), or `nil` when CLDR has none.
    static func maximize(_ language: String, _ script: String?, _ region: String?) -> String? {
        var keys: [String] = []
        if let script, let region { keys.append("\(language)_\(script)_\(region)") }
        if let region { keys.append("\(language)_\(region)") }
        if let script { keys.append("\(language)_\(script)") }
        keys.append(language)
        for key in keys {
            guard let likely = likelySubtags[key] else { continue }
            let parts = subtags(of: likely)
            return [language, script ?? parts.script, region ?? parts.region].compactMap { $0 }
                .joined(separator: "_")
        }
        return nil
    }

    /// Whether `uloc_minimizeSubtags` keeps the region of `identifier`: its language alone, or its language and
    /// script, does not maximize to the same identifier, unless its language and region do.
    static func minimizedKeepsRegion(_ identifier: String) -> Bool {
        let parts = subtags(of: identifier)
        guard let region = parts.region else { return false }
        guard let maximal = maximize(parts.language, parts.script, region) else { return true }
        if maximize(parts.language, nil, nil) == maximal { return false }
        if maximize(parts.language, nil, region) == maximal { return true }
        if let script = parts.script, maximize(parts.language, script, nil) == maximal { return false }
        return true
    }
}
