import LocalizationCatalog

/// Writes an ``XLIFFDocument`` as Xcode writes XLIFF 1.2, byte for byte.
///
/// The skeleton is Xcode's: `<xliff>` with the document's ``XLIFFDocument/rootAttributes``; per file
/// `<file original source-language target-language datatype>` (or the attribute order the file was read with),
/// `<header><tool tool-id tool-name tool-version build-num/></header>` and `<body>`; per unit
/// `<trans-unit id translate xml:space>` with `<source>`, `<target state state-qualifier>` and the `<note>`s, in
/// that order. Text escapes `&`, `<`, `>` and CR (`&#13;`); attributes also `"`, TAB, LF and CR. The
/// document's ``XLIFFLayout`` decides the declaration, indentation, empty-element form and what follows
/// `</xliff>`.
///
/// The writer writes what the document says: a unit without a source gets no `<source>`, a unit without a
/// target gets no `<target>` (its state is then not written), a unit without notes gets no `<note>`.
///
/// The markup itself is written by `XMLSupport`, through libxml2 (see ``XLIFFDocumentStream``).
@_spi(XLIFFDocuments) public struct XLIFFDocumentWriter: Sendable {
    /// Creates a writer.
    @_spi(XLIFFDocuments) public init() {}

    /// The document as UTF-8 bytes.
    @_spi(XLIFFDocuments) public func write(_ document: XLIFFDocument) -> [UInt8] {
        var stream = XLIFFDocumentStream(layout: document.layout, rootAttributes: document.rootAttributes)
        for file in document.files { stream.write(file) }
        return stream.finish()
    }
}
