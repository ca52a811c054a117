import LocalizationCatalog
import StringBridgeSupport

extension Importer {
    /// The entry position and variation path a catalog unit id stands for: the id itself when it is a key,
    /// else split at the last `|==|` whose right side is a path and whose left side a key.
    ///
    /// `previous` is the key found for the unit before: Xcode writes an entry's units together, so a variation
    /// unit's id usually starts with it, and the split is then made without looking the key up again.
    /// The id is looked up as a key only when it can be one: ids with the separator only when some key has it;
    /// and the entry after the previous one is tried first, since units follow the table's key order.
    static func locateCatalogUnit(
        _ id: String, previous: (key: String, position: Int)?, keysHaveSeparator: Bool,
        in entries: OrderedMap<CatalogEntry>
    ) -> (position: Int, path: XLIFFVariationPath)? {
        let hasSeparator = XLIFFIdentifier.containsSeparator(id)
        if !hasSeparator || keysHaveSeparator {
            if let previous, previous.position + 1 < entries.count,
                sameUTF8(entries.key(at: previous.position + 1), id)
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
    static func variationPath(of id: String, after key: String) -> XLIFFVariationPath? {
        let start = key.utf8.count + 4
        let isPathAfterKey = id.withUTF8Span { idBytes in
            key.withUTF8Span { keyBytes -> Bool in
                guard idBytes.count > start, idBytes.bytesEqual(at: 0, keyBytes, at: 0, count: keyBytes.count)
                else { return false }
                let bar = UInt8(ascii: "|")
                let equals = UInt8(ascii: "=")
                guard idBytes[keyBytes.count] == bar, idBytes[keyBytes.count + 1] == equals,
                    idBytes[keyBytes.count + 2] == equals, idBytes[keyBytes.count + 3] == bar
                else { return false }
                return !XLIFFIdentifier.containsSeparator(idBytes.extracting(start...))
            }
        }
        guard isPathAfterKey else { return nil }
        return XLIFFVariationPath(parsing: Substring(id.utf8[id.utf8.index(id.utf8.startIndex, offsetBy: start)...]))
    }

    mutating func applyCatalog(_ units: [XLIFFUnit], report: inout XLIFFImportReport) {
        applyCatalog(units, places: locateCatalogUnits(units), report: &report)
    }

    /// Where each unit goes in the table: what ``applyCatalog(_:report:)`` works out from the units and the table's
    /// keys alone.
    mutating func locateCatalogUnits(_ units: [XLIFFUnit]) -> CatalogUnitPlaces {
        // Units are grouped by entry, the entries in the order of their first unit; a group lists unit indices.
        // The group of each entry position (-1: none yet), found without hashing.
        var skipped: [(unit: Int, reason: XLIFFImportReport.Reason)] = []
        var groupOfPosition: [Int] = []
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
                let key = keyWithLineBreaks(readAs: units[index].id)
                skipped.append((index, key.map { .lineBreaksReadAsSpaces($0) } ?? .unknownID))
                continue
            }
            if path.isRoot, keysHaveSeparator, XLIFFIdentifier.endsLikeVariationPath(units[index].id) {
                skipped.append((index, .endsLikeVariationPath))
                continue
            }
            if previous?.position != position { previous = (entries.key(at: position), position) }
            paths[index] = path
            if groupOfPosition.isEmpty { groupOfPosition = Array(repeating: -1, count: entries.count) }
            if groupOfPosition[position] >= 0 {
                unitGroup[index] = groupOfPosition[position]
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
        return CatalogUnitPlaces(
            keys: entries.keys, skipped: skipped, paths: paths, groupPositions: groupPositions, starts: starts,
            members: members)
    }

    /// ``applyCatalog(_:report:)`` with the units' places worked out already (for a table with the keys `places`
    /// were worked out for, in the same order).
    mutating func applyCatalog(_ units: [XLIFFUnit], places: CatalogUnitPlaces, report: inout XLIFFImportReport) {
        for (index, reason) in places.skipped { report.skip(units[index], reason) }
        // Read from a constant, not `self`: see ``languageSlot(of:at:in:hint:)``.
        let entries = table.entries
        let starts = places.starts
        for (group, position) in places.groupPositions.enumerated() {
            applyCatalogEntry(
                at: position, members: places.members[starts[group]..<starts[group + 1]], units: units,
                paths: places.paths, entries: entries, report: &report)
        }
    }

    mutating func applyCatalogEntry(
        at position: Int, members: ArraySlice<Int>, units: [XLIFFUnit], paths: [XLIFFVariationPath],
        entries: OrderedMap<CatalogEntry>, report: inout XLIFFImportReport
    ) {
        if takesQuickLook,
            quickLookFindsNothingToApply(
                members, units: units, paths: paths, at: position, in: entries, report: &report)
        {
            return
        }
        if takesNewPlainTranslation,
            newPlainTranslation(members, units: units, paths: paths, at: position, in: entries, report: &report)
        {
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
        // The root unit, and whether it was applied (else unchanged).
        var rootOutcome: (index: Int, applied: Bool)?
        let substitutions = localization.substitutions
        let sourceSubstitutions = source?.substitutions
        for index in members {
            if paths[index].isRoot { rootInFile = true }
            if let name = paths[index].substitutionName, substitutions?[name] == nil, sourceSubstitutions?[name] == nil
            {
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
                if path.isRoot { rootOutcome = (index, false) }
                continue
            }
            if let now = builder.targetValue(at: path), isAsExported(units[index], text: now.text, state: now.state) {
                report.unchanged += 1
                if path.isRoot { rootOutcome = (index, false) }
                continue
            }
            let unit = units[index]
            let current = localization.leaf(at: path)
            guard
                var state = XLIFFImport.catalogState(
                    state: unit.state, qualifier: unit.stateQualifier, acceptUnfinished: options.acceptUnfinished,
                    current: current?.state, keepsNeedsReview: true)
            else {
                report.skipUnfinished(unit, text: text, current: builder.targetValue(at: path)?.text)
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
            var expected = builder.sourceText(at: path)
            // A case of a substitution only the target has: its `<source>` is the source string with the argument
            // as the substitution reads it (export), which says what the case stands in for; the source language
            // has no text of its own there to have changed.
            let isTargetOnlySubstitution = path.substitutionName.map { source?.substitutions?[$0] == nil } ?? false
            if isTargetOnlySubstitution, let found = unit.source { expected = found }
            if let found = unit.source {
                if found != expected {
                    // In the development language, a target that is its own source (the translator changed
                    // nothing) does not take back a source value changed since the export; applied, it would be
                    // `needs_review` the first time and, the source now being its text, `translated` the second
                    // (Fuzz/findings/xliff-import/changed-source-twice.xliff).
                    if options.skipChangedSource || (language == table.sourceLanguage && sameText(found, text)) {
                        report.skip(unit, .sourceChanged(expected: expected, found: found))
                        continue
                    }
                    state = .needsReview
                    sourceChanged = true
                }
            }
            let warnings = report.appliedWithPlaceholderMismatch.count
            if options.checksPlaceholders {
                let owner = localization
                // A plural case is compared with the source's other case, the general form (as check does).
                var general =
                    path.isPluralCaseOtherThanOther ? builder.sourceText(at: path.generalPluralForm) : expected
                var checked = text
                if isTargetOnlySubstitution, let name = path.substitutionName {
                    // The `<source>` says nothing of the arguments (Xcode writes the unit id there): the case is
                    // compared with the catalog's own substitution, the source string with its argument read as the
                    // substitution reads it; a case need not print the arguments its parent prints.
                    (general, checked) = Self.targetOnlyCaseComparison(
                        name, text: text, localization: owner, parent: builder.sourceText(at: .root))
                }
                guard
                    report.checkPlaceholders(
                        unit, target: checked, source: general,
                        substitutionSpecifier: {
                            owner.substitutions?[$0]?.formatSpecifier ?? source?.substitutions?[$0]?.formatSpecifier
                        },
                        allowsMissingIntegers: path.isPluralCaseOtherThanOther,
                        allowsMissingArguments: isTargetOnlySubstitution,
                        refuses: options.refusesPlaceholderMismatch)
                else { continue }
            }
            // A string where there was none changes the localization: no copy is kept to compare with (see
            // ``createsLeaf(_:at:)``).
            let before = createsLeaf(current, at: path) ? nil : localization
            localization.importText(text, state: state, at: path, source: source)
            if let before, localization == before {
                report.appliedWithPlaceholderMismatch.removeSubrange(warnings...)
                report.unchanged += 1
                if path.isRoot { rootOutcome = (index, false) }
                continue
            }
            touched = true
            report.applied += 1
            if path.isRoot { rootOutcome = (index, true) }
            if sourceChanged { report.appliedWithChangedSource.append(unit.id) }
            if !path.isRoot, path.substitutionName == nil { setCase = true }
        }
        // Variation units replacing a plain target: the translator varied the string (target-only variations).
        // A target that had variations beside its string already keeps the string (Xcode drops it: a loss).
        if setCase, localization.stringUnit != nil,
            localization.variations?.plural != nil || localization.variations?.device != nil,
            original?.variations?.plural == nil, original?.variations?.device == nil
        {
            if !rootInFile {
                localization.stringUnit = nil
            } else if source?.stringUnit == nil
                || (source?.variations?.plural == nil && source?.variations?.device == nil)
            {
                // The file gives the plain string too (a translation tool adds plural units beside the unit it
                // had): the variations replace it, as when the plain unit is absent. A string beside variations
                // is a shape compile drops; only a source of that shape is mirrored.
                localization.stringUnit = nil
                if let (index, applied) = rootOutcome {
                    if applied {
                        report.applied -= 1
                        report.appliedWithChangedSource.removeAll { $0 == units[index].id }
                    } else {
                        report.unchanged -= 1
                    }
                    report.appliedWithPlaceholderMismatch.removeAll { $0.id == units[index].id }
                    report.skip(units[index], .replacedByVariations)
                }
            }
        }
        guard touched, original.map({ $0 != localization }) ?? localization.hasContent else { return }
        setLocalization(localization, at: position)
    }

    /// Whether importing a text at `path`, where the localization has `current`, surely changes the localization.
    ///
    /// Rule: ``Localization/importText(_:state:at:source:rewrite:)`` always leaves a string unit at a path that
    /// ends at the root or in a device or plural case, so one that was not there (`current` is `nil`) makes the
    /// localization differ. A path ending in a substitution has no string of its own (``Localization/leaf(at:)`` is
    /// `nil` there before and after), so it is compared. `XLIFFImportNewLeafTests` holds this equal to comparing
    /// every time (``Importer/comparesNewLeaves``).
    func createsLeaf(_ current: StringUnit?, at path: XLIFFVariationPath) -> Bool {
        guard current == nil, !comparesNewLeaves else { return false }
        if case .substitution? = path.steps.last { return false }
        return true
    }

    /// What a case of substitution `name`, which only the target has, is compared with, and the case's text as
    /// compared: the source string in XLIFF form (`parent`) with the substitution's argument respelled with its
    /// format specifier (as export's `<source>` spells it), and the case with `%arg` spelled so too.
    ///
    /// Xcode's export writes the unit id as such a case's `<source>`, which says nothing of its arguments: comparing
    /// with it refused every correct translation.
    static func targetOnlyCaseComparison(
        _ name: String, text: String, localization: Localization, parent: String
    ) -> (source: String, target: String) {
        guard let argument = XLIFFPlaceholders.argument(of: name, in: localization),
            let spec = localization.substitutions?[name]?.formatSpecifier, !spec.isEmpty
        else { return (parent, text) }
        let source = XLIFFPlaceholders.respelling(argument: argument, as: spec, in: parent) ?? parent
        return (source, XLIFFPlaceholders.exportingCase(text, argument: argument, formatSpecifier: spec))
    }

    /// Substitutions that neither this language nor the source language has (a translation that needs a plural where
    /// the source has none, as IceCubes' German does) are created from what the XLIFF says: the root target's
    /// `%N$#@NAME@` gives the argument, the cases' `%N$spec` the format specifier (or, when no case prints the
    /// argument, the cases' `<source>`, where export spells it `%N$TYPE` from the value type, then the source
    /// string's or the key's specifier for it: they take the same arguments).
    ///
    /// `argNum` is kept only when the position is not the one implied by the reference's place, as import does for
    /// others.
    static func createTargetOnlySubstitutions(
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
                // Export spells the argument in the cases' `<source>` as the substitution reads it.
                for (unit, path) in units where specifier == nil && path.substitutionName == reference.name {
                    if let text = unit.source, let found = FormatSpecifiers.spec(ofArgument: argument, in: text) {
                        specifier = found
                    }
                }
                specifier =
                    specifier ?? source?.stringUnit.flatMap {
                        FormatSpecifiers.spec(ofArgument: argument, in: $0.value)
                    }
                    ?? FormatSpecifiers.spec(ofArgument: argument, in: key)
            }
            var substitutions = localization.substitutions ?? OrderedMap()
            _ = substitutions.appendNew(Substitution(formatSpecifier: specifier), forKey: reference.name)
            localization.substitutions = substitutions
            created = true
        }
        return created
    }
}

/// Whether `unit` has the target and state export writes for a string with this text and state: importing it
/// changes nothing.
func isAsExported(_ unit: XLIFFUnit, text: String, state: TranslationState?) -> Bool {
    guard let target = unit.target, sameText(text, target) else { return false }
    let exported = XLIFFStates.xliff(for: state)
    return exported.state == unit.state && exported.qualifier == unit.stateQualifier
}

/// `==` (canonical equivalence), answered by a byte comparison when the bytes are the same.
@inline(__always)
private func sameText(_ lhs: String, _ rhs: String) -> Bool {
    sameUTF8(lhs, rhs) || lhs == rhs
}

/// Where the units of a document go in a catalog.
///
/// The entry and variation path of each, grouped by entry, and the units that go nowhere, with why. Worked out from
/// the units and the catalog's keys alone (``Importer/locateCatalogUnits(_:)``), so one document imported into
/// catalogs that hold the same keys in the same order (`roundtrip` imports each export into the catalog and into the
/// catalog without that language) is placed once.
package struct CatalogUnitPlaces: Sendable {
    /// The keys of the catalog the places were worked out for.
    let keys: [String]
    /// The units that go nowhere, in document order, with why.
    let skipped: [(unit: Int, reason: XLIFFImportReport.Reason)]
    /// Each unit's variation path (the root for a unit that goes nowhere).
    let paths: [XLIFFVariationPath]
    /// The entry position of each group, in the order of each group's first unit.
    let groupPositions: [Int]
    /// Where each group's units start in ``members`` (one more than there are groups: the last is the end).
    let starts: [Int]
    /// The unit indices of every group, group after group, in document order within a group.
    let members: [Int]

    /// Whether `table` holds the keys the places were worked out for, in the same order (byte for byte).
    func fit(_ table: StringTable) -> Bool {
        keys.count == table.entries.count && keys.indices.allSatisfy { sameUTF8(keys[$0], table.entries.key(at: $0)) }
    }
}
