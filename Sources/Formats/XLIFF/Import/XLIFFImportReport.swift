import LocalizationCatalog

/// What an XLIFF import did: how many units it applied, how many it found unchanged, and every unit it did
/// not apply, with the reason.
public struct XLIFFImportReport: Sendable, Equatable {
    /// Why a unit was not applied.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// The `<file>` has no `target-language`, so there is no language to import into.
        case noTargetLanguage
        /// The `<file original>` names no table that exists (or no kind of table this tool reads).
        case unknownTable
        /// The id is no key of the String Catalog, and no key followed by a variation path: a catalog takes its
        /// keys from its code, never from an import.
        case unknownID
        /// The id names a `.stringsdict` entry the table does not have: its plural rule cannot be made from units.
        case unknownStringsDictKey
        /// The id is a key of a `.strings` table (the associated value) followed by a variation path, or ends like
        /// one: a `.strings` table holds plain strings only.
        case variationOfStringsKey(String)
        /// The root unit of a key whose variation units the same file also gives (a translator added plural
        /// forms): the variations replace the plain string, which a localization holding both would lose when
        /// compiled.
        case replacedByVariations
        /// The id is a key that ends like a variation path (`text|==|plural.one`); Xcode ignores such units.
        case endsLikeVariationPath
        /// A substitution case whose substitution neither the source nor the target has; Xcode drops them.
        case unknownSubstitution(String)
        /// The unit's id does not fit the entry's shape in this kind of table (a `.stringsdict` rule addressed as a
        /// `.strings` key, or a plain target addressed as varied).
        case shapeMismatch
        /// The unit's `<source>` no longer matches the table (skipped with ``XLIFFImport/Options/skipChangedSource``).
        case sourceChanged(expected: String, found: String)
        /// The target's state is unfinished (`new`, `needs-translation`, `needs-l10n`, `needs-adaptation`,
        /// `needs-review-*`); Xcode skips these.
        case unfinishedState(String)
        /// Like ``unfinishedState(_:)``, for a target whose text is not what the table has: a translation tool that
        /// left the state as export wrote it (`new`) while the translator wrote the text.
        case unfinishedStateWithNewText(String)
        /// The id is the key (the associated value) with its line breaks turned into spaces: a translation tool
        /// wrote them raw in the `id` attribute (OmegaT does), which XML reads as spaces.
        case lineBreaksReadAsSpaces(String)
        /// The target reads other format arguments than the source (a `%@` left out, `%lld` turned into `%@`);
        /// refused with ``XLIFFImport/Options/refusesPlaceholderMismatch``, else applied with a warning.
        case placeholderMismatch(String)
        /// The unit has no `<target>`; nothing changes.
        case noTarget

        /// A short stable token for machines (`unfinished-state`, `source-changed`, …).
        package var code: String {
            switch self {
            case .noTargetLanguage: "no-target-language"
            case .unknownTable: "unknown-table"
            case .unknownID, .unknownStringsDictKey, .lineBreaksReadAsSpaces: "unknown-id"
            case .variationOfStringsKey: "variation-in-strings"
            case .replacedByVariations: "replaced-by-variations"
            case .endsLikeVariationPath: "ends-like-variation-path"
            case .unknownSubstitution: "unknown-substitution"
            case .shapeMismatch: "shape-mismatch"
            case .sourceChanged: "source-changed"
            case .unfinishedState, .unfinishedStateWithNewText: "unfinished-state"
            case .placeholderMismatch: "placeholder-mismatch"
            case .noTarget: "no-target"
            }
        }

