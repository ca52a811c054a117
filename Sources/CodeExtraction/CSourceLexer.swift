import LocalizationCatalog

/// One token of C, C++ or Objective-C source, as far as the extraction of localized strings needs it.
struct CToken {
    /// What the token is.
    enum Kind: Equatable {
        /// An identifier or keyword.
        case identifier(String)
        /// A string literal (`"…"`, `@"…"`, `L"…"`), its escapes resolved into UTF-8 bytes.
        case string([UInt8])
        /// One of `( ) [ ] { } ,`.
        case punctuation(UInt8)
        /// Anything else (numbers, operators, `@` before something other than a string).
        case other
    }

    /// What the token is.
    var kind: Kind
    /// The byte offset of the token's first character.
    var offset: Int
    /// Whether the token is in a comment or an `#if 0` block.
    var isCommentedOut: Bool
    /// Whether the token is in the body of a `#define`.
    var isInDefine: Bool
}

/// Splits C-family source into tokens: comments, preprocessor directives other than `#define` and conditionals, and
/// character literals are skipped; string literals keep their resolved bytes.
///
/// Comments are tokenized too (marked `isCommentedOut`) when `tokenizesComments` is set (genstrings reads calls in
/// comments), and `#if 0` blocks when `tokenizesInactiveBlocks` is (`LOCALIZED_STRING_CODE_COMMENTS`); a string
/// literal there that does not end on its line ends at the line end instead of being an error.
struct CSourceLexer {
    /// Why the source could not be read.
    struct Failure: Error {
        /// The message.
        var message: String
        /// The byte offset it is about.
        var offset: Int
    }

    private let bytes: [UInt8]
    private let tokenizesComments: Bool
    private let tokenizesInactiveBlocks: Bool
    private var offset = 0
    private var tokens: [CToken] = []
    /// Whether the current position starts a line (only whitespace before it on its line).
    private var atLineStart = true
    /// One entry per open `#if…`: whether its current branch is inactive (`#if 0`, or `#else` of `#if 1`).
    private var conditionals: [ConditionalState] = []
    private var defineEnd: Int?

    private enum ConditionalState {
        /// A condition the lexer cannot evaluate: every branch counts.
        case unknown
        /// `#if 0` before its `#else`/`#elif`, or `#if 1`'s `#else`.
        case inactive
        /// `#if 1`, or `#if 0`'s `#else`.
        case activeConstant
    }

    init(bytes: [UInt8], tokenizesComments: Bool, tokenizesInactiveBlocks: Bool) {
        self.bytes = bytes
        self.tokenizesComments = tokenizesComments
        self.tokenizesInactiveBlocks = tokenizesInactiveBlocks
    }

    /// The tokens of the whole source.
    mutating func tokenize() throws(Failure) -> [CToken] {
        try lex(upTo: bytes.count, inComment: false)
        return tokens
    }

    private var inInactiveBlock: Bool { conditionals.contains { if case .inactive = $0 { true } else { false } } }

