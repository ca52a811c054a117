import LocalizationCatalog

/// One place where both sides changed the same thing differently; the merged table keeps our side there.
package struct MergeConflict: Sendable, Equatable {
    /// The entry's key; `nil` for a conflict about the table itself (`sourceLanguage`, an unknown member).
    package var key: String?
    /// The language, for a conflict inside a localization.
    package var language: String?
    /// Where in the entry or localization: `plural.one`, `substitutions.count.plural.other`, `comment`,
    /// `stringUnit`…; empty for the entry or localization as a whole.
    package var path: String
    /// Our side, as the report shows it (`"text"`, or `(deleted)`).
    package var ours: String
    /// Their side.
    package var theirs: String
    /// The base.
    package var base: String
    /// What the merged table keeps and how to change it, for a conflict that needs saying so (a mass deletion).
    package var note: String? = nil
}

/// The result of a three-way merge of tables.
package struct TableMergeResult: Sendable {
    /// The merged table: every change of one side, every equal change of both, our side at each conflict.
    package var table: StringTable
    /// The conflicts, in the merged table's entry order.
    package var conflicts: [MergeConflict]
    /// The sides (`ours`, `theirs`) whose mass deletion was not taken (``MassDeletion``).
    package var massDeletions: Set<String> = []
}

/// Three-way merge of string tables at the level of entries, localizations, variation cases and members.
///
/// The rules are documented in `docs/merge.md`.
package enum TableMerge {
    /// Merges the changes from `base` to `ours` and from `base` to `theirs`.
    ///
    /// A side that deletes every key of the base, or more than half of them and at least
    /// ``MassDeletion/minimumKeys``, that the other side kept, while the other side changed the table, is a
    /// conflict (``MassDeletion``): the merge is made as if that side had kept those keys, unless
    /// `allowsMassDeletion`.
    package static func merge(
        base: StringTable, ours: StringTable, theirs: StringTable, allowsMassDeletion: Bool = false
    ) -> TableMergeResult {
        var merger = Merger()
        var ours = ours
        var theirs = theirs
        var massDeletions: Set<String> = []
        if !allowsMassDeletion {
            if let deletion = MassDeletion(base: base, side: ours, other: theirs, sideName: "ours") {
                merger.conflicts.append(deletion.conflict())
                ours.entries = deletion.restored
                massDeletions.insert("ours")
            }
            if let deletion = MassDeletion(base: base, side: theirs, other: ours, sideName: "theirs") {
                merger.conflicts.append(deletion.conflict())
                theirs.entries = deletion.restored
                massDeletions.insert("theirs")
            }
        }
        var table = ours
        table.sourceLanguage =
            merger.leaf(
                base.sourceLanguage, ours.sourceLanguage, theirs.sourceLanguage, key: nil, language: nil,
                path: "sourceLanguage", render: quotedText) ?? ours.sourceLanguage
        table.version = higherVersion(ours.version, theirs.version, base: base.version)
        table.extraMembers = merger.members(
            base.extraMembers, ours.extraMembers, theirs.extraMembers, key: nil, language: nil, prefix: "")
        table.entries = merger.entries(base.entries, ours.entries, theirs.entries)
        return TableMergeResult(table: table, conflicts: merger.conflicts, massDeletions: massDeletions)
    }

    /// The later of two versions when both sides have one (`1.1` over `1.0`, compared number by number); a side
    /// that left the base's version unchanged takes the other's.
    static func higherVersion(_ ours: String?, _ theirs: String?, base: String?) -> String? {
        if ours == theirs || theirs == base { return ours }
        if ours == base { return theirs }
        guard let ours, let theirs else { return ours ?? theirs }
        let left = ours.split(separator: ".").map { Int($0) ?? 0 }
        let right = theirs.split(separator: ".").map { Int($0) ?? 0 }
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? left[index] : 0
            let b = index < right.count ? right[index] : 0
            if a != b { return a > b ? ours : theirs }
        }
        return ours
    }
}

