import LocalizationCatalog
import StringBridgeSupport

/// The rule for a table name that code gives (`tableName:`, `table:`, `NSLocalizedStringFromTable`'s table): it is
/// a name, and becomes a file name (`<Table>.xcstrings`, `<lang>.lproj/<Table>.strings`), never a path.
package enum TableNames {
    /// Why `name` cannot name a table, or `nil` when it can: a name holding `/` or `\`, `..`, a control character
    /// (U+0000–U+001F, U+007F–U+009F), or starting with `.` (a hidden file, or `.`/`..` themselves) would put a
    /// file elsewhere than beside the other tables.
    package static func problem(with name: String) -> String? {
        if name.contains("/") { return "holds \"/\"" }
        if name.contains("\\") { return "holds \"\\\"" }
        if name.contains("..") { return "holds \"..\"" }
        if name.hasPrefix(".") { return "starts with \".\"" }
        if name.unicodeScalars.contains(where: isControl) {
            return "holds a control character"
        }
        return nil
    }

    /// `strings` without those whose table name is not a name, each left out with a warning at its call site.
    package static func refusingPaths(_ strings: [ExtractedString], diagnostics: inout Diagnostics)
        -> [ExtractedString]
    {
        guard strings.contains(where: { problem(with: $0.table) != nil }) else { return strings }
        return strings.filter { string in
            guard let problem = problem(with: string.table) else { return true }
            diagnostics.append(
                Diagnostic(
                    .warning,
                    "the table name \(quoted(string.table)) \(problem): a table name is a file name, not a path; "
                        + "\(quoted(string.key)) is not extracted",
                    at: string.location))
            return false
        }
    }
}
