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
                report.skip(unit, .unknownID)
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

    mutating func applyStringsDict(_ units: [XLIFFUnit], report: inout XLIFFImportReport) {
        for unit in units {
            guard let location = XLIFFIdentifier.parseStringsDictID(unit.id, keys: hasKey),
                let position = table.entries.index(forKey: location.key)
            else {
                report.skip(unit, .unknownID)
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
            if let variable = location.variable, let category = location.category {
                path = XLIFFVariationPath([.substitution(variable), .plural(category)])
                let cases = source.substitutions?[variable]?.variations?.plural
                expectedSource = (cases?[category] ?? cases?["other"])?.stringUnit?.value ?? ""
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
                    unit, exported: exported, expectedSource: expectedSource, path: path,
                    substitutions: (current ?? source).substitutions ?? source.substitutions, report: &report)
            else { continue }
            var localization = current ?? Localization()
            localization.importText(outcome.text, state: outcome.state, at: path, source: source, rewrite: false)
            store(localization, replacing: current, at: position, unit: unit, outcome: outcome, report: &report)
        }
    }

    /// The checks legacy units share; `nil` when the unit is not applied (the report says why, or counts it
    /// as unchanged).
    func legacyOutcome(
        _ unit: XLIFFUnit, exported: String?, expectedSource: String, path: XLIFFVariationPath,
        substitutions: OrderedMap<Substitution>?, report: inout XLIFFImportReport
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
            report.skip(unit, .unfinishedState(unit.state ?? ""))
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
            report.checkPlaceholders(
                unit, target: text, source: expectedSource,
                substitutionSpecifier: { substitutions?[$0]?.formatSpecifier },
                allowsMissingIntegers: path.isPluralCaseOtherThanOther, refuses: options.refusesPlaceholderMismatch)
        else { return nil }
        return (text, state, sourceChanged)
    }
}
