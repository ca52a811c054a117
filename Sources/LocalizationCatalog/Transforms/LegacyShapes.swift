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
        if var variations = result.variations {
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

extension StringTable {
    /// The table as Xcode's "Migrate to String Catalog" writes it: every localization in catalog shape, every
    /// entry marked `extractionState: migrated` (entries that already have a state keep it).
    package func migratedToCatalog() -> StringTable {
        var table = self
        // In place: most localizations are plain strings, which keep their shape.
        for index in table.entries.indices {
            if table.entries[valueAt: index].extractionState == nil {
                table.entries[valueAt: index].extractionState = .migrated
            }
            guard let count = table.entries[valueAt: index].localizations?.count else { continue }
            for language in 0..<count
            where table.entries[valueAt: index].localizations?[valueAt: language].hasMoreThanStringUnit == true {
                guard let shaped = table.entries[valueAt: index].localizations?[valueAt: language].inCatalogShape()
                else {
                    continue
                }
                table.entries[valueAt: index].localizations?[valueAt: language] = shaped
            }
        }
        return table
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

extension StringTable {
    /// The table without width variations.
    package func removingWidthVariations() -> StringTable {
        var table = self
        for index in table.entries.indices {
            guard let count = table.entries[valueAt: index].localizations?.count else { continue }
            for language in 0..<count
            where table.entries[valueAt: index].localizations?[valueAt: language].hasMoreThanStringUnit == true {
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
