import LocalizationCatalog
import StringBridgeSupport

/// What kind of resource a table is exported from or imported into; it decides the unit ids.
public enum XLIFFTableKind: String, Sendable, CaseIterable {
    /// A String Catalog (`Localizable.xcstrings`): ids `KEY` and `KEY|==|plural.one`.
    case catalog
    /// A legacy `.strings` table: the id is the key.
    case strings
    /// A legacy `.stringsdict` table: ids `/KEY:dict/NSStringLocalizedFormatKey:dict/:string` and
    /// `/KEY:dict/VARIABLE:dict/one:dict/:string`.
    case stringsDict
}

/// Exports a string table as one XLIFF `<file>`, the way `xcodebuild -exportLocalizations` does.
///
/// See docs/formats/xliff.md ("Mapping") for every rule and the evidence behind it.
public enum XLIFFExport {
    /// The tool written by default: Xcode 26.4, the newest version whose exports the project's evidence holds.
    public static let defaultTool = XLIFFTool(
        id: "com.apple.dt.xcode", name: "Xcode", version: "26.4", buildNumber: "17E192")

    /// The `<file>` for `table` in `targetLanguage`.
    ///
    /// - Parameters:
    ///   - table: The table; its `sourceLanguage` is the file's source language.
    ///   - kind: How the table is shaped in the project, which decides the unit ids.
    ///   - original: The project-relative path of the resource (`MyApp/Localizable.xcstrings`,
    ///     `MyApp/en.lproj/Localizable.strings`).
    ///   - targetLanguage: The exported language; the source language itself is allowed (targets = sources).
    ///   - tool: The `<header><tool>` to write.
    ///   - companion: For a legacy table, the other half of the pair with the same name (the `.stringsdict` table
    ///     for a `.strings` export and the other way round): Xcode marks a `.strings` key that the `.stringsdict`
    ///     also has as `translate="no"`, and takes `.stringsdict` notes from the `.strings` comments.
    ///   - diagnostics: Receives a warning for every key that is not exported, naming it.
    public static func file(
        for table: StringTable, kind: XLIFFTableKind, original: String, targetLanguage: String,
        tool: XLIFFTool? = XLIFFTool(), companion: StringTable? = nil, diagnostics: inout Diagnostics
    ) -> XLIFFFile {
        var units: [XLIFFUnit]
        switch kind {
        case .catalog:
            units = catalogUnits(table, targetLanguage: targetLanguage, original: original, diagnostics: &diagnostics)
        case .strings:
            units = stringsUnits(
                table, targetLanguage: targetLanguage, original: original, companion: companion,
                diagnostics: &diagnostics)
        case .stringsDict:
            units = stringsDictUnits(
                table, targetLanguage: targetLanguage, original: original, companion: companion,
                diagnostics: &diagnostics)
        }
        units.removeAll { unit in
            guard let character = firstCharacterXMLCannotHold(in: unit) else { return false }
            diagnostics.append(
                leftOutWarning(original: original, unitID: unit.id, targetLanguage: targetLanguage, character: character))
            return true
        }
        return XLIFFFile(
            original: original, sourceLanguage: table.sourceLanguage, targetLanguage: targetLanguage, tool: tool,
            units: units)
    }

    /// The warning for a unit left out because it holds `character`, which XML 1.0 cannot hold.
    static func leftOutWarning(
        original: String, unitID: String, targetLanguage: String, character: Unicode.Scalar
    ) -> Diagnostic {
        Diagnostic(
            .warning,
            "\(original): unit \"\(unitID)\" (\(targetLanguage)) holds "
                + "U+\(Hexadecimal.uppercase(character.value, digits: 4)), which XML 1.0 cannot hold; it is left out of "
                + "the export")
    }

    /// The first character in a unit's id, source, target or notes that no XML 1.0 document can hold (C0 controls
    /// other than TAB, LF and CR; U+FFFE, U+FFFF), if any.
    static func firstCharacterXMLCannotHold(in unit: XLIFFUnit) -> Unicode.Scalar? {
        for text in [unit.id, unit.source ?? "", unit.target ?? ""] + unit.notes.map(\.text) {
            if let scalar = firstScalarXMLCannotHold(in: text) { return scalar }
        }
        return nil
    }

    /// The first scalar of `text` that XML 1.0 cannot hold, if any.
    public static func firstScalarXMLCannotHold(in text: String) -> Unicode.Scalar? {
        // A byte scan first: only a C0 byte or 0xEF (U+FFFE and U+FFFF start with it) needs a closer look.
        let suspicious =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                bytes.contains { $0 < 0x20 || $0 == 0xEF }
            } ?? text.utf8.contains { $0 < 0x20 || $0 == 0xEF }
        guard suspicious else { return nil }
        return text.unicodeScalars.first { scalar in
            (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r")
                || scalar.value == 0xFFFE || scalar.value == 0xFFFF
        }
    }

