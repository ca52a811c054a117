/// A compiled string table: what `stringbridge-generate tables` writes and ``LocalizedTable`` reads, one JSON file
/// per table holding every language (`<Table>.stringbridge-table.json`; `docs/runtime.md`).
///
/// Lists, not dictionaries, hold the keys: Swift's `Dictionary` treats canonically equivalent strings (`é` and
/// `e` + U+0301) as one key, and a table's keys must stay distinct.
public struct RuntimeTable: Codable, Sendable, Equatable {
    /// The schema version this library writes and reads.
    public static let currentSerializationVersion = 1

    /// The schema version of the file; a reader refuses a version it does not know.
    public var serializationVersion: Int
    /// The table name (`Localizable`).
    public var table: String
    /// The development language: the last fallback, and the text of a key missing elsewhere.
    public var developmentLanguage: String
    /// One list of entries per language, in the catalog's order.
    public var localizations: [RuntimeLocalization]

    /// Creates a table of the current version.
    public init(table: String, developmentLanguage: String, localizations: [RuntimeLocalization]) {
        self.serializationVersion = Self.currentSerializationVersion
        self.table = table
        self.developmentLanguage = developmentLanguage
        self.localizations = localizations
    }
}

/// One language of a ``RuntimeTable``.
public struct RuntimeLocalization: Codable, Sendable, Equatable {
    /// The language identifier as the catalog spells it (`en`, `pt-BR`, `zh-Hant`).
    public var language: String
    /// The keys of this language and their values.
    public var entries: [RuntimeEntry]

    /// Creates a language's entries.
    public init(language: String, entries: [RuntimeEntry]) {
        self.language = language
        self.entries = entries
    }
}

/// One key of one language.
public struct RuntimeEntry: Codable, Sendable, Equatable {
    /// The key.
    public var key: String
    /// Its value: a format string, or variations leading to one.
    public var value: RuntimeValue
    /// The substitutions `%#@name@` refers to, by name.
    public var substitutions: [String: RuntimeValue]?

    /// Creates an entry.
    public init(key: String, value: RuntimeValue, substitutions: [String: RuntimeValue]? = nil) {
        self.key = key
        self.value = value
        self.substitutions = substitutions
    }
}

/// A value: a format string, plural cases or device cases.
///
/// Exactly one of a format string (`text`), plural cases chosen by an argument (`plural`, with `argument`), or
/// device cases (`device`). Cases hold values again (a device case may hold plural cases).
///
/// A substitution is a value too: its `argument` is the number (from 1) of the argument whose value chooses the
/// plural case, and its cases' texts refer to that argument by position (`%2$lld`).
public struct RuntimeValue: Codable, Sendable, Equatable {
    /// A format string (`String(format:)` specifiers, `%#@name@` for substitutions).
    public var text: String?
    /// The argument (from 1) whose value chooses the plural case.
    public var argument: Int?
    /// Plural cases by category name (`zero`, `one`, `two`, `few`, `many`, `other`).
    public var plural: [String: RuntimeValue]?
    /// Device cases by device name (`iphone`, `mac`, …, `other`).
    public var device: [String: RuntimeValue]?

    /// A value: `text`, or `plural` cases chosen by argument `argument` (from 1), or `device` cases.
    public init(
        text: String? = nil, argument: Int? = nil, plural: [String: RuntimeValue]? = nil,
        device: [String: RuntimeValue]? = nil
    ) {
        self.text = text
        self.argument = argument
        self.plural = plural
        self.device = device
    }
}
