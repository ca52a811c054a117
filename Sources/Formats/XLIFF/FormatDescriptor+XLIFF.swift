import LocalizationCatalog

extension FormatID {
    /// XLIFF 1.2 in Xcode's dialect (`.xliff`, `.xlf`).
    public static let xliff = FormatID("xliff")
}

extension FormatDescriptor {
    /// XLIFF 1.2 in Xcode's dialect (`.xliff`, `.xlf`), one table in one target language: what `convert` reads and
    /// writes.
    ///
    /// Several tables and languages at once are `export` and `import`.
    public static let xliff = FormatDescriptor(
        id: .xliff, fileExtensions: ["xliff", "xlf"], namesItsOwnTable: true, reader: XLIFFReader(),
        writer: XLIFFWriter())
}
