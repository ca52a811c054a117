import LocalizationCatalog

/// Applies the translations of an XLIFF `<file>` to a string table, the way `xcodebuild -importLocalizations`
/// does.
///
/// See docs/formats/xliff.md ("Mapping") for every rule and the evidence behind it.
@_spi(XLIFFDocuments) public enum XLIFFImport {
    /// Choices where a converter may differ from Xcode.
    @_spi(XLIFFDocuments) public struct Options: Sendable, Equatable {
        /// Skip units whose `<source>` no longer matches the table, instead of importing them as `needs_review`.
        package var skipChangedSource: Bool
        /// Import targets in unfinished states (`new`, `needs-translation`, `needs-l10n`, `needs-adaptation` →
        /// `new`; `needs-review-*` → `needs_review`), which Xcode skips.
        package var acceptUnfinished: Bool
        /// Refuse a target whose format arguments differ from its source's (``FormatArgumentComparison``): the unit is
        /// reported as not applied.
        ///
        /// Without it, such a target is applied and reported as a warning.
        package var refusesPlaceholderMismatch: Bool
        /// Whether a target's format arguments are compared with its source's to warn of a mismatch (or, with
        /// ``refusesPlaceholderMismatch``, to refuse it, which compares them whatever this says).
        ///
        /// Off only for a caller that reads the plan's changes and not its warnings (`roundtrip`'s imports): the
        /// changes are the same either way (`XLIFFImportNewLeafTests`).
        package var comparesPlaceholders = true
        /// Whether the `<file>` is an Interface Builder file's (its `original` a `.storyboard` or `.xib`).
        ///
        /// Its strings are loaded as text, never through `String(format:)`, so placeholders are not compared. Set by
        /// ``plan(_:for:kind:options:takesQuickLook:takesNewPlainTranslation:comparesNewLeaves:places:)`` from the file.
        package var isInterfaceBuilder = false

        /// Whether targets are compared with their sources for placeholders: not in an Interface Builder file's
        /// strings, and not when nobody reads the warnings and nothing is refused.
        var checksPlaceholders: Bool {
            !isInterfaceBuilder && (comparesPlaceholders || refusesPlaceholderMismatch)
        }

        /// Creates options; the defaults behave like Xcode (which checks no placeholders), with a warning for
        /// each placeholder mismatch.
        @_spi(XLIFFDocuments) public init(
            skipChangedSource: Bool = false, acceptUnfinished: Bool = false, refusesPlaceholderMismatch: Bool = false
        ) {
            self.skipChangedSource = skipChangedSource
            self.acceptUnfinished = acceptUnfinished
            self.refusesPlaceholderMismatch = refusesPlaceholderMismatch
        }
    }

    /// Applies `file` to `table`, in the file's target language.
    ///
    /// - Parameters:
    ///   - file: The `<file>` whose `original` is this table.
    ///   - table: The table to change; a unit whose target it already has changes nothing, so importing the same
    ///     file twice changes nothing the second time.
    ///   - kind: How the table is shaped in the project, which decides how ids are read.
    ///   - options: Where to differ from Xcode.
    /// - Returns: Counts and every unit that was not applied, with the reason.
    @_spi(XLIFFDocuments) public static func apply(
        _ file: XLIFFFile, to table: inout StringTable, kind: XLIFFTableKind, options: Options = Options()
    ) -> XLIFFImportReport {
        let plan = plan(file, for: table, kind: kind, options: options)
        plan.apply(to: &table)
        return plan.report
    }

    /// Works out what applying `file` to `table` changes, without changing it.
    ///
    /// Planning only reads the table, so the files of one import can be planned side by side (one per language),
    /// and each plan then applied in order with ``XLIFFImportPlan/apply(to:)``. `takesQuickLook: false` and
    /// `takesNewPlainTranslation: false` keep catalog entries from the import's fast paths (the quick look, a new
    /// plain translation), which then go through the full comparison (for the tests that hold each fast path
    /// equal to it); `comparesNewLeaves: true` compares every imported text with what it was imported into, even one
    /// that surely changes it (``Importer/createsLeaf(_:at:)``).
    ///
    /// `places` are the units' places in a catalog (``catalogUnitPlaces(_:in:)``): for a catalog with their keys in
    /// their order, the import takes them instead of working them out again (the same places: they depend on the
    /// units and the keys alone); for any other table they are not used.
    package static func plan(
        _ file: XLIFFFile, for table: StringTable, kind: XLIFFTableKind, options: Options = Options(),
        takesQuickLook: Bool = true, takesNewPlainTranslation: Bool = true, comparesNewLeaves: Bool = false,
        places: CatalogUnitPlaces? = nil
    ) -> XLIFFImportPlan {
        var report = XLIFFImportReport()
        guard let language = file.targetLanguage, !language.isEmpty else {
            for unit in file.units { report.skip(unit, .noTargetLanguage) }
            return XLIFFImportPlan(language: "", report: report, changes: [])
        }
        var options = options
        let original = file.original.lowercased()
        options.isInterfaceBuilder = original.hasSuffix(".storyboard") || original.hasSuffix(".xib")
        var importer = Importer(table: table, language: language, options: options)
        importer.takesQuickLook = takesQuickLook
        importer.takesNewPlainTranslation = takesNewPlainTranslation
        importer.comparesNewLeaves = comparesNewLeaves
        switch kind {
        case .catalog:
            if let places, places.fit(table) {
                importer.applyCatalog(file.units, places: places, report: &report)
            } else {
                importer.applyCatalog(file.units, report: &report)
            }
        case .strings: importer.applyStrings(file.units, report: &report)
        case .stringsDict: importer.applyStringsDict(file.units, report: &report)
        }
        return XLIFFImportPlan(
            language: language, report: report, changes: importer.takeChanges(), additions: importer.created,
            newPlainTranslations: importer.newPlainTranslations)
    }

    /// Where the units of `file` go in `table` (a catalog), for the plans of imports into it or into a catalog with
    /// the same keys in the same order
    /// (``plan(_:for:kind:options:takesQuickLook:takesNewPlainTranslation:comparesNewLeaves:places:)``).
    package static func catalogUnitPlaces(_ file: XLIFFFile, in table: StringTable) -> CatalogUnitPlaces {
        var importer = Importer(table: table, language: file.targetLanguage ?? "", options: Options())
        return importer.locateCatalogUnits(file.units)
    }

    /// The catalog state for an XLIFF target state, or `nil` when the target is unfinished and not accepted
    /// (``XLIFFStates``, which export shares).
    ///
    /// `translated`, `final`, `signed-off`, unknown states and no state are `translated`; `translated` with
    /// `state-qualifier="leveraged-mt"` is `machine_translated`; `new`, `needs-translation`, `needs-l10n`,
    /// `needs-adaptation`, `needs-review-l10n`, `needs-review-translation` and `needs-review-adaptation` are
    /// skipped, or with `acceptUnfinished` become `new` (the first four) and `needs_review`; `x-STATE`, which
    /// export writes for a catalog state this version does not know, gives that state back only when `current`
    /// (the state the table has now) is it, and is an unknown value (`translated`) otherwise.
    package static func catalogState(
        state: String?, qualifier: String?, acceptUnfinished: Bool, current: TranslationState? = nil,
        keepsNeedsReview: Bool = false
    ) -> TranslationState? {
        XLIFFStates.catalog(
            state: state, qualifier: qualifier, acceptUnfinished: acceptUnfinished, current: current,
            keepsNeedsReview: keepsNeedsReview)
    }
}
