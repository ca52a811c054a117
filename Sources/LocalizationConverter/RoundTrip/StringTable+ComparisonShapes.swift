import Foundation
import LocalizationCatalog

extension StringTable {
    /// The table with the substitutions of device cases moved to their localization, where a catalog keeps
    /// them (a `.stringsdict` keeps a device case's variables inside the case); compared in that shape.
    func hoistingDeviceSubstitutions() -> StringTable {
        var table = self
        table.entries = entries.mapValues { entry in
            var entry = entry
            entry.localizations = entry.localizations?.mapValues { localization in
                guard var devices = localization.variations?.device,
                    devices.values.contains(where: { $0.substitutions != nil })
                else { return localization }
                var localization = localization
                var substitutions = localization.substitutions ?? OrderedMap()
                for index in devices.indices {
                    guard let nested = devices[valueAt: index].substitutions else { continue }
                    for (name, substitution) in nested where substitutions.index(forKey: name) == nil {
                        _ = substitutions.appendNew(substitution, forKey: name)
                    }
                    devices[valueAt: index].substitutions = nil
                }
                localization.substitutions = substitutions
                localization.variations?.device = devices
                return localization
            }
            return entry
        }
        return table
    }

    /// The table with every localization in the shape a String Catalog gives it (see `inCatalogShape()`).
    func inCatalogShape() -> StringTable {
        var table = self
        table.entries = entries.mapValues { entry in
            var entry = entry
            entry.localizations = entry.localizations?.mapValues { $0.inCatalogShape() }
            return entry
        }
        return table
    }

    /// The table with the `%arg` of the cases of each localization whose string is exactly one plural
    /// substitution of argument 1 spelled as that substitution's format specifier (`%lld`), as a `.stringsdict`
    /// writes it.
    ///
    /// The migration back makes plural variations of such a string, as Xcode's does
    /// (`Localization.inCatalogShape()`, which sees the cases print the argument only once it is spelled): compared
    /// in this shape, the catalog → legacy → catalog trip finds the same cases where the shape alone changed.
    func spellingSoleSubstitutionArguments() -> StringTable {
        var table = self
        table.entries = entries.mapValues { entry in
            var entry = entry
            entry.localizations = entry.localizations?.mapValues { $0.spellingSoleSubstitutionArgument() }
            return entry
        }
        return table
    }
}

extension Localization {
    /// See ``StringTable/spellingSoleSubstitutionArguments()``.
    fileprivate func spellingSoleSubstitutionArgument() -> Localization {
        guard let unit = stringUnit, let substitutions, substitutions.count == 1,
            let (name, substitution) = substitutions.first,
            substitution.argNum == nil || substitution.argNum == 1,
            let specifier = substitution.formatSpecifier, !specifier.isEmpty,
            var plural = substitution.variations?.plural, substitution.variations?.device == nil
        else { return self }
        let references = FormatSpecifiers.substitutionReferences(in: unit.value)
        guard references.count == 1, let reference = references.first, reference.name == name,
            reference.range == 0..<unit.value.utf8.count
        else { return self }
        for index in plural.indices {
            guard var caseUnit = plural[valueAt: index].stringUnit else { continue }
            caseUnit.value = caseUnit.value.replacingOccurrences(of: "%arg", with: "%" + specifier)
            plural[valueAt: index].stringUnit = caseUnit
        }
        var result = self
        result.substitutions?[name]?.variations?.plural = plural
        return result
    }
}
