/// Language identifiers as tables use them (`en`, `zh-Hans`, `pt_BR`, `es-419`, `Base`, `mul`): BCP 47-like
/// identifiers, never paths.
///
/// Workflows build paths from languages (`fr.lproj/Main.strings`, `OUT/fr.lproj`), so a language read from a
/// file (an XLIFF `target-language`, a catalog's `sourceLanguage` or localization keys) or given on the command
/// line must be checked with ``problem(with:)`` before it becomes part of a path: `../../x` or `en/../en` would
/// name files anywhere.
package enum LanguageIdentifier {
    /// The longest identifier accepted (BCP 47 tags in use are far shorter).
    package static let maximumLength = 64

    /// Whether `language` is an identifier: ASCII letters, digits, `-` and `_`, starting with a letter, at most
    /// ``maximumLength`` characters.
    package static func isValid(_ language: String) -> Bool {
        problem(with: language) == nil
    }

    /// Why `language` is not an identifier (a sentence to put after the language in a message), or `nil` when
    /// it is one.
    package static func problem(with language: String) -> String? {
        let bytes = Array(language.utf8)
        guard let first = bytes.first else { return "is empty" }
        if bytes.count > maximumLength { return "is longer than \(maximumLength) characters" }
        func isLetter(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        }
        for byte in bytes {
            let allowed =
                isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "_")
            if !allowed {
                return "holds a character other than ASCII letters, digits, \"-\" and \"_\""
            }
        }
        return isLetter(first) ? nil : "does not start with a letter"
    }

    /// The message for a value that is not an identifier: `target-language "../x" is not a language identifier
    /// (…)`.
    package static func message(_ language: String, as what: String) -> String? {
        guard let problem = problem(with: language) else { return nil }
        return "\(what) \"\(escaped(language))\" is not a language identifier (it \(problem)); a language is never "
            + "a path"
    }

    /// The value with control characters written as `\u{…}`, so that a message stays on one line.
    private static func escaped(_ value: String) -> String {
        var result = ""
        for scalar in value.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
