import LocalizationCatalog

/// What kind of resource a table is exported from or imported into; it decides the unit ids.
public enum XLIFFTableKind: String, Sendable, CaseIterable {
    /// A String Catalog (`Localizable.xcstrings`): ids `KEY` and `KEY|==|plural.one`.
    case catalog
    /// A legacy `.strings` table: the id is the key.
    case strings
    /// A legacy `.stringsdict` table: ids `/KEY:dict/NSStringLocalizedFormatKey:dict/:string` and
    /// `/KEY:dict/VARIABLE:dict/one:dict/:string`.
    case stringsDict
}

extension XLIFFTableKind {
    /// The kind for the extension of a path (a file in a project, or a `<file>`'s `original`), if it is a table.
    ///
    /// The extension is what follows the last `.` of the last path component, in any case.
    package init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "xcstrings": self = .catalog
        case "strings": self = .strings
        case "stringsdict": self = .stringsDict
        default: return nil
        }
    }

    /// The file extension of tables of this kind.
    package var fileExtension: String {
        switch self {
        case .catalog: "xcstrings"
        case .strings: "strings"
        case .stringsDict: "stringsdict"
        }
    }

    /// The table name an `original` implies: the file's base name without its extension.
    static func tableName(of original: String) -> String {
        let name = original.split(separator: "/").last.map(String.init) ?? original
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
