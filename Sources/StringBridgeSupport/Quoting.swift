/// How ``quoted(_:controls:)`` spells a control character (U+0000–U+001F other than LF, CR and TAB, and DEL).
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
package func quoted(_ text: String, spellingControlsWith spell: (Unicode.Scalar) -> String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case "\u{0}"..."\u{1F}", "\u{7F}": result += spell(scalar)
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
