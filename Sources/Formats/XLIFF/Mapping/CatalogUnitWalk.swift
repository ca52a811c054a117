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

/// The XLIFF units of one String Catalog entry in one target language, as Xcode exports them: the one walk
/// that decides them for every export path.
///
/// Most entries take a shortcut that reads the localizations directly: a plain string in both languages gives
/// one root unit, and a source that is one plural group (with a target that is one too, or none) one unit per
/// category. Every other shape goes through ``CatalogUnitBuilder``, which the shortcuts agree with (a test
/// compares the two on generated catalogs, `takesShortcuts: false`).
///
/// The entry must be exportable: ``refusal(key:entry:)`` is `nil`, and the caller has said what a string set
/// loses (``CatalogUnitBuilder/shapeIsStringSet`` gives no units).
struct CatalogUnitWalk {
    let key: String
    let entry: CatalogEntry
    /// The source-language localization, as the entry has it.
    let source: Localization?
    /// The target-language localization, as the entry has it (the source one when exporting the source language).
    let target: Localization?
    let targetLanguage: String
    /// Whether the target language is the source language.
    let isSourceExport: Bool
    /// The target language's plural categories (``PluralRules/categories(for:)``).
    let languageCategories: [String]
    /// Whether the plain and plural-group shortcuts are taken; without them every entry goes through
    /// ``CatalogUnitBuilder`` (for tests that hold the two equal).
    var takesShortcuts = true
    /// The source's shape, when the caller has decided it once for every language.
    ///
    /// ``XLIFFCatalogExport`` says whether the source is one plural group and nothing else, and whether that group
    /// has `zero`; `nil` means that the walk looks itself.
    var knownSourceShape: (isPluralGroup: Bool, hasZero: Bool)?

    /// Walks the units of `key` in `targetLanguage`.
    init(
        key: String, entry: CatalogEntry, source: Localization?, target: Localization?, targetLanguage: String,
        isSourceExport: Bool, languageCategories: [String]
    ) {
        self.key = key
        self.entry = entry
        self.source = source
        self.target = target
        self.targetLanguage = targetLanguage
        self.isSourceExport = isSourceExport
        self.languageCategories = languageCategories
    }

    /// Walks the units of `key` in `targetLanguage`, looking the localizations up.
    init(key: String, entry: CatalogEntry, sourceLanguage: String, targetLanguage: String) {
        let source = entry.localizations?[sourceLanguage]
        let isSourceExport = sourceLanguage == targetLanguage
        self.init(
            key: key, entry: entry, source: source,
            target: isSourceExport ? source : entry.localizations?[targetLanguage], targetLanguage: targetLanguage,
            isSourceExport: isSourceExport, languageCategories: PluralRules.categories(for: targetLanguage))
    }

    /// Hands every unit of the entry to `sink`, in Xcode's order.
    func walk<Sink: CatalogUnitSink>(into sink: inout Sink) {
        if takesShortcuts, walkPlain(into: &sink) || walkPluralGroup(into: &sink) { return }
        walkBuilt(into: &sink)
    }

    /// A plain string (or nothing) in both languages: one root unit.
    ///
    /// `false` for other shapes.
    private func walkPlain<Sink: CatalogUnitSink>(into sink: inout Sink) -> Bool {
        guard !(source?.hasMoreThanStringUnit ?? false), !(target?.hasMoreThanStringUnit ?? false) else {
            return false
        }
        let target: (text: String, state: TranslationState?)?
        if let unit = self.target?.stringUnit {
            target = (unit.value, unit.state)
        } else if isSourceExport {
            target = (key, .new)  // the source language without a localization: the key is the text, and it is new
        } else {
            target = nil
        }
        sink.unit(at: .root, description: "", sourceText: { plainSourceText }, target: target)
        return true
    }

    /// The `<source>` of a plain source: its string, or the key when there is none.
    private var plainSourceText: String {
        source?.hasContent == true ? source?.stringUnit?.value ?? key : key
    }

    /// A source that is one plural group and nothing else, and a target that is one too, or has no content: one unit
    /// per category (``CatalogUnitBuilder``'s categories and texts for that shape).
    ///
    /// `false` for other shapes.
    private func walkPluralGroup<Sink: CatalogUnitSink>(into sink: inout Sink) -> Bool {
        guard let source else { return false }
        let sourceHasZero: Bool
        if let known = knownSourceShape {
            guard known.isPluralGroup else { return false }
            sourceHasZero = known.hasZero
        } else {
            guard source.hasMoreThanStringUnit, source.stringUnit == nil, source.stringSet == nil,
                source.substitutions?.isEmpty ?? true
            else { return false }
            let sourceVariations = source.variations
            guard let sourceCases = sourceVariations?.plural, sourceVariations?.device == nil else { return false }
            sourceHasZero = sourceCases["zero"] != nil
        }
        // The target's group; a target without content counts as none (the source's shape then decides).
        var targetCases: OrderedMap<Localization>?
        if let target {
            if target.hasMoreThanStringUnit {
                guard target.stringUnit == nil, target.stringSet == nil, target.substitutions?.isEmpty ?? true
                else { return false }
                let variations = target.variations
                guard variations?.device == nil else { return false }
                targetCases = variations?.plural
            } else if target.stringUnit != nil {
                return false  // a plain target decides a root unit
            }
        }
        // CatalogUnitBuilder.pluralCategories(present:sourceCases:shapeIsTarget:)
        var categories = languageCategories
        for category in targetCases?.keys ?? [] where !categories.contains(category) { categories.append(category) }
        if sourceHasZero, !categories.contains("zero") { categories.append("zero") }
        guard !categories.isEmpty else { return false }
        categories.sort { XLIFFIdentifier.compare($0, $1) < 0 }
        for category in categories {
            let target = targetCases?[category]?.stringUnit.map { (text: $0.value, state: $0.state) }
            sink.unit(
                at: XLIFFVariationPath([.plural(category)]), description: "plural." + category,
                sourceText: {
                    // CatalogUnitBuilder.sourceText(at:): the case, else `other`, else the whole source.
                    let sourceCases = source.variations?.plural
                    if let found = sourceCases?[category] ?? sourceCases?["other"] { return found.fallbackText ?? key }
                    return source.fallbackText ?? key
                },
                target: target)
        }
        return true
    }

    /// Any shape, through ``CatalogUnitBuilder``.
    private func walkBuilt<Sink: CatalogUnitSink>(into sink: inout Sink) {
        let builder = CatalogUnitBuilder(
            key: key, entry: entry, source: source, target: target, targetLanguage: targetLanguage,
            isSourceExport: isSourceExport, languageCategories: languageCategories)
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
