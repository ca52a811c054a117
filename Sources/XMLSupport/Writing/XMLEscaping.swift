/// The escaping rules of ``XMLStreamWriter`` and ``XMLFragments``: XML is escaped here and nowhere else.
///
/// - text: `&` `<` `>` become `&amp;` `&lt;` `&gt;`, CR becomes `&#13;`; `"`, `'`, TAB, LF stay literal.
/// - attribute values: `&` `<` `>` `"` become entities, TAB LF CR become `&#9;` `&#10;` `&#13;`.
/// - non-ASCII is written as UTF-8, never as character references.
///
/// Runs of bytes that need nothing are copied in one piece. Characters that no XML 1.0 document can hold (C0
/// controls other than TAB, LF and CR; U+FFFE, U+FFFF) are written as they are, but reported, so that a caller
/// can leave out what holds them without a second scan.
enum XMLEscaping {
    /// Appends `text` escaped as character data.
    /// - Returns: Whether `text` holds a character that XML 1.0 cannot hold.
    @discardableResult
    static func appendText(_ text: String, to output: inout [UInt8]) -> Bool {
        append(text, inAttribute: false, to: &output)
    }

    /// Appends `value` escaped as an attribute value (without the quotes).
    /// - Returns: Whether `value` holds a character that XML 1.0 cannot hold.
    @discardableResult
    static func appendAttributeValue(_ value: String, to output: inout [UInt8]) -> Bool {
        append(value, inAttribute: true, to: &output)
    }

    /// Appends `bytes` (UTF-8) escaped as character data or as an attribute value.
    /// - Returns: Whether the bytes hold a character that XML 1.0 cannot hold.
    @discardableResult
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, inAttribute: Bool, to output: inout [UInt8]) -> Bool {
        appendEscaped(bytes, inAttribute: inAttribute, to: &output)
    }

    /// Appends `bytes` escaped to any byte sink.
    @inline(__always)
    static func appendEscaped<Sink: ByteSink>(
        _ bytes: UnsafeBufferPointer<UInt8>, inAttribute: Bool, to output: inout Sink
    ) -> Bool {
        var unholdable = false
        var runStart = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            // Most bytes need nothing: ASCII letters and everything non-ASCII except 0xEF (U+FFFE and U+FFFF
            // start with it), and printable ASCII other than & < > ".
            if byte > 0x3E {
                if byte != 0xEF {
                    index += 1
                    continue
                }
            } else if byte >= 0x20 && byte != 0x26 && byte != 0x3C && byte != 0x3E && byte != 0x22 {
                index += 1
                continue
            }
            let replacement: StaticString?
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\r"): replacement = "&#13;"
            case UInt8(ascii: "\""): replacement = inAttribute ? "&quot;" : nil
            case UInt8(ascii: "\t"): replacement = inAttribute ? "&#9;" : nil
            case UInt8(ascii: "\n"): replacement = inAttribute ? "&#10;" : nil
            case 0xEF:
                // U+FFFE is EF BF BE, U+FFFF is EF BF BF.
                if index + 2 < count, bytes[index + 1] == 0xBF, bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF {
                    unholdable = true
                }
                replacement = nil
            default:
                unholdable = true  // a C0 control other than TAB, LF and CR
                replacement = nil
            }
            if let replacement {
                if runStart < index {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                }
                output.append(
                    contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                runStart = index + 1
            }
            index += 1
        }
        if runStart < count { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count])) }
        return unholdable
    }

    /// Whether `byte` is escaped in text (`inAttribute: false`) or in attribute values.
    @inline(__always)
    static func needsEscape(_ byte: UInt8, inAttribute: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\r"): true
        case UInt8(ascii: "\""), UInt8(ascii: "\t"), UInt8(ascii: "\n"): inAttribute
        default: false
        }
    }

    /// Appends `text` escaped to any byte sink.
    @inline(__always)
    static func append<Sink: ByteSink>(_ text: String, inAttribute: Bool, to output: inout Sink) -> Bool {
        if let result = text.utf8.withContiguousStorageIfAvailable({
            appendEscaped($0, inAttribute: inAttribute, to: &output)
        }) {
            return result
        }
        var text = text
        return text.withUTF8 { appendEscaped($0, inAttribute: inAttribute, to: &output) }
    }
}
