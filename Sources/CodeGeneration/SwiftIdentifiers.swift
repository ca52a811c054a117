import LocalizationCatalog

/// Names for generated Swift code: Xcode's symbol names for catalog keys, and the checks that keep every name
/// generated valid Swift.
package enum SwiftIdentifiers {
    /// Words that are reserved in some position of a declaration or a member reference; a name equal to one is
    /// written in backticks.
    package static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
        "self", "Self", "super", "throws", "true", "try", "Type", "Protocol", "_",
    ]

    /// Xcode's symbol name for `key`, before any validity check (``isValidIdentifier(_:)``): the key without its
    /// format specifiers and `%#@NAME@` references, split into words at every character that is not a letter, a
    /// digit or `$`, joined in lower camel case (see ``camelCase(_:)``).
    ///
    /// Examples from Xcode's files: `Redirect URL is missing or invalid.` → `redirectUrlIsMissingOrInvalid`,
    /// `cardCount` → `cardCount`, `CFBundleDisplayName` → `cfbundleDisplayName`, `%lld MiB` → `miB`,
    /// `Evaluate JavaScript with ${content}` → `evaluateJavaScriptWith$Content`.
    package static func symbolName(forKey key: String) -> String {
        camelCase(words(in: removingFormatDirectives(key)).flatMap(splittingDigits))
    }

    /// `word` split where a run of letters meets a run of digits (`3days` → `3`, `days`; `mp3` → `mp`, `3`).
    ///
    /// Xcode 26 splits the words of a symbol name so (`share.expiry.3days` → `shareExpiry3Days`). `$` goes with
    /// the letters.
    package static func splittingDigits(_ word: String) -> [String] {
        var result: [String] = []
        var current = ""
        var currentIsDigits = false
        for character in word {
            let isDigit = isDigitCharacter(character)
            if !current.isEmpty, isDigit != currentIsDigits {
                result.append(current)
                current = ""
            }
            currentIsDigits = isDigit
            current.append(character)
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// Whether `character` is a decimal digit (any script's).
    static func isDigitCharacter(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        if character.isASCII { return ("0"..."9").contains(first) }
        return first.properties.numericType == .decimal
    }

    /// `text` without the byte ranges of its format specifiers (named ones too: `%(name)@`, `%1$(age)llu`) and
    /// substitution references.
    package static func removingFormatDirectives(_ original: String) -> String {
        let text = NamedSpecifiers.strip(original).text
        var ranges = FormatSpecifiers.specifiers(in: text).map(\.range)
        ranges += FormatSpecifiers.substitutionReferences(in: text).map(\.range)
        guard !ranges.isEmpty else { return text }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        let bytes = Array(text.utf8)
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var cursor = 0
        for range in ranges where range.lowerBound >= cursor {
            kept += bytes[cursor..<range.lowerBound]
            // A space keeps the words on either side apart (`a%@b` is two words).
            kept.append(UInt8(ascii: " "))
            cursor = range.upperBound
        }
        kept += bytes[cursor...]
        return String(decoding: kept, as: UTF8.self)
    }

    /// Whether `character` belongs to a word of a name: a letter, a digit or `$` (Xcode keeps `$`).
    static func isWordCharacter(_ character: Character) -> Bool {
        if character == "$" { return true }
        if character.isASCII { return character.isLetter || character.isNumber }
        guard let first = character.unicodeScalars.first else { return false }
        return first.properties.isAlphabetic || first.properties.numericType == .decimal
    }

    /// The runs of word characters in `text`.
    package static func words(in text: String) -> [String] {
        var result: [String] = []
        var current = ""
        for character in text {
            if isWordCharacter(character) {
                current.append(character)
            } else if !current.isEmpty {
                result.append(current)
                current = ""
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// Whether `word` has an upper-case letter and no lower-case one (`URL`, `2FA`).
    static func isAllUpperCase(_ word: String) -> Bool {
        word.uppercased() == word && word.lowercased() != word
    }

    /// Words joined in lower camel case as Xcode joins them: the first word all in lower case when it is all in
    /// upper case, else with its leading run of upper-case letters lowered (`CFBundle…` → `cfbundle…`, `MiB` →
    /// `miB`); every other word with its first letter raised, and the rest lowered when the word is all in upper
    /// case (`URL` → `Url`) and kept otherwise (`JavaScript`).
    package static func camelCase(_ words: [String]) -> String {
        var result = ""
        for (index, word) in words.enumerated() {
            if index == 0 {
                result += lowerFirstWord(word)
            } else {
                result += capitalized(word)
            }
        }
        return result
    }

    /// Words joined in upper camel case (a type name): every word as ``camelCase(_:)`` treats the words after the
    /// first.
    package static func upperCamelCase(_ words: [String]) -> String {
        words.map(capitalized).joined()
    }

    static func lowerFirstWord(_ word: String) -> String {
        if isAllUpperCase(word) { return word.lowercased() }
        var result = ""
        var lowering = true
        for character in word {
            if lowering, character.isUppercase {
                result += character.lowercased()
            } else {
                lowering = false
                result.append(character)
            }
        }
        return result
    }

    static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        let rest = word.dropFirst()
        return first.uppercased() + (isAllUpperCase(word) ? rest.lowercased() : String(rest))
    }

    /// Whether `name` is a Swift identifier (not checking keywords): a letter or `_` first, then letters, digits,
    /// `_`, `$` and combining marks.
    package static func isValidIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        guard isIdentifierHead(first) else { return false }
        for scalar in name.unicodeScalars.dropFirst() {
            guard isIdentifierHead(scalar) || isIdentifierContinuation(scalar) else { return false }
        }
        return true
    }

    private static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || scalar == "_"
        }
        return scalar.properties.isAlphabetic && !isCombiningMark(scalar)
    }

    private static func isIdentifierContinuation(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return (scalar >= "0" && scalar <= "9") || scalar == "$" }
        return isCombiningMark(scalar)
    }

    private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: true
        default: false
        }
    }

    /// `name`, in backticks when it is a keyword.
    package static func declarationName(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// `text` as a Swift string literal: `"`, `\` and control characters escaped.
    package static func stringLiteral(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value) {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// `text` safe inside a `/** … */` comment: Swift block comments nest, so `/*` and `*/` are split by a space.
    package static func commentText(_ text: String) -> String {
        guard text.contains("*/") || text.contains("/*") else { return text }
        var result = ""
        var previous: Character?
        for character in text {
            if (previous == "*" && character == "/") || (previous == "/" && character == "*") {
                result += " "
            }
            result.append(character)
            previous = character
        }
        return result
    }
}
