import LocalizationCatalog

/// Receives the units of one String Catalog entry in one language, in Xcode's order, as ``CatalogUnitWalk``
/// decides them.
///
/// Two sinks exist: ``CatalogUnitCollector`` makes ``XLIFFUnit`` values (``XLIFFExport``'s `<file>`, the
/// `convert` writer, the round trip), and the export's stream writes the units' prepared parts directly
/// (``XLIFFDocumentStream/writeCatalog(_:targetLanguage:tool:diagnostics:)``). Neither decides anything the
/// walk has decided: which units there are, in which order, with which source and target texts.
protocol CatalogUnitSink {
    /// Receives one unit.
    ///
    /// - Parameters:
    ///   - path: Where the unit's strings sit in the entry's localizations.
    ///   - description: `path.description` (empty for the root): the id is the key, or the key, `|==|` and this.
    ///   - sourceText: Makes the `<source>` text; a sink that has the element prepared does not ask.
    ///   - target: The `<target>` text and its catalog state; `nil` when the unit has no `<target>`.
    mutating func unit(
        at path: XLIFFVariationPath, description: String, sourceText: () -> String,
        target: (text: String, state: TranslationState?)?)
}

/// The XLIFF units of String Catalog entries in one target language, as Xcode exports them: the one walk that
/// decides them for every export path.
///
/// A walk is made once per target language (what depends on the language only is worked out then) and walks
/// one entry at a time; the entry's localizations are parameters, borrowed, never stored, so that a walk costs
/// no copy of them (copies retain every string and array they hold, which showed as the export's main cost).
///
/// Most entries take a shortcut that reads the localizations directly: a plain string in both languages gives
/// one root unit, and a source that is one plural group (with a target that is one too, or none) one unit per
/// category. Every other shape goes through ``CatalogUnitBuilder``, which the shortcuts agree with (a test
/// compares the two on generated catalogs, `takesShortcuts: false`).
///
/// An entry must be exportable: ``refusal(key:entry:)`` is `nil`, and the caller has said what a string set
/// loses (``CatalogUnitBuilder/shapeIsStringSet`` gives no units).
struct CatalogUnitWalk {
    let targetLanguage: String
    /// Whether the target language is the source language.
    let isSourceExport: Bool
    /// The target language's plural categories (``PluralRules/categories(for:)``).
    let languageCategories: [String]
    /// Whether the plain and plural-group shortcuts are taken; without them every entry goes through
    /// ``CatalogUnitBuilder`` (for tests that hold the two equal).
    var takesShortcuts = true
    /// The units of a plural group whose target adds no category, in id order: `languageCategories`, and with
    /// `zero` added for a source that has it.
    private let pluralUnits: [PluralUnit]
    private let pluralUnitsWithZero: [PluralUnit]

    /// One unit of a plural group: its category, path and the path's description.
    private struct PluralUnit {
        let category: String
        let path: XLIFFVariationPath
        let description: String

        init(_ category: String) {
            self.category = category
            path = XLIFFVariationPath([.plural(category)])
            description = "plural." + category
        }
    }

    /// The shape of an entry's source, as far as the shortcuts look at it.
    ///
    /// It does not depend on the target language, so an export decides it once per entry
    /// (``XLIFFCatalogExport``) instead of in every language.
    enum SourceShape: Equatable, Sendable {
        /// A plain string, or no source: nothing but a string unit.
        case plain
        /// One plural group and nothing else; `hasZero` when the group has a `zero` case.
        case pluralGroup(hasZero: Bool)
        /// Anything else.
        case other

        /// The shape of `source` (the source-language localization as the entry has it).
        init(of source: Localization?) {
            guard let source, source.hasMoreThanStringUnit else {
                self = .plain
                return
            }
            guard source.stringUnit == nil, source.stringSet == nil, source.substitutions?.isEmpty ?? true else {
                self = .other
                return
            }
            let variations = source.variations
            guard let cases = variations?.plural, variations?.device == nil else {
                self = .other
                return
            }
            self = .pluralGroup(hasZero: cases["zero"] != nil)
        }
    }

    /// A walk of the units in `targetLanguage`.
    init(targetLanguage: String, isSourceExport: Bool, languageCategories: [String]) {
        self.targetLanguage = targetLanguage
        self.isSourceExport = isSourceExport
        self.languageCategories = languageCategories
        // CatalogUnitBuilder.pluralCategories(present:sourceCases:shapeIsTarget:) when the target adds nothing.
        let sorted = languageCategories.sorted { XLIFFIdentifier.compare($0, $1) < 0 }
        pluralUnits = sorted.map(PluralUnit.init)
        let withZero =
            languageCategories.contains("zero") ? sorted : Self.sortedCategories(languageCategories + ["zero"])
        pluralUnitsWithZero = withZero.map(PluralUnit.init)
    }

