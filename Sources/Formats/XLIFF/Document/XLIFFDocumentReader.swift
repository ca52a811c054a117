import LocalizationCatalog
import XMLSupport

/// Reads XLIFF 1.2 as Xcode writes it, and as translators' tools hand it back, into an ``XLIFFDocument``.
///
/// The reader is lenient where real files are odd and precise where they are broken:
///
/// - Accepted without a diagnostic: a `<target>` without a `<source>`, a `<file>` without `target-language` or
///   `<header>`, attributes and elements XLIFF allows but Xcode does not use (unknown attributes of `<xliff>`,
///   `<file>` and `<trans-unit>` are kept; other unknown attributes and elements are ignored), units inside
///   `<group>` elements (read as if they were directly in `<body>`).
/// - Warnings: a prefixed XLIFF namespace (`<ns0:xliff>`, which Xcode skips), inline markup inside
///   `<source>`, `<target>` or `<note>` (`<g>`, `<ph>`, `<mrk>` and other elements keep their text; `<x/>`,
///   `<bx/>`, `<ex/>` disappear), a second `<source>` or `<target>` in one unit, an unknown `translate` value.
/// - Errors (`path:line:column: error: message`): input that is not well-formed XML, a root other than
///   `<xliff>`, XLIFF 2, a `<file>` without `original` or `source-language`, a `<trans-unit>` without `id`, and two
///   units with the same id in one `<file>`.
///
/// Text is kept exactly (`xml:space="preserve"`): whitespace, and CR written as `&#13;`. The layout of the
/// document (declaration, indentation, attribute orders, final line break) is recorded so that ``XLIFFDocumentWriter``
/// gives back Xcode's bytes.
@_spi(XLIFFDocuments) public struct XLIFFDocumentReader: Sendable {
    /// Whether `<note>` texts are kept.
    ///
    /// An import, which never reads them, leaves them out (`false`): the document is then the same but for its units'
    /// `notes`, which are empty. Everything else, diagnostics included, is read the same way.
    package var keepsNotes: Bool
    /// Whether, when ``keepsNotes`` is `false`, the `<note>` texts of a `<file>` whose `original` is no String
    /// Catalog (a legacy table, an Interface Builder file) are kept all the same.
    ///
    /// An import creates the keys such a file adds to a legacy table, with their notes as comments.
    package var keepsNotesOutsideCatalogs = false

    /// Creates a reader.
    @_spi(XLIFFDocuments) public init(keepsNotes: Bool = true) {
        self.keepsNotes = keepsNotes
    }

    /// Reads a document.
    ///
    /// - Parameters:
    ///   - bytes: The file's bytes (UTF-8, or UTF-16 with a byte-order mark).
    ///   - path: The path to name in diagnostics.
    ///   - diagnostics: Receives the warnings.
    /// - Returns: The document.
    /// - Throws: ``ConversionError`` when the document cannot be read.
    @_spi(XLIFFDocuments) public func read(_ bytes: [UInt8], path: String, diagnostics: inout Diagnostics) throws
        -> XLIFFDocument
    {
        try bytes.withXMLBytes { try read($0, path: path, diagnostics: &diagnostics) }
    }

    /// Reads a document from a file's bytes, without copying them (a large file is mapped, not read).
    ///
    /// - Parameters:
    ///   - file: The file; its path is named in diagnostics.
    ///   - diagnostics: Receives the warnings.
    /// - Returns: The document.
    /// - Throws: ``ConversionError`` when the document cannot be read.
    package func read(_ file: SourceFile, diagnostics: inout Diagnostics) throws -> XLIFFDocument {
        try file.withXMLBytes { try read($0, path: file.path, diagnostics: &diagnostics) }
    }

    private func read(_ bytes: XMLBytes, path: String, diagnostics: inout Diagnostics) throws -> XLIFFDocument {
        var reading = XLIFFEventHandler(
            path: path, diagnostics: diagnostics, size: bytes.count, keepsNotes: keepsNotes,
            keepsNotesOutsideCatalogs: keepsNotesOutsideCatalogs)
        // The XML layer ends lines at LF only; a FileLocation also at a lone CR.
        let lines = XMLLinePositions.whenNeeded(bytes)
        reading.lines = lines
        do {
            try XMLEventParser.parse(bytes, path: path, handler: &reading)
        } catch let error as XMLParseError {
            let position =
                lines?.position(line: error.line, column: error.column) ?? (line: error.line, column: error.column)
            throw ConversionError(
                error.message, at: FileLocation(path: error.path, line: position.line, column: position.column))
        }
        diagnostics = reading.diagnostics
        if let failure = reading.failure { throw failure }
        var document = reading.document()
        document.layout.prolog = XLIFFLayoutReading.prolog(of: bytes) ?? XLIFFLayout.xcodeProlog
        document.layout.trailer = XLIFFLayoutReading.trailer(of: bytes)
        return document
    }
}

/// A file's bytes are read in place (``SourceFile/withUnsafeBytes(_:)`` is what `XMLInput` asks for).
extension SourceFile: XMLInput {}
