import LocalizationCatalog
import StringBridgeSupport

/// Writes a table as legacy `.strings` files, one per language, in the layout `genstrings` uses.
///
/// Each file is `<lang>.lproj/<Table>.strings` with the entries in table order: the comment as `/* comment */` on
/// the line above (as `// comment` when it contains `*/`), then `"key" = "value";`, and an empty line between
/// entries. Keys and values are always double-quoted and escaped so that CoreFoundation reads back the same string;
/// octal escapes are never written. The encoding is `options.encoding`, else the one the table was read in, else
/// UTF-8 without a byte-order mark. Localizations that are more than a plain string (variations, substitutions,
/// string sets) cannot be expressed: they are left out with a warning. Entries without a localization in the
/// language are skipped silently.
public struct StringsWriter: CatalogWriter {
    /// Creates a writer.
    public init() {}

    /// Writes one file per language: `options.languages`, or every language of the table.
    public func write(_ table: StringTable, options: WriteOptions, diagnostics: inout Diagnostics) throws
        -> [OutputFile]
    {
        let encoding = options.encoding ?? table.traits.encoding ?? .utf8
        return (options.languages ?? table.languages).map { language in
            OutputFile(
                relativePath: "\(language).lproj/\(table.name).strings",
                bytes: encode(table, language: language, encoding: encoding, diagnostics: &diagnostics))
        }
    }