/// One side's deletion of many keys of the base that the other side kept or changed.
///
/// It is a conflict, not a clean deletion (docs/merge.md, "Mass deletions"). A botched resolution (an emptied
/// file, a truncated one, another table's content) deletes all or most of a table; a wanted deletion (a feature
/// removed, unused keys cleaned up) rarely deletes most of it in one branch, and saying so once costs less than a
/// silent loss.
struct MassDeletion {
    /// The least number of deleted keys that makes a partial deletion (more than half of the base's keys) a
    /// conflict; deleting every key is one whatever their number.
    static let minimumKeys = 10

    /// The base's keys the side deleted and the other side kept: unchanged, changed, in base order.
    var unchanged: Int
    var changed: Int
    /// The number of the base's keys.
    var baseCount: Int
    /// Whether the side kept none of the base's keys.
    var deletesEveryKey: Bool
    /// The side's entries with the deleted keys back, as the base has them (each after the key it follows in the
    /// base), so that the other side's changes to them are merged.
    var restored: OrderedMap<CatalogEntry>
    /// `ours` or `theirs`.
    var sideName: String

    var deleted: Int { unchanged + changed }

    /// The mass deletion `side` makes, or `nil` when it makes none: when the other side did not change the table
    /// (git takes `side` without merging then, and so does the merge), when too few keys are deleted, and when the
    /// other side has them only as `stale` (deleting a stale key is the cleanup Xcode suggests).
    init?(base: StringTable, side: StringTable, other: StringTable, sideName: String) {
        guard other != base, !base.entries.isEmpty else { return nil }
        var unchanged = 0
        var changed = 0
        var kept = 0
        var keeping = Set<ExactString>()
        for (key, entry) in base.entries {
            if side.entries[key] != nil {
                kept += 1
                keeping.insert(ExactString(key))
                continue
            }
            guard let kept = other.entries[key], kept.extractionState != .stale else { continue }
            if kept == entry { unchanged += 1 } else { changed += 1 }
            keeping.insert(ExactString(key))
        }
        let deleted = unchanged + changed
        let deletesEveryKey = kept == 0
        guard deleted > 0, deletesEveryKey || (deleted * 2 > base.entries.count && deleted >= Self.minimumKeys)
        else { return nil }
        for key in side.entries.keys { keeping.insert(ExactString(key)) }
        var restored = OrderedMap<CatalogEntry>(minimumCapacity: keeping.count)
        for key in Merger.order(side.entries, base.entries, keeping: keeping) {
            if let entry = side.entries[key] ?? base.entries[key] { _ = restored.appendNew(entry, forKey: key) }
        }
        self.unchanged = unchanged
        self.changed = changed
        self.baseCount = base.entries.count
        self.deletesEveryKey = deletesEveryKey
        self.restored = restored
        self.sideName = sideName
    }

    /// The conflict about the table, at its first line.
    func conflict() -> MergeConflict {
        let keys = { (count: Int) in count == 1 ? "1 key" : "\(count) keys" }
        var other: [String] = []
        if unchanged > 0 { other.append("\(unchanged) kept") }
        if changed > 0 { other.append("\(changed) changed") }
        let side = "(\(deleted) of \(keys(baseCount)) deleted)"
        let otherSide = "(" + other.joined(separator: ", ") + ")"
        return MergeConflict(
            key: nil, language: nil, path: "keys", ours: sideName == "ours" ? side : otherSide,
            theirs: sideName == "ours" ? otherSide : side, base: "(\(keys(baseCount)))",
            note: "the file keeps the \(keys(deleted)) \(sideName) deleted; to delete them, merge again with "
                + "--allow-mass-deletion")
    }
}

/// A value as conflicts show it.
func quotedText(_ text: String?) -> String {
    guard let text else { return "(absent)" }
    return Diagnostic.quoted(text)
}

