import LocalizationCatalog

/// Parses the old-style property list text of a `.strings` file: a dictionary of strings, optionally in braces.
///
/// ```
/// file  := ( entries | "{" entries "}" )
/// entry := string ( "=" string )? ";"      ; `"key";` alone means value = key
/// ```
/// Errors stop the parse (CoreFoundation abandons the whole file too); they never crash or loop.
struct StringsParser {
    private var lexer: StringsLexer

    init(text: [UInt8], path: String) {
        lexer = StringsLexer(bytes: text, path: path)
    }

    /// Parses the whole text.
    /// - Throws: ``ConversionError`` at the first malformed place.
    mutating func parse(diagnostics: inout Diagnostics) throws(ConversionError) -> ParsedEntries {
        var result = ParsedEntries()
        var (token, position) = try lexer.next()
        var openingBrace: StringsPosition?
        if token == .character(UInt32(UInt8(ascii: "{"))) {
            openingBrace = position
            (token, position) = try lexer.next()
        }
        while true {
            switch token {
            case .end:
                if let openingBrace {
                    throw error(
                        StringsMessage.missingClosingBrace(
                            line: openingBrace.line, column: lexer.location(openingBrace).column),
                        position)
                }
                return result
            case .character(UInt32(UInt8(ascii: "}"))) where openingBrace != nil:
                let (after, afterPosition) = try lexer.next()
                guard after == .end else {
                    throw error(
                        StringsMessage.contentAfterClosingBrace(found: StringsMessage.describe(after)), afterPosition)
                }
                return result
            case .string(let key):
                let comment = lexer.takeComment()
                let value = try parseValue(key: key)
                lexer.moveWarnings(to: &diagnostics)
                result.add(
                    key, ParsedEntry(value: value, comment: comment, line: position.line),
                    at: lexer.location(position), path: lexer.path, diagnostics: &diagnostics)
            case .character:
                throw error(StringsMessage.expectedKey(found: StringsMessage.describe(token)), position)
            }
            (token, position) = try lexer.next()
        }
    }

    /// Parses what follows a key, up to and including the `;`.
    private mutating func parseValue(key: String) throws(ConversionError) -> String {
        let (token, position) = try lexer.next()
        switch token {
        case .character(UInt32(UInt8(ascii: ";"))):
            return key
        case .character(UInt32(UInt8(ascii: "="))):
            break
        default:
            throw error(
                StringsMessage.expectedEqualsOrSemicolon(key: key, found: StringsMessage.describe(token)), position)
        }
        let (valueToken, valuePosition) = try lexer.next()
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
        let (semicolon, _) = try lexer.next()
        guard semicolon == .character(UInt32(UInt8(ascii: ";"))) else {
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
        return value
    }

    private func error(_ message: String, _ position: StringsPosition) -> ConversionError {
        ConversionError(message, at: lexer.location(position))
    }
}
