import LocalizationCatalog
import StringBridgeSupport

/// Reads the localized strings of Objective-C, C and C++ files by genstrings' rules.
///
/// The calls recognized are `NSLocalizedString(key, comment)`, `NSLocalizedStringFromTable(key, table, comment)`,
/// `NSLocalizedStringFromTableInBundle(key, table, bundle, comment)`,
/// `NSLocalizedStringWithDefaultValue(key, table, bundle, value, comment)`, the same four of
/// `CFCopyLocalizedString`, and the same four of every extra base name (`LOCALIZED_STRING_MACRO_NAMES`). Keys,
/// tables, values and comments are string literals (`@"…"`, `"…"`, `CFSTR("…")`, adjacent literals joined); a call
/// whose key is anything else is a warning and is not extracted. Calls in `#define` bodies count; calls in comments
/// count (genstrings reads them, and Xcode keeps doing so: docs/extraction.md, "Objective-C and C"), unless
/// `includesComments` is off; calls in `#if 0` blocks count only with `includesCommentedOutCode`
/// (`LOCALIZED_STRING_CODE_COMMENTS`).
package struct ObjectiveCCodeReader: CodeReader {
    /// `m`, `mm`, `h`, `c`, `cc`, `cpp`, `hpp`.
    package var fileExtensions: Set<String> { ["m", "mm", "h", "c", "cc", "cpp", "hpp"] }

    /// Base names besides `NSLocalizedString` and `CFCopyLocalizedString` (each also stands for its `FromTable`,
    /// `FromTableInBundle` and `WithDefaultValue` forms).
    package var macroBaseNames: [String]
    /// Whether calls in `#if 0` blocks are extracted too (`LOCALIZED_STRING_CODE_COMMENTS = YES`).
    package var includesCommentedOutCode: Bool
    /// Whether calls in `//` and `/* */` comments are extracted (genstrings' rule, on by default).
    package var includesComments = true
    /// Whether a key with two or more format arguments gets a value with numbered ones (`%1$@ of %2$d`), as
    /// genstrings writes it unless given `-noPositionalParameters`.
    package var numbersFormatArguments: Bool

    /// Which threads read the files: all cores by default (files side by side).
    ///
    /// ``Parallelism/sequential`` reads them one after the other on the calling thread; the result is the same.
    package var parallelism = Parallelism.automatic

    /// Creates a reader.
    package init(
        macroBaseNames: [String] = [], includesCommentedOutCode: Bool = false, numbersFormatArguments: Bool = true
    ) {
        self.macroBaseNames = macroBaseNames
        self.includesCommentedOutCode = includesCommentedOutCode
        self.numbersFormatArguments = numbersFormatArguments
    }

    /// The argument positions of one recognized function.
    private struct Signature {
        var argumentCount: Int
        var table: Int?
        var value: Int?
        var comment: Int
    }

    private var signatures: [String: Signature] {
        var result: [String: Signature] = [:]
        for base in ["NSLocalizedString", "CFCopyLocalizedString"] + macroBaseNames where !base.isEmpty {
            result[base] = Signature(argumentCount: 2, comment: 1)
            result[base + "FromTable"] = Signature(argumentCount: 3, table: 1, comment: 2)
            result[base + "FromTableInBundle"] = Signature(argumentCount: 4, table: 1, comment: 3)
            result[base + "WithDefaultValue"] = Signature(argumentCount: 5, table: 1, value: 3, comment: 4)
        }
        return result
    }

    /// Returns the strings of `files`, in file order and then source order.
    package func strings(in files: [CodeFile], diagnostics: inout Diagnostics) -> [ExtractedString] {
        let signatures = self.signatures
        return stringsOfEachFile(files, reader: self, parallelism: parallelism, diagnostics: &diagnostics) {
            file, diagnostics in
            strings(in: file, signatures: signatures, diagnostics: &diagnostics)
        }
    }

    private func strings(
        in file: CodeFile, signatures: [String: Signature], diagnostics: inout Diagnostics
    ) -> [ExtractedString] {
        let bytes = Array(file.text.utf8)
        let lines = SourceLines(path: file.path, bytes: bytes)
        var lexer = CSourceLexer(
            bytes: bytes, tokenizesComments: includesComments || includesCommentedOutCode,
            tokenizesInactiveBlocks: includesCommentedOutCode)
        let tokens: [CToken]
        do {
            tokens = try lexer.tokenize()
        } catch {
            diagnostics.append(Diagnostic(.error, error.message, at: lines.location(of: error.offset)))
            return []
        }
        let closers = Self.closers(of: tokens)
        var result: [ExtractedString] = []
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            guard case .identifier(let name) = tokens[index].kind, let signature = signatures[name],
                index + 1 < tokens.count, tokens[index + 1].kind == .punctuation(UInt8(ascii: "("))
            else { continue }
            let call = tokens[index]
            guard let arguments = Self.arguments(of: tokens, openingAt: index + 1, closers: closers) else { continue }
            // Warnings only for code that is compiled as written: not in comments, and not in `#define` bodies, whose
            // arguments are often the macro's parameters.
            let warns = !call.isCommentedOut && !call.isInDefine
            func warn(_ message: String) {
                if warns { diagnostics.append(Diagnostic(.warning, message, at: lines.location(of: call.offset))) }
            }
            guard arguments.count == signature.argumentCount else {
                warn(
                    "\(name) takes \(signature.argumentCount) arguments, not \(arguments.count); the call is not extracted"
                )
                continue
            }
            guard case .literal(let keyBytes, let keyOffset) = Self.literal(arguments[0]) else {
                warn("\(name): the key is not a string literal; the call is not extracted")
                continue
            }
            var table = "Localizable"
            if let position = signature.table {
                switch Self.literal(arguments[position]) {
                case .literal(let bytes, _): table = Self.text(bytes, lines, keyOffset, &diagnostics)
                case .null: break
                case .other:
                    warn("\(name): the table is not a string literal; the call is not extracted")
                    continue
                }
                if table.isEmpty { table = "Localizable" }
            }
            var value: String?
            if let position = signature.value {
                switch Self.literal(arguments[position]) {
                case .literal(let bytes, _): value = Self.text(bytes, lines, keyOffset, &diagnostics)
                case .null: break
                case .other:
                    warn("\(name): the value is not a string literal; the call is not extracted")
                    continue
                }
            }
            var comment: String?
            switch Self.literal(arguments[signature.comment]) {
            case .literal(let bytes, _): comment = Self.text(bytes, lines, keyOffset, &diagnostics)
            case .null: break
            case .other:
                warn("\(name): the comment is not a string literal; the call is not extracted")
                continue
            }
            let key = Self.text(keyBytes, lines, keyOffset, &diagnostics)
            if value?.isEmpty == true { value = nil }
            if numbersFormatArguments, let numbered = PositionalSpecifiers.numbered(value ?? key) { value = numbered }
            if value == key { value = nil }
            result.append(
                ExtractedString(
                    key: key,
                    value: value,
                    comment: comment?.isEmpty == true ? nil : comment,
                    table: table,
                    location: lines.location(of: keyOffset),
                    origin: .objectiveC
                ))
        }
        return result
    }

    /// The index of the token that closes each opening `(`, `[` or `{` (any closing bracket closes the innermost
    /// open one), or `nil` for one never closed; found in one pass, so that reading the arguments of nested calls
    /// stays linear.
    private static func closers(of tokens: [CToken]) -> [Int?] {
        bracketClosers(
            tokens.map { token -> UInt8? in
                guard case .punctuation(let byte) = token.kind else { return nil }
                return byte
            })
    }

    /// The arguments of the call whose `(` is `tokens[open]`, split at top-level commas; `nil` when the parenthesis
    /// is not closed.
    ///
    /// Brackets inside an argument are stepped over by `closers`, not scanned.
    private static func arguments(of tokens: [CToken], openingAt open: Int, closers: [Int?]) -> [ArraySlice<CToken>]? {
        guard let close = closers[open] else { return nil }
        var start = open + 1
        var result: [ArraySlice<CToken>] = []
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
                default:
                    break
                }
            }
            index += 1
        }
        if close > start || !result.isEmpty { result.append(tokens[start..<close]) }
        return result
    }

    private enum Argument {
        /// One or more adjacent string literals, joined; the offset of the first.
        case literal([UInt8], Int)
        /// `nil`, `NULL`, `Nil` or `nullptr`.
        case null
        /// Anything else.
        case other
    }

    /// What an argument is: literals (possibly in parentheses or `CFSTR(…)`), a null pointer, or other code.
    private static func literal(_ tokens: ArraySlice<CToken>) -> Argument {
        var tokens = tokens
        while tokens.count >= 2, tokens.first?.kind == .punctuation(UInt8(ascii: "(")),
            tokens.last?.kind == .punctuation(UInt8(ascii: ")"))
        {
            tokens = tokens.dropFirst().dropLast()
        }
        if tokens.count >= 3, tokens.first?.kind == .identifier("CFSTR"),
            tokens[tokens.startIndex + 1].kind == .punctuation(UInt8(ascii: "(")),
            tokens.last?.kind == .punctuation(UInt8(ascii: ")"))
        {
            tokens = tokens.dropFirst(2).dropLast()
        }
        if tokens.count == 1, let only = tokens.first {
            switch only.kind {
            case .identifier("nil"), .identifier("NULL"), .identifier("Nil"), .identifier("nullptr"): return .null
            default: break
            }
        }
        guard let first = tokens.first else { return .other }
        var joined: [UInt8] = []
        for token in tokens {
            guard case .string(let bytes) = token.kind else { return .other }
            joined += bytes
        }
        return .literal(joined, first.offset)
    }

    /// The literal's bytes as text; bytes that are not UTF-8 (from `\x` or octal escapes) become U+FFFD with a
    /// warning.
    private static func text(
        _ bytes: [UInt8], _ lines: SourceLines, _ offset: Int, _ diagnostics: inout Diagnostics
    ) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        if text.utf8.elementsEqual(bytes) { return text }
        diagnostics.append(
            Diagnostic(
                .warning, "the string literal is not valid UTF-8 (escaped bytes); replaced with U+FFFD",
                at: lines.location(of: offset)))
        return text
    }
}