struct Merger {
    var conflicts: [MergeConflict] = []

    /// The three-way choice for one value: an unchanged side takes the other's change; both changed alike, one;
    /// both changed differently, a conflict and our side.
    mutating func leaf<Value: Equatable>(
        _ base: Value?, _ ours: Value?, _ theirs: Value?, key: String?, language: String?, path: String,
        render: (Value?) -> String
    ) -> Value? {
        if ours == theirs || base == theirs { return ours }
        if base == ours { return theirs }
        conflicts.append(
            MergeConflict(
                key: key, language: language, path: path, ours: render(ours), theirs: render(theirs),
                base: render(base)))
        return ours
    }

    // MARK: - Ordered maps

    /// The merged order: ours, with each key only theirs has placed after the key it follows in theirs.
    static func order<Value>(_ ours: OrderedMap<Value>, _ theirs: OrderedMap<Value>, keeping: Set<ExactString>)
        -> [String]
    {
        var result: [String] = []
        var following: [ExactString: [String]] = [:]
        var leading: [String] = []
        var previous: ExactString?
        for key in theirs.keys {
            let exact = ExactString(key)
            if ours.index(forKey: key) == nil, keeping.contains(exact) {
                if let previous { following[previous, default: []].append(key) } else { leading.append(key) }
                continue
            }
            if ours.index(forKey: key) != nil { previous = exact }
        }
        func emit(_ key: String) {
            result.append(key)
            for next in following[ExactString(key)] ?? [] { emit(next) }
        }
        for key in leading { emit(key) }
        for key in ours.keys {
            if keeping.contains(ExactString(key)) {
                emit(key)
            } else {
                // A key ours deleted may still lead keys theirs added after it.
                for next in following[ExactString(key)] ?? [] { emit(next) }
            }
        }
        return result
    }

    /// Merges two maps key by key with `element`, which returns `nil` for a key that goes.
    mutating func map<Value>(
        _ base: OrderedMap<Value>, _ ours: OrderedMap<Value>, _ theirs: OrderedMap<Value>,
        _ element: (inout Merger, String, Value?, Value?, Value?) -> Value?
    ) -> OrderedMap<Value> {
        var merged: [ExactString: Value] = [:]
        var seen = Set<ExactString>()
        for key in ours.keys + theirs.keys + base.keys {
            let exact = ExactString(key)
            guard seen.insert(exact).inserted else { continue }
            if let value = element(&self, key, base[key], ours[key], theirs[key]) { merged[exact] = value }
        }
        let keys = Self.order(ours, theirs, keeping: Set(merged.keys))
        var result = OrderedMap<Value>(minimumCapacity: keys.count)
        for key in keys {
            if let value = merged[ExactString(key)] { _ = result.appendNew(value, forKey: key) }
        }
        // A safety net: every kept key is placed above, since each is ours or theirs.
        for key in ours.keys + theirs.keys where result.index(forKey: key) == nil {
            if let value = merged[ExactString(key)] { _ = result.appendNew(value, forKey: key) }
        }
        return result
    }

    /// Unknown JSON members, member by member.
    mutating func members(
        _ base: OrderedMap<JSONValue>, _ ours: OrderedMap<JSONValue>, _ theirs: OrderedMap<JSONValue>,
        key: String?, language: String?, prefix: String
    ) -> OrderedMap<JSONValue> {
        if ours == theirs || base == theirs { return ours }
        if base == ours { return theirs }
        return map(base, ours, theirs) { merger, member, b, o, t in
            merger.leaf(b, o, t, key: key, language: language, path: prefix + member, render: renderJSON)
        }
    }

    // MARK: - Entries

    mutating func entries(
        _ base: OrderedMap<CatalogEntry>, _ ours: OrderedMap<CatalogEntry>, _ theirs: OrderedMap<CatalogEntry>
    ) -> OrderedMap<CatalogEntry> {
        map(base, ours, theirs) { merger, key, b, o, t in merger.entry(key, b, o, t) }
    }

