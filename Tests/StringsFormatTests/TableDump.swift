import LocalizationCatalog

/// A readable, exact text form of a table read from a `.strings` file, compared with `.catalog` goldens.
///
/// Strings are written in double quotes with `\\`, `\"` and `\u{X}` for every scalar that is not printable ASCII
/// or ordinary non-ASCII text, so invisible differences show.
struct TableDump {
    let text: String

    init(_ table: StringTable, diagnostics: Diagnostics) {
        var lines: [String] = []
        lines.append("table \(Self.literal(table.name)), source language \(Self.literal(table.sourceLanguage))")
        let encoding = table.traits.encoding?.rawValue ?? "none"
        let newline = table.traits.endsWithNewline.map { $0 ? "yes" : "no" } ?? "unknown"
        lines.append("encoding \(encoding), ends with newline \(newline)")
        for (key, entry) in table.entries {
            lines.append("")
            lines.append("key \(Self.literal(key))")
            if let comment = entry.comment { lines.append("  comment \(Self.literal(comment))") }
            for (language, localization) in entry.localizations ?? [:] {
                let value = localization.stringUnit.map { Self.literal($0.value) } ?? "(no string unit)"
                let state = localization.stringUnit?.state?.rawValue ?? "none"
                lines.append("  \(language) \(value) [\(state)]")
            }
        }
        if !diagnostics.all.isEmpty { lines.append("") }
        for diagnostic in diagnostics.all { lines.append(diagnostic.description) }
        text = lines.joined(separator: "\n") + "\n"
    }

    /// `string` in double quotes, with escapes for anything that would not show.
    static func literal(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x20..<0x7F: result.unicodeScalars.append(scalar)
            case 0..<0x20, 0x7F..<0xA1, 0xAD, 0x2000...0x200F, 0x2028...0x202F, 0xFEFF, 0xFFFD:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
