/// Xcode's reshaping between legacy tables and String Catalogs.
///
/// Readers of legacy formats keep a `.stringsdict` entry as it is written: the format key as the string unit and
/// each variable as a substitution (`%2$#@name@` kept verbatim, no `argNum`). Xcode's "Migrate to String Catalog"
/// reshapes that (checked on every stringsdict entry of the corpus's gold migrations):
///
/// - a format key that is exactly one `%#@VAR@` (or `%1$#@VAR@`) whose plural cases print the counted argument
///   in at least one case becomes plain plural variations, the cases unchanged — unless a case prints that argument
///   with another type than the variable's `NSStringFormatValueTypeKey` (plural variations could not keep it;
///   Xcode loses it there, we keep the substitution);
/// - anything else stays substitutions; `%N$#@VAR@` becomes `%#@VAR@` with `argNum` N, and a sequential
///   `%#@VAR@` gets no `argNum`.
extension Localization {
    /// This localization in the shape Xcode's migration gives it in a String Catalog.
    package func inCatalogShape() -> Localization {
        var result = self
        // Only device cases are reshaped (a plural case is a string): other variations are left uncopied.
        if hasDeviceCases, var variations = result.variations {
            variations.device = variations.device?.mapValues { $0.inCatalogShape() }
            result.variations = variations
        }
        guard let unit = result.stringUnit, var substitutions = result.substitutions, !substitutions.isEmpty else {
            return result
        }
        let references = FormatSpecifiers.substitutionReferences(in: unit.value)
        // One variable and nothing else: plain plural variations, when the cases print the argument.
        if references.count == 1, substitutions.count == 1, let reference = references.first,
            reference.range == 0..<unit.value.utf8.count, reference.position == nil || reference.position == 1,
            let substitution = substitutions[reference.name], substitution.argNum == nil || substitution.argNum == 1,
            let variations = substitution.variations, variations.device == nil, variations.width == nil,
            let plural = variations.plural,
            plural.values.contains(where: {
                $0.stringUnit.map { FormatSpecifiers.prints(argument: 1, in: $0.value) } ?? false
            }),
            Self.casesKeep(valueType: substitution.formatSpecifier, of: plural)
        {
            var collapsed = Localization(variations: Variations(plural: plural), extraMembers: result.extraMembers)
            collapsed.stringSet = result.stringSet
            return collapsed
        }
        // Otherwise substitutions, with positions moved into argNum.
        var value = unit.value
        for reference in references.reversed() {
            guard let position = reference.position, let index = substitutions.index(forKey: reference.name) else {
                continue
            }
            var substitution = substitutions[valueAt: index]
            if substitution.argNum == nil { substitution.argNum = position }
            substitutions[valueAt: index] = substitution
            var bytes = Array(value.utf8)
            bytes.replaceSubrange(reference.range, with: Array("%#@\(reference.name)@".utf8))
            value = String(decoding: bytes, as: UTF8.self)
        }
        result.stringUnit?.value = value
        result.substitutions = substitutions
        return result
    }

    /// Whether plural variations still say the variable's value type: every case that prints argument 1 prints
    /// it with `valueType` (or the variable declares none).
    ///
    /// Plural variations have no value type of their own —
    /// writing them back takes it from the cases — so a variable whose cases print its argument another way
    /// (`NSStringFormatValueTypeKey` `d`, a case `%1$@ and %2$d others`) stays a substitution, which keeps it.
    static func casesKeep(valueType: String?, of plural: OrderedMap<Localization>) -> Bool {
        guard let valueType else { return true }
        return plural.values.allSatisfy { value in
            guard let text = value.stringUnit?.value, let spec = FormatSpecifiers.spec(ofArgument: 1, in: text) else {
                return true
            }
            return spec.utf8.elementsEqual(valueType.utf8)
        }
    }
}

extension Localization {
    /// This localization (in catalog shape) as plain plural variations when it is a plural of the argument the
    /// source's root plural counts, whose cases print no number: the format is exactly one `%#@VAR@` (or
    /// `%1$#@VAR@`) of a plural-only variable counting argument 1, no case prints argument 1, and the variable's
    /// value type is the one the source's cases print it with (or none), so the variations lose nothing.
    ///
    /// A translation may say "new articles" for every count where the source says "%d new articles"; the
    /// `.stringsdict` a catalog's root plural compiles to (`%#@arg1@`) is then read back as this shape. Xcode's
    /// migration keeps such a variable as a substitution when the source is no plural (corpus: IceCubes' German
    /// `notifications.label.favorite %lld`, whose English is a plain string); with a plural source, no Xcode
    /// migration in the corpus says, and the translation is taken as the plural it translates.
    package func asPluralOfSource(_ source: Localization) -> Localization? {
        guard let sourceCases = source.variations?.plural, source.stringUnit == nil,
            source.substitutions?.isEmpty ?? true, let unit = stringUnit, variations == nil,
            let substitutions, substitutions.count == 1, let substitution = substitutions.values.first,
            substitution.argNum == nil || substitution.argNum == 1, substitution.extraMembers.isEmpty,
            let plural = substitution.variations?.plural, substitution.variations?.device == nil,
            substitution.variations?.width == nil
        else { return nil }
        let references = FormatSpecifiers.substitutionReferences(in: unit.value)
        guard references.count == 1, let reference = references.first, reference.name == substitutions.keys[0],
            reference.range == 0..<unit.value.utf8.count, reference.position == nil || reference.position == 1,
            !plural.values.contains(where: {
                $0.stringUnit.map { FormatSpecifiers.prints(argument: 1, in: $0.value) } ?? true
            })
        else { return nil }
        if let valueType = substitution.formatSpecifier {
            let printed = sourceCases.values.lazy.compactMap { $0.stringUnit?.value }.compactMap {
                FormatSpecifiers.spec(ofArgument: 1, in: $0)
            }.first
            guard let printed, printed.utf8.elementsEqual(valueType.utf8) else { return nil }
        }
        var collapsed = Localization(variations: Variations(plural: plural), extraMembers: extraMembers)
        collapsed.stringSet = stringSet
        return collapsed
    }
}

