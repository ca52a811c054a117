import LocalizationCatalog

/// The XLIFF units of one String Catalog entry in one target language, as Xcode exports them.
///
/// Export and import share it: import compares a unit with what exporting the current table would give, so
/// an unchanged unit changes nothing and `<source>` texts are checked against the same rules.
struct CatalogUnitBuilder {
    let key: String
    let entry: CatalogEntry
    let targetLanguage: String
    /// The source-language localization, when it has any content.
    let source: Localization?
    /// The target-language localization (the source one when exporting the source language).
    let target: Localization?
    /// Whether the target language is the source language.
    let isSourceExport: Bool

    init(key: String, entry: CatalogEntry, sourceLanguage: String, targetLanguage: String) {
        self.key = key
        self.entry = entry
        self.targetLanguage = targetLanguage
        let source = entry.localizations?[sourceLanguage]
        self.source = source.flatMap { $0.hasContent ? $0 : nil }
        isSourceExport = sourceLanguage == targetLanguage
        let target = isSourceExport ? source : entry.localizations?[targetLanguage]
        self.target = target.flatMap { $0.hasContent ? $0 : nil }
    }

    /// The localization whose shape decides the units: the target's when it has one, else the source's.
    var shapeLocalization: Localization? { target ?? source }

    /// The units' paths, in Xcode's order (root first, then variation paths alphabetically).
    func paths() -> [XLIFFVariationPath] {
        guard let shape = shapeLocalization else { return [.root] }
        let shapeIsTarget = target != nil
        var result: [XLIFFVariationPath] = []
        if shape.stringUnit != nil { result.append(.root) }
        if let variations = shape.variations {
            collectPaths(
                variations, prefix: [], source: source?.variations, shapeIsTarget: shapeIsTarget, into: &result)
        }
        for (name, substitution) in shape.substitutions ?? [:] {
            let categories = pluralCategories(
                present: substitution.variations?.plural?.keys ?? [],
                sourceCases: source?.substitutions?[name]?.variations?.plural, shapeIsTarget: shapeIsTarget)
            result += categories.map { XLIFFVariationPath([.substitution(name), .plural($0)]) }
        }
        if result.isEmpty { return [.root] }
        return result.sorted { XLIFFIdentifier.compare($0.description, $1.description) < 0 }
    }

    private func collectPaths(
        _ variations: Variations, prefix: [XLIFFVariationPath.Step], source: Variations?, shapeIsTarget: Bool,
        into result: inout [XLIFFVariationPath]
    ) {
        if let plural = variations.plural {
            let categories = pluralCategories(
                present: plural.keys, sourceCases: source?.plural, shapeIsTarget: shapeIsTarget)
            result += categories.map { XLIFFVariationPath(prefix + [.plural($0)]) }
        }
        for (device, deviceCase) in variations.device ?? [:] {
            let steps = prefix + [.device(device)]
            if let nested = deviceCase.variations, nested.plural != nil || nested.device != nil {
                let sourceCase = source?.device?[device] ?? source?.device?["other"]
                collectPaths(
                    nested, prefix: steps, source: sourceCase?.variations, shapeIsTarget: shapeIsTarget, into: &result)
                if deviceCase.stringUnit != nil { result.append(XLIFFVariationPath(steps)) }
            } else {
                result.append(XLIFFVariationPath(steps))
            }
        }
    }

    /// The plural categories exported for a plural group: the target language's, the target's own cases when the
    /// target has the group, and `zero` when the source uses it.
    private func pluralCategories(
        present: [String], sourceCases: OrderedMap<Localization>?, shapeIsTarget: Bool
    ) -> [String] {
        var categories = PluralRules.categories(for: targetLanguage)
        if shapeIsTarget {
            for category in present where !categories.contains(category) { categories.append(category) }
        }
        if sourceCases?["zero"] != nil, !categories.contains("zero") { categories.append("zero") }
        return categories.sorted { XLIFFIdentifier.compare($0, $1) < 0 }
    }

    /// The unit id for `path`.
    func id(at path: XLIFFVariationPath) -> String {
        XLIFFIdentifier.catalogID(key: key, path: path)
    }

