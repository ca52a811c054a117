import LocalizationCatalog

/// Parses the old-style property list text of a `.strings` file: a dictionary of strings, optionally in braces.
///
/// ```
/// file  := ( entries | "{" entries "}" )
/// entry := string ( "=" string )? ";"      ; `"key";` alone means value = key
/// ```
/// Errors stop the parse (CoreFoundation abandons the whole file too); they never crash or loop. One mistake is
/// recovered, as Xcode's migration does: a `;` missing at the end of a line (see ``parseValue(key:diagnostics:)``).
struct StringsParser {
    private var lexer: StringsLexer
    /// Whether repeated keys are combined (``ParsedEntries/mergesDuplicates``).
    var mergesDuplicates = false
    /// Whether ``syntax`` is built: the byte ranges of every statement, for editing the file in place.
    var buildsSyntax = false
    /// The statements as parsed, with their byte ranges (with ``buildsSyntax``).
    private(set) var syntax = StringsSyntax()
    /// The value's range and the statement's end, of the statement ``parseValue(key:diagnostics:)`` read last.
    private var statementShape: (value: Range<Int>?, escapes: [StringsEscape], end: Int) = (nil, [], 0)
    /// Where the last value read starts; `nil` for a `"key";` statement, whose value is its key.
    private var valuePosition: StringsPosition?

    /// A parser of `text` from `start`, the first byte of line `line` (the whole text by default).
    init(text: [UInt8], path: String, start: Int = 0, line: Int = 1) {
        lexer = StringsLexer(bytes: text, path: path, start: start, line: line)
    }

    /// Parses the whole text.
    /// - Throws: ``ConversionError`` at the first malformed place.
    mutating func parse(diagnostics: inout Diagnostics) throws(ConversionError) -> ParsedEntries {
        var result = ParsedEntries()
        result.mergesDuplicates = mergesDuplicates
        lexer.recordsCommentRanges = buildsSyntax
        lexer.recordsEscapes = buildsSyntax
        var (token, position) = try lexer.next()
        // Where the current token ends (for a key's range).
        var tokenEnd = lexer.offset
        // The token after a value whose `;` is missing, read already: the next key, `}` or the end.
        var pending: (token: StringsToken, position: StringsPosition, end: Int)?
        var openingBrace: StringsPosition?
        if token == .character(UInt32(UInt8(ascii: "{"))) {
            openingBrace = position
            (token, position) = try lexer.next()
            tokenEnd = lexer.offset
        }
        while true {
            switch token {
            case .end:
                syntax.trailingComments = lexer.takeCommentRanges()
                if let openingBrace {
                    throw error(
                        StringsMessage.missingClosingBrace(
                            line: openingBrace.line, column: lexer.location(openingBrace).column),
                        position)
                }
                return result
            case .character(UInt32(UInt8(ascii: "}"))) where openingBrace != nil:
                syntax.closingBrace = position.offset
                syntax.trailingComments = lexer.takeCommentRanges()
                let (after, afterPosition) = try lexer.next()
                guard after == .end else {
                    throw error(
                        StringsMessage.contentAfterClosingBrace(found: StringsMessage.describe(after)), afterPosition)
                }
                return result
            case .string(let key):
                let comment = lexer.takeComment()
                let commentRanges = lexer.takeCommentRanges()
                let (value, next) = try parseValue(key: key, diagnostics: &diagnostics)
                pending = next.map { ($0.token, $0.position, lexer.offset) }
                if buildsSyntax {
                    syntax.statements.append(
                        StringsSyntax.Statement(
                            key: key, keyRange: position.offset..<tokenEnd, valueRange: statementShape.value,
                            valueEscapes: statementShape.escapes, end: statementShape.end, comments: commentRanges))
                }
                lexer.moveWarnings(to: &diagnostics)
                let keyLocation = lexer.location(position)
                var entry = ParsedEntry(value: value, comment: comment, line: position.line)
                if let valuePosition {
                    entry.valuePlace = valueLineAndColumn(valuePosition, key: position, keyColumn: keyLocation.column)
                }
                result.add(key, entry, at: keyLocation, path: lexer.path, diagnostics: &diagnostics)
            case .character:
                throw error(StringsMessage.expectedKey(found: StringsMessage.describe(token)), position)
            }
            if let next = pending {
                (token, position, tokenEnd) = next
                pending = nil
            } else {
                (token, position) = try lexer.next()
                tokenEnd = lexer.offset
            }
        }
    }

