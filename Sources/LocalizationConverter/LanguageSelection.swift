import LocalizationCatalog

/// Languages named on a command line, checked against the languages a table has.
///
/// Xcode's language identifiers are matched exactly (`zh-Hans`, `pt-BR`): a catalog's `zh-Hans` is not the
/// `zh-hans` or `zh_Hans` a user typed. A name that differs from an available one only in case or in `_` for `-`
/// is always an error that names the right spelling.
package enum LanguageSelection {
    /// The available language that `requested` probably means: equal when case and `_`/`-` are ignored, but
    /// not equal; `nil` when there is none.
    package static func nearMatch(for requested: String, in available: [String]) -> String? {
        let folded = fold(requested)
        return available.first { $0 != requested && fold($0) == folded }
    }

    /// The message for a language that is not among `available`, with the near match when there is one.
    package static func missingMessage(_ requested: String, available: [String], what: String) -> String {
        var message = "\(what) has no language '\(requested)'"
        if let match = nearMatch(for: requested, in: available) {
            message += "; did you mean '\(match)'?"
        } else if !available.isEmpty {
            message += " (it has \(available.sorted().joined(separator: ", ")))"
        }
        return message
    }

    /// Throws for the first of `requested` that `available` lacks.
    /// - Throws: ``ConversionError`` about `path`, at its start.
    package static func check(_ requested: [String], available: [String], what: String, path: String) throws {
        for language in requested where !available.contains(language) {
            throw ConversionError(
                missingMessage(language, available: available, what: what),
                at: FileLocation(path: path, line: 1, column: 1))
        }
    }

    /// The languages of `table`, its source language first.
    package static func available(in table: StringTable) -> [String] {
        var languages = table.languages
        if !languages.contains(table.sourceLanguage) { languages.insert(table.sourceLanguage, at: 0) }
        return languages
    }

    /// The language of `available` that is `language` in another case (`fr` for `FR`).
    ///
    /// On a case-insensitive disk (macOS) both name one `.lproj` folder. `nil` when `available` has `language`
    /// itself, or no such language, or more than one.
    package static func sameFolderSpelling(of language: String, in available: [String]) -> String? {
        guard !available.contains(language) else { return nil }
        let matches = available.filter { $0.lowercased() == language.lowercased() }
        return matches.count == 1 ? matches[0] : nil
    }

    /// The groups of `languages` that differ only by case (`fr`, `FR`), each in the order given.
    package static func caseCollisions(in languages: [String]) -> [[String]] {
        var groups: [String: [String]] = [:]
        var order: [String] = []
        for language in languages {
            let folded = language.lowercased()
            if groups[folded] == nil { order.append(folded) }
            groups[folded, default: []].append(language)
        }
        return order.compactMap { folded in groups[folded].flatMap { $0.count > 1 ? $0 : nil } }
    }

    private static func fold(_ language: String) -> String {
        String(language.lowercased().map { $0 == "_" ? "-" : $0 })
    }
}
