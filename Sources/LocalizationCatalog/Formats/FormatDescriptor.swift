/// A format's identity: the short name `--from`/`--to` take (`xcstrings`, `strings`), as a value.
///
/// Each format module declares its own (``FormatID/xcstrings`` in `XCStringsFormat`, and so on); code that decides
/// by format compares identities or asks a descriptor's capabilities, never spells a name.
public struct FormatID: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    /// The short name, lowercase.
    public var rawValue: String

    /// Creates an identity from its short name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates an identity from its short name.
    package init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The short name.
    public var description: String { rawValue }
}

/// A file format: its identity, file extensions, what its files can hold, reader and writer.
public struct FormatDescriptor: Sendable {
    /// The format's identity.
    public var id: FormatID
    /// File extensions, lowercase, without the dot.
    public var fileExtensions: [String]
    /// Whether one file holds every language of a table (String Catalogs); else a file holds one language.
    package var holdsEveryLanguage: Bool
    /// Whether a file names the table it stands for itself (XLIFF's `<file original>`), rather than through its
    /// file name.
    package var namesItsOwnTable: Bool
    /// Whether the format is one of the legacy tables (`.strings`, `.stringsdict`) that Xcode migrates to String
    /// Catalogs: tables of it become a catalog as Xcode's migration makes one.
    package var isLegacyTable: Bool
    /// The reader, if the format can be read.
    public var reader: (any CatalogReader)?
    /// The writer, if the format can be written.
    public var writer: (any CatalogWriter)?
    /// The editor that writes a table over an existing file of the format by changing only what differs, if the
    /// format has one; a format without one is written whole.
    public var editor: (any CatalogEditor)?

    /// The format's short name, as `--from`/`--to` take it (`xcstrings`, `strings`).
    public var name: String { id.rawValue }

    /// Creates a descriptor.
    public init(
        id: FormatID, fileExtensions: [String], holdsEveryLanguage: Bool = false, namesItsOwnTable: Bool = false,
        isLegacyTable: Bool = false, reader: (any CatalogReader)?, writer: (any CatalogWriter)?,
        editor: (any CatalogEditor)? = nil
    ) {
        self.id = id
        self.fileExtensions = fileExtensions
        self.holdsEveryLanguage = holdsEveryLanguage
        self.namesItsOwnTable = namesItsOwnTable
        self.isLegacyTable = isLegacyTable
        self.reader = reader
        self.writer = writer
        self.editor = editor
    }

    /// Creates a descriptor of a format that holds one language of a table named by its file name.
    package init(name: String, fileExtensions: [String], reader: (any CatalogReader)?, writer: (any CatalogWriter)?) {
        self.init(id: FormatID(name), fileExtensions: fileExtensions, reader: reader, writer: writer)
    }
}
