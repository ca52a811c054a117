import LocalizationCatalog

/// The one place that decides how a table is written over a destination: edited in place when the destination
/// exists and its format has an editor (``FormatDescriptor/editor``), so that only what changed changes; else
/// rendered whole by the format's writer.
///
/// Import, merge and convert write their legacy tables through it; the bytes go to a ``FileTransaction`` as before.
package enum TableOutput {
    /// The file that writes `table` in `format`.
    ///
    /// - Parameters:
    ///   - table: the table to write.
    ///   - format: the destination's format.
    ///   - options: the writer's options; `languages` names the one language of a single-language file.
    ///   - original: the destination as read (for a merge, our side, whose layout the result keeps); `nil` when
    ///     there is none, and the table is written whole.
    ///   - path: the destination, for messages.
    ///   - diagnostics: receives the writer's or the editor's warnings and notes.
    /// - Returns: the one file.
    /// - Throws: ``ConversionError`` when the format cannot be written, or makes more or fewer files than one.
    package static func file(
        for table: StringTable, format: FormatDescriptor, options: WriteOptions, over original: SourceFile?,
        path: String, diagnostics: inout Diagnostics
    ) throws -> OutputFile {
        if let original, let editor = format.editor {
            return try editor.edit(original, toMatch: table, options: options, diagnostics: &diagnostics)
        }
        guard let writer = format.writer else {
            throw ConversionError("\(format.name) files cannot be written", path: path)
        }
        let files = try writer.write(table, options: options, diagnostics: &diagnostics)
        guard files.count == 1, let file = files.first else {
            throw ConversionError("the \(format.name) output has \(files.count) files, not one", path: path)
        }
        return file
    }

    /// The destination `path` as read, for ``file(for:format:options:over:path:diagnostics:)``: `nil` when it does
    /// not exist or the format has no editor (nothing is read then).
    package static func existing(_ path: String, format: FormatDescriptor) throws -> SourceFile? {
        guard format.editor != nil, path != "-", fileExists(path) else { return nil }
        return try readSourceFile(path)
    }
}