    /// The bytes of the `.strings` file for one language.
    ///
    /// The file ends with a newline, unless the table was read from a `.strings` file that had none.
    /// - Parameters:
    ///   - table: the table to write.
    ///   - language: the language whose values are written.
    ///   - encoding: the text encoding of the result.
    ///   - diagnostics: receives a warning for every entry that cannot be written.
    /// - Returns: the file's bytes, with a byte-order mark when the encoding has one.
    package func encode(
        _ table: StringTable, language: String, encoding: TextEncoding = .utf8, diagnostics: inout Diagnostics
    ) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(table.entries.count * 64)
        for (key, entry) in table.entries {
            guard let localization = entry.localization(for: language) else { continue }
            let unsupported = Self.unsupportedParts(of: localization)
            if !unsupported.isEmpty {
                diagnostics.warn(
                    StringsMessage.cannotWrite(
                        key: key, language: language, what: unsupported.joined(separator: " and ")),
                    at: entry.origin)
                continue
            }
            guard let unit = localization.stringUnit else { continue }
            appendEntry(
                key, comment: entry.comment, value: unit.value, language: language, origin: entry.origin, to: &text,
                diagnostics: &diagnostics)
        }
        // A table that came from a .strings file (it has an encoding) keeps a missing final newline.
        if table.traits.encoding != nil, table.traits.endsWithNewline == false, text.last == 0x0A {
            text.removeLast()
        }
        return Self.encoded(text, as: encoding)
    }

    /// The UTF-8 bytes of the `.strings` file for `language` holding the string units of the localizations of
    /// `table` at `picks` (an entry's position, then the position of its localization), in that order.
    ///
    /// Only the string unit of each picked localization is read (one without a string unit is skipped): the caller
    /// has set aside what a `.strings` file cannot hold. The bytes and diagnostics are those of
    /// ``encode(_:language:encoding:diagnostics:)`` for a table without traits holding these entries with only
    /// those string units, without building that table (`compile` writes each language of a catalog this way;
    /// `CompilationSpeedTests` holds the two equal).
    package func encodeStringUnits(
        of table: StringTable, at picks: [(entry: Int, localization: Int)], language: String,
        diagnostics: inout Diagnostics
    ) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(picks.count * 64)
        // The entries' fields are read where they are: binding an entry to a constant copies it whole.
        let entries = table.entries.values
        for pick in picks {
            guard let value = entries[pick.entry].localizations?.withValue(at: pick.localization, \.stringUnit?.value)
            else { continue }
            appendEntry(
                table.entries.key(at: pick.entry), comment: entries[pick.entry].comment, value: value,
                language: language, origin: entries[pick.entry].origin, to: &text, diagnostics: &diagnostics)
        }
        return text
    }

    /// Appends one entry: its comment's line, then `"key" = "value";`, after an empty line unless it is the first.
    private func appendEntry(
        _ key: String, comment: String?, value: String, language: String, origin: FileLocation?,
        to text: inout [UInt8], diagnostics: inout Diagnostics
    ) {
        if !text.isEmpty { text.append(0x0A) }
        if let comment {
            appendComment(comment, key: key, language: language, origin: origin, to: &text, diagnostics: &diagnostics)
        }
        appendQuoted(key, to: &text)
        text.append(contentsOf: " = ".utf8)
        appendQuoted(value, to: &text)
        text.append(contentsOf: ";\n".utf8)
    }

    /// Names of the parts of a localization a `.strings` file cannot hold.
    static func unsupportedParts(of localization: Localization) -> [String] {
        var parts: [String] = []
        if let variations = localization.variations {
            if variations.plural != nil { parts.append("plural variations") }
            if variations.device != nil { parts.append("device variations") }
            if variations.width != nil { parts.append("width variations") }
            if parts.isEmpty { parts.append("variations") }
        }
        if localization.substitutions != nil { parts.append("substitutions") }
        if localization.stringSet != nil { parts.append("a string set") }
        return parts
    }

    /// `comment` as the reader gives it back from `/* comment */`: leading or trailing whitespace that holds a line
    /// break goes (``StringsLexer``'s trimming); empty when only whitespace is left.
    static func trimmedAsRead(_ comment: String) -> String {
        let bytes = Array(comment.utf8)
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return "" }
        let lower = bytes[..<first].contains(where: isBreak) ? first : 0
        let upper = bytes[(last + 1)...].contains(where: isBreak) ? last + 1 : bytes.count
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    /// Writes `comment` on its own line (ending in LF) as ``encode(_:language:encoding:diagnostics:)`` writes it,
    /// or nothing when nothing of it can be written.
    ///
    /// A NUL byte would make readers take the file for UTF-16; comments cannot escape it, so it goes, with a
    /// warning naming the key. What is left is trimmed as the reader trims a comment (the NUL may have kept
    /// whitespace with a line break from being trimmed when it was read), so that the output is a fixpoint; when
    /// nothing is left, the whole comment goes (`/*  */` reads back as no comment). With `prefersLineComment`,
    /// a comment without a line break is written `// comment` (as the file being edited wrote it). With
    /// `keepsNUL` (a file being edited where a NUL byte is safe: see ``StringsEditor``) it stays.
    func appendComment(
        _ comment: String, key: String, language: String, origin: FileLocation? = nil, prefersLineComment: Bool = false,
        keepsNUL: Bool = false, to text: inout [UInt8], diagnostics: inout Diagnostics
    ) {
        var comment = comment
        if comment.utf8Contains(0), !keepsNUL {
            comment.unicodeScalars.removeAll { $0 == "\u{0}" }
            comment = Self.trimmedAsRead(comment)
            if comment.isEmpty {
                diagnostics.warn(StringsMessage.commentOfNULsRemoved(key: key, language: language), at: origin)
            } else {
                diagnostics.warn(StringsMessage.commentNULRemoved(key: key, language: language), at: origin)
            }
        }
        if !comment.isEmpty {
            appendComment(
                comment, key: key, origin: origin, prefersLineComment: prefersLineComment, to: &text,
                diagnostics: &diagnostics)
        }
    }

    /// Writes `/* comment */`, or `// comment` when the comment contains `*/` (or `prefersLineComment`) but no line
    /// break, on its own line.
    private func appendComment(
        _ comment: String, key: String, origin: FileLocation?, prefersLineComment: Bool, to text: inout [UInt8],
        diagnostics: inout Diagnostics
    ) {
        let hasLineBreak = Self.hasLineBreak(comment)
        guard Self.containsCommentEnd(comment) || (prefersLineComment && !hasLineBreak) else {
            text.append(contentsOf: "/* ".utf8)
            text.append(contentsOf: comment.utf8)
            text.append(contentsOf: " */\n".utf8)
            return
        }
        if !hasLineBreak {
            text.append(contentsOf: "// ".utf8)
            text.append(contentsOf: comment.utf8)
            // The reader drops one space at the end of a comment, as after `/* comment `: a comment that ends with
            // a space gets one more, so that it reads back the same.
            if comment.utf8.last == 0x20 { text.append(0x20) }
            text.append(0x0A)
            return
        }
        diagnostics.warn(StringsMessage.commentAltered(key: key), at: origin)
        text.append(contentsOf: "/* ".utf8)
        var previous: UInt8 = 0
        for byte in comment.utf8 {
            if previous == UInt8(ascii: "*"), byte == UInt8(ascii: "/") { text.append(0x20) }
            text.append(byte)
            previous = byte
        }
        text.append(contentsOf: " */\n".utf8)
    }

    private static let commentEnd: [UInt8] = Array("*/".utf8)

    /// Whether `comment` holds `*/`, looked for in its bytes in place; ``containsCommentEndBySequence(_:)`` is the
    /// plain form, and `StringsWriterSpeedTests` holds the two equal.
    static func containsCommentEnd(_ comment: String) -> Bool {
        comment.withUTF8Span { bytes in
            var index = 1
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "/"), bytes[index - 1] == UInt8(ascii: "*") { return true }
                index += 1
            }
            return false
        }
    }

    /// ``containsCommentEnd(_:)`` by the search of a byte sequence, the plain form.
    static func containsCommentEndBySequence(_ comment: String) -> Bool {
        comment.utf8.containsSequence(commentEnd)
    }

    /// Whether `comment` has a line break: LF, CR, U+2028 or U+2029.
    ///
    /// Looked for in its bytes (`0A`, `0D`, `E2 80 A8`, `E2 80 A9`: a scalar's UTF-8 form, and no other scalar's
    /// bytes hold these sequences), which is ``hasLineBreakByScalars(_:)``; `StringsWriterSpeedTests` holds them
    /// equal.
    static func hasLineBreak(_ comment: String) -> Bool {
        comment.withUTF8Span { bytes in
            var index = 0
            while index < bytes.count {
                switch bytes[index] {
                case 0x0A, 0x0D:
                    return true
                case 0xE2 where index + 2 < bytes.count:
                    if isLineOrParagraphSeparator(0xE2, bytes[index + 1], bytes[index + 2]) { return true }
                default:
                    break
                }
                index += 1
            }
            return false
        }
    }

    /// ``hasLineBreak(_:)`` by Unicode scalars, the plain form.
    static func hasLineBreakByScalars(_ comment: String) -> Bool {
        comment.unicodeScalars.contains { "\n\r\u{2028}\u{2029}".unicodeScalars.contains($0) }
    }

    /// Appends `string` in double quotes (or in `quote`, `'`) with the escapes CoreFoundation reads back to the
    /// same string.
    ///
    /// The quote and `\` are escaped with a backslash; TAB, LF, CR, BEL, BS, VT and FF as `\t \n \r \a \b \v \f`;
    /// other C0 controls, DEL, U+2028 and U+2029 as `\U` with four hexadecimal digits. Everything else is written
    /// as is.
    ///
    /// Bytes written as themselves (all but the quote, `\\`, C0 controls, DEL and `E2`, the first byte of U+2028 and
    /// U+2029) are copied a run at a time; ``appendQuotedByteByByte(_:quote:to:)``, the plain form, writes every byte
    /// on its own, and `StringsWriterSpeedTests` holds the two equal.
    func appendQuoted(_ string: String, quote: UInt8 = UInt8(ascii: "\""), to text: inout [UInt8]) {
        text.append(quote)
        string.withUTF8Span { bytes in
            var start = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                guard Self.mayNeedEscape(byte, quote: quote) else {
                    index += 1
                    continue
                }
                text.append(contentsOf: bytes.extracting(start..<index))
                index += Self.appendEscaped(
                    byte, index + 1 < bytes.count ? bytes[index + 1] : nil,
                    index + 2 < bytes.count ? bytes[index + 2] : nil, quote: quote, to: &text)
                start = index
            }
            text.append(contentsOf: bytes.extracting(start..<bytes.count))
        }
        text.append(quote)
    }

    /// ``appendQuoted(_:quote:to:)`` one byte at a time.
    func appendQuotedByteByByte(_ string: String, quote: UInt8 = UInt8(ascii: "\""), to text: inout [UInt8]) {
        let bytes = Array(string.utf8)
        text.append(quote)
        var index = 0
        while index < bytes.count {
            index += Self.appendEscaped(
                bytes[index], index + 1 < bytes.count ? bytes[index + 1] : nil,
                index + 2 < bytes.count ? bytes[index + 2] : nil, quote: quote, to: &text)
        }
        text.append(quote)
    }

    /// Whether `byte` may be written other than as itself (or start bytes that are): the quote, `\\`, a C0 control,
    /// DEL, or `E2`.
    @inline(__always)
    static func mayNeedEscape(_ byte: UInt8, quote: UInt8) -> Bool {
        byte == quote || byte == UInt8(ascii: "\\") || byte < 0x20 || byte == 0x7F || byte == 0xE2
    }

    /// Appends `byte` as a quoted string holds it, `next` and `afterNext` being the bytes after it (if any), and
    /// returns how many bytes that took: 3 for U+2028 and U+2029 (`E2 80 A8`/`A9`, which end lines in some editors
    /// and are escaped), else 1.
    static func appendEscaped(
        _ byte: UInt8, _ next: UInt8?, _ afterNext: UInt8?, quote: UInt8, to text: inout [UInt8]
    ) -> Int {
        switch byte {
        case quote, UInt8(ascii: "\\"):
            text.append(UInt8(ascii: "\\"))
            text.append(byte)
        case 0x07: text.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "a")])
        case 0x08: text.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
        case 0x09: text.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0x0A: text.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0B: text.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "v")])
        case 0x0C: text.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
        case 0x0D: text.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x00...0x1F, 0x7F:
            text.append(contentsOf: StringsMessage.hex(byte, digits: 4, prefix: "\\U").utf8)
        case 0xE2 where isLineOrParagraphSeparator(byte, next, afterNext):
            text.append(contentsOf: (afterNext == 0xA8 ? "\\U2028" : "\\U2029").utf8)
            return 3
        default:
            text.append(byte)
        }
        return 1
    }

    /// `utf8` in `encoding`, with the byte-order mark the encoding calls for.
    static func encoded(_ utf8: [UInt8], as encoding: TextEncoding) -> [UInt8] {
        switch encoding {
        case .utf8:
            return utf8
        case .utf8WithBOM:
            return [0xEF, 0xBB, 0xBF] + utf8
        case .utf16LittleEndianWithBOM, .utf16BigEndianWithBOM, .utf16LittleEndian, .utf16BigEndian:
            let bigEndian = encoding == .utf16BigEndianWithBOM || encoding == .utf16BigEndian
            var output: [UInt8] = []
            output.reserveCapacity(utf8.count * 2 + 2)
            if encoding == .utf16LittleEndianWithBOM { output += [0xFF, 0xFE] }
            if encoding == .utf16BigEndianWithBOM { output += [0xFE, 0xFF] }
            for unit in String(decoding: utf8, as: UTF8.self).utf16 {
                if bigEndian {
                    output.append(UInt8(truncatingIfNeeded: unit >> 8))
                    output.append(UInt8(truncatingIfNeeded: unit))
                } else {
                    output.append(UInt8(truncatingIfNeeded: unit))
                    output.append(UInt8(truncatingIfNeeded: unit >> 8))
                }
            }
            return output
        }
    }
}

extension Sequence where Element == UInt8 {
    /// Whether `needle` occurs as a contiguous run.
    fileprivate func containsSequence(_ needle: [UInt8]) -> Bool {
        var matched = 0
        for byte in self {
            if byte == needle[matched] {
                matched += 1
                if matched == needle.count { return true }
            } else {
                matched = byte == needle[0] ? 1 : 0
            }
        }
        return false
    }
}
