/// Where a reader found one localization or variation case: its name (`"de" : {`, `"one" : {`,
/// `<key>one</key>`) and its string unit's value; for diagnostics, never content (not compared, never written).
///
/// Each place is kept as lines after the entry's key (``CatalogEntry/origin``) and a column in scalars, so that
/// a catalog read in runs on several threads, each counting lines from its own start, needs no fix-up when the runs
/// are joined: only the entries' origins are moved. Eight bytes beside each localization (a 636 MB catalog has
/// two million of them): a place further than 65,535 lines from its key or at a column past 65,535 (a catalog
/// written on one line) is not kept, and its consumer falls back to the key's place.
package struct LocalizationPlaces: Sendable, Hashable {
    private var nameLines: UInt16 = 0
    /// 1-based; 0 when the place is not known.
    private var nameColumn: UInt16 = 0
    private var valueLines: UInt16 = 0
    /// 1-based; 0 when the place is not known.
    private var valueColumn: UInt16 = 0

    /// No place known.
    package init() {}

    /// Records the localization's name at 1-based `line` and `column`, `keyLine` being the entry key's line.
    package mutating func setName(line: Int, column: Int, keyLine: Int) {
        (nameLines, nameColumn) = Self.packed(line: line, column: column, keyLine: keyLine)
    }

    /// Records the string unit's value at 1-based `line` and `column`, `keyLine` being the entry key's line.
    package mutating func setValue(line: Int, column: Int, keyLine: Int) {
        (valueLines, valueColumn) = Self.packed(line: line, column: column, keyLine: keyLine)
    }

    /// The place of the localization's name in the file whose entry key is at `origin`; `nil` when not recorded.
    package func name(from origin: FileLocation?) -> FileLocation? {
        Self.location(lines: nameLines, column: nameColumn, from: origin)
    }

    /// The place of the string unit's value in the file whose entry key is at `origin`; `nil` when not recorded.
    package func value(from origin: FileLocation?) -> FileLocation? {
        Self.location(lines: valueLines, column: valueColumn, from: origin)
    }

    private static func packed(line: Int, column: Int, keyLine: Int) -> (UInt16, UInt16) {
        guard let lines = UInt16(exactly: line - keyLine), let column = UInt16(exactly: column), column > 0 else {
            return (0, 0)
        }
        return (lines, column)
    }

    private static func location(lines: UInt16, column: UInt16, from origin: FileLocation?) -> FileLocation? {
        guard column > 0, let origin else { return nil }
        return FileLocation(path: origin.path, line: origin.line + Int(lines), column: Int(column))
    }
}