        /// A sentence for people.
        public var description: String {
            switch self {
            case .noTargetLanguage: "the file has no target-language"
            case .unknownTable: "the file's original names no table that exists"
            case .unknownID:
                "no key of the catalog has this id (a catalog takes new keys from its code, by sync, not from an import)"
            case .unknownStringsDictKey:
                "no entry of the .stringsdict has this key, and an import makes no plural rule from units"
            case .variationOfStringsKey(let key):
                "a .strings table holds plain strings: the variations of \"\(key)\" need a .stringsdict entry"
            case .replacedByVariations:
                "the file also gives this key variations, which replace its plain string (a localization with both "
                    + "loses one when compiled)"
            case .endsLikeVariationPath: "the key ends like a variation path; Xcode ignores such units"
            case .unknownSubstitution(let name): "substitution \"\(name)\" exists in neither the source nor the target"
            case .shapeMismatch: "the id does not fit the shape of the entry"
            case .sourceChanged(let expected, let found):
                "the source changed: the table has \"\(expected)\", the file \"\(found)\""
            case .unfinishedState(let state): "the target's state is \"\(state)\", not finished"
            case .unfinishedStateWithNewText(let state):
                "the target's state is \"\(state)\", not finished, but its text is new (a translation tool may have "
                    + "left the state as export wrote it): --accept-unfinished imports it"
            case .lineBreaksReadAsSpaces(let key):
                "the id is the key \(quotedForMessage(key)) with its line breaks read as spaces: a translation tool "
                    + "wrote them raw in the id attribute (OmegaT does), where XML reads a line break as a space; "
                    + "write them as &#10; in the ids, or export again"
            case .placeholderMismatch(let details): "the target's placeholders differ from the source's: \(details)"
            case .noTarget: "the unit has no target"
            }
        }
    }

    /// One unit that was not applied.
    public struct SkippedUnit: Sendable, Equatable {
        /// The unit's id.
        public var id: String
        /// Why.
        public var reason: Reason
        /// Where the unit is, when the file was read from a document.
        package var location: FileLocation?

        /// Creates a skipped unit.
        package init(id: String, reason: Reason, location: FileLocation? = nil) {
            self.id = id
            self.reason = reason
            self.location = location
        }

        /// Skipped units are equal when id and reason are; ``location`` is not compared.
        public static func == (lhs: SkippedUnit, rhs: SkippedUnit) -> Bool {
            lhs.id == rhs.id && lhs.reason == rhs.reason
        }
    }

    /// Units whose target changed the table.
    public var applied = 0
    /// Units whose target the table already had (with the same state).
    public var unchanged = 0
    /// Units not applied, in file order.
    public var skipped: [SkippedUnit] = []
    /// Keys an applied unit created in a legacy `.strings` table (its id was no key yet), in file order.
    package var createdKeys: [String] = []
    /// Ids of applied units whose source had changed; they were imported as `needs_review`.
    package var appliedWithChangedSource: [String] = []
    /// Applied units whose target reads other format arguments than the source (reason
    /// ``Reason/placeholderMismatch(_:)``), in file order; each is a warning.
    package var appliedWithPlaceholderMismatch: [SkippedUnit] = []

    /// Creates an empty report.
    package init() {}

    /// The skipped units as diagnostics (notes for missing targets, warnings otherwise), at their locations,
    /// then ``placeholderWarnings(path:)``.
    public func diagnostics(path: String? = nil) -> [Diagnostic] {
        skipped.map { unit in
            let severity: Diagnostic.Severity = unit.reason == .noTarget ? .note : .warning
            let message = "unit \"\(unit.id)\" not imported: \(unit.reason)"
            if let location = unit.location { return Diagnostic(severity, message, at: location) }
            return Diagnostic(severity, message, path: path)
        } + placeholderWarnings(path: path)
    }

    /// A warning for each applied unit whose placeholders differ from the source's, at its location.
    package func placeholderWarnings(path: String? = nil) -> [Diagnostic] {
        appliedWithPlaceholderMismatch.map { unit in
            let message = "unit \"\(unit.id)\": \(unit.reason)"
            if let location = unit.location { return Diagnostic(.warning, message, at: location) }
            return Diagnostic(.warning, message, path: path)
        }
    }

    /// The units refused because their placeholders differ from their source's (an import fails on them unless
    /// mismatches are accepted).
    package var placeholderRefusals: [SkippedUnit] {
        skipped.filter { unit in
            if case .placeholderMismatch = unit.reason { return true }
            return false
        }
    }

    /// An error for each target refused because its placeholders differ from its source's, at its unit.
    package func placeholderErrors(path: String? = nil) -> [Diagnostic] {
        placeholderRefusals.map { unit in
            let message = "unit \"\(unit.id)\" not applied: \(unit.reason)"
            if let location = unit.location { return Diagnostic(.error, message, at: location) }
            return Diagnostic(.error, message, path: path)
        }
    }

    /// The units not applied for a reason `--strict` fails on: an unknown table or id, an unfinished state, a
    /// changed source (skipped), or a placeholder mismatch (refused).

    package var strictFailures: [SkippedUnit] {
        skipped.filter { unit in
            switch unit.reason {
            case .unknownTable, .unknownID, .unknownStringsDictKey, .variationOfStringsKey, .unfinishedState,
                .unfinishedStateWithNewText, .lineBreaksReadAsSpaces, .sourceChanged, .placeholderMismatch:
                true
            default: false
            }
        }
    }

    /// Counts every unit of `file` as skipped for `reason` (a file whose table is unknown).
    package mutating func skipAll(of file: XLIFFFile, _ reason: Reason) {
        for unit in file.units { skip(unit, reason) }
    }

    /// Adds another report's counts and skipped units to this one.
    package mutating func add(_ other: XLIFFImportReport) {
        applied += other.applied
        unchanged += other.unchanged
        skipped += other.skipped
        createdKeys += other.createdKeys
        appliedWithChangedSource += other.appliedWithChangedSource
        appliedWithPlaceholderMismatch += other.appliedWithPlaceholderMismatch
    }

    mutating func skip(_ unit: XLIFFUnit, _ reason: Reason) {
        skipped.append(SkippedUnit(id: unit.id, reason: reason, location: unit.location))
    }

    /// Skips a unit whose target (`text`) is in an unfinished state that is not accepted, saying whether the target
    /// has new text: text that is not the table's (`current`) nor, without one, the unit's `<source>` was written by a
    /// translator.
    mutating func skipUnfinished(_ unit: XLIFFUnit, text: String, current: String?) {
        let state = unit.state ?? ""
        let hasNewText = text != (current ?? unit.source ?? text)
        skip(unit, hasNewText ? .unfinishedStateWithNewText(state) : .unfinishedState(state))
    }

    /// Checks the placeholders of a target about to be applied against its source.
    ///
    /// Returns `false` when the unit is refused (then reported as skipped); a mismatch that is not refused is recorded
    /// as a warning, and the unit is applied.
    /// `allowsMissingArguments`: the target may leave out any argument of the source (a case of a substitution only
    /// the target has, whose parent string prints the others).
    mutating func checkPlaceholders(
        _ unit: XLIFFUnit, target: String, source: String, substitutionSpecifier: (String) -> String?,
        allowsMissingIntegers: Bool, allowsMissingArguments: Bool = false, refuses: Bool
    ) -> Bool {
        var mismatches = FormatArgumentComparison.compare(
            source: source, translation: target, substitutionSpecifier: substitutionSpecifier,
            allowsMissingIntegers: allowsMissingIntegers)
        if allowsMissingArguments {
            mismatches.removeAll { mismatch in
                switch mismatch {
                case .missing, .parameterMissing: true
                default: false
                }
            }
        }
        guard !mismatches.isEmpty else { return true }
        let reason = Reason.placeholderMismatch(mismatches.map { $0.description }.joined(separator: "; "))
        if refuses {
            skip(unit, reason)
            return false
        }
        appliedWithPlaceholderMismatch.append(SkippedUnit(id: unit.id, reason: reason, location: unit.location))
        return true
    }
}

/// `key` in double quotes, its line breaks and tabs escaped (`"Line one\nLine two"`), for a message.
private func quotedForMessage(_ key: String) -> String {
    var result = "\""
    for scalar in key.unicodeScalars {
        switch scalar {
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
