import LocalizationCatalog

/// The XLIFF units of one String Catalog entry in one target language, as Xcode exports them.
///
/// Export and import share it: import compares a unit with what exporting the current table would give, so
/// an unchanged unit changes nothing and `<source>` texts are checked against the same rules.
struct CatalogUnitBuilder {
    let key: String
    let targetLanguage: String
    /// The source-language localization, when it has any content.
    let source: Localization?
    /// The target-language localization (the source one when exporting the source language).
    let target: Localization?
    /// Whether the target language is the source language.
    let isSourceExport: Bool
    /// The target language's plural categories (``PluralRules/categories(for:)``).
    let languageCategories: [String]
    /// `source` and `target` with their parts read once (every read of `variations` or `substitutions` copies
    /// them out of the localization).
    private let sourceNode: Node?
    private let targetNode: Node?

    init(key: String, entry: CatalogEntry, sourceLanguage: String, targetLanguage: String) {
        let source = entry.localizations?[sourceLanguage]
        let isSourceExport = sourceLanguage == targetLanguage
        self.init(
            key: key, source: source,
            target: isSourceExport ? source : entry.localizations?[targetLanguage], targetLanguage: targetLanguage,
            isSourceExport: isSourceExport, languageCategories: PluralRules.categories(for: targetLanguage))
    }

    /// A builder from localizations already looked up (empty ones are dropped here).
    init(
        key: String, source: Localization?, target: Localization?, targetLanguage: String, isSourceExport: Bool,
        languageCategories: [String]
    ) {
        self.key = key
        self.targetLanguage = targetLanguage
        self.isSourceExport = isSourceExport
        self.languageCategories = languageCategories
        let sourceNode = source.map(Node.init).flatMap { $0.hasContent ? $0 : nil }
        self.sourceNode = sourceNode
        self.source = sourceNode == nil ? nil : source
        let targetNode = target.map(Node.init).flatMap { $0.hasContent ? $0 : nil }
        self.targetNode = targetNode
        self.target = targetNode == nil ? nil : target
    }

    /// A localization or a case, on the way down a path.
    private struct Node {
        let stringUnit: StringUnit?
        let stringSet: StringSet?
        let variations: Variations?
        let substitutions: OrderedMap<Substitution>?

        init(_ localization: Localization) {
            stringUnit = localization.stringUnit
            if localization.hasMoreThanStringUnit {
                stringSet = localization.stringSet
                variations = localization.variations
                substitutions = localization.substitutions
            } else {
                stringSet = nil
                variations = nil
                substitutions = nil
            }
        }

        /// A substitution's cases, as `Localization(variations:)`.
        init(variations: Variations?) {
            stringUnit = nil
            stringSet = nil
            self.variations = variations
            substitutions = nil
        }

        /// ``Localization/hasContent``.
        var hasContent: Bool {
            stringUnit != nil || stringSet != nil || variations?.plural != nil || variations?.device != nil
                || !(substitutions?.isEmpty ?? true)
        }

        /// ``Localization/fallbackText``.
        var fallbackText: String? {
            if let value = stringUnit?.value { return value }
            for group in [variations?.device, variations?.plural] {
                guard let group else { continue }
                if let value = (group["other"] ?? group.values.first)?.fallbackText { return value }
            }
            return nil
        }

        /// ``Localization/leaf(at:)``.
        func leaf(at path: XLIFFVariationPath) -> StringUnit? {
            var current = self
            for step in path.steps {
                switch step {
                case .substitution(let name):
                    guard let substitution = current.substitutions?[name] else { return nil }
                    current = Node(variations: substitution.variations)
                case .device(let device):
                    guard let next = current.variations?.device?[device] else { return nil }
                    current = Node(next)
                case .plural(let category):
                    guard let next = current.variations?.plural?[category] else { return nil }
                    current = Node(next)
                }
            }
            return current.stringUnit
        }
    }

    /// The localization whose shape decides the units: the target's when it has one, else the source's.
    var shapeLocalization: Localization? { target ?? source }

    /// Whether the localization that decides the units' shape is a string set, which XLIFF cannot hold.
    var shapeIsStringSet: Bool { (targetNode ?? sourceNode)?.stringSet != nil }

