/// The bytes of one input file with the path it was read from.
///
/// The bytes are held in an array, or in a read-only mapping of the file (``FileMapping``) for large files, which
/// then are not copied at all: readers that can, read them through ``withUnsafeBytes(_:)``.
public struct SourceFile: Sendable {
    /// The path as given by the user; diagnostics print it as is.
    public var path: String
    private var storedBytes: [UInt8]
    private var mapping: FileMapping?

    /// The file's bytes (a copy, for a mapped file).
    public var bytes: [UInt8] {
        get { mapping.map { Array($0.bytes) } ?? storedBytes }
        set {
            storedBytes = newValue
            mapping = nil
        }
    }

    /// The number of bytes.
    public var count: Int { mapping?.bytes.count ?? storedBytes.count }

    /// Creates a source file.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.storedBytes = bytes
    }

    /// Creates a source file whose bytes are those of a mapping.
    public init(path: String, mapping: FileMapping) {
        self.path = path
        self.storedBytes = []
        self.mapping = mapping
    }

    /// Calls `body` with the bytes, without copying them; the pointer is valid during the call only.
    public func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        if let mapping {
            return try withExtendedLifetime(mapping) { () throws(Failure) -> Result in try body(mapping.bytes) }
        }
        return try storedBytes.withUnsafeBufferPointer { (buffer) throws(Failure) -> Result in try body(buffer) }
    }
}

/// One output file, relative to where the caller puts outputs.
public struct OutputFile: Sendable, Equatable {
    /// The path relative to the output root (`Localizable.xcstrings`, `fr.lproj/Localizable.strings`).
    public var relativePath: String
    /// The file's bytes.
    public var bytes: [UInt8]

    /// Creates an output file.
    public init(relativePath: String, bytes: [UInt8]) {
        self.relativePath = relativePath
        self.bytes = bytes
    }
}

/// What a reader needs to know beyond the bytes.
public struct ReadOptions: Sendable {
    /// The table name; by default the file's base name.
    public var tableName: String?
    /// The language of a single-language file (`.strings`, `.stringsdict`); by default from its `xx.lproj` folder.
    public var language: String?
    /// The development language, for formats that do not say it.
    public var sourceLanguage: String?
    /// Whether a key defined twice in one file is combined, when its definitions do not contradict each other
    /// (``CatalogEntry/mergingDuplicate(_:contradiction:)``), with a warning; a contradiction is then an error.
    /// Off by default: String Catalogs refuse a repeated key, `.strings` files take the later value with a warning.
    public var mergesDuplicateKeys = false

    /// Creates read options.
    public init(tableName: String? = nil, language: String? = nil, sourceLanguage: String? = nil) {
        self.tableName = tableName
        self.language = language
        self.sourceLanguage = sourceLanguage
    }
}

/// What a writer needs to know beyond the table.
public struct WriteOptions: Sendable {
    /// The languages to write, for formats that write one file per language; `nil` means all.
    public var languages: [String]?
    /// The text encoding, for formats that have a choice; `nil` keeps the table's own or uses the format's default.
    public var encoding: TextEncoding?

    /// Creates write options.
    public init(languages: [String]? = nil, encoding: TextEncoding? = nil) {
        self.languages = languages
        self.encoding = encoding
    }
}

/// Reads one file of a format into a table.
public protocol CatalogReader: Sendable {
    /// Reads `file`.
    /// - Throws: ``ConversionError`` with `path:line:column` diagnostics when the file is malformed.
    func read(_ file: SourceFile, options: ReadOptions, diagnostics: inout Diagnostics) throws -> StringTable
}

/// Writes a table as files of a format.
public protocol CatalogWriter: Sendable {
    /// Renders `table`; warnings about what the format cannot express go to `diagnostics`.
    /// - Throws: ``ConversionError`` when the table cannot be written at all.
    func write(_ table: StringTable, options: WriteOptions, diagnostics: inout Diagnostics) throws -> [OutputFile]
}

/// A file format: its name, file extensions, reader and writer.
public struct FormatDescriptor: Sendable {
    /// The format's short name, as `--from`/`--to` take it (`xcstrings`, `strings`).
    public var name: String
    /// File extensions, lowercase, without the dot.
    public var fileExtensions: [String]
    /// The reader, if the format can be read.
    public var reader: (any CatalogReader)?
    /// The writer, if the format can be written.
    public var writer: (any CatalogWriter)?

    /// Creates a descriptor.
    public init(name: String, fileExtensions: [String], reader: (any CatalogReader)?, writer: (any CatalogWriter)?) {
        self.name = name
        self.fileExtensions = fileExtensions
        self.reader = reader
        self.writer = writer
    }
}
