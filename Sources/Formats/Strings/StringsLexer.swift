import LocalizationCatalog
import StringBridgeSupport

/// A token of the old-style property list grammar as `.strings` files use it.
enum StringsToken: Equatable {
    /// A quoted string (escapes resolved) or an unquoted word.
    case string(String)
    /// Any other character: `=`, `;`, `{`, `}`, or something that has no place in the grammar.
    case character(UInt32)
    /// The end of the text.
    case end
}

/// Where a token starts: a byte offset into the decoded text, with its 1-based line and column.
struct StringsPosition {
    var offset: Int
    var line: Int
    var column: Int
}

/// Splits decoded `.strings` text (UTF-8) into tokens, tracking line and column as it goes.
///
/// Lines end at LF, CR LF or a lone CR; positions count UTF-8 byte columns, and diagnostics report character
/// columns (see ``location(_:)``), both 1-based.
/// Whitespace is what CoreFoundation skips: U+0009…U+000D, space, U+2028 and U+2029. Comments are `//` to the end
/// of the line (LF, CR, U+2028 or U+2029) and `/* … */` (not nested); the last comment seen is kept, without its
/// delimiters and one space on each side, until the parser takes it for the next key.
struct StringsLexer {
    let bytes: [UInt8]
    let path: String
    private(set) var offset = 0
    private var line = 1
    private var lineStart = 0
    /// The last comment since the parser last took one.
    private var pendingComment: String?
    /// Warnings about escapes that Foundation reads in a lossy way.
    private(set) var warnings: [Diagnostic] = []
    /// Whether the byte ranges of comments are kept (``takeCommentRanges()``), for editing the file in place.
    var recordsCommentRanges = false
    /// The byte ranges of the comments (with their delimiters) since the parser last took them.
    private var pendingCommentRanges: [Range<Int>] = []
    /// Whether the escapes of quoted strings are kept (``takeEscapes()``), for editing the file in place.
    var recordsEscapes = false
    /// The escapes read since the parser last took them.
    private var pendingEscapes: [StringsEscape] = []

    /// A lexer of `bytes` from `start`, the first byte of line `line` (the whole text by default).
    init(bytes: [UInt8], path: String, start: Int = 0, line: Int = 1) {
        self.bytes = bytes
        self.path = path
        offset = start
        self.line = line
        lineStart = start
    }

    /// The current position.
    var position: StringsPosition {
        StringsPosition(offset: offset, line: line, column: offset - lineStart + 1)
    }

    /// The location of a position in this file, its column counted in characters (Unicode scalars) as in every
    /// stringbridge diagnostic; positions keep byte columns, converted only here.
    func location(_ position: StringsPosition) -> FileLocation {
        let lineStart = max(0, position.offset - position.column + 1)
        var column = 1
        for index in lineStart..<min(position.offset, bytes.count) where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return FileLocation(path: path, line: position.line, column: column)
    }

    /// Moves the warnings made so far to `diagnostics`.
    mutating func moveWarnings(to diagnostics: inout Diagnostics) {
        for warning in warnings { diagnostics.append(warning) }
        warnings.removeAll()
    }

    /// Returns the last comment seen since the previous call, and forgets it.
    mutating func takeComment() -> String? {
        defer { pendingComment = nil }
        return pendingComment
    }

    /// Returns the byte ranges of the comments seen since the previous call (with ``recordsCommentRanges``), in
    /// order, and forgets them.
    mutating func takeCommentRanges() -> [Range<Int>] {
        defer { pendingCommentRanges.removeAll(keepingCapacity: true) }
        return pendingCommentRanges
    }

    /// Returns the escapes read since the previous call (with ``recordsEscapes``), in order, and forgets them.
    mutating func takeEscapes() -> [StringsEscape] {
        defer { pendingEscapes.removeAll(keepingCapacity: true) }
        return pendingEscapes
    }