    /// The units' paths, in Xcode's order (root first, then variation paths alphabetically).
    func paths() -> [XLIFFVariationPath] {
        describedPaths().map(\.path)
    }

    /// The units' paths in Xcode's order, each with its ``XLIFFVariationPath/description``.
    func describedPaths() -> [(path: XLIFFVariationPath, description: String)] {
        let described = unorderedPaths().map { ($0, $0.description) }
        // Often in order already (a plural group alone comes out sorted), which is cheaper to check than to sort.
        for index in described.indices.dropFirst()
        where XLIFFIdentifier.compare(described[index - 1].1, described[index].1) >= 0 {
            return described.sorted { XLIFFIdentifier.compare($0.1, $1.1) < 0 }
        }
        return described
    }

    /// The units' paths, not ordered yet.
    private func unorderedPaths() -> [XLIFFVariationPath] {
        guard let shape = targetNode ?? sourceNode else { return [.root] }
        let shapeIsTarget = targetNode != nil
        var result: [XLIFFVariationPath] = []
        if shape.stringUnit != nil { result.append(.root) }
        if let variations = shape.variations {
            collectPaths(
                variations, prefix: [], source: sourceNode?.variations, shapeIsTarget: shapeIsTarget, into: &result)
        }
        for (name, substitution) in shape.substitutions ?? [:] {
            let categories = pluralCategories(
                present: substitution.variations?.plural?.keys ?? [],
                sourceCases: sourceNode?.substitutions?[name]?.variations?.plural, shapeIsTarget: shapeIsTarget)
            result += categories.map { XLIFFVariationPath([.substitution(name), .plural($0)]) }
        }
        if result.isEmpty { return [.root] }
        return result
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
        var categories = languageCategories
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
    /// it lacks; the whole unvaried source string for a variation only the target has; for a substitution only
    /// the target has, the whole source string too, with the substitution's argument spelled as the
    /// substitution reads it (`%1$d` for a value type `d`: ``targetOnlySubstitutionSource(_:)``; Xcode writes the
    /// unit id, which says nothing); the key when there is no source localization.
    func sourceText(at path: XLIFFVariationPath) -> String {
        sourceText(at: path, description: nil)
    }

    /// ``sourceText(at:)``, with the path's description when the caller has it.
    func sourceText(at path: XLIFFVariationPath, description: String?) -> String {
        func id() -> String {
            guard let description else { return self.id(at: path) }
            return path.isRoot ? key : key + XLIFFIdentifier.separator + description
        }
        guard let source, let sourceNode else { return path.substitutionName == nil ? key : id() }
        var current = sourceNode
        var substitution: (name: String, value: Substitution)?
        for step in path.steps {
            switch step {
            case .substitution(let name):
                guard let value = sourceNode.substitutions?[name] else {
                    return targetOnlySubstitutionSource(name) ?? id()
                }
                substitution = (name, value)
                current = Node(variations: value.variations)
            case .device(let device):
                if let devices = current.variations?.device, let next = devices[device] ?? devices["other"] {
                    current = Node(next)
                }
            case .plural(let category):
                if let plural = current.variations?.plural, let next = plural[category] ?? plural["other"] {
                    current = Node(next)
                }
            }
        }
        let text = current.fallbackText ?? key
        if let substitution {
            return XLIFFPlaceholders.exportingCase(
                text,
                argument: substitution.value.argNum ?? XLIFFPlaceholders.argument(of: substitution.name, in: source),
                formatSpecifier: substitution.value.formatSpecifier)
        }
        return XLIFFPlaceholders.exportingParent(text, substitutions: sourceNode.substitutions)
    }

    /// The `<source>` of a case of substitution `name`, which the target has and the source does not: the source's
    /// unvaried string in XLIFF form, with the specifier of the substitution's argument respelled `%N$TYPE` from the
    /// substitution's value type (so the value type travels with the unit, and import gives it back); `nil` when
    /// there is no source string.
    func targetOnlySubstitutionSource(_ name: String) -> String? {
        guard source != nil, let sourceNode, let text = sourceNode.fallbackText else { return nil }
        let parent = XLIFFPlaceholders.exportingParent(text, substitutions: sourceNode.substitutions)
        guard let target, let substitution = target.substitutions?[name], let valueType = substitution.formatSpecifier,
            let argument = substitution.argNum ?? XLIFFPlaceholders.argument(of: name, in: target)
        else { return parent }
        return XLIFFPlaceholders.respelling(argument: argument, as: valueType, in: parent) ?? parent
    }

    /// The substitutions of the target that the source lacks, with their value types, whose value type an import
    /// cannot get back from the units: no case prints the argument, and neither their `<source>` (where the
    /// argument is spelled with it) nor the key prints it with that type.
    func valueTypesNotCarried() -> [(name: String, valueType: String)] {
        guard let target, let substitutions = targetNode?.substitutions else { return [] }
        var result: [(name: String, valueType: String)] = []
        for (name, substitution) in substitutions where sourceNode?.substitutions?[name] == nil {
            guard let valueType = substitution.formatSpecifier else { continue }
            guard let argument = substitution.argNum ?? XLIFFPlaceholders.argument(of: name, in: target) else {
                result.append((name, valueType))
                continue
            }
            let cases = substitution.variations?.plural?.values.compactMap { $0.stringUnit?.value } ?? []
            let printed =
                cases.lazy.compactMap { FormatSpecifiers.spec(ofArgument: argument, in: $0) }.first
                ?? (cases.contains { $0.contains("%arg") } ? valueType : nil)
                ?? targetOnlySubstitutionSource(name).flatMap { FormatSpecifiers.spec(ofArgument: argument, in: $0) }
                ?? FormatSpecifiers.spec(ofArgument: argument, in: key)
            if printed.map({ !$0.utf8.elementsEqual(valueType.utf8) }) ?? true { result.append((name, valueType)) }
        }
        return result
    }

    /// The `<target>` text and catalog state Xcode writes for `path`; `nil` when there is no target.
    func targetValue(at path: XLIFFVariationPath) -> (text: String, state: TranslationState?)? {
        guard let target else {
            // The source language without a localization: the key is the text, and it is new.
            if isSourceExport, path.isRoot { return (key, .new) }
            return nil
        }
        guard let targetNode, let unit = targetNode.leaf(at: path) else { return nil }
        if let name = path.substitutionName {
            let substitution = targetNode.substitutions?[name]
            let text = XLIFFPlaceholders.exportingCase(
                unit.value, argument: substitution?.argNum ?? XLIFFPlaceholders.argument(of: name, in: target),
                formatSpecifier: substitution?.formatSpecifier)
            return (text, unit.state)
        }
        return (XLIFFPlaceholders.exportingParent(unit.value, substitutions: targetNode.substitutions), unit.state)
    }

    /// Whether the `<target>` text Xcode writes for `path` has the bytes of `text`, with the target's state.
    ///
    /// ``targetValue(at:)`` without making the text of a substitution case; `nil` when there is no target.
    func target(at path: XLIFFVariationPath, hasBytesOf text: String) -> (same: Bool, state: TranslationState?)? {
        guard let target = self.target, let targetNode, let name = path.substitutionName else {
            return targetValue(at: path).map { (sameUTF8($0.text, text), $0.state) }
        }
        guard let unit = targetNode.leaf(at: path) else { return nil }
        let substitution = targetNode.substitutions?[name]
        let same = XLIFFPlaceholders.exportingCase(
            unit.value, argument: substitution?.argNum ?? XLIFFPlaceholders.argument(of: name, in: target),
            formatSpecifier: substitution?.formatSpecifier, hasBytesOf: text)
        return (same, unit.state)
    }
}

extension Localization {
    /// The string unit at `path`, exactly (no fallback).
    ///
    /// The same walk as ``CatalogUnitBuilder/Node/leaf(at:)``, kept apart on purpose: a `Node` reads all parts of
    /// each step once, which pays for a builder that asks many paths, while one lookup reads only the part it
    /// needs (measured: import is ≈ 5 % slower when this goes through `Node`).
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