    /// A walk of the units in `targetLanguage`, for a table in `sourceLanguage`.
    init(sourceLanguage: String, targetLanguage: String) {
        self.init(
            targetLanguage: targetLanguage, isSourceExport: sourceLanguage == targetLanguage,
            languageCategories: PluralRules.categories(for: targetLanguage))
    }

    private static func sortedCategories(_ categories: [String]) -> [String] {
        categories.sorted { XLIFFIdentifier.compare($0, $1) < 0 }
    }

    /// Hands every unit of `entry` to `sink`, in Xcode's order, looking its localizations up.
    func walk<Sink: CatalogUnitSink>(key: String, entry: CatalogEntry, sourceLanguage: String, into sink: inout Sink) {
        let source = entry.localizations?[sourceLanguage]
        walk(
            key: key, source: source, target: isSourceExport ? source : entry.localizations?[targetLanguage],
            into: &sink)
    }

    /// Hands every unit of one entry to `sink`, in Xcode's order.
    ///
    /// - Parameters:
    ///   - key: The entry's key.
    ///   - source: The source-language localization, as the entry has it; read only when a `<source>` text is
    ///     asked for or `sourceShape` is not given (a sink with prepared sources and a plain source never asks, so
    ///     the localization is not even copied).
    ///   - target: The target-language localization, as the entry has it (the source one when exporting the
    ///     source language).
    ///   - sourceShape: `SourceShape(of: source)`, when the caller has decided it once for every language.
    ///   - sink: Receives the units.
    func walk<Sink: CatalogUnitSink>(
        key: String, source: @autoclosure () -> Localization?, target: Localization?,
        sourceShape: SourceShape? = nil, into sink: inout Sink
    ) {
        if takesShortcuts {
            switch sourceShape ?? SourceShape(of: source()) {
            case .plain:
                if walkPlain(key: key, source: source(), target: target, into: &sink) { return }
            case .pluralGroup(let hasZero):
                if walkPluralGroup(key: key, source: source(), hasZero: hasZero, target: target, into: &sink) {
                    return
                }
            case .other:
                break
            }
        }
        walkBuilt(key: key, source: source(), target: target, into: &sink)
    }

    /// A plain string (or nothing) in both languages: one root unit.
    ///
    /// `false` when the target is more than a plain string.
    private func walkPlain<Sink: CatalogUnitSink>(
        key: String, source: @autoclosure () -> Localization?, target: Localization?, into sink: inout Sink
    ) -> Bool {
        if case .some(let localization) = target, localization.hasMoreThanStringUnit { return false }
        let value: (text: String, state: TranslationState?)?
        if case .some(let localization) = target, case .some(let unit) = localization.stringUnit {
            value = (unit.value, unit.state)
        } else if isSourceExport {
            value = (key, .new)  // the source language without a localization: the key is the text, and it is new
        } else {
            value = nil
        }
        // The `<source>` of a plain source: its string, or the key when there is none.
        sink.unit(
            at: .root, description: "",
            sourceText: {
                let source = source()
                return source?.hasContent == true ? source?.stringUnit?.value ?? key : key
            }, target: value)
        return true
    }

