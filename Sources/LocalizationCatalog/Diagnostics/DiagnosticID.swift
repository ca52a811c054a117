/// What a diagnostic is about, for code that acts on it (`check`'s rules, filters, tests).
///
/// The message is for people and may be reworded; the id stays. Open like ``FormatID``: a module names its own ids
/// in an extension.
public struct DiagnosticID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The id, in kebab case (`duplicate-key`).
    public let rawValue: String

    /// Creates an id.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates an id.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The raw value.
    public var description: String { rawValue }
}

extension DiagnosticID {
    /// A name defined twice where it must be unique: a table's key, a JSON member, a property-list key.
    ///
    /// The diagnostic's ``Diagnostic/key`` is that name.
    public static let duplicateKey = DiagnosticID("duplicate-key")
    /// `\u` followed by hexadecimal digits in a `.strings` string, which Foundation reads as text, not as an escape.
    public static let lowercaseUnicodeEscape = DiagnosticID("lowercase-unicode-escape")
    /// A file a command read for update was changed, or created, by another program before the command replaced
    /// it; nothing was written (the editor answers 409 Conflict).
    public static let fileChangedMeanwhile = DiagnosticID("file-changed-meanwhile")
}
