import LocalizationCatalog
import StringBridgeSupport
import SwiftSyntax

/// What a Swift file nests, found by one pass over its bytes before swift-syntax parses it: a file past a limit is
/// not given to the parser (docs/security.md, "Code").
///
/// swift-syntax's parser recurses once per level of `(`, `[`, `{` and `\(` (about 2,000 nested `[` overflow the
/// stack, 6,000 nested interpolations take 1.7 GB), and it tries some forms both as a type and as an expression:
/// - brackets opened one right after another from a `[` (`[[[`, `[(`, `[ /* … */ [`) take time doubling with each
///   one (30 took hours), so such a run may hold at most ``InputLimits/swiftBracketRun`` brackets;
/// - `<` right after a name (`a<b<c<…`, generic arguments) takes time quadratic in how many are open at once, so
///   at most ``InputLimits/swiftGenericNesting`` may be (a `{`, `}`, `;` or `=` ends them, a `>` closes one).
///
/// Brackets and interpolations nest at most ``InputLimits/swiftNesting`` levels deep. The scan skips comments
/// (block comments nest) and the text of string literals (plain, multi-line and raw, `#"…"#`), and counts an
/// interpolation (`\(`, `\#(` in a raw string) as a level, like the code inside it.
enum SwiftNestingScan {
    /// Which limit a file passes.
    enum Excess: Equatable {
        /// Brackets and interpolations nest deeper than ``InputLimits/swiftNesting``.
        case nesting
        /// More than ``InputLimits/swiftBracketRun`` brackets open in a row from a `[`.
        case bracketRun
        /// More than ``InputLimits/swiftGenericNesting`` `<` after names open at once.
        case genericNesting
        /// More than ``InputLimits/swiftWordRun`` prefix words in a row (`try try …`, `await await …`).
        case wordRun
        /// More than ``InputLimits/swiftChain`` `else if` in one chain, or `->` in one type.
        case chain
        /// `#if` nested more than ``InputLimits/swiftNesting`` deep.
        case directiveNesting

        /// The warning, without its position.
        var message: String {
            switch self {
            case .nesting:
                return "brackets and string interpolations nest more than \(InputLimits.swiftNesting) levels deep "
                    + "here; the file is not read"
            case .bracketRun:
                return "more than \(InputLimits.swiftBracketRun) brackets open in a row here, from a \"[\" "
                    + "(swift-syntax's time doubles with each); the file is not read"
            case .genericNesting:
                return "more than \(InputLimits.swiftGenericNesting) \"<\" after names are open here (swift-syntax's "
                    + "time grows with their square); the file is not read"
            case .wordRun:
                return "more than \(InputLimits.swiftWordRun) words like \"try\" and \"await\" in a row here "
                    + "(swift-syntax recurses once for each); the file is not read"
            case .chain:
                return "more than \(InputLimits.swiftChain) \"else if\" or \"->\" in one chain here (swift-syntax "
                    + "recurses once for each); the file is not read"
            case .directiveNesting:
                return "#if nests more than \(InputLimits.swiftNesting) levels deep here; the file is not read"
            }
        }
    }

    /// The offset of the first bracket, interpolation or `<` past a limit, and which, or `nil` when the file stays
    /// within them.
    static func firstExcess(_ bytes: [UInt8]) -> (offset: Int, excess: Excess)? {
        var scanner = Scanner(bytes: bytes)
        return scanner.run()
    }

    /// What an open level is.
    private enum Level {
        /// `(`, `[` or `{` in code.
        case bracket
        /// An interpolation in a string literal: the literal's delimiter, resumed after the closing `)`.
        case interpolation(LiteralDelimiter)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var levels: [Level] = []
        /// Whether the last token was an opening `[` or `(` (comments and white space between do not count).
        var afterOpener = false
        /// The brackets opened in a row since the run's first `[` (0 while the run has no `[`).
        var bracketRun = 0
        /// The `<` after names open since the last `{`, `}`, `;` or `=`.
        var generics = 0
        /// The prefix words (`try`, `await`, …) in a row so far.
        var wordRun = 0
        /// Whether the last token was the word `else`.
        var afterElse = false
        /// Per open level (the file's top level first): the `else if` of the current chain, and the `->` since the
        /// last `{`, `}`, `;`, `=`, `,` or declaration word.
        var chains: [(elseIfs: Int, arrows: Int)] = [(0, 0)]
        /// How deeply `#if` nests.
        var directives = NestingCounter(limit: InputLimits.swiftNesting)

