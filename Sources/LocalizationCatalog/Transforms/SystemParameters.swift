import StringBridgeSupport

/// The parameters the system fills in the strings of intent definitions and App Shortcuts: `${content}`,
/// `${applicationName}`.
///
/// Siri and Shortcuts replace `${NAME}` with a parameter's value (an `.intentdefinition`'s `ShortcutIntents.strings`
/// titles and phrases, an `AppShortcuts` table's phrases). They are placeholders as much as `%@` is: a translation
/// that renames one (`${contenu}`) shows the text `${contenu}`, and one that leaves `${applicationName}` out of an
/// App Shortcut phrase is refused by the system. `pseudo` keeps them byte for byte, `check` and `import` compare
/// them between source and translation (``FormatArgumentComparison``).
///
/// A parameter is `${`, a name of ASCII letters, digits and `_` that starts with a letter or `_`, and `}`.
package enum SystemParameters {
    /// The parameters of `string`, in order: each one's UTF-8 byte range (from `$` to `}`) and name.
    package static func parameters(in string: String) -> [(range: Range<Int>, name: String)] {
        guard containsDollar(string) else { return [] }
        return scan(Array(string.utf8))
    }

    /// The names of the parameters of `string`, in order (a name used twice is listed twice).
    package static func names(in string: String) -> [String] {
        parameters(in: string).map(\.name)
    }

    /// Whether `string` holds a `$` (``Swift/String/utf8Contains(_:)``: `memchr` over its UTF-8, not the generic
    /// iteration of `utf8.contains`).
    static func containsDollar(_ string: String) -> Bool {
        string.utf8Contains(UInt8(ascii: "$"))
    }

    private static func scan(_ bytes: [UInt8]) -> [(range: Range<Int>, name: String)] {
        var result: [(range: Range<Int>, name: String)] = []
        let dollar = UInt8(ascii: "$")
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): true
            case UInt8(ascii: "0")...UInt8(ascii: "9"): !first
            default: false
            }
        }
        let end = bytes.count
        var index = 0
        while index < end {
            guard bytes[index] == dollar, index + 1 < end, bytes[index + 1] == open else {
                index += 1
                continue
            }
            var cursor = index + 2
            while cursor < end, isNameByte(bytes[cursor], first: cursor == index + 2) { cursor += 1 }
            guard cursor > index + 2, cursor < end, bytes[cursor] == close else {
                index += 1
                continue
            }
            let name = String(decoding: bytes[(index + 2)..<cursor], as: UTF8.self)
            result.append((index..<(cursor + 1), name))
            index = cursor + 1
        }
        return result
    }

    /// The parameters the source has and the translation lacks, and those the translation has and the source
    /// lacks, each in the order of its string (counted: a parameter the source uses twice must be there twice).
    package static func differences(source: String, translation: String) -> (missing: [String], added: [String]) {
        // Most strings have no `$` at all.
        guard containsDollar(source) || containsDollar(translation) else { return ([], []) }
        var remaining: [String: Int] = [:]
        let sourceNames = names(in: source)
        for name in sourceNames { remaining[name, default: 0] += 1 }
        var added: [String] = []
        for name in names(in: translation) {
            if let count = remaining[name], count > 0 {
                remaining[name] = count - 1
            } else {
                added.append(name)
            }
        }
        var missing: [String] = []
        for name in sourceNames {
            if let count = remaining[name], count > 0 {
                missing.append(name)
                remaining[name] = count - 1
            }
        }
        return (missing, added)
    }
}