extension StringTable {
    /// The table as Xcode's "Migrate to String Catalog" writes it: every localization in catalog shape, every
    /// entry marked `extractionState: migrated` (entries that already have a state keep it).
    package func migratedToCatalog() -> StringTable {
        var table = self
        for index in table.entries.indices where table.entries.withValue(at: index, { $0.extractionState == nil }) {
            table.entries[valueAt: index].extractionState = .migrated
        }
        // Plain strings keep their shape (inCatalogShape() gives them back as they are).
        table.reshapeVariedLocalizations { $0.inCatalogShape() }
        table.collapseTranslatedRootPlurals()
        return table
    }

    /// Replaces every localization that is more than a plain string with `reshape`'s result, in place.
    ///
    /// Plain strings (not ``Localization/hasMoreThanStringUnit``) are neither read nor copied: reading an entry
    /// through its subscript copies it, retaining everything it holds. For a `reshape` that gives a plain string
    /// back as it is, the same as mapping every localization.
    package mutating func reshapeVariedLocalizations(_ reshape: (Localization) -> Localization) {
        for index in entries.indices {
            let count = entries.withValue(at: index) { $0.localizations?.count ?? 0 }
            for language in 0..<count {
                let shaped = entries.withValue(at: index) { entry in
                    entry.localizations?.withValue(at: language) { localization in
                        localization.hasMoreThanStringUnit ? reshape(localization) : nil
                    }
                }
                guard let shaped else { continue }
                entries[valueAt: index].localizations?[valueAt: language] = shaped
            }
        }
    }

    /// Turns each translation of a root plural whose cases print no number into plain plural variations
    /// (``Localization/asPluralOfSource(_:)``); done once the table holds every language, the source's included.
    package mutating func collapseTranslatedRootPlurals() {
        for index in entries.indices {
            guard let localizations = entries[valueAt: index].localizations,
                let source = localizations[sourceLanguage], source.variations?.plural != nil
            else { continue }
            for language in localizations.indices {
                guard localizations[valueAt: language].substitutions != nil,
                    let plural = localizations[valueAt: language].asPluralOfSource(source)
                else { continue }
                entries[valueAt: index].localizations?[valueAt: language] = plural
            }
        }
    }
}

extension Localization {
    /// This localization without width variations (which String Catalogs cannot hold), at every level.
    package func removingWidthVariations() -> Localization {
        guard hasMoreThanStringUnit else { return self }
        var result = self
        if var variations = result.variations {
            variations.width = nil
            variations.device = variations.device?.mapValues { $0.removingWidthVariations() }
            variations.plural = variations.plural?.mapValues { $0.removingWidthVariations() }
            let isEmpty = variations.plural == nil && variations.device == nil && variations.extraMembers.isEmpty
            result.variations = isEmpty ? nil : variations
        }
        result.substitutions = result.substitutions?.mapValues { substitution in
            var substitution = substitution
            substitution.variations?.width = nil
            return substitution
        }
        return result
    }
}

extension Localization {
    /// Whether ``removingWidthVariations()`` gives anything but this localization.
    ///
    /// It does when there are width variations (at the root, in a device or plural case at any depth, in a
    /// substitution) or variations that the removal leaves empty and drops. Read without copying; when it says
    /// `false`, the removal is skipped (`LegacyShapesTests` holds the two equal).
    package var changesWithoutWidthVariations: Bool {
        guard hasMoreThanStringUnit else { return false }
        if let variations {
            if variations.width != nil { return true }
            if variations.plural == nil && variations.device == nil && variations.extraMembers.isEmpty { return true }
            for value in variations.device?.values ?? [] where value.changesWithoutWidthVariations { return true }
            for value in variations.plural?.values ?? [] where value.changesWithoutWidthVariations { return true }
        }
        for substitution in substitutions?.values ?? [] where substitution.variations?.width != nil { return true }
        return false
    }
}

extension StringTable {
    /// The table without width variations.
    package func removingWidthVariations() -> StringTable {
        // Most tables have none: found by reading the localizations in place, and the table given back uncopied.
        let changes = entries.indices.contains { index in
            entries.withValue(at: index) { entry in
                guard let localizations = entry.localizations else { return false }
                return localizations.indices.contains { language in
                    localizations.withValue(at: language) { $0.changesWithoutWidthVariations }
                }
            }
        }
        guard changes else { return self }
        var table = self
        for index in table.entries.indices {
            guard let count = table.entries[valueAt: index].localizations?.count else { continue }
            // Most localizations have none: they are left as they are, uncopied.
            for language in 0..<count
            where table.entries[valueAt: index].localizations?[valueAt: language].changesWithoutWidthVariations
                == true
            {
                guard
                    let trimmed = table.entries[valueAt: index].localizations?[valueAt: language]
                        .removingWidthVariations()
                else { continue }
                table.entries[valueAt: index].localizations?[valueAt: language] = trimmed
            }
        }
        return table
    }
}
