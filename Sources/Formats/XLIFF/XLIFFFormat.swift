// XLIFFFormat — XLIFF 1.2 in Xcode's dialect: the document layer, the unit mapping, export and import.
// Door: `XLIFFReader`/`XLIFFWriter`, and the `XLIFFDocuments` SPI (`XLIFFDocument`, `XLIFFImport.apply`) for workflows.
// Imports no other format; every rule between tables and units lives once in `Mapping/` (docs/formats/xliff.md).
