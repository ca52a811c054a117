import LocalizationCatalog

/// A property list value read from XML, with the place of the element that holds it.
struct PropertyListNode: Sendable {
    /// The value, by property list type.
    enum Value: Sendable {
        case string(String)
        /// An `<integer>`, as its text.
        case integer(String)
        /// A `<real>`, as its text.
        case real(String)
        case boolean(Bool)
        /// A `<date>`, as its text.
        case date(String)
        /// A `<data>` element, as its (base64) text.
        case data(String)
        case array([PropertyListNode])
        /// The members in document order; a repeated key keeps its first place and takes the last value.
        case dictionary([Member])
    }

    /// One `<key>` and its value.
    struct Member: Sendable {
        var key: String
        /// Where the member's `<key>` element starts (for a repeated key, the last one).
        var keyLocation: TextPosition
        var value: PropertyListNode
    }

    var value: Value
    /// Where the value's element starts.
    var location: TextPosition

    /// What the value is, as messages name it: `a string`, `a dictionary`, …
    var kind: String {
        switch value {
        case .string: "a string"
        case .integer: "an integer"
        case .real: "a real number"
        case .boolean: "a boolean"
        case .date: "a date"
        case .data: "data"
        case .array: "an array"
        case .dictionary: "a dictionary"
        }
    }
}

/// A 1-based line and column in the file being read; a ``FileLocation`` without the path, so that keeping one
/// per value costs no reference counting.
struct TextPosition: Sendable, Equatable {
    var line: Int
    var column: Int

    /// The full location in the file at `path`.
    func `in`(_ path: String) -> FileLocation {
        FileLocation(path: path, line: line, column: column)
    }
}
