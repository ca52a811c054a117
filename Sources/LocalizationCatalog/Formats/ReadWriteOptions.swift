/// What a reader needs to know beyond the bytes.
public struct ReadOptions: Sendable {
    /// The table name; by default the file's base name.
    package var tableName: String?
    /// The language of a single-language file (`.strings`, `.stringsdict`); by default from its `xx.lproj` folder.
    package var language: String?
    /// The development language, for formats that do not say it.
    package var sourceLanguage: String?
    /// Whether a key defined twice in one file is combined with a warning.
    ///
    /// It is combined when its definitions do not contradict each other
    /// (``CatalogEntry/mergingDuplicate(_:contradiction:)``); a contradiction is then an error.
    /// Off by default: String Catalogs refuse a repeated key, `.strings` files take the later value with a warning.
    package var mergesDuplicateKeys = false

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
    package var languages: [String]?
    /// The text encoding, for formats that have a choice; `nil` keeps the table's own or uses the format's default.
    package var encoding: TextEncoding?

    /// Creates write options.
    public init(languages: [String]? = nil, encoding: TextEncoding? = nil) {
        self.languages = languages
        self.encoding = encoding
    }
}
