import LocalizationCatalog
import StringBridgeSupport
import XMLSupport

/// Exports a string table as one XLIFF `<file>`, the way `xcodebuild -exportLocalizations` does.
///
/// See docs/formats/xliff.md ("Mapping") for every rule and the evidence behind it.
package enum XLIFFExport {
    /// The tool written by default: Xcode 26.4, the newest version whose exports the project's evidence holds.
    package static let defaultTool = XLIFFTool(
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
    ///   - sourceTexts: For a `.strings` table, the source text of keys whose development-language text is not the
    ///     table's value (an export with extraction takes it from the Info.plist or the storyboard); the table's
    ///     value is still the development language's target.
    ///   - diagnostics: Receives a warning for every key that is not exported, naming it.
    /// - Returns: The `<file>`, its units in Xcode's order.
    package static func file(
        for table: StringTable, kind: XLIFFTableKind, original: String, targetLanguage: String,
        tool: XLIFFTool? = XLIFFTool(), companion: StringTable? = nil, sourceTexts: OrderedMap<String> = [:],
        diagnostics: inout Diagnostics
    ) -> XLIFFFile {
        var units: [XLIFFUnit]
        switch kind {
        case .catalog:
            units = XLIFFCatalogExport.units(
                of: table, targetLanguage: targetLanguage, original: original, diagnostics: &diagnostics)
        case .strings:
            units = stringsUnits(
                table, targetLanguage: targetLanguage, original: original, companion: companion,
                sourceTexts: sourceTexts, diagnostics: &diagnostics)
        case .stringsDict:
            units = stringsDictUnits(
                table, targetLanguage: targetLanguage, original: original, companion: companion,
                diagnostics: &diagnostics)
        }
        units.removeAll { unit in
            guard let character = firstCharacterXMLCannotHold(in: unit) else { return false }
            diagnostics.append(
                leftOutWarning(
                    original: original, unitID: unit.id, targetLanguage: targetLanguage, character: character,
                    origin: origin(ofUnit: unit.id, in: table, kind: kind)))
            return true
        }
        return XLIFFFile(
            original: original, sourceLanguage: table.sourceLanguage, targetLanguage: targetLanguage, tool: tool,
            units: units)
    }

    /// The warning for a unit left out because it holds `character`, which XML 1.0 cannot hold: at its key's
    /// place in the input (`origin`), else about the table's `original`.
    static func leftOutWarning(
        original: String, unitID: String, targetLanguage: String, character: Unicode.Scalar, origin: FileLocation?
    ) -> Diagnostic {
        Diagnostic(
            .warning,
            "unit \(Diagnostic.quoted(unitID)) (\(targetLanguage)) holds "
                + "U+\(Hexadecimal.uppercase(character.value, digits: 4)), which XML 1.0 cannot hold; it is left out of "
                + "the export", at: origin, orPath: original)
    }

    /// Where the key of the unit `id` of `table` was read, if known.
    static func origin(ofUnit id: String, in table: StringTable, kind: XLIFFTableKind) -> FileLocation? {
        let isKey = { (key: String) in table.entries.index(forKey: key) != nil }
        let key: String? =
            switch kind {
            case .catalog: XLIFFIdentifier.parseCatalogID(id, keys: isKey)?.key
            case .strings: isKey(id) ? id : nil
            case .stringsDict: XLIFFIdentifier.parseStringsDictID(id, keys: isKey)?.key
            }
        return key.flatMap { table.entries[$0]?.origin }
    }

    /// The first character in a unit's id, source, target or notes that no XML 1.0 document can hold (C0 controls
    /// other than TAB, LF and CR; U+FFFE, U+FFFF), if any.
    static func firstCharacterXMLCannotHold(in unit: XLIFFUnit) -> Unicode.Scalar? {
        for text in [unit.id, unit.source ?? "", unit.target ?? ""] + unit.notes.map(\.text) {
            if let scalar = firstScalarXMLCannotHold(in: text) { return scalar }
        }
        return nil
    }

    /// The first scalar of `text` that XML 1.0 cannot hold, if any (``XMLCharacters/firstUnwritable(in:)``).
    package static func firstScalarXMLCannotHold(in text: String) -> Unicode.Scalar? {
        XMLCharacters.firstUnwritable(in: text)
    }

    /// The XLIFF `state` and `state-qualifier` for a catalog state (``XLIFFStates``, which import shares).
    ///
    /// `machine_translated` is `translated` + `leveraged-mt`; `needs_review` is `needs-review-l10n`; a state
    /// this version does not know (or an empty one) is written as an XLIFF 1.2 extension value, `x-` + the
    /// state; no state writes no attribute.
    package static func xliffState(for state: TranslationState?) -> (state: String?, qualifier: String?) {
        XLIFFStates.xliff(for: state)
    }

    /// The note Xcode writes for a comment: the comment, `from="auto-generated"` when Xcode generated it, or an
    /// empty note when there is none.
    static func note(comment: String?, autoGenerated: Bool?) -> XLIFFNote {
        guard let comment else { return XLIFFNote("") }
        return XLIFFNote(comment, from: autoGenerated == true ? "auto-generated" : nil)
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
        sourceTexts: OrderedMap<String>, diagnostics: inout Diagnostics
    ) -> [XLIFFUnit] {
        var units: [XLIFFUnit] = []
        for (key, entry) in table.entries {
            let source = entry.localizations?[table.sourceLanguage]
            let isSourceExport = targetLanguage == table.sourceLanguage
            let target = isSourceExport ? source : entry.localizations?[targetLanguage]
            if source?.hasMoreThanStringUnit == true || target?.hasMoreThanStringUnit == true {
                diagnostics.warn(XLIFFMappingMessage.notAPlainString(key: key), at: entry.origin, orPath: original)
                continue
            }
            let sourceText = sourceTexts[key] ?? source?.stringUnit?.value ?? key
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
                diagnostics.warn(
                    XLIFFMappingMessage.notAStringsDictRule(key: key), at: entry.origin, orPath: original)
                continue
            }
            if source.variations != nil
                || variables.values.contains(where: { $0.variations?.device != nil || $0.variations?.width != nil })
            {
                diagnostics.warn(
                    XLIFFMappingMessage.stringsDictVariationsNotExported(key: key), at: entry.origin, orPath: original)
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
    /// A warning for each substitution of the exported language that the source lacks and whose value type its
    /// units cannot carry (``CatalogUnitBuilder/valueTypesNotCarried()``).
    static func warnAboutValueTypes(_ builder: CatalogUnitBuilder, original: String, diagnostics: inout Diagnostics) {
        guard !builder.isSourceExport else { return }
        for (name, valueType) in builder.valueTypesNotCarried() {
            diagnostics.warn(
                XLIFFMappingMessage.valueTypeNotCarried(
                    key: builder.key, language: builder.targetLanguage, substitution: name, valueType: valueType),
                path: original)
        }
    }

    /// Warns about the shapes of the entry's source and target localizations that Xcode's compiler refuses or
    /// Xcode's XLIFF round trip loses data of (``CompilerShapes``), naming the key, the language and the case.
    static func warnAboutShapes(
        _ builder: CatalogUnitBuilder, origin: FileLocation?, sourceLanguage: String, original: String,
        diagnostics: inout Diagnostics
    ) {
        var languages: [(String, Localization)] = []
        if let source = builder.source, !builder.isSourceExport { languages.append((sourceLanguage, source)) }
        if let target = builder.target { languages.append((builder.targetLanguage, target)) }
        for (language, localization) in languages {
            for problem in CompilerShapes.problems(of: localization) {
                diagnostics.warn(
                    XLIFFMappingMessage.shapeProblem(key: builder.key, language: language, problem: problem),
                    at: origin, orPath: original)
            }
        }
    }
}
