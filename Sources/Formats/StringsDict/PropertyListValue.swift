import LocalizationCatalog
import XMLSupport

/// A property list value to write; dictionaries keep the order they are given.
indirect enum PropertyListValue: Equatable {
    case string(String)
    /// An `<integer>`, as its text.
    case integer(String)
    /// A `<real>`, as its text.
    case real(String)
    case boolean(Bool)
    case array([PropertyListValue])
    case dictionary([Member])

    /// One key and its value.
    struct Member: Equatable {
        var key: String
        var value: PropertyListValue

        init(_ key: String, _ value: PropertyListValue) {
            self.key = key
            self.value = value
        }
    }

    /// The property list form of a JSON value kept from another format; `nil` for `null`, which a property list
    /// cannot hold (also inside arrays and objects, where it is skipped). A number whose text is an optionally
    /// signed run of digits is an `<integer>`, any other number a `<real>`.
    init?(_ json: JSONValue) {
        switch json {
        case .null: return nil
        case .bool(let value): self = .boolean(value)
        case .string(let text): self = .string(text)
        case .number(let text):
            let digits = text.utf8.drop { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }
            let isInteger = !digits.isEmpty && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            self = isInteger ? .integer(text) : .real(text)
        case .array(let items): self = .array(items.compactMap { PropertyListValue($0) })
        case .object(let members):
            self = .dictionary(
                members.indices.compactMap { index in
                    PropertyListValue(members.values[index]).map { Member(members.keys[index], $0) }
                })
        }
    }

    /// Writes the value in Apple's layout (one element per line, TAB indentation).
    func write(to writer: XMLStreamWriter) {
        switch self {
        case .string(let text): writer.writeElement("string", text: text)
        case .integer(let text): writer.writeElement("integer", text: text)
        case .real(let text): writer.writeElement("real", text: text)
        case .boolean(let value): writer.writeElement(value ? "true" : "false", text: nil)
        case .array(let items):
            writer.startElement("array")
            for item in items { item.write(to: writer) }
            writer.endElement()
        case .dictionary(let members):
            writer.startElement("dict")
            for member in members {
                writer.writeElement("key", text: member.key)
                member.value.write(to: writer)
            }
            writer.endElement()
        }
    }
}
