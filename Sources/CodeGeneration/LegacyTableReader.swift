import Foundation
import LocalizationCatalog
import StringBridgeSupport

/// `.lproj` `.strings` and `.stringsdict` files read into the catalog model with Foundation's property-list
/// reader, for `stringbridge-generate tables`.
///
/// The formats' own readers (`StringsFormat`, `StringsDictFormat`) need libxml2, and the build plugin's tool must
/// not bring libxml2 into every client build; Foundation reads both files (text, XML and binary property lists)
/// without it. What this reader gives up, said in `docs/runtime.md`: errors are placed at line 1 with Foundation's
/// message, and keys that are canonically equivalent (`é`, `e` + U+0301) are one key to Foundation.
package enum LegacyTableReader {
    /// Adds the entries of the legacy file at `path` (language `language`) to `table`.
    ///
    /// A `.stringsdict` entry replaces a `.strings` entry of the same key, as Foundation's lookup prefers it.
    package static func read(
        _ bytes: [UInt8], path: String, language: String, into table: inout StringTable,
        diagnostics: inout Diagnostics
    ) {
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            diagnostics.append(
                Diagnostic(.error, "not a property list: \(reason)", at: FileLocation(path: path, line: 1, column: 1)))
            return
        }
        guard let dictionary = root as? [String: Any] else {
            diagnostics.append(
                Diagnostic(
                    .error, "the root of the file is not a dictionary", at: FileLocation(path: path, line: 1, column: 1)
                ))
            return
        }
        let isStringsDict = path.hasSuffix(".stringsdict")
        for key in dictionary.keys.sorted(by: { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }) {
            let value = dictionary[key]
            let localization: Localization?
            if isStringsDict {
                localization = rule(value, key: key, path: path, diagnostics: &diagnostics)
            } else if let text = value as? String {
                localization = Localization(text)
            } else {
                diagnostics.append(
                    Diagnostic(.warning, "key \(quoted(key)): the value is not a string; left out", path: path))
                localization = nil
            }
            guard let localization else { continue }
            var entry = table.entries[key] ?? CatalogEntry()
            var localizations = entry.localizations ?? [:]
            localizations[language] = localization
            entry.localizations = localizations
            table.entries[key] = entry
        }
    }

    /// A `.stringsdict` entry: a format key with plural variables, or device cases.
    private static func rule(_ value: Any?, key: String, path: String, diagnostics: inout Diagnostics)
        -> Localization?
    {
        guard let entry = value as? [String: Any] else {
            diagnostics.append(Diagnostic(.warning, "key \(quoted(key)): not a dictionary; left out", path: path))
            return nil
        }
        if let device = entry["NSStringDeviceSpecificRuleType"] as? [String: Any] {
            var cases = OrderedMap<Localization>()
            for name in device.keys.sorted() {
                guard let text = device[name] as? String else {
                    diagnostics.append(
                        Diagnostic(
                            .warning, "key \(quoted(key)): device case \(name) is not a string; left out", path: path))
                    continue
                }
                cases[name] = Localization(text)
            }
            return Localization(variations: Variations(device: cases))
        }
        guard let format = entry["NSStringLocalizedFormatKey"] as? String else {
            diagnostics.append(
                Diagnostic(.warning, "key \(quoted(key)): no NSStringLocalizedFormatKey; left out", path: path))
            return nil
        }
        var substitutions = OrderedMap<Substitution>()
        for name in entry.keys.sorted() where name != "NSStringLocalizedFormatKey" {
            guard let variable = entry[name] as? [String: Any],
                variable["NSStringFormatSpecTypeKey"] as? String == "NSStringPluralRuleType"
            else {
                diagnostics.append(
                    Diagnostic(
                        .warning, "key \(quoted(key)): variable \(name) is not a plural rule; left out", path: path))
                continue
            }
            var cases = OrderedMap<Localization>()
            for category in PluralCategory.allCases {
                if let text = variable[category.rawValue] as? String { cases[category.rawValue] = Localization(text) }
            }
            substitutions[name] = Substitution(
                formatSpecifier: variable["NSStringFormatValueTypeKey"] as? String,
                variations: Variations(plural: cases))
        }
        return Localization(stringUnit: StringUnit(format), substitutions: substitutions)
    }
}
