import LocalizationCatalog

/// What a catalog already at an `extract` output holds that extract's catalog, made from the code alone, would drop.
///
/// `extract` writes new catalogs; pointed at a project's folder it would replace the project's catalog and lose its
/// translations. A catalog there that holds only what extract itself writes (keys from code, their comments, source
/// values in state `new`) may be replaced: that is a previous extract's output. Anything else is work that only
/// the catalog holds — translations, keys added by hand or migrated, a comment the code does not give, a source
/// value or state a developer set, a "Don't Translate" mark, unknown members — and the catalog is refused.
package enum ExtractReplacement {
    /// What replacing `existing` with `replacement` would lose, one phrase per kind (`116 translations (de, fr)`,
    /// `3 manual keys`); empty when nothing.
    package static func losses(replacing existing: StringTable, with replacement: StringTable) -> [String] {
        let source = existing.sourceLanguage
        var translations = 0
        var translatedLanguages: [String] = []
        var keptKeys = 0
        var comments = 0
        var sourceValues = 0
        var marks = 0
        for (key, entry) in existing.entries {
            let new = replacement.entries[key]
            if let state = entry.extractionState, state != .extractedWithValue {
                keptKeys += 1
            }
            for (language, localization) in entry.localizations ?? [:] {
                if language == source {
                    if localization != new?.localizations?[language], !isExtractedValue(localization) {
                        sourceValues += 1
                    }
                } else {
                    translations += 1
                    if !translatedLanguages.contains(language) { translatedLanguages.append(language) }
                }
            }
            if let comment = entry.comment, !comment.isEmpty, new != nil, new?.comment == nil {
                comments += 1
            }
            if entry.shouldTranslate == false, new?.shouldTranslate != false { marks += 1 }
            if !entry.extraMembers.isEmpty, new?.extraMembers != entry.extraMembers { marks += 1 }
        }
        var result: [String] = []
        if translations > 0 {
            result.append(
                "\(plural(translations, "translation")) (\(translatedLanguages.sorted().joined(separator: ", ")))")
        }
        if keptKeys > 0 { result.append("\(plural(keptKeys, "manual, migrated or stale key")) the code does not give") }
        if comments > 0 { result.append("\(plural(comments, "comment")) the code does not give") }
        if sourceValues > 0 { result.append("\(plural(sourceValues, "source value")) set in the catalog (state)") }
        if marks > 0 { result.append("\(plural(marks, "key")) with settings of its own (Don't Translate, members)") }
        return result
    }

    /// Whether a development-language localization is what extract writes: string units in state `new` only.
    private static func isExtractedValue(_ localization: Localization) -> Bool {
        guard localization.stringSet == nil || localization.stringSet?.state == .new else { return false }
        if let unit = localization.stringUnit, unit.state != .new { return false }
        if let variations = localization.variations {
            for cases in [variations.plural, variations.device, variations.width] {
                for (_, value) in cases ?? [:] where !isExtractedValue(value) { return false }
            }
        }
        for (_, substitution) in localization.substitutions ?? [:] {
            guard let variations = substitution.variations else { continue }
            for cases in [variations.plural, variations.device, variations.width] {
                for (_, value) in cases ?? [:] where !isExtractedValue(value) { return false }
            }
        }
        return localization.extraMembers.isEmpty
    }

    private static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
