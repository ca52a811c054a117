/// Edits an existing file of a format so that it reads back as a table, changing only what differs.
///
/// A writer renders a table from nothing; an editor starts from the file the table is written over and keeps its
/// bytes wherever the table agrees with it: comments of every kind and place, blank lines, order, quoting,
/// escapes, encoding, byte-order mark and line endings. A changed value changes only its value, a new key is added
/// with its comment, a removed key goes with its own comment. Editors never touch the disk and escape text only
/// through their format's writer.
public protocol CatalogEditor: Sendable {
    /// The bytes of `original` edited to hold `table` (one language: `options.languages`, else the table's only
    /// one); what cannot be edited in place is said in `diagnostics` (and the file may then be written whole).
    /// - Throws: ``ConversionError`` when `original` cannot be read or the table cannot be written at all.
    func edit(_ original: SourceFile, toMatch table: StringTable, options: WriteOptions, diagnostics: inout Diagnostics)
        throws -> OutputFile
}