    /// The `<source>` Xcode writes for `path`.
    ///
    /// The source's own string when it has that path; the source's `other` case for a plural category or device
    /// it lacks; the whole unvaried source string for a variation only the target has; the unit id for a
    /// substitution only the target has; the key when there is no source localization.
    func sourceText(at path: XLIFFVariationPath) -> String {
        guard let source else { return path.substitutionName == nil ? key : id(at: path) }
        var current = source
        var substitution: (name: String, value: Substitution)?
        for step in path.steps {
            switch step {
            case .substitution(let name):
                guard let value = source.substitutions?[name] else { return id(at: path) }
                substitution = (name, value)
                current = Localization(variations: value.variations)
            case .device(let device):
                if let devices = current.variations?.device, let next = devices[device] ?? devices["other"] {
                    current = next
                }
            case .plural(let category):
                if let plural = current.variations?.plural, let next = plural[category] ?? plural["other"] {
                    current = next
                }
            }
        }
        let text = current.fallbackText ?? key
        if let substitution {
            return XLIFFPlaceholders.exportingCase(
                text, argument: XLIFFPlaceholders.argument(of: substitution.name, in: source),
                formatSpecifier: substitution.value.formatSpecifier)
        }
        return XLIFFPlaceholders.exportingParent(text, substitutions: source.substitutions)
    }

    /// The `<target>` text and catalog state Xcode writes for `path`; `nil` when there is no target.
    func targetValue(at path: XLIFFVariationPath) -> (text: String, state: TranslationState?)? {
        guard let target else {
            // The source language without a localization: the key is the text, and it is new.
            if isSourceExport, path.isRoot { return (key, .new) }
            return nil
        }
        guard let unit = target.leaf(at: path) else { return nil }
        return (exportedText(unit.value, at: path, in: target), unit.state)
    }

    /// `value`, a string at `path` of `localization`, with placeholders as XLIFF has them.
    func exportedText(_ value: String, at path: XLIFFVariationPath, in localization: Localization) -> String {
        if let name = path.substitutionName {
            return XLIFFPlaceholders.exportingCase(
                value, argument: XLIFFPlaceholders.argument(of: name, in: localization),
                formatSpecifier: localization.substitutions?[name]?.formatSpecifier)
        }
        return XLIFFPlaceholders.exportingParent(value, substitutions: localization.substitutions)
    }

    /// The unit for `path`.
    func unit(at path: XLIFFVariationPath) -> XLIFFUnit {
        let target = targetValue(at: path)
        let state = target.map { XLIFFExport.xliffState(for: $0.state) }
        return XLIFFUnit(
            id: id(at: path), source: sourceText(at: path), target: target?.text, state: state?.state,
            stateQualifier: state?.qualifier,
            notes: [XLIFFExport.note(comment: entry.comment, autoGenerated: entry.isCommentAutoGenerated)],
            translate: entry.shouldTranslate == false ? false : nil)
    }
}

extension Localization {
    /// Whether the localization holds any string (an empty localization counts as absent).
    var hasContent: Bool {
        stringUnit != nil || stringSet != nil || variations?.plural != nil || variations?.device != nil
            || !(substitutions?.isEmpty ?? true)
    }

    /// The string unit at `path`, exactly (no fallback).
    func leaf(at path: XLIFFVariationPath) -> StringUnit? {
        var current = self
        for step in path.steps {
            switch step {
            case .substitution(let name):
                guard let substitution = current.substitutions?[name] else { return nil }
                current = Localization(variations: substitution.variations)
            case .device(let device):
                guard let next = current.variations?.device?[device] else { return nil }
                current = next
            case .plural(let category):
                guard let next = current.variations?.plural?[category] else { return nil }
                current = next
            }
        }
        return current.stringUnit
    }

    /// This case's string, or for a varied case the string of its `other` case (device first, then plural),
    /// or of its first case.
    var fallbackText: String? {
        if let value = stringUnit?.value { return value }
        for group in [variations?.device, variations?.plural] {
            guard let group else { continue }
            if let value = (group["other"] ?? group.values.first)?.fallbackText { return value }
        }
        return nil
    }
}