    private mutating func lex(upTo end: Int, inComment: Bool) throws(Failure) {
        while offset < end {
            if let defineEnd, offset >= defineEnd { self.defineEnd = nil }
            let byte = bytes[offset]
            let commentedOut = inComment || inInactiveBlock
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                offset += 1
                atLineStart = true
                continue
            case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C:
                offset += 1
                continue
            case UInt8(ascii: "\\") where next(1).map(Self.isLineBreak) == true:
                // A line continuation outside a literal.
                offset += 1
                continue
            case UInt8(ascii: "/") where next(1) == UInt8(ascii: "/"):
                let start = offset + 2
                var stop = start
                while stop < end, !Self.isLineBreak(bytes[stop]) {
                    // A backslash at the end of a `//` comment continues it on the next line.
                    if bytes[stop] == UInt8(ascii: "\\"), stop + 1 < end, Self.isLineBreak(bytes[stop + 1]) {
                        stop +=
                            bytes[stop + 1] == UInt8(ascii: "\r") && stop + 2 < end
                                && bytes[stop + 2] == UInt8(ascii: "\n") ? 3 : 2
                        continue
                    }
                    stop += 1
                }
                try comment(from: start, to: stop, resumeAt: stop)
                continue
            case UInt8(ascii: "/") where next(1) == UInt8(ascii: "*"):
                let open = offset
                var stop = offset + 2
                while stop + 1 < end, !(bytes[stop] == UInt8(ascii: "*") && bytes[stop + 1] == UInt8(ascii: "/")) {
                    stop += 1
                }
                guard stop + 1 < end else {
                    if inComment {
                        offset = end
                        return
                    }
                    throw Failure(message: "unterminated comment", offset: open)
                }
                try comment(from: open + 2, to: stop, resumeAt: stop + 2)
                continue
            case UInt8(ascii: "#") where atLineStart && !inComment && defineEnd == nil:
                try directive()
                continue
            default:
                break
            }
            atLineStart = false
            switch byte {
            case UInt8(ascii: "\""):
                try stringLiteral(start: offset, quote: offset, commentedOut: commentedOut, end: end)
            case UInt8(ascii: "@") where next(1) == UInt8(ascii: "\""):
                try stringLiteral(start: offset, quote: offset + 1, commentedOut: commentedOut, end: end)
            case UInt8(ascii: "'"):
                skipCharacterLiteral(end: end)
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
                UInt8(ascii: "}"), UInt8(ascii: ","):
                append(.punctuation(byte), at: offset, commentedOut: commentedOut)
                offset += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                skipNumber(end: end, commentedOut: commentedOut)
            default:
                if Self.isIdentifierStart(byte) {
                    let start = offset
                    while offset < end, Self.isIdentifierPart(bytes[offset]) { offset += 1 }
                    let name = String(decoding: bytes[start..<offset], as: UTF8.self)
                    // `L"…"`, `u"…"`, `U"…"`, `u8"…"`: the prefix belongs to the literal.
                    if offset < end, bytes[offset] == UInt8(ascii: "\""), ["L", "u", "U", "u8"].contains(name) {
                        try stringLiteral(start: start, quote: offset, commentedOut: commentedOut, end: end)
                    } else {
                        append(.identifier(name), at: start, commentedOut: commentedOut)
                    }
                } else {
                    append(.other, at: offset, commentedOut: commentedOut)
                    offset += 1
                }
            }
        }
    }

    private func next(_ distance: Int) -> UInt8? {
        offset + distance < bytes.count ? bytes[offset + distance] : nil
    }

    private mutating func append(_ kind: CToken.Kind, at start: Int, commentedOut: Bool) {
        if commentedOut {
            // In an `#if 0` block by the block's rule (a comment there too), else in a comment.
            guard inInactiveBlock ? tokenizesInactiveBlocks : tokenizesComments else { return }
        }
        tokens.append(
            CToken(kind: kind, offset: start, isCommentedOut: commentedOut, isInDefine: defineEnd != nil))
    }

    private mutating func comment(from start: Int, to stop: Int, resumeAt resume: Int) throws(Failure) {
        if tokenizesComments || (tokenizesInactiveBlocks && inInactiveBlock) {
            let savedLineStart = atLineStart
            offset = start
            try lex(upTo: stop, inComment: true)
            atLineStart = savedLineStart
        }
        offset = resume
    }

    /// Reads a preprocessor directive at `#`: conditionals change what is active, `#define` bodies are tokens, the
    /// others (`#import "…"`, `#pragma mark …`, `#error …`) are skipped to the end of their logical line.
    private mutating func directive() throws(Failure) {
        let lineEnd = logicalLineEnd(from: offset)
        var cursor = offset + 1
        while cursor < lineEnd, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") {
            cursor += 1
        }
        let nameStart = cursor
        while cursor < lineEnd, Self.isIdentifierPart(bytes[cursor]) { cursor += 1 }
        let name = String(decoding: bytes[nameStart..<cursor], as: UTF8.self)
        let argument = String(decoding: bytes[cursor..<lineEnd], as: UTF8.self)
        let condition = Self.constantCondition(argument)
        switch name {
        case "if":
            conditionals.append(condition.map { $0 ? .activeConstant : .inactive } ?? .unknown)
        case "ifdef", "ifndef":
            conditionals.append(.unknown)
        case "elif", "elifdef", "elifndef":
            if let last = conditionals.last {
                switch last {
                case .inactive:
                    let value = name == "elif" ? condition : nil
                    conditionals[conditionals.count - 1] = value.map { $0 ? .activeConstant : .inactive } ?? .unknown
                case .activeConstant: conditionals[conditionals.count - 1] = .inactive
                case .unknown: break
                }
            }
        case "else":
            if let last = conditionals.last {
                switch last {
                case .inactive: conditionals[conditionals.count - 1] = .activeConstant
                case .activeConstant: conditionals[conditionals.count - 1] = .inactive
                case .unknown: break
                }
            }
        case "endif":
            if !conditionals.isEmpty { conditionals.removeLast() }
        case "define":
            // The body is code: calls in it count (`#define OK_TITLE NSLocalizedString(@"OK", @"")`).
            defineEnd = lineEnd
            offset = cursor
            atLineStart = false
            return
        default:
            break
        }
        offset = lineEnd
    }

    /// `true`/`false` for `#if 0`, `#if 1` (and `#if false`/`true`), `nil` for any other condition.
    private static func constantCondition(_ argument: String) -> Bool? {
        var text = Substring(argument)
        if let comment = text.range(of: "//") { text = text[..<comment.lowerBound] }
        if let comment = text.range(of: "/*") { text = text[..<comment.lowerBound] }
        switch text.trimmingSpaces {
        case "0", "false": return false
        case "1", "true": return true
        default: return nil
        }
    }

    /// The offset of the line break that ends the logical line starting at `start` (backslash-newline continues it).
    private func logicalLineEnd(from start: Int) -> Int {
        var cursor = start
        while cursor < bytes.count {
            if Self.isLineBreak(bytes[cursor]) {
                var before = cursor - 1
                while before > start, bytes[before] == UInt8(ascii: " ") || bytes[before] == UInt8(ascii: "\t") {
                    before -= 1
                }
                if before >= start, bytes[before] == UInt8(ascii: "\\") {
                    cursor +=
                        bytes[cursor] == UInt8(ascii: "\r") && cursor + 1 < bytes.count
                            && bytes[cursor + 1] == UInt8(ascii: "\n") ? 2 : 1
                    continue
                }
                return cursor
            }
            cursor += 1
        }
        return cursor
    }

    private mutating func stringLiteral(start: Int, quote: Int, commentedOut: Bool, end: Int) throws(Failure) {
        var cursor = quote + 1
        var value: [UInt8] = []
        while true {
            guard cursor < end, !Self.isLineBreak(bytes[cursor]) else {
                if commentedOut {
                    // Commented-out text is not code: the literal ends with the line.
                    offset = cursor
                    append(.string(value), at: start, commentedOut: true)
                    return
                }
                throw Failure(message: "unterminated string literal", offset: quote)
            }
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") {
                cursor += 1
                break
            }
            if byte == UInt8(ascii: "\\") {
                cursor += 1
                guard cursor < end else { continue }
                cursor = Self.resolveEscape(in: bytes, at: cursor, into: &value)
                continue
            }
            value.append(byte)
            cursor += 1
        }
        offset = cursor
        append(.string(value), at: start, commentedOut: commentedOut)
    }

    /// Resolves the escape whose character (after the backslash) is at `start`, as a C compiler does.
    ///
    /// Simple escapes, octal and `\x` escapes as bytes, `\u`/`\U` as a Unicode scalar in UTF-8, backslash-newline
    /// as nothing. Returns the offset after the escape.
    static func resolveEscape(in bytes: [UInt8], at start: Int, into value: inout [UInt8]) -> Int {
        var cursor = start
        let byte = bytes[cursor]
        cursor += 1
        switch byte {
        case UInt8(ascii: "n"): value.append(0x0A)
        case UInt8(ascii: "t"): value.append(0x09)
        case UInt8(ascii: "r"): value.append(0x0D)
        case UInt8(ascii: "a"): value.append(0x07)
        case UInt8(ascii: "b"): value.append(0x08)
        case UInt8(ascii: "f"): value.append(0x0C)
        case UInt8(ascii: "v"): value.append(0x0B)
        case UInt8(ascii: "e"): value.append(0x1B)
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var number = Int(byte - UInt8(ascii: "0"))
            var digits = 1
            while digits < 3, cursor < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[cursor]) {
                number = number * 8 + Int(bytes[cursor] - UInt8(ascii: "0"))
                cursor += 1
                digits += 1
            }
            value.append(UInt8(truncatingIfNeeded: number))
        case UInt8(ascii: "x"):
            var number = 0
            var digits = 0
            while cursor < bytes.count, let digit = hexDigit(bytes[cursor]) {
                number = (number &* 16 &+ digit) & 0xFF
                cursor += 1
                digits += 1
            }
            if digits == 0 { value.append(UInt8(ascii: "x")) } else { value.append(UInt8(number)) }
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            // genstrings takes exactly four hexadecimal digits after `\U` as well as after `\u`.
            var number: UInt32 = 0
            var digits = 0
            while digits < 4, cursor < bytes.count, let digit = hexDigit(bytes[cursor]) {
                number = number * 16 + UInt32(digit)
                cursor += 1
                digits += 1
            }
            if digits == 4, let scalar = Unicode.Scalar(number) {
                value.append(contentsOf: Array(String(Character(scalar)).utf8))
            } else {
                value.append(contentsOf: Array("\u{FFFD}".utf8))
            }
        case UInt8(ascii: "\n"):
            break
        case UInt8(ascii: "\r"):
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\n") { cursor += 1 }
        default:
            // `\"`, `\'`, `\\`, `\?` and unknown escapes stand for the character itself.
            value.append(byte)
        }
        return cursor
    }

    private static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    private mutating func skipCharacterLiteral(end: Int) {
        offset += 1
        while offset < end, !Self.isLineBreak(bytes[offset]) {
            if bytes[offset] == UInt8(ascii: "\\") {
                offset += 2
                continue
            }
            if bytes[offset] == UInt8(ascii: "'") {
                offset += 1
                return
            }
            offset += 1
        }
        offset = min(offset, end)
    }

    /// Skips a preprocessing number (`42`, `0x1F`, `1e-5`, `1'000`).
    private mutating func skipNumber(end: Int, commentedOut: Bool) {
        append(.other, at: offset, commentedOut: commentedOut)
        offset += 1
        while offset < end {
            let byte = bytes[offset]
            if Self.isIdentifierPart(byte) || byte == UInt8(ascii: ".") {
                offset += 1
            } else if byte == UInt8(ascii: "'"), offset + 1 < end, Self.isIdentifierPart(bytes[offset + 1]) {
                offset += 2
            } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"),
                [UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "p"), UInt8(ascii: "P")].contains(bytes[offset - 1])
            {
                offset += 1
            } else {
                break
            }
        }
    }

    static func isLineBreak(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), 0x80...:
            true
        case UInt8(ascii: "$"): true
        default: false
        }
    }

    static func isIdentifierPart(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }
}