    /// A source that is one plural group and nothing else, and a target that is one too, or has no content: one unit
    /// per category (``CatalogUnitBuilder``'s categories and texts for that shape).
    ///
    /// `false` when the target has another shape.
    private func walkPluralGroup<Sink: CatalogUnitSink>(
        key: String, source: @autoclosure () -> Localization?, hasZero: Bool, target: Localization?,
        into sink: inout Sink
    ) -> Bool {
        // The target's group; a target without content counts as none (the source's shape then decides).
        var targetCases: OrderedMap<Localization>?
        if case .some(let target) = target {
            if target.hasMoreThanStringUnit {
                guard target.stringUnit == nil, target.stringSet == nil, target.substitutions?.isEmpty ?? true
                else { return false }
                let variations = target.variations
                guard variations?.device == nil else { return false }
                targetCases = variations?.plural
            } else if case .some = target.stringUnit {
                return false  // a plain target decides a root unit
            }
        }
        // CatalogUnitBuilder.pluralCategories(present:sourceCases:shapeIsTarget:): the language's categories, the
        // target's own, and `zero` when the source has it.
        let addsCategories =
            targetCases?.keys.contains { category in !languageCategories.contains(category) } ?? false
        let units: [PluralUnit]
        if addsCategories {
            var categories = languageCategories
            for category in targetCases?.keys ?? [] where !categories.contains(category) {
                categories.append(category)
            }
            if hasZero, !categories.contains("zero") { categories.append("zero") }
            units = Self.sortedCategories(categories).map(PluralUnit.init)
        } else {
            units = hasZero ? pluralUnitsWithZero : pluralUnits
        }
        guard !units.isEmpty else { return false }
        for unit in units {
            let value: (text: String, state: TranslationState?)?
            if let index = targetCases?.index(forKey: unit.category),
                case .some(let stringUnit) = targetCases?.values[index].stringUnit
            {
                value = (stringUnit.value, stringUnit.state)
            } else {
                value = nil
            }
            sink.unit(
                at: unit.path, description: unit.description,
                sourceText: {
                    // CatalogUnitBuilder.sourceText(at:): the case, else `other`, else the whole source.
                    let source = source()
                    let sourceCases = source?.variations?.plural
                    if let found = sourceCases?[unit.category] ?? sourceCases?["other"] {
                        return found.fallbackText ?? key
                    }
                    return source?.fallbackText ?? key
                },
                target: value)
        }
        return true
    }

    /// Any shape, through ``CatalogUnitBuilder``.
    private func walkBuilt<Sink: CatalogUnitSink>(
        key: String, source: Localization?, target: Localization?, into sink: inout Sink
    ) {
        let builder = CatalogUnitBuilder(
            key: key, source: source, target: target, targetLanguage: targetLanguage, isSourceExport: isSourceExport,
            languageCategories: languageCategories)
        if builder.shapeIsStringSet { return }  // said by the caller
        let isPlain =
            !(builder.source?.hasMoreThanStringUnit ?? false) && !(builder.target?.hasMoreThanStringUnit ?? false)
        for (path, description) in isPlain ? [(.root, "")] : builder.describedPaths() {
            sink.unit(
                at: path, description: description,
                sourceText: { builder.sourceText(at: path, description: description) },
                target: builder.targetValue(at: path))
        }
    }
}

extension CatalogUnitWalk {
    /// Why an entry is never exported, whatever the language: its key ends like a variation id, or a substitution name
    /// contains `|==|`.
    ///
    /// `nil` for an exportable entry.
    static func refusal(key: String, entry: CatalogEntry) -> String? {
        if XLIFFIdentifier.endsLikeVariationPath(key) { return XLIFFMappingMessage.endsLikeVariationPath(key: key) }
        if let name = XLIFFExport.substitutionNameWithSeparator(in: entry) {
            return XLIFFMappingMessage.separatorInSubstitutionName(key: key, name: name)
        }
        return nil
    }
}

/// The sink that collects the units as ``XLIFFUnit`` values.
struct CatalogUnitCollector: CatalogUnitSink {
    let key: String
    /// The entry's `<note>`, the same in every unit.
    let note: XLIFFNote
    /// The entry's `translate`: `false` when it is not to be translated, else not written.
    let translate: Bool?
    /// The units so far.
    var units: [XLIFFUnit] = []

    /// Collects the units of `entry`, under `key`.
    init(key: String, entry: CatalogEntry) {
        self.key = key
        note = XLIFFExport.note(comment: entry.comment, autoGenerated: entry.isCommentAutoGenerated)
        translate = entry.shouldTranslate == false ? false : nil
    }

    mutating func unit(
        at path: XLIFFVariationPath, description: String, sourceText: () -> String,
        target: (text: String, state: TranslationState?)?
    ) {
        units.append(makeUnit(at: path, description: description, sourceText: sourceText(), target: target))
    }

    /// The unit, whole.
    func makeUnit(
        at path: XLIFFVariationPath, description: String, sourceText: String,
        target: (text: String, state: TranslationState?)?
    ) -> XLIFFUnit {
        let state = target.map { XLIFFStates.xliff(for: $0.state) }
        return XLIFFUnit(
            id: path.isRoot ? key : key + XLIFFIdentifier.separator + description, source: sourceText,
            target: target?.text, state: state?.state, stateQualifier: state?.qualifier, notes: [note],
            translate: translate)
    }
}
