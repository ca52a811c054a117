import StringBridgeSupport

/// The escaping rules of ``XMLStreamWriter`` and ``XMLFragments``: XML is escaped here and nowhere else.
///
/// - text: `&` `<` `>` become `&amp;` `&lt;` `&gt;`, CR becomes `&#13;`; `"`, `'`, TAB, LF stay literal.
/// - attribute values: `&` `<` `>` `"` become entities, TAB LF CR become `&#9;` `&#10;` `&#13;`.
/// - non-ASCII is written as UTF-8, never as character references.
///
/// Runs of bytes that need nothing are copied in one piece (the loop is ``ByteSink``'s `appendEscaped`, beside the
/// buffer it fills). Characters that no XML 1.0 document can hold (C0
/// controls other than TAB, LF and CR; U+FFFE, U+FFFF) are written as they are, but reported, so that a caller
/// can leave out what holds them without a second scan.
enum XMLEscaping {
    /// Appends `text` escaped as character data.
    ///
    /// - Returns: Whether `text` holds a character that XML 1.0 cannot hold.
    @discardableResult
    static func appendText(_ text: String, to output: inout [UInt8]) -> Bool {
        output.appendEscaped(text, inAttribute: false)
    }

    /// Appends `value` escaped as an attribute value (without the quotes).
    ///
    /// - Returns: Whether `value` holds a character that XML 1.0 cannot hold.
    @discardableResult
    static func appendAttributeValue(_ value: String, to output: inout [UInt8]) -> Bool {
        output.appendEscaped(value, inAttribute: true)
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
    ///
    /// - Returns: Whether `text` holds a character that XML 1.0 cannot hold.
    @inline(__always)
    static func append<Sink: ByteSink>(_ text: String, inAttribute: Bool, to output: inout Sink) -> Bool {
        output.appendEscaped(text, inAttribute: inAttribute)
    }
}

/// Characters no XML 1.0 document can hold, not even as a character reference: C0 controls other than TAB, LF and
/// CR; U+FFFE and U+FFFF. (The escaping above reports them as it writes; this finds them without writing.)
package enum XMLCharacters {
    /// The first scalar of `text` that XML 1.0 cannot hold, if any.
    ///
    /// The bytes are looked at first: only a C0 byte or `EF` (U+FFFE and U+FFFF start with it) needs the scalars.
    package static func firstUnwritable(in text: String) -> Unicode.Scalar? {
        let suspicious = text.withUTF8Span { bytes in
            for index in bytes.indices {
                let byte = bytes[index]
                if (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0xEF { return true }
            }
            return false
        }
        guard suspicious else { return nil }
        return text.unicodeScalars.first { scalar in
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: false
            case 0..<0x20, 0xFFFE, 0xFFFF: true
            default: false
            }
        }
    }
}
