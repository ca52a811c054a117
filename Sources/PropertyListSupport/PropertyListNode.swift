import LocalizationCatalog

/// A property list value read from XML or binary, with the place of the element that holds it.
package struct PropertyListNode: Sendable {
    /// The value, by property list type.
    package enum Value: Sendable {
        case string(String)
        /// An `<integer>`, as its text (a binary integer as its decimal text).
        case integer(String)
        /// A `<real>`, as its text (a binary real as its shortest decimal text).
        case real(String)
        case boolean(Bool)
        /// A `<date>`, as its text (a binary date in the XML form, `2001-01-01T00:00:00Z`).
        case date(String)
        /// A `<data>` element, as its (base64) text.
        case data(String)
        case array([PropertyListNode])
        /// The members in document order. When the reader folds repeated keys, a repeated key keeps its first place
        /// and takes the last value; otherwise every member is kept.
        case dictionary([Member])
        /// An object that only a binary property list holds and no format keeps (a UID, a set, null, an unknown
        /// marker), named as messages name it: `a UID`.
        case unsupported(String)
    }

    /// One `<key>` and its value.
    package struct Member: Sendable {
        package var key: String
        /// Where the member's `<key>` element starts (for a repeated key, the last one).
        package var keyLocation: TextPosition
        package var value: PropertyListNode

        package init(key: String, keyLocation: TextPosition, value: PropertyListNode) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    package var value: Value
    /// Where the value's element starts.
    package var location: TextPosition

    package init(value: Value, location: TextPosition) {
        self.value = value
        self.location = location
    }

    /// What the value is, as messages name it: `a string`, `a dictionary`, and so on.
    package var kind: String {
        switch value {
        case .string: "a string"
        case .integer: "an integer"
        case .real: "a real number"
        case .boolean: "a boolean"
        case .date: "a date"
        case .data: "data"
        case .array: "an array"
        case .dictionary: "a dictionary"
        case .unsupported(let kind): kind
        }
    }
}

/// A 1-based line and column in the file being read; a ``FileLocation`` without the path, so that keeping one
/// per value costs no reference counting.
///
/// A binary property list has no lines: its values are at ``wholeFile``, and diagnostics there are about the
/// file (`path: error: …`, which the tool prints at `path:1:1`), as for a binary `.strings` file.
package struct TextPosition: Sendable, Equatable {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position of everything in a file without lines (line 0).
    package static let wholeFile = TextPosition(line: 0, column: 0)

    /// The full location in the file at `path`; `nil` at ``wholeFile``.
    package func `in`(_ path: String) -> FileLocation? {
        line > 0 ? FileLocation(path: path, line: line, column: column) : nil
    }
}

extension Diagnostic {
    /// A diagnostic at `position` in the file at `path` (about the whole file at ``TextPosition/wholeFile``).
    package init(_ severity: Severity, _ message: String, at position: TextPosition, in path: String) {
        if let location = position.in(path) {
            self.init(severity, message, at: location)
        } else {
            self.init(severity, message, path: path)
        }
    }
}

extension ConversionError {
    /// An error at `position` in the file at `path` (about the whole file at ``TextPosition/wholeFile``).
    package init(_ message: String, at position: TextPosition, in path: String) {
        self.init(Diagnostic(.error, message, at: position, in: path))
    }
}
