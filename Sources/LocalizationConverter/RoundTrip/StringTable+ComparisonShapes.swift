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
}
