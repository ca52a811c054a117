import LocalizationCatalog
import StringBridgeSupport

/// The texts of every diagnostic the `.strings` reader and writer make, so tests and docs can rely on them.
enum StringsMessage {
    // Encodings.
    static func utf32ByteOrderMark(bigEndian: Bool) -> String {
        "the file starts with a UTF-32 \(bigEndian ? "big-endian" : "little-endian") byte-order mark "
            + "(\(bigEndian ? "00 00 FE FF" : "FF FE 00 00")); UTF-32 .strings files are not supported; save the file as "
            + "UTF-8 or UTF-16"
    }

    static let secondByteOrderMark =
        "a second byte-order mark (U+FEFF) follows the file's byte-order mark; remove it"

    static let nulByteInUTF8 =
        "NUL byte (U+0000) in a UTF-8 file; Foundation takes a file with a NUL byte in its first 64 bytes for UTF-16, "
        + "and this one is not: remove the byte (in a string, write \\U0000)"
    static let oddUTF16Length = "invalid UTF-16: the file ends in the middle of a character (odd number of bytes)"

    static func invalidUTF8(byte: UInt8) -> String {
        "invalid UTF-8 (byte \(hex(byte))); save the file as UTF-8, or as UTF-16 with a byte-order mark"
    }

    static func unpairedSurrogate(_ unit: UInt32) -> String {
        "invalid UTF-16: unpaired surrogate \(hex(unit, digits: 4))"
    }

    // Lexer.
    static let unterminatedString = "unterminated string; the quote is never closed"
    static let unterminatedComment = "unterminated comment; '/*' is never closed"

    static func loneSurrogateEscape(_ unit: UInt32) -> String {
        "\\U\(hex(unit, digits: 4, prefix: "")) is half of a surrogate pair without the other half; read as U+FFFD"
    }

    static let emptyUnicodeEscape = "\\U without hexadecimal digits gives U+0000, as Foundation reads it"

    /// The start of ``lowercaseUnicodeEscape(written:value:)`` (`check` knows the warning by its id,
    /// ``DiagnosticID/lowercaseUnicodeEscape``).
    static let lowercaseUnicodeEscapePrefix = "\\u is not an escape in .strings files"

    /// `\u203A` (`written` is `u203A`, or `u{203A}`): Foundation reads it as the text `u203A`; `\U` is the escape.
    static func lowercaseUnicodeEscape(written: String, value: UInt32) -> String {
        let replacement: String
        switch value {
        case 0x1_0000...0x10_FFFF:
            // `\U` takes four digits at most: a character beyond them is written as its UTF-16 surrogate pair.
            let scalar = value - 0x1_0000
            replacement =
                "\\U\(hex(0xD800 + (scalar >> 10), digits: 4, prefix: ""))"
                + "\\U\(hex(0xDC00 + (scalar & 0x3FF), digits: 4, prefix: ""))"
        default:
            replacement = "\\U\(hex(value, digits: 4, prefix: ""))"
        }
        return "\(lowercaseUnicodeEscapePrefix): Foundation reads \\\(written) as the text \"\(written)\"; "
            + "write \(replacement) for \(hex(value, digits: 4, prefix: "U+"))"
    }

    // Parser.
    static func expectedKey(found: String) -> String {
        "expected a key (a quoted string or an unquoted word), found \(found)"
    }

    static func expectedEqualsOrSemicolon(key: String, found: String) -> String {
        "expected '=' or ';' after the key \(quoted(key)), found \(found)"
    }

    static func expectedValue(key: String, found: String) -> String {
        "expected a string value for the key \(quoted(key)), found \(found)"
    }

    static func valueNotString(key: String, kind: String) -> String {
        "the value of \(quoted(key)) is \(kind); .strings values must be strings"
    }

    static func missingSemicolon(key: String, found: String) -> String {
        "expected ';' after the value of \(quoted(key)), found \(found)"
    }

    static func missingSemicolonAtLineEnd(key: String) -> String {
        "missing ';' after the value of \(quoted(key)) at the end of the line; the entry is read as if it were there"
    }

    static func missingClosingBrace(line: Int, column: Int) -> String {
        "expected '}' to close the '{' at line \(line), column \(column)"
    }

    static func contentAfterClosingBrace(found: String) -> String {
        "expected the end of the file after the closing '}', found \(found)"
    }

    static func valueSpansLines(_ lines: Int) -> String {
        "the value starts here and spans \(lines) lines; is a quote missing?"
    }

    static func duplicateKey(_ key: String, line: Int, previousLine: Int) -> String {
        "duplicate key \(quoted(key)); the value at line \(line) replaces the one at line \(previousLine)"
    }

    static func duplicateKeyInPropertyList(_ key: String) -> String {
        "duplicate key \(quoted(key)) in the property list; the last value wins"
    }

    // Property lists.
    static func malformedBinaryPropertyList(_ detail: String) -> String {
        "malformed binary property list: \(detail)"
    }

    static func propertyListNotDictionary(kind: String) -> String {
        "the property list is \(kind), not a dictionary of strings"
    }

    static func propertyListKeyNotString(kind: String) -> String {
        "a property list key is \(kind); keys must be strings"
    }

    static func unexpectedXML(_ what: String) -> String {
        "unexpected \(what) in the property list"
    }

    // Reader options.
    static let unknownLanguage =
        "cannot tell the language of the file (it is not in an xx.lproj folder); pass --language"

    // Writer.
    static func cannotWrite(key: String, language: String, what: String) -> String {
        "\(quoted(key)) (\(language)): \(what) cannot be written to a .strings file; the entry was left out"
    }

    static func commentNULRemoved(key: String, language: String) -> String {
        "\(quoted(key)) (\(language)): the comment holds U+0000, which a .strings comment cannot hold (a comment has "
            + "no escapes, and a NUL byte makes Foundation take the file for UTF-16); it was left out of the comment"
    }

    static func commentOfNULsRemoved(key: String, language: String) -> String {
        "\(quoted(key)) (\(language)): the comment holds only U+0000 and whitespace; U+0000 cannot be in a .strings "
            + "comment (a comment has no escapes, and a NUL byte makes Foundation take the file for UTF-16), and "
            + "what is left reads back as no comment, so the comment was left out"
    }

    static func commentAltered(key: String) -> String {
        "\(quoted(key)): the comment contains '*/' and a line break; '*/' was written as '* /'"
    }

    /// A token or character as messages name it: `'='`, `a string`, `end of file`, `U+0007`.
    static func describe(_ token: StringsToken) -> String {
        switch token {
        case .string: return "a string"
        case .end: return "end of file"
        case .character(let scalar):
            if scalar < 0x20 || scalar == 0x7F || (0x80..<0xA0).contains(scalar) || scalar == 0xFEFF {
                return "the character " + hex(scalar, digits: 4, prefix: "U+")
            }
            return "'" + String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")) + "'"
        }
    }

    static func hex(_ value: some BinaryInteger, digits: Int = 2, prefix: String = "0x") -> String {
        prefix + Hexadecimal.uppercase(value, digits: digits)
    }
}

/// A key as messages show it: in double quotes, with `"`, `\` and control characters escaped (`\U0007`, the
/// `.strings` spelling).
func quoted(_ key: String) -> String {
    StringBridgeSupport.quoted(key, controls: .strings)
}