    mutating func entry(_ key: String, _ base: CatalogEntry?, _ ours: CatalogEntry?, _ theirs: CatalogEntry?)
        -> CatalogEntry?
    {
        if ours == theirs || base == theirs { return ours }
        if base == ours { return theirs }
        guard let ours, let theirs else {
            // Deleted on one side, changed on the other. A change that only marks the entry stale (Xcode no longer
            // finds it in code) agrees with the deletion; any other change is a conflict that keeps the changed
            // entry, so that nothing is lost without a message.
            guard let base, let changed = ours ?? theirs else { return ours ?? theirs }
            var unstaled = changed
            unstaled.extractionState = base.extractionState
            if changed.extractionState == .stale, unstaled == base { return nil }
            conflicts.append(
                MergeConflict(
                    key: key, language: nil, path: "",
                    ours: ours == nil ? "(deleted)" : "(changed)", theirs: theirs == nil ? "(deleted)" : "(changed)",
                    base: "(present)"))
            return changed
        }
        // Changed on both sides, or added on both sides with different content (merged against an empty entry).
        let base = base ?? CatalogEntry()
        var result = ours
        result.comment = leaf(
            base.comment, ours.comment, theirs.comment, key: key, language: nil, path: "comment", render: quotedText)
        result.isCommentAutoGenerated = leaf(
            base.isCommentAutoGenerated, ours.isCommentAutoGenerated, theirs.isCommentAutoGenerated, key: key,
            language: nil, path: "isCommentAutoGenerated", render: renderBool)
        result.extractionState = extractionState(
            key, base.extractionState, ours.extractionState, theirs.extractionState)
        result.shouldTranslate = leaf(
            base.shouldTranslate, ours.shouldTranslate, theirs.shouldTranslate, key: key, language: nil,
            path: "shouldTranslate", render: renderBool)
        result.extraMembers = members(
            base.extraMembers, ours.extraMembers, theirs.extraMembers, key: key, language: nil, prefix: "")
        result.localizations = localizations(key, base.localizations, ours.localizations, theirs.localizations)
        return result
    }

    /// `stale` is Xcode's own marking, made again at the next build: against another change it gives way.
    mutating func extractionState(
        _ key: String, _ base: ExtractionState?, _ ours: ExtractionState?, _ theirs: ExtractionState?
    ) -> ExtractionState? {
        if ours == theirs || base == theirs { return ours }
        if base == ours { return theirs }
        if ours == .stale { return theirs }
        if theirs == .stale { return ours }
        return leaf(base, ours, theirs, key: key, language: nil, path: "extractionState") { quotedText($0?.rawValue) }
    }

    mutating func localizations(
        _ key: String, _ base: OrderedMap<Localization>?, _ ours: OrderedMap<Localization>?,
        _ theirs: OrderedMap<Localization>?
    ) -> OrderedMap<Localization>? {
        if ours == theirs || base == theirs { return ours }
        if base == ours { return theirs }
        let merged = map(base ?? [:], ours ?? [:], theirs ?? [:]) { merger, language, b, o, t in
            merger.localization(key, language, prefix: "", b, o, t)
        }
        // No language left: no `localizations` member, as Xcode writes such an entry, unless a side wrote `{}`.
        let sideWroteEmpty = ours?.isEmpty == true || theirs?.isEmpty == true
        return merged.isEmpty && (ours == nil || theirs == nil || !sideWroteEmpty) ? nil : merged
    }

    // MARK: - Localizations and cases

