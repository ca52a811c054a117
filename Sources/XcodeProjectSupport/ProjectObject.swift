/// A value of `project.pbxproj` (an old-style property list) with the bytes it was read from.
///
/// Dictionaries keep their members in file order, with their byte ranges, so that an edit can replace exactly the
/// bytes of one member or one array element and leave the rest of the file as it was.
package struct ProjectValue: Sendable {
    /// What the value is.
    package enum Kind: Sendable {
        case string(String)
        case array([ProjectValue])
        case dictionary([ProjectMember])
    }

    package var kind: Kind
    /// The value's bytes: a string with its quotes, an array from `(` to `)`, a dictionary from `{` to `}`.
    package var range: Range<Int>

    /// The string, when the value is one.
    package var string: String? {
        if case .string(let value) = kind { return value }
        return nil
    }

    /// The elements, when the value is an array (else none).
    package var array: [ProjectValue] {
        if case .array(let values) = kind { return values }
        return []
    }

    /// The members in file order, when the value is a dictionary (else none).
    package var members: [ProjectMember] {
        if case .dictionary(let members) = kind { return members }
        return []
    }

    /// Whether the value is a dictionary.
    package var isDictionary: Bool {
        if case .dictionary = kind { return true }
        return false
    }

    /// The value of the first member named `key` (a linear search: objects' dictionaries are small; the objects
    /// are found through ``ProjectFile/object(_:)``).
    package subscript(key: String) -> ProjectValue? {
        members.first { $0.key == key }?.value
    }

    /// The strings of an array value (ids of children, files, phases).
    package var strings: [String] { array.compactMap(\.string) }
}

/// One `key = value;` of a dictionary.
package struct ProjectMember: Sendable {
    package var key: String
    package var value: ProjectValue
    /// From the key's first byte to just after the `;`.
    package var range: Range<Int>
}

/// An object of the `objects` dictionary: `ID /* comment */ = { isa = …; … };`.
package struct ProjectObject: Sendable {
    /// Its id, as written.
    package var id: String
    /// Its `isa`.
    package var isa: String
    /// Its dictionary.
    package var value: ProjectValue
    /// The member of `objects` that holds it: from the id's first byte to just after the `;`.
    package var range: Range<Int>

    package subscript(key: String) -> ProjectValue? { value[key] }
}
