import LocalizationCatalog

// The entry points of `merge` for the libFuzzer targets of `Fuzz/` (docs/development.md, "Fuzzing"). Not API: only
// `@_spi(Fuzzing) import` sees them.

/// ``TableMerge`` and what `merge` does around it, without files.
@_spi(Fuzzing) public enum MergeFuzzing {
    /// The format `merge` gives files without a known extension: `xcstrings`, `stringsdict` or `strings`.
    @_spi(Fuzzing) public static func sniff(_ bytes: [UInt8]) -> String {
        FileMerge.sniff(SourceFile(path: "ours", bytes: bytes))
    }

    /// The three-way merge of tables: the merged table and its conflicts, each with its key (`nil` for the table)
    /// and what the report says of it.
    @_spi(Fuzzing) public static func merge(base: StringTable, ours: StringTable, theirs: StringTable) -> (
        table: StringTable, conflicts: [(key: String?, description: String)]
    ) {
        let result = TableMerge.merge(base: base, ours: ours, theirs: theirs)
        return (
            result.table,
            result.conflicts.map {
                ($0.key, [$0.language ?? "", $0.path, $0.ours, $0.theirs, $0.base].joined(separator: " | "))
            }
        )
    }

    /// Where the report places each conflict's key in the written file `bytes` (line 1 column 1 when not found).
    @_spi(Fuzzing) public static func conflictLocations(
        of keys: [String?], in bytes: [UInt8], path: String, table: StringTable, format: FormatDescriptor,
        options: WriteOptions
    ) -> [FileLocation] {
        guard let reader = format.reader else { return [] }
        return FileMerge.keyLocations(
            of: keys, in: bytes, path: path, reader: reader,
            options: ReadOptions(tableName: table.name, language: options.languages?.first))
    }
}
