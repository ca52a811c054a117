import CLDRSupport
import CatalogChecks
import LocalizationCatalog

/// One string of a key in one language that the editor shows: every variation the language needs.
package struct Slot: Sendable, Equatable {
    /// The variation path, as `check` writes it (`""`, `plural.few`, `device.iphone.plural.one`,
    /// `substitutions.count.plural.many`).
    package var path: String
    /// The development language's text for it (the same case, else its `other`, else the level above).
    package var source: String?
    /// The value, `nil` when the language has none there.
    package var value: String?
    /// The state, `nil` when there is none.
    package var state: String?
}

/// The strings a key needs in a language, and edits of them on the model.
package enum KeySlots {
    /// Every string `language` needs for `key`: the development language's shape (its plural levels with the
    /// language's CLDR categories, its devices, its substitutions), with what the language has besides.
    package static func slots(key: String, entry: CatalogEntry, language: String, in table: ProjectTable) -> [Slot] {
        let sourceLanguage = table.table.sourceLanguage
        let sourceRoot = entry.localizations?[sourceLanguage] ?? (table.keyIsSourceText ? Localization(key) : nil)
        let target = entry.localizations?[language]
        let categories = pluralCategories(ProjectTable.pluralLanguage(language, source: sourceLanguage))
        var slots: [Slot] = []
        walk(source: sourceRoot, target: target, path: "", categories: categories, into: &slots)
        if language == sourceLanguage, table.keyIsSourceText {
            // The development language's source is the key.
            for index in slots.indices where slots[index].path.isEmpty { slots[index].source = key }
        }
        return slots
    }

    /// The categories a language's plural variations get: CLDR's (`one` and `other` for an unknown language).
    static func pluralCategories(_ language: String) -> [String] {
        PluralRules.categories(for: language)?.map(\.rawValue) ?? ["one", "other"]
    }

    static let categoryOrder = ["zero", "one", "two", "few", "many", "other"]

    private static func join(_ path: String, _ part: String) -> String { path.isEmpty ? part : path + "." + part }

    private static func walk(
        source: Localization?, target: Localization?, path: String, categories: [String], into slots: inout [Slot]
    ) {
        if walkVariations(
            source: source?.variations, sourceUnit: source, target: target?.variations, path: path,
            categories: categories, into: &slots)
        {
            appendSubstitutions(source: source, target: target, path: path, categories: categories, into: &slots)
            return
        }
        // A plain string (or the format string of substitutions).
        let unit = target?.stringUnit
        slots.append(
            Slot(path: path, source: source?.stringUnit?.value, value: unit?.value, state: unit?.state?.rawValue))
        appendSubstitutions(source: source, target: target, path: path, categories: categories, into: &slots)
    }

    /// The cases of plural, device or width variations; `false` when neither side has any.
    private static func walkVariations(
        source: Variations?, sourceUnit: Localization?, target: Variations?, path: String, categories: [String],
        into slots: inout [Slot]
    ) -> Bool {
        if source?.plural != nil || target?.plural != nil {
            let own = target?.plural
            var names = categories
            for name in own?.keys ?? [] where !names.contains(name) { names.append(name) }
            names.sort {
                (categoryOrder.firstIndex(of: $0) ?? 99, $0) < (categoryOrder.firstIndex(of: $1) ?? 99, $1)
            }
            let sourceCases = source?.plural
            for name in names {
                let sourceCase: Localization? =
                    sourceCases.map { $0[name] ?? $0["other"] }
                    ?? sourceUnit.map { Localization(stringUnit: $0.stringUnit) }
                walk(
                    source: sourceCase, target: own?[name], path: join(path, "plural.\(name)"), categories: categories,
                    into: &slots)
            }
            return true
        }
        for (kind, sourceMap, targetMap) in [
            ("device", source?.device, target?.device), ("width", source?.width, target?.width),
        ] where sourceMap != nil || targetMap != nil {
            var names = sourceMap?.keys ?? []
            for name in targetMap?.keys ?? [] where !names.contains(name) { names.append(name) }
            for name in names {
                walk(
                    source: sourceMap?[name] ?? sourceMap?["other"], target: targetMap?[name],
                    path: join(path, "\(kind).\(name)"), categories: categories, into: &slots)
            }
            return true
        }
        return false
    }

    private static func appendSubstitutions(
        source: Localization?, target: Localization?, path: String, categories: [String], into slots: inout [Slot]
    ) {
        var names = source?.substitutions?.keys ?? []
        for name in target?.substitutions?.keys ?? [] where !names.contains(name) { names.append(name) }
        for name in names {
            _ = walkVariations(
                source: source?.substitutions?[name]?.variations, sourceUnit: nil,
                target: target?.substitutions?[name]?.variations, path: join(path, "substitutions.\(name)"),
                categories: categories, into: &slots)
        }
    }

    // MARK: - Edits

    /// Sets the string at `path` of `localization` (creating the variations and substitutions on the way, a
    /// substitution with the source's argument and specifier) to `value` in `state`; `nil` or an empty value
    /// removes it, and what is left empty with it.
    package static func set(
        _ value: String?, state: TranslationState, at path: String, in localization: inout Localization?,
        source: Localization?
    ) {
        let parts = path.isEmpty ? [] : path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count % 2 == 0 else { return }
        var current = localization ?? Localization()
        set(value.flatMap { $0.isEmpty ? nil : $0 }, state: state, parts: parts[...], in: &current, source: source)
        localization = current.hasContent || current.stringSet != nil ? current : nil
    }

    private static func set(
        _ value: String?, state: TranslationState, parts: ArraySlice<String>, in localization: inout Localization,
        source: Localization?
    ) {
        guard let kind = parts.first, parts.count >= 2 else {
            if let value {
                var unit = localization.stringUnit ?? StringUnit(value, state: state)
                unit.value = value
                unit.state = state
                localization.stringUnit = unit
            } else {
                localization.stringUnit = nil
            }
            return
        }
        let name = parts[parts.startIndex + 1]
        let rest = parts.dropFirst(2)
        if kind == "substitutions" {
            var substitutions = localization.substitutions ?? OrderedMap()
            let sourceSubstitution = source?.substitutions?[name]
            var substitution =
                substitutions[name]
                ?? Substitution(
                    argNum: sourceSubstitution?.argNum, formatSpecifier: sourceSubstitution?.formatSpecifier)
            var inner = Localization(variations: substitution.variations)
            set(
                value, state: state, parts: rest, in: &inner,
                source: sourceSubstitution.map { Localization(variations: $0.variations) })
            substitution.variations = inner.variations
            if substitution.variations == nil || isEmpty(substitution.variations) {
                substitutions.removeValue(forKey: name)
            } else {
                substitutions[name] = substitution
            }
            localization.substitutions = substitutions.isEmpty ? nil : substitutions
            return
        }
        var variations = localization.variations ?? Variations()
        var cases: OrderedMap<Localization>
        let sourceCases: OrderedMap<Localization>?
        switch kind {
        case "plural":
            cases = variations.plural ?? OrderedMap()
            sourceCases = source?.variations?.plural
        case "device":
            cases = variations.device ?? OrderedMap()
            sourceCases = source?.variations?.device
        case "width":
            cases = variations.width ?? OrderedMap()
            sourceCases = source?.variations?.width
        default: return
        }
        var child = cases[name] ?? Localization()
        set(value, state: state, parts: rest, in: &child, source: sourceCases?[name] ?? sourceCases?["other"])
        if child.hasContent || child.stringSet != nil {
            cases[name] = child
        } else {
            cases.removeValue(forKey: name)
        }
        let kept: OrderedMap<Localization>? = cases.isEmpty ? nil : cases
        switch kind {
        case "plural": variations.plural = kept
        case "device": variations.device = kept
        default: variations.width = kept
        }
        localization.variations = isEmpty(variations) ? nil : variations
    }

    private static func isEmpty(_ variations: Variations?) -> Bool {
        guard let variations else { return true }
        return variations.plural == nil && variations.device == nil && variations.width == nil
            && variations.extraMembers.isEmpty
    }

    /// Marks every string of `localization` in state `needs_review` or `new` that has a value as translated
    /// (Xcode's "Mark as Reviewed").
    package static func markReviewed(_ localization: inout Localization) {
        if var unit = localization.stringUnit, !unit.value.isEmpty,
            unit.state == .needsReview || unit.state == .new
        {
            unit.state = .translated
            localization.stringUnit = unit
        }
        guard localization.hasMoreThanStringUnit else { return }
        if var variations = localization.variations {
            mark(&variations)
            localization.variations = variations
        }
        if var substitutions = localization.substitutions {
            for index in substitutions.indices {
                var substitution = substitutions[valueAt: index]
                if var variations = substitution.variations {
                    mark(&variations)
                    substitution.variations = variations
                    substitutions[valueAt: index] = substitution
                }
            }
            localization.substitutions = substitutions
        }
    }

    private static func mark(_ variations: inout Variations) {
        for keyPath in [\Variations.plural, \Variations.device, \Variations.width] {
            guard var cases = variations[keyPath: keyPath] else { continue }
            for index in cases.indices {
                var child = cases[valueAt: index]
                markReviewed(&child)
                cases[valueAt: index] = child
            }
            variations[keyPath: keyPath] = cases
        }
    }
}
