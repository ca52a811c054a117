import LocalizationCatalog

/// Applies the translations of an XLIFF `<file>` to a string table, the way `xcodebuild -importLocalizations`
/// does.
///
/// See docs/formats/xliff.md ("Mapping") for every rule and the evidence behind it.
public enum XLIFFImport {
    /// Choices where a converter may differ from Xcode.
    public struct Options: Sendable, Equatable {
        /// Skip units whose `<source>` no longer matches the table, instead of importing them as `needs_review`.
        public var skipChangedSource: Bool
        /// Import targets in unfinished states (`new`, `needs-translation`, `needs-l10n`, `needs-adaptation` →
        /// `new`; `needs-review-*` → `needs_review`), which Xcode skips.
        public var acceptUnfinished: Bool
        /// Refuse a target whose format arguments differ from its source's (``FormatArgumentComparison``): the
        /// unit is reported as not applied. Without it, such a target is applied and reported as a warning.
        public var refusesPlaceholderMismatch: Bool

        /// Creates options; the defaults behave like Xcode (which checks no placeholders), with a warning for
        /// each placeholder mismatch.
        public init(skipChangedSource: Bool = false, acceptUnfinished: Bool = false, refusesPlaceholderMismatch: Bool = false) {
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
    public static func apply(
        _ file: XLIFFFile, to table: inout StringTable, kind: XLIFFTableKind, options: Options = Options()
    ) -> XLIFFImportReport {
        let plan = plan(file, for: table, kind: kind, options: options)
        plan.apply(to: &table)
        return plan.report
    }

    /// Works out what applying `file` to `table` changes, without changing it.
    ///
    /// Planning only reads the table, so the files of one import can be planned side by side (one per language),
    /// and each plan then applied in order with ``XLIFFImportPlan/apply(to:)``.
    public static func plan(
        _ file: XLIFFFile, for table: StringTable, kind: XLIFFTableKind, options: Options = Options()
    ) -> XLIFFImportPlan {
        var report = XLIFFImportReport()
        guard let language = file.targetLanguage, !language.isEmpty else {
            for unit in file.units { report.skip(unit, .noTargetLanguage) }
            return XLIFFImportPlan(language: "", report: report, changes: [])
        }
        var importer = Importer(table: table, language: language, options: options)
        switch kind {
        case .catalog: importer.applyCatalog(file.units, report: &report)
        case .strings: importer.applyStrings(file.units, report: &report)
        case .stringsDict: importer.applyStringsDict(file.units, report: &report)
        }
        return XLIFFImportPlan(language: language, report: report, changes: importer.changes)
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
    public static func catalogState(
        state: String?, qualifier: String?, acceptUnfinished: Bool, current: TranslationState? = nil
    ) -> TranslationState? {
        XLIFFStates.catalog(state: state, qualifier: qualifier, acceptUnfinished: acceptUnfinished, current: current)
    }
}

/// What importing one XLIFF `<file>` into a table changes: the new localizations, in the file's target language,
/// of the entries it changes, and the report. Made by ``XLIFFImport/plan(_:for:kind:options:)``.
public struct XLIFFImportPlan: Sendable {
    /// The language the localizations are for.
    public let language: String
    /// Counts and every unit that is not applied, with the reason.
    public let report: XLIFFImportReport
    /// New localizations by entry position, in the order the import came to them.
    let changes: [(position: Int, localization: Localization)]

    /// Whether applying the plan changes nothing.
    public var isEmpty: Bool { changes.isEmpty }

    /// Stores the new localizations in `table`, which must be the table the plan was made for (or that table
    /// changed only by plans for other languages).
    public func apply(to table: inout StringTable) {
        for (position, localization) in changes where position < table.entries.count {
            if table.entries[valueAt: position].localizations == nil {
                table.entries[valueAt: position].localizations = OrderedMap()
            }
            table.entries[valueAt: position].localizations![language] = localization
        }
    }
}

/// The working state of one import.
private struct Importer {
    /// The table as it was before the import; never changed (changes are collected in ``pending``).
    let table: StringTable
    let language: String
    let options: XLIFFImport.Options
    /// The new localizations so far, by entry position.
    private var pending: [Int: Localization] = [:]
    /// The positions of ``pending``, in the order first changed.
    private var order: [Int] = []
    /// Where ``language`` was among the localizations of the entry looked at last.
    private var lastLanguageSlot = 0

    init(table: StringTable, language: String, options: XLIFFImport.Options) {
        self.table = table
        self.language = language
        self.options = options
    }

    /// The changes, in the order first made.
    var changes: [(position: Int, localization: Localization)] {
        order.compactMap { position in pending[position].map { (position, $0) } }
    }

    private func hasKey(_ key: String) -> Bool { table.entries.index(forKey: key) != nil }

    /// The localization of the entry at `position` in this language, with the changes made so far.
    private func currentLocalization(at position: Int) -> Localization? {
        if let changed = pending[position] { return changed }
        return table.entries[valueAt: position].localizations?[language]
    }

    /// Sets this language's localization of the entry at `position`.
    private mutating func setLocalization(_ localization: Localization, at position: Int) {
        if pending.updateValue(localization, forKey: position) == nil { order.append(position) }
    }

    // MARK: - Catalogs

    /// The entry position and variation path a catalog unit id stands for: the id itself when it is a key,
    /// else split at the last `|==|` whose right side is a path and whose left side a key.
    ///
    /// `previous` is the key found for the unit before: Xcode writes an entry's units together, so a variation
    /// unit's id usually starts with it, and the split is then made without looking the key up again.
    /// The id is looked up as a key only when it can be one: ids with the separator only when some key has it;
    /// and the entry after the previous one is tried first, since units follow the table's key order.
    private static func locateCatalogUnit(
        _ id: String, previous: (key: String, position: Int)?, keysHaveSeparator: Bool,
        in entries: OrderedMap<CatalogEntry>
    ) -> (position: Int, path: XLIFFVariationPath)? {
        let hasSeparator = XLIFFIdentifier.containsSeparator(id)
        if !hasSeparator || keysHaveSeparator {
            if let previous, previous.position + 1 < entries.count,
                sameUTF8(entries.keys[previous.position + 1], id)
            {
                return (previous.position + 1, .root)
            }
            if let position = entries.index(forKey: id) { return (position, .root) }
        }
        guard hasSeparator else { return nil }
        if let previous, let path = variationPath(of: id, after: previous.key) {
            return (previous.position, path)
        }
        return XLIFFIdentifier.split(id, find: entries.index(forKey:)).map { ($0.found, $0.path) }
    }

    /// The variation path after `key|==|` when `id` is that followed by a path without another `|==|` (so that
    /// this is the last separator, where ids are split); `nil` otherwise.
    private static func variationPath(of id: String, after key: String) -> XLIFFVariationPath? {
        var id = id
        var key = key
        return id.withUTF8 { idBytes in
            key.withUTF8 { keyBytes -> XLIFFVariationPath? in
                let start = keyBytes.count + 4
                guard idBytes.count > start else { return nil }
                for index in 0..<keyBytes.count where idBytes[index] != keyBytes[index] { return nil }
                let bar = UInt8(ascii: "|")
                let equals = UInt8(ascii: "=")
                guard idBytes[keyBytes.count] == bar, idBytes[keyBytes.count + 1] == equals,
                    idBytes[keyBytes.count + 2] == equals, idBytes[keyBytes.count + 3] == bar
                else { return nil }
                let suffix = UnsafeBufferPointer(rebasing: idBytes[start...])
                guard !XLIFFIdentifier.containsSeparator(suffix) else { return nil }
                return XLIFFVariationPath(parsingUTF8: suffix)
            }
        }
    }

    mutating func applyCatalog(_ units: [XLIFFUnit], report: inout XLIFFImportReport) {
        // Units are grouped by entry, the entries in the order of their first unit; a group lists unit indices.
        var groupOfPosition: [Int: Int] = [:]
        var groupPositions: [Int] = []
        var unitGroup = [Int](repeating: -1, count: units.count)
        var paths = [XLIFFVariationPath](repeating: .root, count: units.count)
        var previous: (key: String, position: Int)?
        // Read from a constant, not `self`: see ``languageSlot(of:at:in:hint:)``.
        let entries = table.entries
        let keysHaveSeparator = entries.keys.contains(where: XLIFFIdentifier.containsSeparator)
        for index in units.indices {
            guard
                let (position, path) = Self.locateCatalogUnit(
                    units[index].id, previous: previous, keysHaveSeparator: keysHaveSeparator, in: entries)
            else {
                report.skip(units[index], .unknownID)
                continue
            }
            if path.isRoot, keysHaveSeparator, XLIFFIdentifier.endsLikeVariationPath(units[index].id) {
                report.skip(units[index], .endsLikeVariationPath)
                continue
            }
            if previous?.position != position { previous = (entries.key(at: position), position) }
            paths[index] = path
            if let group = groupOfPosition[position] {
                unitGroup[index] = group
            } else {
                unitGroup[index] = groupPositions.count
                groupOfPosition[position] = groupPositions.count
                groupPositions.append(position)
            }
        }
        // Counting sort of the unit indices by group, keeping file order within a group.
        var starts = [Int](repeating: 0, count: groupPositions.count + 1)
        for group in unitGroup where group >= 0 { starts[group + 1] += 1 }
        for group in groupPositions.indices { starts[group + 1] += starts[group] }
        var next = starts
        var members = [Int](repeating: 0, count: starts[groupPositions.count])
        for (index, group) in unitGroup.enumerated() where group >= 0 {
            members[next[group]] = index
            next[group] += 1
        }
        for (group, position) in groupPositions.enumerated() {
            applyCatalogEntry(
                at: position, members: members[starts[group]..<starts[group + 1]], units: units, paths: paths,
                entries: entries, report: &report)
        }
    }

    private mutating func applyCatalogEntry(
        at position: Int, members: ArraySlice<Int>, units: [XLIFFUnit], paths: [XLIFFVariationPath],
        entries: OrderedMap<CatalogEntry>, report: inout XLIFFImportReport
    ) {
        if nothingToApply(members, units: units, paths: paths, at: position, in: entries, report: &report) {
            return
        }
        let key = entries.key(at: position)
        let entry = entries[valueAt: position]
        let builder = CatalogUnitBuilder(
            key: key, entry: entry, sourceLanguage: table.sourceLanguage, targetLanguage: language)
        let source = builder.source
        let original = currentLocalization(at: position)
        var localization = original ?? Localization()
        var touched = false
        var setCase = false
        var rootInFile = false
        var lacksSubstitution = false
        let substitutions = localization.substitutions
        let sourceSubstitutions = source?.substitutions
        for index in members {
            if paths[index].isRoot { rootInFile = true }
            if let name = paths[index].substitutionName, substitutions?[name] == nil, sourceSubstitutions?[name] == nil {
                lacksSubstitution = true
            }
        }
        if lacksSubstitution {
            touched = Self.createTargetOnlySubstitutions(
                in: &localization, key: key, units: members.map { (units[$0], paths[$0]) }, source: source)
        }
        for index in members {
            let path = paths[index]
            guard let text = units[index].target else {
                report.skip(units[index], .noTarget)
                continue
            }
            // A target the table already has, as export writes it, changes nothing. Byte for byte first (no text
            // made); then as text, which also takes a canonically equivalent target as the same.
            if let now = builder.target(at: path, hasBytesOf: text), now.same,
                isAsExported(units[index], text: text, state: now.state)
            {
                report.unchanged += 1
                continue
            }
            if let now = builder.targetValue(at: path), isAsExported(units[index], text: now.text, state: now.state) {
                report.unchanged += 1
                continue
            }
            let unit = units[index]
            guard
                var state = XLIFFImport.catalogState(
                    state: unit.state, qualifier: unit.stateQualifier, acceptUnfinished: options.acceptUnfinished,
                    current: localization.leaf(at: path)?.state)
            else {
                report.skip(unit, .unfinishedState(unit.state ?? ""))
                continue
            }
            if let name = path.substitutionName, localization.substitutions?[name] == nil,
                source?.substitutions?[name] == nil
            {
                report.skip(unit, .unknownSubstitution(name))
                continue
            }
            if path.isRoot, localization.stringUnit == nil,
                localization.variations?.plural != nil || localization.variations?.device != nil
            {
                report.skip(unit, .shapeMismatch)
                continue
            }
            var sourceChanged = false
            let expected = builder.sourceText(at: path)
            if let found = unit.source {
                if found != expected {
                    if options.skipChangedSource {
                        report.skip(unit, .sourceChanged(expected: expected, found: found))
                        continue
                    }
                    state = .needsReview
                    sourceChanged = true
                }
            }
            let warnings = report.appliedWithPlaceholderMismatch.count
            let owner = localization
            guard
                report.checkPlaceholders(
                    unit, target: text, source: expected,
                    substitutionSpecifier: {
                        owner.substitutions?[$0]?.formatSpecifier ?? source?.substitutions?[$0]?.formatSpecifier
                    },
                    allowsMissingIntegers: path.isPluralCaseOtherThanOther,
                    refuses: options.refusesPlaceholderMismatch)
            else { continue }
            let before = localization
            localization.importText(text, state: state, at: path, source: source)
            if localization == before {
                report.appliedWithPlaceholderMismatch.removeSubrange(warnings...)
                report.unchanged += 1
                continue
            }
            touched = true
            report.applied += 1
            if sourceChanged { report.appliedWithChangedSource.append(unit.id) }
            if !path.isRoot, path.substitutionName == nil { setCase = true }
        }
        // Variation units replacing a plain target: the translator varied the string (target-only variations).
        // A target that had variations beside its string already keeps the string (Xcode drops it: a loss).
        if setCase, !rootInFile, localization.stringUnit != nil,
            localization.variations?.plural != nil || localization.variations?.device != nil,
            original?.variations?.plural == nil, original?.variations?.device == nil
        {
            localization.stringUnit = nil
        }
        guard touched, original.map({ $0 != localization }) ?? localization.hasContent else { return }
        setLocalization(localization, at: position)
    }

    /// Decides an entry without building its units when none of them changes it, and reports each unit as the
    /// full comparison would: unchanged (the target and state export would write for it now), no target, or an
    /// unfinished state. That is decided from the localization alone when it has no substitutions: the target at
    /// a root, plural or device path is then the string at that path as it is (what
    /// ``CatalogUnitBuilder/targetValue(at:)`` gives for such a localization). Most entries of an import are such.
    /// `false`, with the report as it was, sends the entry through the full comparison.
    private mutating func nothingToApply(
        _ members: ArraySlice<Int>, units: [XLIFFUnit], paths: [XLIFFVariationPath], at position: Int,
        in entries: OrderedMap<CatalogEntry>, report: inout XLIFFImportReport
    ) -> Bool {
        guard let slot = Self.languageSlot(of: language, at: position, in: entries, hint: &lastLanguageSlot) else {
            return false
        }
        let acceptUnfinished = options.acceptUnfinished
        let unchanged = report.unchanged
        let skipped = report.skipped.count
        let decided = entries.withValuePointer(at: position) { entry in
            entry.pointee.localizations!.withValuePointer(at: slot) {
                Self.nothingToApply(
                    members, units: units, paths: paths, in: $0, acceptUnfinished: acceptUnfinished, report: &report)
            }
        }
        if !decided {
            report.unchanged = unchanged
            report.skipped.removeSubrange(skipped...)
        }
        return decided
    }

    /// ``nothingToApply(_:units:paths:at:in:report:)`` for the entry's localization in this language, read in place.
    private static func nothingToApply(
        _ members: ArraySlice<Int>, units: [XLIFFUnit], paths: [XLIFFVariationPath],
        in pointer: UnsafePointer<Localization>, acceptUnfinished: Bool, report: inout XLIFFImportReport
    ) -> Bool {
        let isPlain = !pointer.pointee.hasMoreThanStringUnit
        guard isPlain || !pointer.pointee.hasSubstitutions, pointer.pointee.hasContent else { return false }
        for index in members {
            guard isPlain ? paths[index].isRoot : paths[index].substitutionName == nil else { return false }
            guard case .some = units[index].target else {
                report.skip(units[index], .noTarget)
                continue
            }
            let found: (value: String, state: TranslationState?)?
            if paths[index].isRoot {
                found = pointer.pointee.stringUnitText(pluralCase: nil)
            } else if paths[index].steps.count == 1, case .plural(let category) = paths[index].steps[0] {
                found = pointer.pointee.stringUnitText(pluralCase: category)
            } else {
                found = pointer.pointee.leaf(at: paths[index]).map { ($0.value, $0.state) }
            }
            // A unit whose path the localization lacks may still take a target: the full comparison decides.
            guard let found else { return false }
            if isAsExported(units[index], text: found.value, state: found.state) {
                report.unchanged += 1
                continue
            }
            let unit = units[index]
            guard
                XLIFFImport.catalogState(
                    state: unit.state, qualifier: unit.stateQualifier, acceptUnfinished: acceptUnfinished,
                    current: found.state) == nil
            else { return false }
            report.skip(unit, .unfinishedState(unit.state ?? ""))
        }
        return true
    }

    /// Where `language` is among the localizations of the entry at `position`. Entries usually list their
    /// languages in the same order, so `hint`, the place found for the entry before, is tried first (one
    /// comparison instead of a scan), and updated.
    ///
    /// `entries` is the table's, passed in rather than read from `self`: in a mutating method every read of a
    /// stored property copies what it reads, retaining all it holds.
    private static func languageSlot(
        of language: String, at position: Int, in entries: OrderedMap<CatalogEntry>, hint: inout Int
    ) -> Int? {
        let known = hint
        let slot = entries.withValuePointer(at: position) { entry -> Int? in
            guard entry.pointee.localizations != nil else { return nil }
            if known < entry.pointee.localizations!.count, sameUTF8(entry.pointee.localizations!.key(at: known), language) {
                return known
            }
            return entry.pointee.localizations!.index(forKey: language)
        }
        if let slot { hint = slot }
        return slot
    }

    /// Counts a legacy unit as applied or unchanged, and stores its localization when it changed.
    private mutating func store(
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

    /// Substitutions that neither this language nor the source language has (a translation that needs a
    /// plural where the source has none, as IceCubes' German does) are created from what the XLIFF says: the
    /// root target's `%N$#@NAME@` gives the argument, the cases' `%N$spec` the format specifier (or, when no case
    /// prints the argument, the source string's or the key's specifier for it: they take the same arguments).
    /// `argNum` is kept only when the position is not the one implied by the reference's place, as import does
    /// for others.
    private static func createTargetOnlySubstitutions(
        in localization: inout Localization, key: String, units: [(unit: XLIFFUnit, path: XLIFFVariationPath)],
        source: Localization?
    ) -> Bool {
        let missing = Set(
            units.compactMap { $0.path.substitutionName }.filter {
                localization.substitutions?[$0] == nil && source?.substitutions?[$0] == nil
            })
        guard !missing.isEmpty,
            let root = units.first(where: { $0.path.isRoot })?.unit.target ?? localization.stringUnit?.value
        else { return false }
        var created = false
        for reference in FormatSpecifiers.substitutionReferences(in: root) where missing.contains(reference.name) {
            guard localization.substitutions?[reference.name] == nil else { continue }
            let argument = reference.position ?? XLIFFPlaceholders.impliedArgument(of: reference.name, in: root)
            var specifier: String?
            if let argument {
                for (unit, path) in units where path.substitutionName == reference.name {
                    if let text = unit.target, let found = FormatSpecifiers.spec(ofArgument: argument, in: text) {
                        specifier = found
                        break
                    }
                }
                specifier =
                    specifier ?? source?.stringUnit.flatMap { FormatSpecifiers.spec(ofArgument: argument, in: $0.value) }
                    ?? FormatSpecifiers.spec(ofArgument: argument, in: key)
            }
            var substitutions = localization.substitutions ?? OrderedMap()
            _ = substitutions.appendNew(Substitution(formatSpecifier: specifier), forKey: reference.name)
            localization.substitutions = substitutions
            created = true
        }
        return created
    }

    // MARK: - Legacy tables

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
            let exported = language == table.sourceLanguage ? (current?.stringUnit?.value ?? key) : current?.stringUnit?.value
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
    private func legacyOutcome(
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

/// `==` (canonical equivalence), answered by a byte comparison when the bytes are the same.
@inline(__always)
/// Whether `unit` has the target and state export writes for a string with this text and state: importing it
/// changes nothing.
private func isAsExported(_ unit: XLIFFUnit, text: String, state: TranslationState?) -> Bool {
    guard case .some = unit.target, sameText(text, unit.target!) else { return false }
    let exported = XLIFFExport.xliffState(for: state)
    return exported.state == unit.state && exported.qualifier == unit.stateQualifier
}

private func sameText(_ lhs: String, _ rhs: String) -> Bool {
    sameUTF8(lhs, rhs) || lhs == rhs
}

extension Localization {
    /// Sets the string at `path` from an imported target, creating the cases and substitution it needs.
    ///
    /// With `rewrite`, XLIFF placeholders are turned back into catalog ones: `%N$#@NAME@` → `%#@NAME@` (N
    /// becomes the substitution's `argNum` when it differs from the implied one), and in a substitution case the
    /// substitution's own `%N$spec` → `%arg`. A substitution the localization lacks is created from the source's
    /// (`argNum`, `formatSpecifier`).
    mutating func importText(
        _ text: String, state: TranslationState, at path: XLIFFVariationPath, source: Localization?,
        rewrite: Bool = true
    ) {
        var value = text
        var positions: [String: Int] = [:]
        if rewrite {
            if let name = path.substitutionName {
                let owner = substitutions?[name] != nil ? self : (source ?? self)
                value = XLIFFPlaceholders.importingCase(
                    text, argument: XLIFFPlaceholders.argument(of: name, in: owner),
                    formatSpecifier: owner.substitutions?[name]?.formatSpecifier)
            } else {
                let known = Set((substitutions?.keys ?? []) + (source?.substitutions?.keys ?? []))
                (value, positions) = XLIFFPlaceholders.importingParent(text, names: { known.contains($0) })
            }
        }
        let template = path.substitutionName.flatMap { source?.substitutions?[$0] }
        setLeaf(path.steps[...], value: value, state: state, template: template)
        // A position that is not the implied one is kept as argNum.
        for (name, position) in positions {
            guard var substitution = substitutions?[name] else { continue }
            let current = XLIFFPlaceholders.argument(of: name, in: self)
            if current != position {
                substitution.argNum = position
                substitutions?[name] = substitution
            }
        }
    }

    private mutating func setLeaf(
        _ steps: ArraySlice<XLIFFVariationPath.Step>, value: String, state: TranslationState, template: Substitution?
    ) {
        guard let step = steps.first else {
            if var unit = stringUnit {
                unit.value = value
                unit.state = state
                stringUnit = unit
            } else {
                stringUnit = StringUnit(value, state: state)
            }
            return
        }
        let rest = steps.dropFirst()
        switch step {
        case .device(let device):
            setLeaf(rest, inCase: device, of: \.device, value: value, state: state, template: template)
        case .plural(let category):
            setLeaf(rest, inCase: category, of: \.plural, value: value, state: state, template: template)
        case .substitution(let name):
            var all = substitutions ?? OrderedMap()
            var substitution =
                all[name] ?? Substitution(argNum: template?.argNum, formatSpecifier: template?.formatSpecifier)
            var holder = Localization(variations: substitution.variations)
            holder.setLeaf(rest, value: value, state: state, template: nil)
            substitution.variations = holder.variations
            all[name] = substitution
            substitutions = all
        }
    }

    /// ``setLeaf(_:value:state:template:)`` in the case `name` of a variation group (plural or device), created
    /// with the group when missing.
    private mutating func setLeaf(
        _ steps: ArraySlice<XLIFFVariationPath.Step>, inCase name: String,
        of group: WritableKeyPath<Variations, OrderedMap<Localization>?>, value: String, state: TranslationState,
        template: Substitution?
    ) {
        var updated = variations ?? Variations()
        var cases = updated[keyPath: group] ?? OrderedMap()
        var next = cases[name] ?? Localization()
        next.setLeaf(steps, value: value, state: state, template: template)
        cases[name] = next
        updated[keyPath: group] = cases
        variations = updated
    }
}

extension XLIFFVariationPath {
    /// Whether the path ends in a plural case other than `other` (`one` may say "one item" for "%lld items").
    fileprivate var isPluralCaseOtherThanOther: Bool {
        guard case .plural(let category)? = steps.last else { return false }
        return category != "other"
    }
}