    /// Skips whitespace and comments, then reads one token.
    /// - Returns: the token and the position of its first character.
    mutating func next() throws(ConversionError) -> (token: StringsToken, position: StringsPosition) {
        try skipTrivia()
        let start = position
        guard offset < bytes.count else { return (.end, start) }
        let byte = bytes[offset]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            return (.string(try quotedString(quote: byte, start: start)), start)
        }
        if Self.isUnquotedCharacter(byte) {
            var end = offset + 1
            while end < bytes.count, Self.isUnquotedCharacter(bytes[end]) { end += 1 }
            let word = String(decoding: bytes[offset..<end], as: UTF8.self)
            offset = end
            return (.string(word), start)
        }
        let scalar = scalarValue(at: offset)
        offset += Self.sequenceLength(lead: byte)
        return (.character(scalar), start)
    }

    /// `[A-Za-z0-9_$/:.-]`, CoreFoundation's set of characters allowed in unquoted strings.
    static func isUnquotedCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"),
            UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    // MARK: - Trivia

    private mutating func skipTrivia() throws(ConversionError) {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0B, 0x0C:
                offset += 1
            case 0x0A, 0x0D:
                consumeLineBreak()
            case 0xE2 where isParagraphOrLineSeparator(at: offset):
                offset += 3
            case UInt8(ascii: "/") where offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "/"):
                let textStart = offset + 2
                offset = textStart
                while offset < bytes.count, bytes[offset] != 0x0A, bytes[offset] != 0x0D,
                    !(bytes[offset] == 0xE2 && isParagraphOrLineSeparator(at: offset))
                {
                    offset += 1
                }
                pendingComment = trimmedText(textStart..<offset)
                if recordsCommentRanges { pendingCommentRanges.append((textStart - 2)..<offset) }
            case UInt8(ascii: "/") where offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "*"):
                let start = position
                offset += 2
                let textStart = offset
                while true {
                    guard offset < bytes.count else {
                        throw ConversionError(StringsMessage.unterminatedComment, at: location(start))
                    }
                    let byte = bytes[offset]
                    if byte == UInt8(ascii: "*"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "/") {
                        pendingComment = trimmedText(textStart..<offset)
                        offset += 2
                        if recordsCommentRanges { pendingCommentRanges.append(start.offset..<offset) }
                        break
                    }
                    if byte == 0x0A || byte == 0x0D { consumeLineBreak() } else { offset += 1 }
                }
            default:
                return
            }
        }
    }

    /// Whether U+2028 or U+2029 starts at `offset`.
    private func isParagraphOrLineSeparator(at offset: Int) -> Bool {
        offset + 2 < bytes.count && isLineOrParagraphSeparator(bytes[offset], bytes[offset + 1], bytes[offset + 2])
    }

    /// Consumes LF, CR LF or CR at `offset` and starts a new line.
    private mutating func consumeLineBreak() {
        if bytes[offset] == 0x0D, offset + 1 < bytes.count, bytes[offset + 1] == 0x0A { offset += 1 }
        offset += 1
        line += 1
        lineStart = offset
    }

    /// The text of a comment's `range` as Xcode's migration keeps it: one space after the opening delimiter and
    /// one before the closing one go (`/* a  */` gives `a `), and so does leading or trailing whitespace that holds
    /// a line break (a block comment laid out over several lines); `nil` when only whitespace is left.
    private func trimmedText(_ range: Range<Int>) -> String? {
        var lower = range.lowerBound
        var upper = range.upperBound
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
        guard let first = bytes[lower..<upper].firstIndex(where: { !isSpace($0) }),
            let last = bytes[lower..<upper].lastIndex(where: { !isSpace($0) })
        else { return nil }
        if bytes[lower..<first].contains(where: isBreak) {
            lower = first
        } else if bytes[lower] == 0x20 {
            lower += 1
        }
        if bytes[(last + 1)..<upper].contains(where: isBreak) {
            upper = last + 1
        } else if bytes[upper - 1] == 0x20 {
            upper -= 1
        }
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    // MARK: - Quoted strings

    /// Reads a string in `"…"` or `'…'` whose opening quote is at `offset`, resolving escapes.
    private mutating func quotedString(quote: UInt8, start: StringsPosition) throws(ConversionError) -> String {
        offset += 1
        var segmentStart = offset
        var unescaped: [UInt8]?
        while true {
            guard offset < bytes.count else {
                throw ConversionError(StringsMessage.unterminatedString, at: location(start))
            }
            let byte = bytes[offset]
            if byte == quote {
                defer { offset += 1 }
                guard var text = unescaped else {
                    return String(decoding: bytes[segmentStart..<offset], as: UTF8.self)
                }
                text.append(contentsOf: bytes[segmentStart..<offset])
                return String(decoding: text, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                var text = unescaped ?? []
                unescaped = nil
                if text.isEmpty { text.reserveCapacity(offset - segmentStart + 32) }
                text.append(contentsOf: bytes[segmentStart..<offset])
                offset += 1
                guard offset < bytes.count else {
                    throw ConversionError(StringsMessage.unterminatedString, at: location(start))
                }
                let (escapeStart, decodedStart) = (offset - 1, text.count)
                resolveEscape(into: &text)
                if recordsEscapes {
                    pendingEscapes.append(
                        StringsEscape(source: escapeStart..<offset, decoded: decodedStart..<text.count))
                }
                unescaped = text
                segmentStart = offset
            } else if byte == 0x0A || byte == 0x0D {
                consumeLineBreak()
            } else {
                offset += 1
            }
        }
    }

    /// Resolves the escape whose character (after the backslash) is at `offset`, appending its UTF-8 to `text`.
    private mutating func resolveEscape(into text: inout [UInt8]) {
        let escapeStart = StringsPosition(offset: offset - 1, line: line, column: offset - lineStart)
        let byte = bytes[offset]
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = 0
            var digits = 0
            while digits < 3, offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[offset]) {
                value = value * 8 + Int(bytes[offset] - UInt8(ascii: "0"))
                offset += 1
                digits += 1
            }
            appendUTF8(NeXTSTEPEncoding.scalar(for: UInt8(truncatingIfNeeded: value)), to: &text)
        case UInt8(ascii: "a"): simpleEscape(0x07, &text)
        case UInt8(ascii: "b"): simpleEscape(0x08, &text)
        case UInt8(ascii: "f"): simpleEscape(0x0C, &text)
        case UInt8(ascii: "n"): simpleEscape(0x0A, &text)
        case UInt8(ascii: "r"): simpleEscape(0x0D, &text)
        case UInt8(ascii: "t"): simpleEscape(0x09, &text)
        case UInt8(ascii: "v"): simpleEscape(0x0B, &text)
        case UInt8(ascii: "U"):
            offset += 1
            guard let unit = hexUnit() else {
                warnings.append(Diagnostic(.warning, StringsMessage.emptyUnicodeEscape, at: location(escapeStart)))
                text.append(0)
                return
            }
            switch unit {
            case 0xD800...0xDBFF:
                // A high surrogate pairs with a `\U` low surrogate right after it.
                let resume = offset
                if offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "U")
                {
                    offset += 2
                    if let low = hexUnit(), (0xDC00...0xDFFF).contains(low) {
                        appendUTF8(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00), to: &text)
                        return
                    }
                    offset = resume
                }
                loneSurrogate(unit, escapeStart, &text)
            case 0xDC00...0xDFFF:
                loneSurrogate(unit, escapeStart, &text)
            default:
                appendUTF8(unit, to: &text)
            }
        case 0x0A, 0x0D:
            // A backslash before a line break keeps the line break.
            let breakStart = offset
            consumeLineBreak()
            text.append(contentsOf: bytes[breakStart..<offset])
        default:
            // Any other character stands for itself (`\"`, `\'`, `\\`, `\u`, `\é`).
            if byte == UInt8(ascii: "u") { warnLowercaseUnicodeEscape(escapeStart) }
            let length = Self.sequenceLength(lead: byte)
            text.append(contentsOf: bytes[offset..<min(offset + length, bytes.count)])
            offset += length
        }
    }

    /// Warns at `position` (the backslash) when the `\u` at `offset` is followed by hexadecimal digits, bare
    /// (`\u203A`) or in braces (`\u{203A}`): Foundation reads the `u` and the digits as text, not as a character.
    private mutating func warnLowercaseUnicodeEscape(_ position: StringsPosition) {
        var end = offset + 1
        let braced = end < bytes.count && bytes[end] == UInt8(ascii: "{")
        if braced { end += 1 }
        let digitsStart = end
        while end < bytes.count, end - digitsStart < (braced ? 6 : 4), Hexadecimal.digitValue(bytes[end]) != nil {
            end += 1
        }
        guard end > digitsStart else { return }
        if braced {
            guard end < bytes.count, bytes[end] == UInt8(ascii: "}") else { return }
            end += 1
        }
        var value: UInt32 = 0
        for byte in bytes[digitsStart..<end] {
            if let digit = Hexadecimal.digitValue(byte) { value = value << 4 | UInt32(digit) }
        }
        guard value <= 0x10_FFFF else { return }
        let written = String(decoding: bytes[offset..<end], as: UTF8.self)
        warnings.append(
            Diagnostic(
                .warning, StringsMessage.lowercaseUnicodeEscape(written: written, value: value),
                at: location(position)
            ).identified(.lowercaseUnicodeEscape))
    }

    private mutating func simpleEscape(_ byte: UInt8, _ text: inout [UInt8]) {
        text.append(byte)
        offset += 1
    }

    private mutating func loneSurrogate(_ unit: UInt32, _ position: StringsPosition, _ text: inout [UInt8]) {
        warnings.append(Diagnostic(.warning, StringsMessage.loneSurrogateEscape(unit), at: location(position)))
        appendUTF8(0xFFFD, to: &text)
    }

    /// Reads up to four ASCII hexadecimal digits at `offset`; `nil` when there is none.
    private mutating func hexUnit() -> UInt32? {
        var value: UInt32 = 0
        var digits = 0
        while digits < 4, offset < bytes.count {
            guard let digit = Hexadecimal.digitValue(bytes[offset]) else { return digits == 0 ? nil : value }
            value = value << 4 | UInt32(digit)
            offset += 1
            digits += 1
        }
        return digits == 0 ? nil : value
    }

    // MARK: - UTF-8

    /// The length of the UTF-8 sequence that starts with `lead` (the text is valid UTF-8).
    static func sequenceLength(lead: UInt8) -> Int {
        switch lead {
        case ..<0xC0: return 1
        case ..<0xE0: return 2
        case ..<0xF0: return 3
        default: return 4
        }
    }

    /// The scalar value of the UTF-8 sequence at `offset`.
    private func scalarValue(at offset: Int) -> UInt32 {
        let lead = bytes[offset]
        let length = Self.sequenceLength(lead: lead)
        guard length > 1, offset + length <= bytes.count else { return UInt32(lead) }
        var value = UInt32(lead) & (0x7F >> UInt32(length))
        for next in 1..<length { value = value << 6 | UInt32(bytes[offset + next] & 0x3F) }
        return value
    }
}

/// Whether `first`, `second` and `third` are U+2028 or U+2029 in UTF-8 (`E2 80 A8`, `E2 80 A9`), which end lines for
/// CoreFoundation (and some editors): the lexer reads them as line ends, the writer escapes them.
func isLineOrParagraphSeparator(_ first: UInt8, _ second: UInt8?, _ third: UInt8?) -> Bool {
    first == 0xE2 && second == 0x80 && (third == 0xA8 || third == 0xA9)
}
