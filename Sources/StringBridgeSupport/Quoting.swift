/// How ``quoted(_:controls:)`` spells a control character (U+0000–U+001F other than LF, CR and TAB, DEL, and the
/// C1 controls U+0080–U+009F).
///
/// Each format's messages use the spelling of its own escapes.
package struct ControlSpelling: Sendable {
    /// Spells one control character.
    package let spell: @Sendable (Unicode.Scalar) -> String

    /// A spelling given by `spell`.
    package init(_ spell: @escaping @Sendable (Unicode.Scalar) -> String) {
        self.spell = spell
    }

    /// Swift's lower-case `\u{1b}`.
    package static let swift = ControlSpelling { "\\u{\(String($0.value, radix: 16))}" }
    /// Swift's escape with upper-case digits, `\u{1B}`.
    package static let swiftUppercase = ControlSpelling { "\\u{\(String($0.value, radix: 16, uppercase: true))}" }
    /// The `.strings` escape, `\U001B`.
    package static let strings = ControlSpelling { "\\U" + Hexadecimal.uppercase($0.value, digits: 4) }
}

/// A key or name as messages show it: in double quotes, with `"`, `\`, LF, CR and TAB escaped and the other
/// control characters (and DEL) spelled by `controls`, so that a message stays on one line.
package func quoted(_ text: String, controls: ControlSpelling = .swift) -> String {
    quoted(text, spellingControlsWith: controls.spell)
}

/// ``quoted(_:controls:)`` with the control characters spelled by `spell`.
///
/// Fast path: every scalar this changes is written in UTF-8 with a byte below 0x20 (C0 controls, LF, CR, TAB), `"`,
/// `\`, 0x7F (DEL) or 0xC2 (the first byte of U+0080–U+00BF, the C1 controls among them), so a text without any of
/// those bytes comes back as it is between quotes; any other text takes the exact form,
/// ``quotedByScalars(_:spellingControlsWith:)`` (`TextHelperTests` holds them equal).
package func quoted(_ text: String, spellingControlsWith spell: (Unicode.Scalar) -> String) -> String {
    if !holdsByte(of: text, where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 }) {
        return "\"" + text + "\""
    }
    return quotedByScalars(text, spellingControlsWith: spell)
}

/// ``quoted(_:spellingControlsWith:)``'s exact form: scalar by scalar.
package func quotedByScalars(_ text: String, spellingControlsWith spell: (Unicode.Scalar) -> String) -> String {
    quoted(text, spelling: isControl, as: spell)
}

/// Whether some UTF-8 byte of `text` satisfies `matches`, looked for in the string's own storage.
@inlinable
func holdsByte(of text: String, where matches: (UInt8) -> Bool) -> Bool {
    text.utf8.withContiguousStorageIfAvailable { $0.contains(where: matches) } ?? text.utf8.contains(where: matches)
}

/// `text` in double quotes with `"`, `\`, LF, CR and TAB escaped as `\"`, `\\`, `\n`, `\r` and `\t`, and every other
/// scalar for which `isSpelled` holds written as `spell` writes it: the one rule behind the messages' quoting, the
/// JSON strings of a merge report (``jsonString(_:)``) and the Swift literals of generated code
/// (``swiftStringLiteral(_:)``).
package func quoted(
    _ text: String, spelling isSpelled: (Unicode.Scalar) -> Bool, as spell: (Unicode.Scalar) -> String
) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where isSpelled(scalar): result += spell(scalar)
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}

/// A JSON string literal: C0 controls as `\u001b` (lower-case digits), everything else as it is.
package func jsonString(_ text: String) -> String {
    quoted(
        text, spelling: { $0.value < 0x20 },
        as: { "\\u" + Hexadecimal.uppercase($0.value, digits: 4).lowercased() })
}

/// `text` as a Swift string literal: NUL as `\0`, the other C0 controls, DEL and the line and paragraph separators
/// (U+2028, U+2029) as `\u{1B}` (upper-case digits).
package func swiftStringLiteral(_ text: String) -> String {
    quoted(
        text, spelling: { $0.value < 0x20 || $0.value == 0x7F || (0x2028...0x2029).contains($0.value) },
        as: { $0 == "\0" ? "\\0" : "\\u{\(String($0.value, radix: 16, uppercase: true))}" })
}

/// Whether `scalar` is a control character: C0 (U+0000–U+001F, LF, CR and TAB included), DEL, or C1 (U+0080–U+009F,
/// which some terminals take as escape sequences).
@inlinable
package func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
}

/// `text` as a path, id or message is printed outside quotes: every control character spelled (`\n`, `\r`, `\t`,
/// others as `\u{1b}`), the rest as it is.
///
/// Everything the command-line tool prints that comes from input (paths, keys, ids, values, messages) goes through
/// this or ``quoted(_:controls:)``, so that one printed line stays one line: a newline in an XLIFF id cannot start a
/// line of its own (a CI command such as `::error …`, a fake summary), and an escape sequence never reaches the
/// terminal.
///
/// Fast path: a control character is written in UTF-8 with a byte below 0x20, 0x7F, or 0xC2 (the first byte of
/// U+0080–U+00BF), so a text without any of those bytes is returned as it is; any other text takes the exact form,
/// ``escapingControlsByScalars(_:)`` (`TextHelperTests` holds them equal).
package func escapingControls(_ text: String) -> String {
    guard holdsByte(of: text, where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return text }
    return escapingControlsByScalars(text)
}

/// ``escapingControls(_:)``'s exact form: scalar by scalar.
package func escapingControlsByScalars(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where isControl(scalar): result += ControlSpelling.swift.spell(scalar)
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result
}
