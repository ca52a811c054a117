internal import CLibXML2

/// Receives libxml2's errors for one parse (or one writer call); only the first error (not warning) is kept.
///
/// The C structures are read in `SAXSession.swift` (``Message/init(_:)``, and the parser's position through
/// ``Parser``); the rules here are plain Swift.
final class ErrorCollector {
    /// The first error, as it will be reported.
    struct Reported {
        var code: Int32
        var line: Int
        var column: Int
        var message: String
    }

    /// One of libxml2's structured errors, copied out of its C structure.
    struct Message {
        var domain: Int32
        var code: Int32
        /// Whether it is an error or a fatal error (not a warning).
        var isError: Bool
        var message: String?
        var line: Int
        /// libxml2's `int2`: the column, when it knows one.
        var column: Int
        var string1: String?
        var string2: String?
        /// Whether the error names a file (errors inside an entity's replacement text do not).
        var hasFile: Bool
        /// Where the document parser stands when the error comes from a parameter entity pushed on its input stack.
        var documentPosition: (line: Int, column: Int)?
    }

    /// The parse an error belongs to: where the main parser stands, and what it has not converted yet.
    protocol Parser: AnyObject {
        /// The line and column of the main parser's input.
        var currentPosition: (line: Int, column: Int)? { get }
        /// The bytes of the input libxml2 has not converted from its declared encoding yet, and that encoding.
        var unconvertedInput: (count: Int, encoding: String)? { get }
    }

    /// A byte the declared encoding cannot decode: where it is in the input, and the encoding's name.
    struct Undecodable {
        var offset: Int
        var encoding: String
    }

    private static let parserDomains: [Int32] = [XML_FROM_PARSER, XML_FROM_NAMESPACE, XML_FROM_DTD].map {
        Int32($0.rawValue)
    }

    /// The parse, for the parser's current position (`nil` for a writer).
    ///
    /// Not counted (a weak reference would move the session's reference counts to a side table): the session owns
    /// this collector and outlives it.
    @exclusivity(unchecked) unowned(unsafe) var parser: (any Parser)?
    @exclusivity(unchecked) var first: Reported?
    /// How many bytes of the input have been pushed to libxml2 (counting the chunk being pushed).
    @exclusivity(unchecked) var pushed = 0
    /// The size of the whole input.
    @exclusivity(unchecked) var total = 0
    /// Set when the first error is that the input could not be converted from its declared encoding.
    @exclusivity(unchecked) var undecodable: Undecodable?

    /// A message libxml2 formatted itself (its generic handler): taken as an error, at the parser's position.
    func recordGeneric(_ text: String) {
        guard first == nil else { return }
        var message = text
        while let last = message.last, last.isWhitespace { message.removeLast() }
        message = message.split(separator: "\n").joined(separator: " ")
        let position = parser?.currentPosition
        first = Reported(
            code: -1, line: max(position?.line ?? 1, 1), column: max(position?.column ?? 1, 1), message: message)
    }

    /// Whether libxml2 stopped converting the input at a byte its declared encoding cannot decode.
    ///
    /// The bytes not converted yet start there. An encoding error raised while bytes are pushed says so, and so does
    /// the end of the document being reached with bytes left unconverted (libxml2's ASCII decoder stops without an
    /// error).
    private func findUndecodableByte(_ error: Message) -> Undecodable? {
        let conversionFailed =
            error.domain == Int32(XML_FROM_I18N.rawValue)
            || (error.domain == Int32(XML_FROM_IO.rawValue) && error.code == Int32(XML_IO_ENCODER.rawValue))
        guard conversionFailed || (error.code == Int32(XML_ERR_DOCUMENT_END.rawValue) && pushed == total),
            let unconverted = parser?.unconvertedInput
        else { return nil }
        let left = unconverted.count
        // libxml2 may count more unconverted bytes than were given (a UCS-4 document whose declared encoding
        // turns out wrong): a place outside the input is no place.
        guard left > 0, left <= pushed, pushed - left < total else { return nil }
        return Undecodable(offset: pushed - left, encoding: unconverted.encoding)
    }

    /// Takes `error` as the first error, unless one was taken already or it is a warning.
    func record(_ error: Message) {
        guard first == nil, error.isError else { return }
        if error.code == Int32(XML_WAR_NS_URI.rawValue), let url = error.string2, url.contains("&#38;") {
            // libxml2 checks the namespace name in its own form, where each `&` is `&#38;`: a second `&` makes a
            // second `#`, which no URI has. Check the name as written instead.
            let written = url.replacing("&#38;", with: "&")
            if isURI(written) { return }
            let prefix = error.string1.map { "xmlns:\($0)" } ?? "xmlns"
            first = Reported(
                code: error.code, line: max(error.line, 1), column: max(error.column, 1),
                message: "\(prefix): '\(written)' is not a valid URI")
            return
        }
        if let undecodable = findUndecodableByte(error) {
            self.undecodable = undecodable
            first = Reported(code: error.code, line: 1, column: 1, message: "undecodable input")
            return
        }
        var message = error.message ?? "libxml2 error \(error.code)"
        while let last = message.last, last.isWhitespace { message.removeLast() }
        // Some messages carry a second line ("Bytes: 0xC3 0x28 …"); keep diagnostics on one line.
        message = message.split(separator: "\n").joined(separator: " ")
        var line = error.line
        var column = error.column
        // Errors inside an entity's replacement text are counted from the start of that text. Point at the
        // document instead: entity content is parsed by a nameless sub-parser (no `file`), and parameter
        // entities are pushed on the document parser's input stack, whose bottom is the document.
        if !error.hasFile, let position = parser?.currentPosition {
            line = position.line
            column = position.column
        } else if Self.parserDomains.contains(error.domain), let document = error.documentPosition {
            line = document.line
            column = document.column
        }
        first = Reported(code: error.code, line: max(line, 1), column: max(column, 1), message: message)
    }
}
