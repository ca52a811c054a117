internal import CLibXML2

/// Reads a document as a stream of events with libxml2's SAX2 push parser, without building a tree.
///
/// The document is read with the same rules as ``XMLDocumentTree/init(parsing:path:)``: the encoding comes from
/// the BOM or the XML declaration, no DTD is loaded, nothing is fetched from the network, and entity references
/// other than the five predefined ones and character references are refused, so external entities are never
/// read and entity expansion attacks cannot grow the output. Errors are the same, at the same places.
package enum XMLEventParser {
    /// Parses `bytes`, calling `handler` for each event.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - path: the name used in error messages.
    ///   - handler: receives the events.
    /// - Throws: ``XMLParseError`` for the first error libxml2 (or this parser) reports, with its 1-based line
    ///   and column, or the first error `handler` throws.
    package static func parse<Handler: XMLEventHandler>(
        _ bytes: [UInt8],
        path: String,
        handler: inout Handler
    ) throws {
        try bytes.withXMLBytes { input in try parse(input, path: path, handler: &handler) }
    }

    /// Parses bytes read in place (a mapped file, for instance), calling `handler` for each event (see
    /// ``parse(_:path:handler:)``).
    package static func parse<Input: XMLInput, Handler: XMLEventHandler>(
        _ input: Input,
        path: String,
        handler: inout Handler
    ) throws {
        try input.withXMLBytes { bytes in try parse(bytes, path: path, handler: &handler) }
    }

    /// Parses the bytes of a view, calling `handler` for each event (see ``parse(_:path:handler:)``).
    package static func parse<Handler: XMLEventHandler>(
        _ input: XMLBytes,
        path: String,
        handler: inout Handler
    ) throws {
        _ = libxmlReady
        guard input.count < Int(Int32.max) else {
            throw XMLParseError(path: path, line: 1, column: 1, message: "document is larger than 2 GB")
        }
        // Element positions are found by scanning UTF-8; UTF-16 input gets a transcoded copy for that scan only.
        try checkByteOrderMarks(input, path: path)
        let utf8Copy = try utf8CopyIfUTF16(input, path: path)
        try withUTF8(utf8Copy, or: input) { utf8 in
            let session = HandlerSession(
                handler: handler, path: path, locator: ElementLocator(utf8), parsesLocatorBytes: utf8Copy == nil)
            defer { handler = session.handler }
            try run(session, on: input)
        }
    }

    private static func withUTF8(
        _ copy: [UInt8]?, or input: XMLBytes, _ body: (XMLBytes) throws -> Void
    ) throws {
        guard let copy else { return try body(input) }
        try copy.withXMLBytes { try body($0) }
    }

    private static func run(_ session: SAXSession, on input: XMLBytes) throws {
        let path = session.path
        if let oversized = MarkupLimits.startTagWithTooManyAttributes(in: session.locator.view) {
            var locator = session.locator.restarted()
            let position = locator.position(of: oversized.offset)
            throw XMLParseError(
                path: path, line: position.line, column: position.column,
                message: "the element <\(oversized.name)> has more than \(MarkupLimits.maximumAttributes) attributes, "
                    + "more than this reader accepts in one element")
        }
        let errors = session.errors
        errors.total = input.count
        try routingLibXMLMessages(to: errors) {
            try session.push(input)
            if let undecodable = errors.undecodable {
                let position = MarkupLimits.position(of: undecodable.offset, in: input, encoding: undecodable.encoding)
                let byte = String(input[undecodable.offset], radix: 16, uppercase: true)
                throw XMLParseError(
                    path: path, line: position.line, column: position.column,
                    message: "byte 0x\(byte.count < 2 ? "0" : "")\(byte) is not valid \(undecodable.encoding), "
                        + "which the file declares")
            }
        }
        if let failure = session.failure { throw failure }
        if let error = session.errors.first { throw clarified(error, locator: session.locator, path: path) }
        guard session.sawRoot else {
            throw XMLParseError(path: path, line: 1, column: 1, message: "Document is empty")
        }
    }

    /// libxml2's push parser reports every unexpected end of input as "Extra content at the end of the
    /// document"; say what actually happened when the error sits at the end of the input.
    private static func clarified(
        _ error: ErrorCollector.Reported,
        locator: ElementLocator,
        path: String
    ) -> XMLParseError {
        var result = XMLParseError(
            path: path, line: error.line,
            column: columnInScalars(line: error.line, column: error.column, in: locator.view), message: error.message)
        guard error.code == Int32(XML_ERR_DOCUMENT_END.rawValue) else { return result }
        var probe = locator.restarted()
        if probe.nextElementStartIfAny() == nil {
            result.message = "Document is empty"
        } else if probe.endPosition() == (error.line, error.column) {
            result.message = "Premature end of document: the root element is not closed"
        }
        return result
    }

    /// libxml2's `column` on `line`, in Unicode scalars as every place is counted: a column past the end of the
    /// line (libxml2 counts bytes on some paths, "Extra content at the end of the document" after undecodable
    /// bytes among them) is taken as a byte count and converted; one inside the line is kept.
    static func columnInScalars(line: Int, column: Int, in bytes: XMLBytes) -> Int {
        guard line >= 1, column > 1 else { return column }
        var start = bytes.startIndex
        var current = 1
        while current < line, let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            start = newline + 1
            current += 1
        }
        guard current == line else { return column }
        let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        let scalars = bytes[start..<end].reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        guard column > scalars + 1 else { return column }
        let counted = bytes[start..<min(end, start + column - 1)].reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return counted + 1
    }

    // MARK: - Byte order marks

    /// Rejects what libxml2 would call an empty document: a UTF-32 byte order mark (libxml2 2.9 has no UTF-32
    /// decoder, and UTF-32 input is not read anyway) and a byte order mark twice.
    private static func checkByteOrderMarks(_ bytes: XMLBytes, path: String) throws(XMLParseError) {
        func starts(with prefix: [UInt8], at offset: Int = 0) -> Bool {
            guard bytes.count >= offset + prefix.count else { return false }
            for (index, byte) in prefix.enumerated() where bytes[offset + index] != byte { return false }
            return true
        }
        for (mark, order) in [
            ([0xFF, 0xFE, 0x00, 0x00] as [UInt8], "little-endian"), ([0x00, 0x00, 0xFE, 0xFF], "big-endian"),
        ]
        where starts(with: mark) {
            let bytes = mark.map {
                String($0 >> 4, radix: 16, uppercase: true) + String($0 & 0xF, radix: 16, uppercase: true)
            }
            throw XMLParseError(
                path: path, line: 1, column: 1,
                message: "the file starts with a UTF-32 \(order) byte-order mark (\(bytes.joined(separator: " "))); "
                    + "XML is read as UTF-8 or UTF-16: save the file as UTF-8")
        }
        let utf8 = starts(with: [0xEF, 0xBB, 0xBF])
        let secondMark =
            utf8
            ? starts(with: [0xEF, 0xBB, 0xBF], at: 3) || starts(with: [0xFE, 0xFF], at: 3)
                || starts(with: [0xFF, 0xFE], at: 3)
            : (starts(with: [0xFE, 0xFF]) && starts(with: [0xFE, 0xFF], at: 2))
                || (starts(with: [0xFF, 0xFE]) && starts(with: [0xFF, 0xFE], at: 2))
        if secondMark {
            throw XMLParseError(
                path: path, line: 1, column: 1,
                message: "a second byte-order mark (U+FEFF) follows the file's byte-order mark; remove it")
        }
    }

    // MARK: - UTF-16

    /// A UTF-8 copy of UTF-16 input that starts with a byte order mark, or `nil` for any other input.
    ///
    /// Invalid UTF-16 is rejected here: libxml2 would report its conversion failure on stderr.
    private static func utf8CopyIfUTF16(
        _ bytes: XMLBytes, path: String
    ) throws(XMLParseError) -> [UInt8]? {
        guard bytes.count >= 2 else { return nil }
        let bigEndian: Bool
        switch (bytes[0], bytes[1]) {
        case (0xFE, 0xFF): bigEndian = true
        case (0xFF, 0xFE): bigEndian = false
        default: return nil
        }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 2
        while index + 1 < bytes.count {
            let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(units.count)
        let failed = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true) {
            utf8.append($0)
        }
        if failed || bytes.count % 2 != 0 {
            let position = utf8.withXMLBytes { prefix in
                var locator = ElementLocator(prefix)
                return locator.position(of: prefix.count)
            }
            throw XMLParseError(path: path, line: position.line, column: position.column, message: "invalid UTF-16")
        }
        return utf8
    }
}