    /// The XLIFF `state` and `state-qualifier` for a catalog state (``XLIFFStates``, which import shares).
    ///
    /// `machine_translated` is `translated` + `leveraged-mt`; `needs_review` is `needs-review-l10n`; a state
    /// this version does not know (or an empty one) is written as an XLIFF 1.2 extension value, `x-` + the
    /// state; no state writes no attribute.
    public static func xliffState(for state: TranslationState?) -> (state: String?, qualifier: String?) {
        XLIFFStates.xliff(for: state)
    }

    /// The note Xcode writes for a comment: the comment, `from="auto-generated"` when Xcode generated it, or an
    /// empty note when there is none.
    static func note(comment: String?, autoGenerated: Bool?) -> XLIFFNote {
        guard let comment else { return XLIFFNote("") }
        return XLIFFNote(comment, from: autoGenerated == true ? "auto-generated" : nil)
    }

    // MARK: - Catalogs

    private static func catalogUnits(
        _ table: StringTable, targetLanguage: String, original: String, diagnostics: inout Diagnostics
    ) -> [XLIFFUnit] {
        var unitsByKey: [(key: String, units: [XLIFFUnit])] = []
        var owners = OrderedMap<Int>()  // id → index in unitsByKey
        var refused = Set<Int>()
        let checksCollisions = table.entries.keys.contains(where: XLIFFIdentifier.containsSeparator)
        unitsByKey.reserveCapacity(table.entries.count)
        for (key, entry) in table.entries {
            if XLIFFIdentifier.endsLikeVariationPath(key) {
                diagnostics.warn(XLIFFMessages.endsLikeVariationPath(key: key), path: original)
                continue
            }
            if let name = substitutionNameWithSeparator(in: entry) {
                diagnostics.warn(XLIFFMessages.separatorInSubstitutionName(key: key, name: name), path: original)
                continue
            }
            let builder = CatalogUnitBuilder(
                key: key, entry: entry, sourceLanguage: table.sourceLanguage, targetLanguage: targetLanguage)
            if builder.shapeIsStringSet {
                diagnostics.warn(XLIFFMessages.stringSetNotExported(key: key), path: original)
                continue
            }
            if builder.source?.hasMoreThanStringUnit == true || builder.target?.hasMoreThanStringUnit == true {
                warnAboutShapes(
                    builder, sourceLanguage: table.sourceLanguage, original: original, diagnostics: &diagnostics)
            }
            // Most entries are one plain string in both languages: one unit at the root, without path work.
            let isPlain =
                !(builder.source?.hasMoreThanStringUnit ?? false) && !(builder.target?.hasMoreThanStringUnit ?? false)
            let units = isPlain ? [builder.unit(at: .root)] : builder.paths().map(builder.unit(at:))
            let index = unitsByKey.count
            unitsByKey.append((key, units))
            // Ids can only collide when a key contains the separator (`a|==|b` + `plural.one` against `a` +
            // `…`); without such keys the check is skipped.
            guard checksCollisions else { continue }
            for unit in units {
                if let owner = owners.appendNew(index, forKey: unit.id), owners.values[owner] != index {
                    let other = owners.values[owner]
                    if !refused.contains(other) {
                        diagnostics.warn(
                            XLIFFMessages.collision(key: unitsByKey[other].key, id: unit.id), path: original)
                    }
                    if !refused.contains(index) {
                        diagnostics.warn(XLIFFMessages.collision(key: key, id: unit.id), path: original)
                    }
                    refused.formUnion([index, other])
                }
            }
        }
        let kept = unitsByKey.indices.filter { !refused.contains($0) }
        let order = kept.sorted { XLIFFIdentifier.areInIncreasingOrder(unitsByKey[$0].key, unitsByKey[$1].key) }
        return order.flatMap { unitsByKey[$0].units }
    }

    /// A substitution name of the entry that contains `|==|`, which cannot round-trip.
    static func substitutionNameWithSeparator(in entry: CatalogEntry) -> String? {
        guard let localizations = entry.localizations else { return nil }
        for localization in localizations.values where localization.hasMoreThanStringUnit {
            for name in localization.substitutions?.keys ?? [] where XLIFFIdentifier.containsSeparator(name) {
                return name
            }
        }
        return nil
    }

    // MARK: - Legacy tables

    private static func stringsUnits(
        _ table: StringTable, targetLanguage: String, original: String, companion: StringTable?,
        diagnostics: inout Diagnostics
    ) -> [XLIFFUnit] {
        var units: [XLIFFUnit] = []
        for (key, entry) in table.entries {
            let source = entry.localizations?[table.sourceLanguage]
            let isSourceExport = targetLanguage == table.sourceLanguage
            let target = isSourceExport ? source : entry.localizations?[targetLanguage]
            if source?.hasMoreThanStringUnit == true || target?.hasMoreThanStringUnit == true {
                diagnostics.warn(XLIFFMessages.notAPlainString(key: key), path: original)
                continue
            }
            let sourceText = source?.stringUnit?.value ?? key
            var targetText = target?.stringUnit?.value
            if isSourceExport, targetText == nil { targetText = sourceText }
            var note = note(comment: entry.comment, autoGenerated: entry.isCommentAutoGenerated)
            var translate: Bool?
            if let companion, companion.entries[key] != nil {
                // Xcode 15: a key the .stringsdict also has is not to be translated here.
                translate = false
                note = XLIFFNote((entry.comment ?? "") + " (Key in .stringsdict)")
            }
            units.append(
                XLIFFUnit(
                    id: key, source: sourceText, target: targetText, notes: [note], translate: translate))
        }
        return units.sorted { XLIFFIdentifier.areInIncreasingOrder($0.id, $1.id) }
    }

