import Foundation
import LocalizationCatalog
import StringBridgeRuntime
import StringBridgeSupport

/// Catalog model → the runtime's compiled table (``RuntimeTable``), as `stringbridge-generate tables` and the
/// `StringBridgeGenerate` build plugin write it (`docs/runtime.md`).
///
/// - Every language of the table, development language first, then the catalog's order; a key without a value in
///   the development language gets the key itself there (Xcode's rule: the key is the source text).
/// - A plural variation at the root of a localization is chosen by the first argument its `other` case prints with a
///   number specifier (`%lld`, `%2$d`, `%f`), else by argument 1.
/// - A substitution keeps its `argNum` (absent: the place of `%#@name@` among the sequential specifiers) and its
///   cases' `%arg` becomes `%<argNum>$<formatSpecifier>` (`%2$lld`), as Xcode compiles it.
/// - Width variations (not part of the format Xcode compiles) and string sets are left out, with a warning.
package enum RuntimeTableEncoder {
    /// The compiled table of `table`; what is left out goes to `diagnostics` as warnings naming `path`.
    package static func encode(_ table: StringTable, path: String, diagnostics: inout Diagnostics) -> RuntimeTable {
        var languages = [table.sourceLanguage]
        for language in table.languages where !languages.contains(language) { languages.append(language) }
        var localizations: [RuntimeLocalization] = []
        for language in languages {
            var entries: [RuntimeEntry] = []
            for (key, entry) in zip(table.entries.keys, table.entries.values) {
                if let localization = entry.localizations?[language] {
                    if let encoded = encode(localization, key: key, path: path, diagnostics: &diagnostics) {
                        entries.append(encoded)
                    }
                } else if language == table.sourceLanguage {
                    entries.append(RuntimeEntry(key: key, value: RuntimeValue(text: key)))
                }
            }
            localizations.append(RuntimeLocalization(language: language, entries: entries))
        }
        return RuntimeTable(table: table.name, developmentLanguage: table.sourceLanguage, localizations: localizations)
    }

    /// The table as its file holds it: JSON, object members sorted, so equal tables give equal bytes.
    package static func data(_ table: RuntimeTable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        return try encoder.encode(table)
    }

    private static func encode(
        _ localization: Localization, key: String, path: String, diagnostics: inout Diagnostics
    ) -> RuntimeEntry? {
        guard let value = value(of: localization, key: key, path: path, diagnostics: &diagnostics) else { return nil }
        var substitutions: [String: RuntimeValue]?
        if let declared = localization.substitutions {
            var encoded: [String: RuntimeValue] = [:]
            for (name, substitution) in zip(declared.keys, declared.values) {
                guard let plural = substitution.variations?.plural else {
                    diagnostics.append(
                        Diagnostic(.warning, "key \(quoted(key)): substitution \(name) has no plural cases", path: path)
                    )
                    continue
                }
                var cases: [String: RuntimeValue] = [:]
                for (category, variant) in zip(plural.keys, plural.values) {
                    guard let text = variant.stringUnit?.value else { continue }
                    cases[category] = RuntimeValue(
                        text: replacingArg(
                            in: text, argument: substitution.argNum, spec: substitution.formatSpecifier ?? "lld"))
                }
                encoded[name] = RuntimeValue(argument: substitution.argNum, plural: cases)
            }
            substitutions = encoded
        }
        return RuntimeEntry(key: key, value: value, substitutions: substitutions)
    }

    private static func value(
        of localization: Localization, key: String, path: String, diagnostics: inout Diagnostics, depth: Int = 0
    ) -> RuntimeValue? {
        if let variations = localization.variations, depth < 4 {
            if variations.width != nil {
                diagnostics.append(
                    Diagnostic(.warning, "key \(quoted(key)): width variations are not compiled", path: path))
            }
            if let device = variations.device {
                var cases: [String: RuntimeValue] = [:]
                for (name, variant) in zip(device.keys, device.values) {
                    cases[name] = value(of: variant, key: key, path: path, diagnostics: &diagnostics, depth: depth + 1)
                }
                return RuntimeValue(device: cases)
            }
            if let plural = variations.plural {
                var cases: [String: RuntimeValue] = [:]
                for (name, variant) in zip(plural.keys, plural.values) {
                    cases[name] = value(of: variant, key: key, path: path, diagnostics: &diagnostics, depth: depth + 1)
                }
                let other = plural["other"]?.stringUnit?.value ?? plural.values.first?.stringUnit?.value ?? ""
                return RuntimeValue(argument: selectingArgument(other), plural: cases)
            }
        }
        if let text = localization.stringUnit?.value { return RuntimeValue(text: text) }
        if localization.stringSet != nil {
            diagnostics.append(Diagnostic(.warning, "key \(quoted(key)): string sets are not compiled", path: path))
        }
        return nil
    }

    /// The argument whose value chooses a root plural case: the first number `other` prints.
    static func selectingArgument(_ other: String) -> Int {
        var sequential = 0
        for specifier in FormatSpecifiers.specifiers(in: other) {
            let argument: Int
            if let position = specifier.position {
                argument = position
            } else {
                sequential += 1
                argument = sequential
            }
            if let conversion = specifier.spec.last, "dDiuUxXoOfFeEgGaA".contains(conversion) { return argument }
        }
        return 1
    }

    /// `text` with each `%arg` (not `%%arg`) made `%N$spec`, or `%spec` without an argument number.
    static func replacingArg(in text: String, argument: Int?, spec: String) -> String {
        guard text.contains("%arg") else { return text }
        let replacement = "%" + (argument.map { "\($0)$" } ?? "") + spec
        var output = ""
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "%" {
                let next = text.index(after: index)
                if next < text.endIndex, text[next] == "%" {
                    output += "%%"
                    index = text.index(after: next)
                    continue
                }
                if text[next...].hasPrefix("arg") {
                    output += replacement
                    index = text.index(next, offsetBy: 3)
                    continue
                }
            }
            output.append(text[index])
            index = text.index(after: index)
        }
        return output
    }
}
