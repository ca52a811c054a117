import LocalizationCatalog
import StringBridgeSupport
import XMLSupport

/// A property list value to write; dictionaries keep the order they are given.
package indirect enum PropertyListValue: Equatable {
    case string(String)
    /// An `<integer>`, as its text.
    case integer(String)
    /// A `<real>`, as its text.
    case real(String)
    case boolean(Bool)
    case array([PropertyListValue])
    case dictionary([Member])

    /// One key and its value.
    package struct Member: Equatable {
        package var key: String
        package var value: PropertyListValue

        package init(_ key: String, _ value: PropertyListValue) {
            self.key = key
            self.value = value
        }
    }

    /// The property list form of a JSON value kept from another format.
    ///
    /// `nil` for `null`, which a property list cannot hold (also inside arrays and objects, where it is skipped).
    /// A number whose text is an optionally signed run of digits is an `<integer>`, any other number a `<real>`.
    package init?(_ json: JSONValue) {
        switch json {
        case .null: return nil
        case .bool(let value): self = .boolean(value)
        case .string(let text): self = .string(text)
        case .number(let text):
            let digits = text.utf8.drop { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }
            let isInteger =
                !digits.isEmpty && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            self = isInteger ? .integer(text) : .real(text)
        case .array(let items): self = .array(items.compactMap { PropertyListValue($0) })
        case .object(let members):
            self = .dictionary(
                members.indices.compactMap { index in
                    PropertyListValue(members.values[index]).map { Member(members.keys[index], $0) }
                })
        }
    }

    /// The first character of the value's strings and keys that an XML document cannot hold (a control
    /// character other than TAB, LF and CR, or U+FFFE/U+FFFF), if any.
    package var firstUnwritableCharacter: Unicode.Scalar? {
        switch self {
        case .string(let text), .integer(let text), .real(let text): XMLCharacters.firstUnwritable(in: text)
        case .boolean: nil
        case .array(let items): items.lazy.compactMap(\.firstUnwritableCharacter).first
        case .dictionary(let members):
            members.lazy.compactMap {
                XMLCharacters.firstUnwritable(in: $0.key) ?? $0.value.firstUnwritableCharacter
            }.first
        }
    }

    /// Writes the value in Apple's layout (one element per line, TAB indentation).
    ///
    /// - Returns: Whether a key or text written holds a character that XML 1.0 cannot hold (it is written all the
    ///   same: see ``firstUnwritableCharacter``, the same test).
    @discardableResult
    package func write(to writer: XMLStreamWriter) -> Bool {
        switch self {
        case .string(let text): return writer.writeElement("string", text: text)
        case .integer(let text): return writer.writeElement("integer", text: text)
        case .real(let text): return writer.writeElement("real", text: text)
        case .boolean(let value):
            writer.writeElement(value ? "true" : "false", text: nil)
            return false
        case .array(let items):
            var unwritable = false
            writer.startElement("array")
            for item in items where item.write(to: writer) { unwritable = true }
            writer.endElement()
            return unwritable
        case .dictionary(let members):
            var unwritable = false
            writer.startElement("dict")
            for member in members {
                if writer.writeElement("key", text: member.key) { unwritable = true }
                if member.value.write(to: writer) { unwritable = true }
            }
            writer.endElement()
            return unwritable
        }
    }
}
