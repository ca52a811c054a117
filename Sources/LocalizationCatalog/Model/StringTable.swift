/// One string table: a String Catalog (`Localizable.xcstrings`), or a legacy table name (`Localizable`) across all
/// its `.strings` and `.stringsdict` files.
public struct StringTable: Sendable, Equatable {
    /// The table name: the file's base name (`Localizable`, `InfoPlist`).
    public var name: String
    /// The development language whose values are the source text (`en`, `zh-Hans`).
    public var sourceLanguage: String
    /// The catalog format version as read (`1.0`, `1.1`, …); `nil` when the source had none.
    public var version: String?
    /// The entries by key, in the order read.
    ///
    /// Keys are compared scalar for scalar (see ``OrderedMap``).
    public var entries: OrderedMap<CatalogEntry>
    /// Top-level members the model does not know, kept for writing back.
    package var extraMembers: OrderedMap<JSONValue>
    /// How the file this table came from was laid out, so a rewrite can keep it.
    public var traits: FileTraits
    /// Where the reader found the development language (a String Catalog's `sourceLanguage` value), for
    /// diagnostics; not content, so not compared and never written.
    package var sourceLanguageOrigin: FileLocation?

    /// Creates a table.
    public init(
        name: String,
        sourceLanguage: String,
        version: String? = nil,
        entries: OrderedMap<CatalogEntry> = [:],
        extraMembers: OrderedMap<JSONValue> = [:],
        traits: FileTraits = FileTraits()
    ) {
        self.name = name
        self.sourceLanguage = sourceLanguage
        self.version = version
        self.entries = entries
        self.extraMembers = extraMembers
        self.traits = traits
    }

    /// Tables are equal when their content and traits are; ``sourceLanguageOrigin`` is not compared.
    public static func == (lhs: StringTable, rhs: StringTable) -> Bool {
        lhs.name == rhs.name && lhs.sourceLanguage == rhs.sourceLanguage && lhs.version == rhs.version
            && lhs.entries == rhs.entries && lhs.extraMembers == rhs.extraMembers && lhs.traits == rhs.traits
    }

    /// Every language that has a localization in at least one entry, in first-seen order.
    ///
    /// Entries mostly list their languages in the same order, the order they were first seen in: a language found at
    /// its own position among those seen (the same bytes, which is how the map tells keys apart) is known without a
    /// lookup; any other is looked up (`StringTableTests` holds this to the lookup of every language).
    package var languages: [String] {
        var seen = OrderedMap<Void>()
        for index in entries.indices {
            guard let localizations = entries.withValue(at: index, \.localizations) else { continue }
            for position in localizations.indices {
                let language = localizations.key(at: position)
                if position < seen.count, sameUTF8(seen.key(at: position), language) { continue }
                _ = seen.appendNew((), forKey: language)
            }
        }
        return seen.keys
    }
}

/// Facts about the file a table was read from that are not content but that a faithful rewrite keeps.
public struct FileTraits: Sendable, Equatable {
    /// Whether the file ended with a newline; `nil` for a table that did not come from a file.
    public var endsWithNewline: Bool?
    /// The text encoding the file used; `nil` for formats that have only one.
    public var encoding: TextEncoding?
    /// The path an XLIFF `<file>` gave the table (its `original`, `MyApp/en.lproj/Main.strings`), so that writing
    /// XLIFF again keeps the folder; `nil` for a table that did not come from XLIFF.
    package var originalPath: String? = nil

    /// Creates traits.
    public init(endsWithNewline: Bool? = nil, encoding: TextEncoding? = nil) {
        self.endsWithNewline = endsWithNewline
        self.encoding = encoding
    }
}

/// A text encoding as found in a file, byte-order mark included.
public enum TextEncoding: String, Sendable, Equatable, CaseIterable {
    /// UTF-8 without a byte-order mark.
    case utf8
    /// UTF-8 with a byte-order mark.
    case utf8WithBOM
    /// UTF-16 little-endian with a byte-order mark.
    case utf16LittleEndianWithBOM
    /// UTF-16 big-endian with a byte-order mark.
    case utf16BigEndianWithBOM
    /// UTF-16 little-endian without a byte-order mark.
    case utf16LittleEndian
    /// UTF-16 big-endian without a byte-order mark.
    case utf16BigEndian
}
