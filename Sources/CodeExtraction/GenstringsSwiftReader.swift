import LocalizationCatalog
import StringBridgeSupport

/// Reads Swift as genstrings reads it: as text, for a localization export of a target that does not use the
/// compiler to extract Swift strings (`SWIFT_EMIT_LOC_STRINGS` off; docs/extraction.md, "Export").
///
/// genstrings does not parse Swift: comments are read like code (a call in a doc comment counts), `#if` blocks are
/// all read, and a string literal's escapes are resolved as C resolves them, so an interpolation keeps its text
/// without the backslash (`"\(count) rates"` → key `(count) rates`). What is found:
/// - `NSLocalizedString(…)` and the calls of every `LOCALIZED_STRING_MACRO_NAMES` name: the first argument's literal
///   is the key, `tableName:`, `value:` and `comment:` literals the table, value and comment;
/// - with ``readsTextLiterals`` (`LOCALIZED_STRING_SWIFTUI_SUPPORT`), every literal anywhere inside `Text(…)` (a
///   ternary's branches, a nested call's arguments) but those of `comment:`, `tableName:`, `bundle:` and `verbatim:`;
///   the `comment:` and `tableName:` literals of the `Text(…)` itself are its keys' comment and table.
///
/// A key with two or more format arguments gets genstrings' positional value (``PositionalSpecifiers``). The reader
/// is linear in the file's size: one pass of the lexer, one of the brackets, and each literal taken once.
package struct GenstringsSwiftReader: CodeReader {
    /// `swift`.
    package var fileExtensions: Set<String> { ["swift"] }

    /// Names read like `NSLocalizedString` (`LOCALIZED_STRING_MACRO_NAMES`).
    package var macroNames: Set<String>
    /// Whether the literals inside `Text(…)` are keys (`LOCALIZED_STRING_SWIFTUI_SUPPORT`, on unless `NO`).
    package var readsTextLiterals: Bool
    /// Which threads read the files: all cores by default (files side by side).
    package var parallelism = Parallelism.automatic

    /// Creates a reader.
    package init(macroNames: Set<String> = [], readsTextLiterals: Bool = true) {
        self.macroNames = macroNames
        self.readsTextLiterals = readsTextLiterals
    }

    /// Returns the strings of `files`, in file order and then source order (calls first, then `Text` literals).
    package func strings(in files: [CodeFile], diagnostics: inout Diagnostics) -> [ExtractedString] {
        let names = macroNames.union(["NSLocalizedString"])
        let readsTextLiterals = readsTextLiterals
        return stringsOfEachFile(files, reader: self, parallelism: parallelism, diagnostics: &diagnostics) {
            file, _ in
            Self.strings(in: file, names: names, readsTextLiterals: readsTextLiterals)
        }
    }

    package static func strings(in file: CodeFile, names: Set<String>, readsTextLiterals: Bool) -> [ExtractedString] {
        let bytes = Array(file.text.utf8)
        let tokens = GenstringsSwiftLexer.tokens(of: bytes)
        guard !tokens.isEmpty else { return [] }
        let lines = SourceLines(path: file.path, bytes: bytes)
        let closers = closers(of: tokens)
        var taken = [Bool](repeating: false, count: tokens.count)
        var calls: [(index: Int, string: ExtractedString)] = []

        // The NSLocalizedString-like calls.
        for index in tokens.indices {
            guard case .identifier(let name) = tokens[index].kind, names.contains(name),
                index + 1 < tokens.count, tokens[index + 1].kind == .punctuation(UInt8(ascii: "(")),
                let arguments = arguments(of: tokens, openingAt: index + 1, closers: closers),
                let first = arguments.first, first.count == 1, case .string(let key) = tokens[first.startIndex].kind
            else { continue }
            let keyIndex = first.startIndex
            var table = "Localizable"
            var value: String?
            var comment: String?
            for argument in arguments.dropFirst() {
                guard let (label, literalIndex) = labeledLiteral(argument) else { continue }
                guard case .string(let text) = tokens[literalIndex].kind else { continue }
                switch label {
                case "tableName": if !text.isEmpty { table = text }
                case "value": value = text.isEmpty ? nil : text
                case "comment": comment = text
                default: continue
                }
                taken[literalIndex] = true
            }
            taken[keyIndex] = true
            calls.append((keyIndex, extracted(key, value, comment, table, tokens[keyIndex].offset, lines)))
        }

        // The literals inside `Text(…)`.
        if readsTextLiterals {
            var coveredUntil = -1
            for index in tokens.indices where index > coveredUntil {
                guard tokens[index].kind == .identifier("Text"), index + 1 < tokens.count,
                    tokens[index + 1].kind == .punctuation(UInt8(ascii: "(")),
                    let close = closers[index + 1],
                    let arguments = arguments(of: tokens, openingAt: index + 1, closers: closers)
                else { continue }
                coveredUntil = close
                var table = "Localizable"
                var comment: String?
                for argument in arguments {
                    guard let (label, literalIndex) = labeledLiteral(argument),
                        case .string(let text) = tokens[literalIndex].kind
                    else { continue }
                    if label == "comment" { comment = text }
                    if label == "tableName", !text.isEmpty { table = text }
                }
                for inner in (index + 2)..<close where !taken[inner] {
                    guard case .string(let key) = tokens[inner].kind else { continue }
                    taken[inner] = true
                    if inner >= 2, tokens[inner - 1].kind == .punctuation(UInt8(ascii: ":")),
                        case .identifier(let label) = tokens[inner - 2].kind,
                        ["comment", "tableName", "bundle", "verbatim"].contains(label)
                    {
                        continue
                    }
                    calls.append((inner, extracted(key, nil, comment, table, tokens[inner].offset, lines)))
                }
            }
        }
        return calls.sorted { $0.index < $1.index }.map(\.string)
    }

    /// One string as genstrings writes it: a key with two or more format arguments and no value gets the numbered
    /// value.
    private static func extracted(
        _ key: String, _ value: String?, _ comment: String?, _ table: String, _ offset: Int, _ lines: SourceLines
    ) -> ExtractedString {
        var value = value
        if let numbered = PositionalSpecifiers.numbered(value ?? key) { value = numbered }
        if value == key { value = nil }
        return ExtractedString(
            key: key, value: value, comment: comment?.isEmpty == true ? nil : comment, table: table,
            location: lines.location(of: offset), origin: .swift)
    }

    /// `label: "literal"`: the label and the literal's token index; `nil` for any other argument.
    private static func labeledLiteral(
        _ argument: ArraySlice<GenstringsSwiftLexer.Token>
    ) -> (String, Int)? {
        guard argument.count == 3, case .identifier(let label) = argument[argument.startIndex].kind,
            argument[argument.startIndex + 1].kind == .punctuation(UInt8(ascii: ":"))
        else { return nil }
        return (label, argument.startIndex + 2)
    }

    /// The index of the token that closes each opening bracket (any closing bracket closes the innermost open one),
    /// found in one pass.
    private static func closers(of tokens: [GenstringsSwiftLexer.Token]) -> [Int?] {
        bracketClosers(
            tokens.map { token -> UInt8? in
                guard case .punctuation(let byte) = token.kind else { return nil }
                return byte
            })
    }

    /// The arguments of the call whose `(` is `tokens[open]`, split at top-level commas; `nil` when it is not
    /// closed.
    ///
    /// Nested brackets are stepped over by `closers`.
    private static func arguments(
        of tokens: [GenstringsSwiftLexer.Token], openingAt open: Int, closers: [Int?]
    ) -> [ArraySlice<GenstringsSwiftLexer.Token>]? {
        guard let close = closers[open] else { return nil }
        var result: [ArraySlice<GenstringsSwiftLexer.Token>] = []
        var start = open + 1
        var index = open + 1
        while index < close {
            if case .punctuation(let byte) = tokens[index].kind {
                switch byte {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                    guard let inner = closers[index] else { return nil }
                    index = inner
                case UInt8(ascii: ","):
                    result.append(tokens[start..<index])
                    start = index + 1
                default: break
                }
            }
            index += 1
        }
        if close > start || !result.isEmpty { result.append(tokens[start..<close]) }
        return result
    }
}

