import LocalizationCatalog

extension FormatDescriptor {
    /// XLIFF 1.2 in Xcode's dialect (`.xliff`, `.xlf`), one table in one target language: what `convert` reads and
    /// writes.
    ///
    /// Several tables and languages at once are `export` and `import`.
    public static let xliff = FormatDescriptor(
        name: "xliff", fileExtensions: ["xliff", "xlf"], reader: XLIFFReader(), writer: XLIFFWriter())
}
