import LocalizationCatalog

/// The plural categories Xcode gives each language when it exports plural variations to XLIFF.
///
/// The sets are CLDR's cardinal categories (CLDR 48) with Xcode's reductions: CLDR gives French, Spanish,
/// Italian, Portuguese and Catalan a `many` category for large round numbers (1 000 000), which Xcode does not
/// export (an Xcode 27 French export has only `one` and `other`; Ukrainian gets all four of its categories).
/// `zero` is not part of any set below except where CLDR has it (Latvian, Arabic, Welsh); Apple honours a `zero`
/// case in every language as an exact-0 override, so the exporter adds it when a table uses it.
package enum PluralRules {
    /// The categories of `language` (an Xcode locale identifier such as `fr`, `pt-BR` or `zh-Hans`), in
    /// alphabetical order, the order Xcode writes plural units in.
    ///
    /// A language missing from the table gets `one` and `other`, the most common set.
    package static func categories(for language: String) -> [String] {
        let base = baseLanguage(of: language)
        let set = table[base] ?? .oneOther
        return set.categories
    }

    /// Whether `language` is in the table (so ``categories(for:)`` is not a guess).
    package static func knows(_ language: String) -> Bool {
        table[baseLanguage(of: language)] != nil
    }

    /// The language subtag of a locale identifier: `pt-BR` → `pt`, `zh_Hans` → `zh`, `EN` → `en`.
    static func baseLanguage(of language: String) -> String {
        let utf8 = language.utf8
        let end = utf8.firstIndex { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") } ?? utf8.endIndex
        let base = utf8[..<end]
        if base.allSatisfy({ $0 < 0x80 && !(0x41...0x5A).contains($0) }) { return String(Substring(base)) }
        return String(Substring(base)).lowercased()
    }

    /// The sets of categories languages use.
    enum CategorySet {
        case other
        case oneOther
        case oneFewOther
        case oneTwoOther
        case zeroOneOther
        case oneFewManyOther
        case oneTwoFewOther
        case oneTwoFewManyOther
        case all

        /// The categories, alphabetically.
        var categories: [String] {
            switch self {
            case .other: Self.lists[0]
            case .oneOther: Self.lists[1]
            case .oneFewOther: Self.lists[2]
            case .oneTwoOther: Self.lists[3]
            case .zeroOneOther: Self.lists[4]
            case .oneFewManyOther: Self.lists[5]
            case .oneTwoFewOther: Self.lists[6]
            case .oneTwoFewManyOther: Self.lists[7]
            case .all: Self.lists[8]
            }
        }

        /// The categories of each set, in the order of the cases, made once.
        private static let lists: [[String]] = [
            ["other"], ["one", "other"], ["few", "one", "other"], ["one", "other", "two"], ["one", "other", "zero"],
            ["few", "many", "one", "other"], ["few", "one", "other", "two"], ["few", "many", "one", "other", "two"],
            ["few", "many", "one", "other", "two", "zero"],
        ]
    }

    /// Language subtag → category set.
    static let table: [String: CategorySet] = {
        var table: [String: CategorySet] = [:]
        func add(_ set: CategorySet, _ languages: String) {
            for language in languages.split(separator: " ") { table[String(language)] = set }
        }
        add(
            .other,
            "bm bo dz hnj id ig ii ja jbo jv jw kde kea km ko lkt lo ms my nqo osa sah ses sg su th to tpi vi wo yo yue zh"
        )
        add(
            .oneOther,
            "af ak am an as asa ast az bal bem bez bg bho blo bn brx ce ceb cgg chr ckb da de doi dv ee el en eo et eu "
                + "fa ff fi fil fo fur fy gl gsw gu guw ha haw hi hu hy ia io is jgo jmc ka kab kaj kcg kk kkj kl ks "
                + "ksb ku ky lb lg lij ln mas mgo mk ml mn mr nah nb nd ne nl nn nnh no nr ny nyn om or os pa pap pcm "
                + "ps qu rm rof rwk saq sc scn sd sdh seh si sn so sq ss ssy st sv sw syr ta te teo ti tig tk tn tr ts "
                + "ug ur uz ve vo vun wa wae xh xog yi zu "
                // CLDR adds `many` for large round numbers to these; Xcode does not export it.
                + "ca es fr it pt vec"
        )
        add(.oneFewOther, "bs hr ro mo sh sr")
        add(.oneTwoOther, "he iu naq sat se sma smi smj smn sms iw")
        add(.zeroOneOther, "lv prg ksh lag")
        add(.oneFewManyOther, "be cs lt pl ru sk uk")
        add(.oneTwoFewOther, "dsb gd hsb sl")
        add(.oneTwoFewManyOther, "br ga gv mt")
        add(.all, "ar ars cy kw")
        return table
    }()
}
