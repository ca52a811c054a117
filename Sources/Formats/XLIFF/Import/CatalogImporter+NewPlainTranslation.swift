import LocalizationCatalog
import StringBridgeSupport

/// The import's second fast path: a new plain translation.
///
/// Importing a translator's first translations into a language (and `roundtrip`'s import into the catalog without
/// that language) gives most entries one plain string where the language had nothing. The full comparison builds
/// the entry's units (``CatalogUnitBuilder``) and goes through every rule to find that; this path decides such an
/// entry from the unit and the source language's plain string alone. It is held equal to the full comparison by a
/// differential test (`XLIFFImportNewPlainTranslationTests`); docs/formats/xliff.md ("A new plain translation")
/// says why it exists.
extension Importer {
    /// Decides an entry whose only unit is a root unit, in a language the entry has no localization in yet, and
    /// reports it as the full comparison (``applyCatalogEntry(at:members:units:paths:entries:report:)``) would;
    /// `false`, with nothing done, sends the entry through the full comparison.
    ///
    /// The rule, when the file's language is not the source language, the entry has no localization in it (none
    /// changed by this import either), the source language's localization is absent or a plain string (no
    /// variations, substitutions, string set or unknown members) and the unit's target has no `#@`:
    /// - no target: skipped as such;
    /// - the state (``XLIFFImport/catalogState(state:qualifier:acceptUnfinished:current:keepsNeedsReview:)`` with
    ///   no current state) unfinished and not accepted: skipped as such, with new text when the target is not the
    ///   unit's `<source>`;
    /// - else, when the unit has no `<source>` or one with the bytes of the `<source>` export writes (the source's
    ///   string, or the key without one): the placeholders are checked as the full comparison checks them (the
    ///   same call: no substitution is known), and the target becomes the language's `StringUnit(target, state:)`:
    ///   with no substitution known, import's placeholder rewriting leaves every target as it is.
    ///
    /// Any other entry (several units, a variation path, a changed or only canonically equivalent `<source>`)
    /// takes the full comparison.
    mutating func newPlainTranslation(
        _ members: ArraySlice<Int>, units: [XLIFFUnit], paths: [XLIFFVariationPath], at position: Int,
        in entries: OrderedMap<CatalogEntry>, report: inout XLIFFImportReport
    ) -> Bool {
        guard members.count == 1, let index = members.first, paths[index].isRoot else { return false }
        let sourceLanguage = table.sourceLanguage
        guard language != sourceLanguage, !hasChange(at: position) else { return false }
        // Read in place (a copy of the entry or the unit retains all it holds): the `<source>` export writes for the
        // root, the source language's string or the key without one; `nil` when the entry has a localization in
        // this language or the source language's is more than a plain string.
        let expected = entries.withValue(at: position) { entry -> String?? in
            guard let localizations = entry.localizations else { return .some(nil) }
            guard localizations.index(forKey: language) == nil else { return nil }
            guard let slot = localizations.index(forKey: sourceLanguage) else { return .some(nil) }
            return localizations.withValue(at: slot) { source -> String?? in
                source.hasMoreThanStringUnit ? nil : .some(source.stringUnit?.value)
            }
        }
        guard case .some(let sourceString) = expected else { return false }
        guard let text = units[index].target else {
            report.skip(units[index], .noTarget)
            return true
        }
        guard !XLIFFPlaceholders.hasSubstitutionReference(text) else { return false }
        guard
            let state = XLIFFImport.catalogState(
                state: units[index].state, qualifier: units[index].stateQualifier,
                acceptUnfinished: options.acceptUnfinished, current: nil, keepsNeedsReview: true)
        else {
            report.skipUnfinished(units[index], text: text, current: nil)
            return true
        }
        let sourceText = sourceString ?? entries.key(at: position)
        if let found = units[index].source, !sameUTF8(found, sourceText) { return false }
        guard
            !options.checksPlaceholders
                || report.checkPlaceholders(
                    units[index], target: text, source: sourceText, substitutionSpecifier: { _ in nil },
                    allowsMissingIntegers: false, allowsMissingArguments: false,
                    refuses: options.refusesPlaceholderMismatch)
        else { return true }
        report.applied += 1
        setLocalization(Localization(stringUnit: StringUnit(text, state: state)), at: position)
        newPlainTranslations += 1
        return true
    }
}