    /// Parses what follows a key, up to and including the `;`.
    ///
    /// A `;` missing at the end of a line is a warning, and the entry is read as if it were there, when nothing
    /// else can be meant: the value is on one line and is the last token on it, and what follows (after any
    /// comments) is the next entry's key followed by `=` or `;`, the closing `}`, or the end of the file. That
    /// token is returned, already read, to be the parser's next one. Anything else (more tokens on the value's
    /// line, a value over several lines, a key without `=`) stays an error.
    private mutating func parseValue(
        key: String, diagnostics: inout Diagnostics
    ) throws(ConversionError) -> (value: String, next: (token: StringsToken, position: StringsPosition)?) {
        let (token, position) = try lexer.next()
        switch token {
        case .character(UInt32(UInt8(ascii: ";"))):
            statementShape = (nil, [], lexer.offset)
            self.valuePosition = nil
            return (key, nil)
        case .character(UInt32(UInt8(ascii: "="))):
            break
        default:
            throw error(
                StringsMessage.expectedEqualsOrSemicolon(key: key, found: StringsMessage.describe(token)), position)
        }
        _ = lexer.takeEscapes()
        let (valueToken, valuePosition) = try lexer.next()
        let valueEscapes = lexer.takeEscapes()
        let value: String
        switch valueToken {
        case .string(let string):
            value = string
        case .character(UInt32(UInt8(ascii: "{"))):
            throw error(StringsMessage.valueNotString(key: key, kind: "a dictionary"), valuePosition)
        case .character(UInt32(UInt8(ascii: "("))):
            throw error(StringsMessage.valueNotString(key: key, kind: "an array"), valuePosition)
        case .character(UInt32(UInt8(ascii: "<"))):
            throw error(StringsMessage.valueNotString(key: key, kind: "data"), valuePosition)
        default:
            throw error(
                StringsMessage.expectedValue(key: key, found: StringsMessage.describe(valueToken)), valuePosition)
        }
        let valueEnd = lexer.position
        let (semicolon, semicolonPosition) = try lexer.next()
        guard semicolon == .character(UInt32(UInt8(ascii: ";"))) else {
            if valueEnd.line == valuePosition.line, isNextEntry(semicolon, at: semicolonPosition, after: valueEnd) {
                diagnostics.append(
                    Diagnostic(
                        .warning, StringsMessage.missingSemicolonAtLineEnd(key: key), at: lexer.location(valueEnd)))
                statementShape = (valuePosition.offset..<valueEnd.offset, valueEscapes, valueEnd.offset)
                self.valuePosition = valuePosition
                return (value, (semicolon, semicolonPosition))
            }
            let message = StringsMessage.missingSemicolon(key: key, found: StringsMessage.describe(semicolon))
            var diagnostics = [Diagnostic(.error, message, at: lexer.location(valueEnd))]
            if valueEnd.line > valuePosition.line {
                // A value over several lines usually means a quote is missing earlier on.
                let lines = valueEnd.line - valuePosition.line + 1
                diagnostics.append(
                    Diagnostic(.note, StringsMessage.valueSpansLines(lines), at: lexer.location(valuePosition)))
            }
            throw ConversionError(diagnostics)
        }
        statementShape = (valuePosition.offset..<valueEnd.offset, valueEscapes, lexer.offset)
        self.valuePosition = valuePosition
        return (value, nil)
    }

    /// The line and column (in scalars) of a value at `value`, counted on from its key's when both are on one line
    /// (a file on one line costs one pass, not one per value).
    private func valueLineAndColumn(
        _ value: StringsPosition, key: StringsPosition, keyColumn: Int
    ) -> (line: Int, column: Int) {
        guard value.line == key.line else { return (value.line, lexer.location(value).column) }
        var column = keyColumn
        for index in key.offset..<min(value.offset, lexer.bytes.count) where lexer.bytes[index] & 0xC0 != 0x80 {
            column += 1
        }
        return (value.line, column)
    }

    /// Whether `token`, read where a `;` was expected after a value ending at `valueEnd`, starts what can only be
    /// the next entry or the end: the end of the file, or on a later line `}` or a key followed by `=` or `;`.
    private func isNextEntry(_ token: StringsToken, at position: StringsPosition, after valueEnd: StringsPosition)
        -> Bool
    {
        if token == .end { return true }
        guard position.line > valueEnd.line else { return false }
        switch token {
        case .character(UInt32(UInt8(ascii: "}"))):
            return true
        case .string:
            // Looks one token ahead on a copy; the lexer itself stays right after the key.
            var lookahead = lexer
            guard let (after, _) = try? lookahead.next() else { return false }
            return after == .character(UInt32(UInt8(ascii: "="))) || after == .character(UInt32(UInt8(ascii: ";")))
        default:
            return false
        }
    }

    private func error(_ message: String, _ position: StringsPosition) -> ConversionError {
        ConversionError(message, at: lexer.location(position))
    }
}