    mutating func localization(
        _ key: String, _ language: String, prefix: String, _ base: Localization?, _ ours: Localization?,
        _ theirs: Localization?
    ) -> Localization? {
        if ours == theirs || base == theirs { return ours }
        if base == ours { return theirs }
        guard let ours, let theirs else {
            // Deleted on one side, changed on the other: kept, as a conflict (see `entry`).
            conflicts.append(
                MergeConflict(
                    key: key, language: language, path: prefix.isEmpty ? "" : String(prefix.dropLast()),
                    ours: renderLocalization(ours), theirs: renderLocalization(theirs),
                    base: renderLocalization(base)))
            return ours ?? theirs
        }
        let base = base ?? Localization()
        var result = ours
        let unitPath = prefix.isEmpty ? "" : String(prefix.dropLast())
        result.stringUnit = leaf(
            base.stringUnit, ours.stringUnit, theirs.stringUnit, key: key, language: language, path: unitPath,
            render: renderUnit(base.stringUnit, ours.stringUnit, theirs.stringUnit))
        result.stringSet = leaf(
            base.stringSet, ours.stringSet, theirs.stringSet, key: key, language: language,
            path: prefix + "stringSet", render: renderSet)
        result.variations = variations(
            key, language, prefix: prefix, base.variations, ours.variations, theirs.variations)
        if ours.substitutions != theirs.substitutions {
            result.substitutions = substitutions(
                key, language, prefix: prefix, base.substitutions, ours.substitutions, theirs.substitutions)
        }
        result.extraMembers = members(
            base.extraMembers, ours.extraMembers, theirs.extraMembers, key: key, language: language, prefix: prefix)
        return result
    }

    mutating func variations(
        _ key: String, _ language: String, prefix: String, _ base: Variations?, _ ours: Variations?,
        _ theirs: Variations?
    ) -> Variations? {
        if ours == theirs || base == theirs { return ours }
        if base == ours { return theirs }
        let base = base ?? Variations()
        let left = ours ?? Variations()
        let right = theirs ?? Variations()
        var result = left
        result.plural = cases(key, language, prefix: prefix + "plural.", base.plural, left.plural, right.plural)
        result.device = cases(key, language, prefix: prefix + "device.", base.device, left.device, right.device)
        result.width = cases(key, language, prefix: prefix + "width.", base.width, left.width, right.width)
        result.extraMembers = members(
            base.extraMembers, left.extraMembers, right.extraMembers, key: key, language: language, prefix: prefix)
        let isEmpty = result.plural == nil && result.device == nil && result.width == nil && result.extraMembers.isEmpty
        return isEmpty && (ours == nil || theirs == nil) ? nil : result
    }

    mutating func cases(
        _ key: String, _ language: String, prefix: String, _ base: OrderedMap<Localization>?,
        _ ours: OrderedMap<Localization>?, _ theirs: OrderedMap<Localization>?
    ) -> OrderedMap<Localization>? {
        if ours == theirs || base == theirs { return ours }
        if base == ours { return theirs }
        let merged = map(base ?? [:], ours ?? [:], theirs ?? [:]) { merger, name, b, o, t in
            merger.localization(key, language, prefix: prefix + name + ".", b, o, t)
        }
        // No language left: no `localizations` member, as Xcode writes such an entry, unless a side wrote `{}`.
        let sideWroteEmpty = ours?.isEmpty == true || theirs?.isEmpty == true
        return merged.isEmpty && (ours == nil || theirs == nil || !sideWroteEmpty) ? nil : merged
    }

    mutating func substitutions(
        _ key: String, _ language: String, prefix: String, _ base: OrderedMap<Substitution>?,
        _ ours: OrderedMap<Substitution>?, _ theirs: OrderedMap<Substitution>?
    ) -> OrderedMap<Substitution>? {
        if ours == theirs || base == theirs { return ours }
        if base == ours { return theirs }
        let merged = map(base ?? [:], ours ?? [:], theirs ?? [:]) { merger, name, b, o, t in
            merger.substitution(key, language, prefix: prefix + "substitutions." + name + ".", b, o, t)
        }
        // No language left: no `localizations` member, as Xcode writes such an entry, unless a side wrote `{}`.
        let sideWroteEmpty = ours?.isEmpty == true || theirs?.isEmpty == true
        return merged.isEmpty && (ours == nil || theirs == nil || !sideWroteEmpty) ? nil : merged
    }

