/// Writes a table as files of a format.
public protocol CatalogWriter: Sendable {
    /// Renders `table`; warnings about what the format cannot express go to `diagnostics`.
    /// - Throws: ``ConversionError`` when the table cannot be written at all.
    func write(_ table: StringTable, options: WriteOptions, diagnostics: inout Diagnostics) throws -> [OutputFile]
}
