import LocalizationCatalog

/// What importing one XLIFF `<file>` into a table changes: the new localizations, in the file's target language, of the
/// entries it changes, and the report.
///
/// Made by ``XLIFFImport/plan(_:for:kind:options:)``.
package struct XLIFFImportPlan: Sendable {
    /// The language the localizations are for.
    package let language: String
    /// Counts and every unit that is not applied, with the reason.
    package let report: XLIFFImportReport
    /// New localizations by entry position, in the order the import came to them.
    let changes: [(position: Int, localization: Localization)]
    /// New entries (keys of a legacy `.strings` table that the file adds), in file order.
    var additions: [(key: String, entry: CatalogEntry)] = []
    /// How many entries the fast path for a new plain translation decided
    /// (``Importer/newPlainTranslation(_:units:paths:at:in:report:)``); for the test that it runs.
    package var newPlainTranslations = 0

    /// ``changes``, for the round trip that compares them with the table and the tests that compare plans.
    package var changedLocalizations: [(position: Int, localization: Localization)] { changes }

    /// Whether applying the plan changes nothing.
    package var isEmpty: Bool { changes.isEmpty && additions.isEmpty }

    /// Whether applying the plan adds entries (only an import into a legacy `.strings` table does).
    package var addsEntries: Bool { !additions.isEmpty }

    /// The version ``apply(to:)`` gives `table`.
    func version(appliedTo table: StringTable) -> String? {
        CatalogVersion.written(
            table.version,
            needing: CatalogVersion.needed(by: changes.lazy.map(\.localization))
                ?? CatalogVersion.needed(by: additions.lazy.flatMap { $0.entry.localizations?.values ?? [] }))
    }

    /// Stores the new localizations in `table`, which must be the table the plan was made for (or that table
    /// changed only by plans for other languages).
    ///
    /// A catalog's version is raised to what the new localizations need (``CatalogVersion``: a
    /// `machine_translated` state makes it `1.3`, as Xcode 27's import does).
    package func apply(to table: inout StringTable) {
        table.version = version(appliedTo: table)
        for (position, localization) in changes where position < table.entries.count {
            if table.entries[valueAt: position].localizations == nil {
                table.entries[valueAt: position].localizations = OrderedMap()
            }
            table.entries[valueAt: position].localizations?[language] = localization
        }
        // Appended after the table's keys, in the file's order (a legacy file keeps its own order and gets the
        // new keys at its end).
        for (key, entry) in additions {
            if let position = table.entries.index(forKey: key) {
                var localizations = table.entries[valueAt: position].localizations ?? OrderedMap()
                for (language, localization) in entry.localizations ?? [:] { localizations[language] = localization }
                table.entries[valueAt: position].localizations = localizations
            } else {
                table.entries[key] = entry
            }
        }
    }
}