    private static func stringsDictUnits(
        _ table: StringTable, targetLanguage: String, original: String, companion: StringTable?,
        diagnostics: inout Diagnostics
    ) -> [XLIFFUnit] {
        var units: [XLIFFUnit] = []
        let isSourceExport = targetLanguage == table.sourceLanguage
        for (key, entry) in table.entries {
            guard let source = entry.localizations?[table.sourceLanguage], let format = source.stringUnit,
                let variables = source.substitutions, !variables.isEmpty
            else {
                diagnostics.warn(XLIFFMessages.notAStringsDictRule(key: key), path: original)
                continue
            }
            if source.variations != nil
                || variables.values.contains(where: { $0.variations?.device != nil || $0.variations?.width != nil })
            {
                diagnostics.warn(XLIFFMessages.stringsDictVariationsNotExported(key: key), path: original)
            }
            let target = isSourceExport ? source : entry.localizations?[targetLanguage]
            let comment = entry.comment ?? companion?.entries[key]?.comment
            let note = note(comment: comment, autoGenerated: entry.isCommentAutoGenerated)
            units.append(
                XLIFFUnit(
                    id: XLIFFIdentifier.stringsDictFormatKeyID(key: key), source: format.value,
                    target: target?.stringUnit?.value, notes: [note]))
            let languageCategories = PluralRules.categories(for: targetLanguage)
            for (variable, substitution) in variables {
                let sourceCases = substitution.variations?.plural ?? [:]
                let targetCases = target?.substitutions?[variable]?.variations?.plural
                var categories = languageCategories
                if sourceCases["zero"] != nil || targetCases?["zero"] != nil, !categories.contains("zero") {
                    categories.append("zero")
                }
                for category in categories {
                    let sourceText = (sourceCases[category] ?? sourceCases["other"])?.stringUnit?.value ?? ""
                    units.append(
                        XLIFFUnit(
                            id: XLIFFIdentifier.stringsDictCaseID(key: key, variable: variable, category: category),
                            source: sourceText, target: targetCases?[category]?.stringUnit?.value, notes: [note]))
                }
            }
        }
        return units.sorted { XLIFFIdentifier.areInIncreasingOrder($0.id, $1.id) }
    }
}

extension XLIFFExport {
    /// Warns about the shapes of the entry's source and target localizations that Xcode's compiler refuses or
    /// Xcode's XLIFF round trip loses data of (``CompilerShapes``), naming the key, the language and the case.
    static func warnAboutShapes(
        _ builder: CatalogUnitBuilder, sourceLanguage: String, original: String, diagnostics: inout Diagnostics
    ) {
        var languages: [(String, Localization)] = []
        if let source = builder.source, !builder.isSourceExport { languages.append((sourceLanguage, source)) }
        if let target = builder.target { languages.append((builder.targetLanguage, target)) }
        for (language, localization) in languages {
            for problem in CompilerShapes.problems(of: localization) {
                diagnostics.warn(
                    XLIFFMessages.shapeProblem(key: builder.key, language: language, problem: problem), path: original)
            }
        }
    }
}

/// Messages of the XLIFF mapping.
enum XLIFFMessages {
    static func shapeProblem(key: String, language: String, problem: CompilerShapes.Problem) -> String {
        "key \"\(key)\" (\(language)): \(problem)"
            + (problem.isRefusedByCompiler ? "; what XLIFF ids cannot say there is not exported" : "")
    }

    static func endsLikeVariationPath(key: String) -> String {
        "key \"\(key)\" ends like an XLIFF variation id (|==|…); Xcode ignores it on import, so it is not exported"
    }

    static func separatorInSubstitutionName(key: String, name: String) -> String {
        "key \"\(key)\": substitution name \"\(name)\" contains |==| and cannot round-trip through XLIFF; not exported"
    }

    static func collision(key: String, id: String) -> String {
        "key \"\(key)\": unit id \"\(id)\" is also produced by another key; neither is exported"
    }

    static func stringSetNotExported(key: String) -> String {
        "key \"\(key)\": string sets cannot be exported to XLIFF; not exported"
    }

    static func notAPlainString(key: String) -> String {
        "key \"\(key)\" has variations or substitutions and cannot be exported as a .strings unit; not exported"
    }

    static func notAStringsDictRule(key: String) -> String {
        "key \"\(key)\" is not a .stringsdict format rule (format key + variables); not exported"
    }

    static func stringsDictVariationsNotExported(key: String) -> String {
        "key \"\(key)\": device and width rules of .stringsdict are not exported to XLIFF; only plural variables are"
    }
}