    mutating func substitution(
        _ key: String, _ language: String, prefix: String, _ base: Substitution?, _ ours: Substitution?,
        _ theirs: Substitution?
    ) -> Substitution? {
        if ours == theirs || base == theirs { return ours }
        if base == ours { return theirs }
        guard let ours, let theirs else {
            conflicts.append(
                MergeConflict(
                    key: key, language: language, path: String(prefix.dropLast()),
                    ours: ours == nil ? "(deleted)" : "(changed)", theirs: theirs == nil ? "(deleted)" : "(changed)",
                    base: "(present)"))
            return ours ?? theirs
        }
        let base = base ?? Substitution()
        var result = ours
        result.argNum = leaf(
            base.argNum, ours.argNum, theirs.argNum, key: key, language: language, path: prefix + "argNum"
        ) { $0.map(String.init) ?? "(absent)" }
        result.formatSpecifier = leaf(
            base.formatSpecifier, ours.formatSpecifier, theirs.formatSpecifier, key: key, language: language,
            path: prefix + "formatSpecifier", render: quotedText)
        result.variations = variations(
            key, language, prefix: prefix, base.variations, ours.variations, theirs.variations)
        result.extraMembers = members(
            base.extraMembers, ours.extraMembers, theirs.extraMembers, key: key, language: language, prefix: prefix)
        return result
    }
}

// MARK: - Rendering

private func renderBool(_ value: Bool?) -> String {
    value.map { $0 ? "true" : "false" } ?? "(absent)"
}

private func renderSet(_ value: StringSet?) -> String {
    guard let value else { return "(absent)" }
    return "[" + value.values.map { Diagnostic.quoted($0) }.joined(separator: ", ") + "]"
}

/// A string unit's value, with its state when the three sides' states differ (a conflict of states alone).
private func renderUnit(_ base: StringUnit?, _ ours: StringUnit?, _ theirs: StringUnit?) -> (StringUnit?) -> String {
    // Compared among the sides that have a unit, so that a unit both sides added shows no state.
    let states = [base, ours, theirs].compactMap { $0 }.map { $0.state?.rawValue ?? "" }
    let statesDiffer = Set(states).count > 1
    return { unit in
        guard let unit else { return "(absent)" }
        let text = Diagnostic.quoted(unit.value)
        guard statesDiffer else { return text }
        return text + " (\(unit.state?.rawValue ?? "no state"))"
    }
}

private func renderLocalization(_ value: Localization?) -> String {
    guard let value else { return "(deleted)" }
    if let unit = value.stringUnit, !value.hasMoreThanStringUnit { return Diagnostic.quoted(unit.value) }
    return "(changed)"
}

func renderJSON(_ value: JSONValue?) -> String {
    guard let value else { return "(absent)" }
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let text): return text
    case .string(let text): return Diagnostic.quoted(text)
    case .array(let items): return "[" + items.map { renderJSON($0) }.joined(separator: ", ") + "]"
    case .object(let members):
        return "{"
            + zip(members.keys, members.values).map { Diagnostic.quoted($0) + ": " + renderJSON($1) }
            .joined(separator: ", ") + "}"
    }
}

/// A string that hashes and compares by its UTF-8 bytes (catalog keys that Swift finds equal stay distinct).
struct ExactString: Hashable {
    let string: String

    init(_ string: String) { self.string = string }

    static func == (lhs: ExactString, rhs: ExactString) -> Bool { sameUTF8(lhs.string, rhs.string) }

    func hash(into hasher: inout Hasher) {
        hasher.combine(string.utf8.count)
        for byte in string.utf8 { hasher.combine(byte) }
    }
}