        /// Words that swift-syntax parses by recursing into what follows them.
        static let prefixWords: Set<String> = [
            "try", "await", "consume", "copy", "each", "repeat", "some", "any", "inout", "borrowing", "consuming",
            "sending", "_move", "_borrow",
        ]
        /// Words that start a declaration or a clause: a type's arrows end there.
        static let declarationWords: Set<String> = [
            "func", "var", "let", "init", "subscript", "case", "typealias", "in", "return", "protocol", "struct",
            "class", "enum", "extension", "actor",
        ]

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        subscript(_ offset: Int) -> UInt8? {
            offset < bytes.count ? bytes[offset] : nil
        }

        /// Goes one level deeper; `false` when that passes the limit.
        mutating func open(_ level: Level) -> Bool {
            levels.append(level)
            chains.append((0, 0))
            return levels.count <= InputLimits.swiftNesting
        }

        /// Goes one level back up; what it opened, if anything.
        mutating func close() -> Level? {
            if chains.count > 1 { chains.removeLast() }
            return levels.popLast()
        }

        mutating func run() -> (offset: Int, excess: Excess)? {
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0A, 0x0D:
                    index += 1
                    continue
                case UInt8(ascii: "/") where self[index + 1] == UInt8(ascii: "/"):
                    while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
                    continue
                case UInt8(ascii: "/") where self[index + 1] == UInt8(ascii: "*"):
                    skipBlockComment()
                    continue
                default:
                    break
                }
                let wasAfterOpener = afterOpener
                afterOpener = false
                let wasAfterElse = afterElse
                afterElse = false
                let previousWordRun = wordRun
                wordRun = 0
                if Self.isNameByte(byte), !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                    if let excess = word(afterElse: wasAfterElse, wordRun: previousWordRun) { return excess }
                    continue
                }
                switch byte {
                case UInt8(ascii: "["), UInt8(ascii: "("):
                    if byte == UInt8(ascii: "[") {
                        bracketRun = wasAfterOpener && bracketRun > 0 ? bracketRun + 1 : 1
                    } else {
                        bracketRun = wasAfterOpener && bracketRun > 0 ? bracketRun + 1 : 0
                    }
                    afterOpener = true
                    if bracketRun > InputLimits.swiftBracketRun { return (index, .bracketRun) }
                    if !open(.bracket) { return (index, .nesting) }
                    index += 1
                case UInt8(ascii: "{"):
                    generics = 0
                    if !open(.bracket) { return (index, .nesting) }
                    index += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    if byte == UInt8(ascii: "}") { generics = 0 }
                    index += 1
                    if case .interpolation(let literal) = close() {
                        if let tooDeep = string(literal) { return (tooDeep, .nesting) }
                    }
                case UInt8(ascii: "<"):
                    if index > 0, Self.isNameByte(bytes[index - 1]) {
                        generics += 1
                        if generics > InputLimits.swiftGenericNesting { return (index, .genericNesting) }
                    }
                    index += 1
                case UInt8(ascii: ">"):
                    if generics > 0 { generics -= 1 }
                    index += 1
                case UInt8(ascii: "-") where self[index + 1] == UInt8(ascii: ">"):
                    chains[chains.count - 1].arrows += 1
                    if chains[chains.count - 1].arrows > InputLimits.swiftChain { return (index, .chain) }
                    index += 2
                case UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ","):
                    if byte != UInt8(ascii: ",") { generics = 0 }
                    chains[chains.count - 1].arrows = 0
                    index += 1
                case UInt8(ascii: "\""), UInt8(ascii: "#"):
                    guard let literal = openingDelimiter() else {
                        if let excess = directive() { return excess }
                        continue
                    }
                    if let tooDeep = string(literal) { return (tooDeep, .nesting) }
                default:
                    index += 1
                }
            }
            return nil
        }

        /// Reads the word at `index` (a name or keyword) and keeps its counts: prefix words in a row, `else if`
        /// chains, and `->` ending at declaration words.
        mutating func word(afterElse wasAfterElse: Bool, wordRun previousWordRun: Int) -> (offset: Int, excess: Excess)?
        {
            let start = index
            while index < bytes.count, Self.isNameByte(bytes[index]) || bytes[index] == UInt8(ascii: "$") { index += 1 }
            let word = String(decoding: bytes[start..<index], as: UTF8.self)
            if Self.prefixWords.contains(word) {
                // `try?` and `try!` are one prefix.
                if word == "try", self[index] == UInt8(ascii: "?") || self[index] == UInt8(ascii: "!") { index += 1 }
                wordRun = previousWordRun + 1
                if wordRun > InputLimits.swiftWordRun { return (start, .wordRun) }
            } else if word == "if" {
                let top = chains.count - 1
                chains[top].elseIfs = wasAfterElse ? chains[top].elseIfs + 1 : 0
                if chains[top].elseIfs > InputLimits.swiftChain { return (start, .chain) }
            } else if word == "else" {
                afterElse = true
            } else if Self.declarationWords.contains(word) {
                chains[chains.count - 1].arrows = 0
            }
            return nil
        }

        /// Reads a `#` that opens no raw string: `#if` and `#endif` change how deeply directives nest.
        mutating func directive() -> (offset: Int, excess: Excess)? {
            let start = index
            index += 1
            let wordStart = index
            while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
            switch String(decoding: bytes[wordStart..<index], as: UTF8.self) {
            case "if":
                if !directives.enter() { return (start, .directiveNesting) }
            case "endif":
                directives.leave()
            default:
                break
            }
            return nil
        }

        /// Whether `byte` can end a name (ASCII letters, digits, `_`, and any byte of a non-ASCII character).
        static func isNameByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...0xFF:
                return true
            default:
                return false
            }
        }

        /// Skips a block comment from its `/*`, nested ones included.
        mutating func skipBlockComment() {
            var depth = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "/"), self[index + 1] == UInt8(ascii: "*") {
                    depth += 1
                    index += 2
                } else if bytes[index] == UInt8(ascii: "*"), self[index + 1] == UInt8(ascii: "/") {
                    depth -= 1
                    index += 2
                    if depth == 0 { return }
                } else {
                    index += 1
                }
            }
        }

        /// The string literal opening at `index` (`"`, `"""`, `#"`, `##"""`, …), moving past its delimiter; `nil`
        /// (and `index` unchanged) when the `#`s are not followed by a quote.
        mutating func openingDelimiter() -> LiteralDelimiter? {
            var hashes = 0
            while self[index + hashes] == UInt8(ascii: "#") { hashes += 1 }
            guard self[index + hashes] == UInt8(ascii: "\"") else { return nil }
            let quote = index + hashes
            let multiline = self[quote + 1] == UInt8(ascii: "\"") && self[quote + 2] == UInt8(ascii: "\"")
            index = quote + (multiline ? 3 : 1)
            return LiteralDelimiter(hashes: hashes, multiline: multiline)
        }

        /// Reads a string literal's text from `index` up to its closing delimiter or to an interpolation, which it
        /// opens as a level; the offset of an interpolation past the limit, else `nil`.
        mutating func string(_ literal: LiteralDelimiter) -> Int? {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\") {
                    var hashes = 0
                    while hashes < literal.hashes, self[index + 1 + hashes] == UInt8(ascii: "#") { hashes += 1 }
                    guard hashes == literal.hashes else {
                        index += 1
                        continue
                    }
                    let after = index + 1 + hashes
                    if self[after] == UInt8(ascii: "(") {
                        let start = index
                        index = after + 1
                        return open(.interpolation(literal)) ? nil : start
                    }
                    index = after + 1  // an escape: the escaped character is text
                    continue
                }
                if !literal.multiline, byte == 0x0A || byte == 0x0D {
                    return nil  // an unterminated literal ends at the line's end
                }
                if byte == UInt8(ascii: "\""), closes(literal, at: index) {
                    index += (literal.multiline ? 3 : 1) + literal.hashes
                    return nil
                }
                index += 1
            }
            return nil
        }

        /// Whether the delimiter of `literal` closes at `offset` (its quote or quotes, then its `#`s).
        func closes(_ literal: LiteralDelimiter, at offset: Int) -> Bool {
            let quotes = literal.multiline ? 3 : 1
            for step in 0..<quotes where self[offset + step] != UInt8(ascii: "\"") { return false }
            for step in 0..<literal.hashes where self[offset + quotes + step] != UInt8(ascii: "#") { return false }
            return true
        }
    }
}

/// A Swift string literal's delimiter: how many `#`s, and whether it is multi-line (`"""`).
private struct LiteralDelimiter {
    var hashes: Int
    var multiline: Bool
}

/// How deep a syntax tree is, measured without recursing (the reader's walks recurse once per level).
enum SyntaxDepth {
    /// The first node (in an iterative walk) deeper than `limit` levels, or `nil` when the tree is within it.
    static func firstBeyond(_ limit: Int, in root: some SyntaxProtocol) -> Syntax? {
        var stack: [(node: Syntax, depth: Int)] = [(Syntax(root), 0)]
        while let (node, depth) = stack.popLast() {
            if depth > limit { return node }
            for child in node.children(viewMode: .sourceAccurate) { stack.append((child, depth + 1)) }
        }
        return nil
    }
}
