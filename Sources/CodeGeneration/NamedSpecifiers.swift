import LocalizationCatalog

/// The named placeholders of Xcode 26's String Catalogs: `%(name)@`, `%1$(age)llu`.
///
/// A named placeholder is a specifier with a name in parentheses after its `%` (and its position, if any). Xcode
/// labels the symbol's parameter with the name (`name: String`, `age: UInt`).
///
/// ``FormatSpecifiers`` does not know them; ``strip(_:)`` gives the text without the names, which it reads, and
/// where each name was.
package enum NamedSpecifiers {
    /// A text without the `(name)` of its named specifiers.
    package struct Stripped: Sendable, Equatable {
        /// The text, each `%(name)…` written `%…`.
        package var text: String
        /// The name of each named specifier, by the UTF-8 offset of its `%` in ``text``.
        package var names: [Int: String]
    }

    /// The longest name read; a longer one is text.
    static let nameLimit = 256

    /// `text` without the `(name)` of its named specifiers, and their names.
    ///
    /// A `%`, an optional `N$`, then `(`, a name (no `%`, `(`, `)` or line break) and `)`, followed by what
    /// ``FormatSpecifiers`` reads as a specifier's rest (flags, width, precision, length, conversion): anything
    /// else is text, as written. `%%` is text.
    package static func strip(_ text: String) -> Stripped {
        let bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: "(")), bytes.contains(UInt8(ascii: "%")) else {
            return Stripped(text: text, names: [:])
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var names: [Int: String] = [:]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "%") else {
                output.append(byte)
                index += 1
                continue
            }
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "%") {
                output += [byte, byte]
                index += 2
                continue
            }
            var cursor = index + 1
            while cursor < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[cursor]) {
                cursor += 1
            }
            if cursor > index + 1 {
                guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "$") else {
                    output.append(byte)
                    index += 1
                    continue
                }
                cursor += 1
            }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "("),
                let close = closingParenthesis(bytes, after: cursor)
            else {
                output.append(byte)
                index += 1
                continue
            }
            let rest = Array(bytes[(close + 1)..<min(bytes.count, close + 1 + 48)])
            let candidate = String(decoding: [UInt8(ascii: "%")] + rest, as: UTF8.self)
            guard let first = FormatSpecifiers.specifiers(in: candidate).first, first.range.lowerBound == 0,
                first.position == nil
            else {
                output.append(byte)
                index += 1
                continue
            }
            names[output.count] = String(decoding: bytes[(cursor + 1)..<close], as: UTF8.self)
            output += bytes[index..<cursor]
            index = close + 1
        }
        return Stripped(text: String(decoding: output, as: UTF8.self), names: names)
    }

    /// The offset of the `)` that closes the name opened at `open`, or `nil` when there is no name there.
    private static func closingParenthesis(_ bytes: [UInt8], after open: Int) -> Int? {
        var cursor = open + 1
        while cursor < bytes.count, cursor - open <= nameLimit {
            switch bytes[cursor] {
            case UInt8(ascii: ")"): return cursor > open + 1 ? cursor : nil
            case UInt8(ascii: "%"), UInt8(ascii: "("), UInt8(ascii: "\n"), UInt8(ascii: "\r"): return nil
            default: cursor += 1
            }
        }
        return nil
    }
}
