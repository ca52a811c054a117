import Foundation
import LocalizationCatalog

extension StringTable {
    /// The catalog as the trip through legacy tables compares it with what comes back:
    /// `spellingSoleSubstitutionArguments().inCatalogShape().hoistingDeviceSubstitutions()`, in one pass.
    ///
    /// The rule: each of the three leaves a plain string (a localization that is only a string unit) as it is, so
    /// only the other localizations are reshaped, in place, and the plain ones are neither read nor copied.
    /// `RoundTripScaleTests.legacyComparisonShape` holds this equal to the three passes.
    func inLegacyComparisonShape() -> StringTable {
        var table = self
        table.reshapeVariedLocalizations { localization in
            localization.spellingSoleSubstitutionArgument().inCatalogShape().hoistingDeviceSubstitutions()
        }
        return table
    }

    /// ``hoistingDeviceSubstitutions()`` made in place, plain strings untouched (see
    /// ``inLegacyComparisonShape()``).
    func hoistingDeviceSubstitutionsInPlace() -> StringTable {
        var table = self
        table.reshapeVariedLocalizations { $0.hoistingDeviceSubstitutions() }
        return table
    }

    /// The table with the substitutions of device cases moved to their localization, where a catalog keeps
    /// them (a `.stringsdict` keeps a device case's variables inside the case); compared in that shape.
    func hoistingDeviceSubstitutions() -> StringTable {
        var table = self
        table.entries = entries.mapValues { entry in
            var entry = entry
            entry.localizations = entry.localizations?.mapValues { $0.hoistingDeviceSubstitutions() }
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
    /// See ``StringTable/hoistingDeviceSubstitutions()``.
    fileprivate func hoistingDeviceSubstitutions() -> Localization {
        guard hasDeviceCases, var devices = variations?.device,
            devices.values.contains(where: { $0.substitutions != nil })
        else {
            return self
        }
        var localization = self
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
