/// Reads one file of a format into a table.
public protocol CatalogReader: Sendable {
    /// Reads `file`.
    /// - Throws: ``ConversionError`` with `path:line:column` diagnostics when the file is malformed.
    func read(_ file: SourceFile, options: ReadOptions, diagnostics: inout Diagnostics) throws -> StringTable
}
