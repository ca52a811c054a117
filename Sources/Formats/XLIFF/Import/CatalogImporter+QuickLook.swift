import LocalizationCatalog

/// The import's fast path: the quick look.
///
/// Most entries of an import change nothing: the translator sent back what the export wrote. The quick look
/// finds such an entry from its localization alone, read in place, without building its units
/// (``CatalogUnitBuilder``). It is held equal to the full comparison by a differential test on generated catalogs
/// (`XLIFFImportQuickLookTests`); docs/formats/xliff.md ("Import: the quick look") says why it exists.
extension Importer {
    /// Decides an entry without building its units when none of them changes it, and reports each unit as the
    /// full comparison (``applyCatalogEntry(at:members:units:paths:entries:report:)``) would.
    ///
    /// The rule: when the entry's localization in this language has content and no substitutions, the target
    /// export writes at a root, plural or device path is the string at that path as it is (what
    /// ``CatalogUnitBuilder/targetValue(at:)`` gives for such a localization). A unit is then unchanged when its
    /// target and state are those; a unit without a target is reported as such. Any other unit (a path the
    /// localization lacks, a target that differs or is in an unfinished state, a substitution path) ends the quick
    /// look: `false`, with the report as it was, sends the entry through the
    /// full comparison.
    mutating func quickLookFindsNothingToApply(
        _ members: ArraySlice<Int>, units: [XLIFFUnit], paths: [XLIFFVariationPath], at position: Int,
        in entries: OrderedMap<CatalogEntry>, report: inout XLIFFImportReport
    ) -> Bool {
        guard let slot = Self.languageSlot(of: language, at: position, in: entries, hint: &lastLanguageSlot) else {
            return false
        }
        let acceptUnfinished = options.acceptUnfinished
        let unchanged = report.unchanged
        let skipped = report.skipped.count
        let decided = entries.withValue(at: position) { entry in
            entry.localizations?.withValue(at: slot) {
                Self.quickLookFindsNothingToApply(
                    members, units: units, paths: paths, in: $0, acceptUnfinished: acceptUnfinished,
                    report: &report)
            } ?? false
        }
        if !decided {
            report.unchanged = unchanged
            report.skipped.removeSubrange(skipped...)
        }
        return decided
    }

    /// ``quickLookFindsNothingToApply(_:units:paths:at:in:report:)`` for the entry's localization in this
    /// language, borrowed where the table holds it.
    static func quickLookFindsNothingToApply(
        _ members: ArraySlice<Int>, units: [XLIFFUnit], paths: [XLIFFVariationPath],
        in localization: borrowing Localization, acceptUnfinished: Bool, report: inout XLIFFImportReport
    ) -> Bool {
        let isPlain = !localization.hasMoreThanStringUnit
        guard isPlain || !localization.hasSubstitutions, localization.hasContent else { return false }
        for index in members {
            guard isPlain ? paths[index].isRoot : paths[index].substitutionName == nil else { return false }
            guard case .some = units[index].target else {
                report.skip(units[index], .noTarget)
                continue
            }
            let found: (value: String, state: TranslationState?)?
            if paths[index].isRoot {
                found = localization.stringUnitText(pluralCase: nil)
            } else if paths[index].steps.count == 1, case .plural(let category) = paths[index].steps[0] {
                found = localization.stringUnitText(pluralCase: category)
            } else {
                found = localization.leaf(at: paths[index]).map { ($0.value, $0.state) }
            }
            // A unit whose path the localization lacks may still take a target: the full comparison decides.
            guard let found else { return false }
            if isAsExported(units[index], text: found.value, state: found.state) {
                report.unchanged += 1
                continue
            }
            // Anything else (an unfinished target too: whether its text is new is said in the XLIFF form) takes
            // the full comparison.
            return false
        }
        return true
    }

    /// Where `language` is among the localizations of the entry at `position`.
    ///
    /// Entries usually list their languages in the same order, so `hint`, the place found for the entry before, is
    /// tried first (``OrderedMap/index(forKey:hint:)``), and updated.
    ///
    /// `entries` is the table's, passed in rather than read from `self`: in a mutating method every read of a
    /// stored property copies what it reads, retaining all it holds.
    static func languageSlot(
        of language: String, at position: Int, in entries: OrderedMap<CatalogEntry>, hint: inout Int
    ) -> Int? {
        var tried = hint
        let slot = entries.withValue(at: position) { entry -> Int? in
            entry.localizations?.index(forKey: language, hint: &tried)
        }
        hint = tried
        return slot
    }
}