/// The tokens genstrings sees in Swift: identifiers, string literals (escapes resolved as C resolves them) and
/// brackets, commas and colons; comments are not skipped, everything else is dropped.
enum GenstringsSwiftLexer {
    struct Token {
        enum Kind: Equatable {
            case identifier(String)
            /// A one-line string literal, its escapes resolved (`\(` is `(`).
            case string(String)
            /// One of `( ) [ ] { } , :`.
            case punctuation(UInt8)
        }

        var kind: Kind
        /// The byte offset of the token's first character (a literal's opening quote).
        var offset: Int
    }

    static func tokens(of bytes: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                if index + 2 < count, bytes[index + 1] == UInt8(ascii: "\""), bytes[index + 2] == UInt8(ascii: "\"") {
                    // A multi-line literal: not a key genstrings reads; stepped over whole.
                    var cursor = index + 3
                    while cursor + 2 < count,
                        !(bytes[cursor] == UInt8(ascii: "\"") && bytes[cursor + 1] == UInt8(ascii: "\"")
                            && bytes[cursor + 2] == UInt8(ascii: "\"") && bytes[cursor - 1] != UInt8(ascii: "\\"))
                    {
                        cursor += 1
                    }
                    index = min(count, cursor + 3)
                    continue
                }
                let (text, end) = literal(bytes, from: index + 1)
                if let text { tokens.append(Token(kind: .string(text), offset: index)) }
                index = end
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"),
                UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ":"):
                tokens.append(Token(kind: .punctuation(byte), offset: index))
                index += 1
            default:
                guard isIdentifierByte(byte), !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
                    index += 1
                    continue
                }
                let start = index
                while index < count, isIdentifierByte(bytes[index]) { index += 1 }
                tokens.append(
                    Token(kind: .identifier(String(decoding: bytes[start..<index], as: UTF8.self)), offset: start))
            }
        }
        return tokens
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// The literal whose text starts at `start` (after the opening quote), escapes resolved, and the offset after
    /// it; `nil` text when the line ends before the closing quote.
    private static func literal(_ bytes: [UInt8], from start: Int) -> (String?, Int) {
        var result: [UInt8] = []
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                return (String(decoding: result, as: UTF8.self), index + 1)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                return (nil, index)
            case UInt8(ascii: "\\") where index + 1 < bytes.count:
                let escaped = bytes[index + 1]
                index += 2
                switch escaped {
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "r"): result.append(0x0D)
                case UInt8(ascii: "0"): result.append(0x00)
                case UInt8(ascii: "u") where index < bytes.count && bytes[index] == UInt8(ascii: "{"):
                    var cursor = index + 1
                    var scalar: UInt32 = 0
                    var digits = 0
                    while cursor < bytes.count, digits < 8, let digit = Hexadecimal.digitValue(bytes[cursor]) {
                        scalar = scalar << 4 | UInt32(digit)
                        digits += 1
                        cursor += 1
                    }
                    if digits > 0, cursor < bytes.count, bytes[cursor] == UInt8(ascii: "}"),
                        let value = Unicode.Scalar(scalar)
                    {
                        result += Array(String(Character(value)).utf8)
                        index = cursor + 1
                    } else {
                        result.append(escaped)
                    }
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return (nil, index - 1)
                default: result.append(escaped)  // `\(` is `(`, `\"` is `"`, `\\` is `\`
                }
            default:
                result.append(byte)
                index += 1
            }
        }
        return (nil, index)
    }
}
