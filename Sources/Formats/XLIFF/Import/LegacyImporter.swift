import LocalizationCatalog

extension Importer {
    /// Counts a legacy unit as applied or unchanged, and stores its localization when it changed.
    mutating func store(
        _ localization: Localization, replacing current: Localization?, at position: Int, unit: XLIFFUnit,
        outcome: (text: String, state: TranslationState, sourceChanged: Bool), report: inout XLIFFImportReport
    ) {
        guard localization != current else {
            report.unchanged += 1
            return
        }
        report.applied += 1
        if outcome.sourceChanged { report.appliedWithChangedSource.append(unit.id) }
        setLocalization(localization, at: position)
    }

    mutating func applyStrings(_ units: [XLIFFUnit], report: inout XLIFFImportReport) {
        for unit in units {
            guard let position = table.entries.index(forKey: unit.id) else {
                // Never a new key made of a key whose line breaks a translation tool turned into spaces.
                if let key = keyWithLineBreaks(readAs: unit.id) {
                    report.skip(unit, .lineBreaksReadAsSpaces(key))
                } else {
                    createStringsKey(unit, report: &report)
                }
                continue
            }
            let key = unit.id
            let entry = table.entries[valueAt: position]
            let current = currentLocalization(at: position)
            let source = language == table.sourceLanguage ? current : entry.localizations?[table.sourceLanguage]
            if source?.hasMoreThanStringUnit == true || current?.hasMoreThanStringUnit == true {
                report.skip(unit, .shapeMismatch)
                continue
            }
            let sourceText = source?.stringUnit?.value ?? key
            let exported =
                language == table.sourceLanguage ? (current?.stringUnit?.value ?? key) : current?.stringUnit?.value
            guard
                let outcome = legacyOutcome(
                    unit, exported: exported, expectedSource: sourceText, path: .root, substitutions: nil,
                    report: &report)
            else { continue }
            var localization = current ?? Localization()
            localization.importText(outcome.text, state: outcome.state, at: .root, source: nil)
            store(localization, replacing: current, at: position, unit: unit, outcome: outcome, report: &report)
        }
    }

    /// A unit whose id is no key of the `.strings` table: the key is created (as Xcode's import does for the
    /// strings export extracts from code, storyboards and Info.plist), with the unit's target and its note as the
    /// comment, after the table's keys in the file's order.
    ///
    /// An id that is a key of the table followed by a variation path (`KEY|==|plural.one`, which a translation
    /// tool writes when a translator adds plural forms), or any id that ends like one, is refused: a `.strings`
    /// table holds plain strings, and a key made of the id would never be read.
    mutating func createStringsKey(_ unit: XLIFFUnit, report: inout XLIFFImportReport) {
        if XLIFFIdentifier.containsSeparator(unit.id),
            let split = XLIFFIdentifier.split(unit.id, find: { table.entries.index(forKey: $0) ?? createdIndex($0) })
                ?? XLIFFIdentifier.split(unit.id, find: { _ in 0 })
        {
            report.skip(unit, .variationOfStringsKey(split.key))
            return
        }
        let current = createdLocalization(of: unit.id)
        let source = unit.source ?? unit.id
        guard
            let outcome = legacyOutcome(
                unit, exported: current?.stringUnit?.value, expectedSource: source, path: .root, substitutions: nil,
                report: &report)
        else { return }
        var localization = current ?? Localization()
        localization.importText(outcome.text, state: outcome.state, at: .root, source: nil)
        guard localization != current else {
            report.unchanged += 1
            return
        }
        report.applied += 1
        report.createdKeys.append(unit.id)
        let note = unit.notes.first?.text ?? ""
        create(unit.id, localization: localization, comment: note.isEmpty ? nil : note)
    }

    mutating func applyStringsDict(_ units: [XLIFFUnit], report: inout XLIFFImportReport) {
        for unit in units {
            guard let location = XLIFFIdentifier.parseStringsDictID(unit.id, keys: hasKey),
                let position = table.entries.index(forKey: location.key)
            else {
                let key = keyWithLineBreaks(readAs: unit.id)
                report.skip(unit, key.map { .lineBreaksReadAsSpaces($0) } ?? .unknownStringsDictKey)
                continue
            }
            let isSource = language == table.sourceLanguage
            let current = currentLocalization(at: position)
            guard
                let source = isSource ? current : table.entries[valueAt: position].localizations?[table.sourceLanguage],
                source.stringUnit != nil, !(source.substitutions?.isEmpty ?? true)
            else {
                report.skip(unit, .shapeMismatch)
                continue
            }
            let path: XLIFFVariationPath
            let expectedSource: String
            var generalSource: String?
            if let variable = location.variable, let category = location.category {
                path = XLIFFVariationPath([.substitution(variable), .plural(category)])
                let cases = source.substitutions?[variable]?.variations?.plural
                expectedSource = (cases?[category] ?? cases?["other"])?.stringUnit?.value ?? ""
                // A plural case's placeholders are compared with the source's other case, the general form.
                generalSource = cases?["other"]?.stringUnit?.value
                if current?.substitutions?[variable] == nil, source.substitutions?[variable] == nil {
                    report.skip(unit, .unknownSubstitution(variable))
                    continue
                }
            } else {
                path = .root
                expectedSource = source.stringUnit?.value ?? ""
            }
            let exported = (isSource ? source : current)?.leaf(at: path)?.value
            guard
                let outcome = legacyOutcome(
                    unit, exported: exported, expectedSource: expectedSource, placeholderSource: generalSource,
                    path: path, substitutions: (current ?? source).substitutions ?? source.substitutions,
                    report: &report)
            else { continue }
            var localization = current ?? Localization()
            localization.importText(outcome.text, state: outcome.state, at: path, source: source, rewrite: false)
            store(localization, replacing: current, at: position, unit: unit, outcome: outcome, report: &report)
        }
    }

    /// The checks legacy units share; `nil` when the unit is not applied (the report says why, or counts it
    /// as unchanged).
    func legacyOutcome(
        _ unit: XLIFFUnit, exported: String?, expectedSource: String, placeholderSource: String? = nil,
        path: XLIFFVariationPath, substitutions: OrderedMap<Substitution>?, report: inout XLIFFImportReport
    ) -> (text: String, state: TranslationState, sourceChanged: Bool)? {
        guard let text = unit.target else {
            report.skip(unit, .noTarget)
            return nil
        }
        // Legacy exports write no state, so the text alone says whether anything changed.
        if exported == text {
            report.unchanged += 1
            return nil
        }
        guard
            var state = XLIFFImport.catalogState(
                state: unit.state, qualifier: unit.stateQualifier, acceptUnfinished: options.acceptUnfinished)
        else {
            // Legacy exports write no state: a target reaching here is not the table's text.
            report.skip(unit, .unfinishedStateWithNewText(unit.state ?? ""))
            return nil
        }
        var sourceChanged = false
        if let found = unit.source, found != expectedSource {
            if options.skipChangedSource {
                report.skip(unit, .sourceChanged(expected: expectedSource, found: found))
                return nil
            }
            state = .needsReview
            sourceChanged = true
        }
        guard
            !options.checksPlaceholders
                || report.checkPlaceholders(
                    unit, target: text, source: placeholderSource ?? expectedSource,
                    substitutionSpecifier: { substitutions?[$0]?.formatSpecifier },
                    allowsMissingIntegers: path.isPluralCaseOtherThanOther, refuses: options.refusesPlaceholderMismatch)
        else { return nil }
        return (text, state, sourceChanged)
    }
}
