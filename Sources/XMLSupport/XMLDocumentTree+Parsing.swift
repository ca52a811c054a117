internal import CLibXML2

extension XMLDocumentTree {
    /// Reads a whole document into a value tree with libxml2's streaming `xmlTextReader`.
    ///
    /// The encoding comes from the BOM or the XML declaration (UTF-8 when neither says otherwise). No DTD is
    /// loaded, nothing is fetched from the network, and entity references other than the five predefined ones
    /// and character references are rejected, so external entities are never read and entity expansion
    /// attacks cannot grow the output.
    ///
    /// - Parameters:
    ///   - bytes: the file's contents.
    ///   - path: the name used in error messages.
    /// - Throws: the first error libxml2 (or this reader) reports, with its 1-based line and column.
    public init(parsing bytes: [UInt8], path: String) throws(XMLParseError) {
        _ = libxmlReady
        guard bytes.count < Int(Int32.max) else {
            throw XMLParseError(path: path, line: 1, column: 1, message: "document is larger than 2 GB")
        }
        // Element positions are found by scanning UTF-8; UTF-16 input gets a transcoded copy for that scan only.
        let utf8Copy = try Self.utf8CopyIfUTF16(bytes, path: path)
        let result = bytes.withUnsafeBufferPointer { input in
            (utf8Copy ?? bytes).withUnsafeBufferPointer { utf8 in
                Result { () throws(XMLParseError) in
                    try Self.read(input, locator: ElementLocator(utf8), path: path)
                }
            }
        }
        self = try result.get()
    }

    // MARK: - Reading

    private static func read(
        _ input: UnsafeBufferPointer<UInt8>,
        locator: consuming ElementLocator,
        path: String
    ) throws(XMLParseError) -> XMLDocumentTree {
        let empty: StaticString = ""
        let base = UnsafeRawPointer(input.baseAddress ?? empty.utf8Start).assumingMemoryBound(to: CChar.self)
        guard let reader = xmlReaderForMemory(base, Int32(input.count), path, nil, readerOptions) else {
            throw XMLParseError(path: path, line: 1, column: 1, message: "cannot create an XML reader")
        }
        defer { xmlFreeTextReader(reader) }

        let errors = ErrorCollector()
        errors.reader = reader
        xmlTextReaderSetStructuredErrorHandler(
            reader,
            { context, error in
                guard let context, let error else { return }
                Unmanaged<ErrorCollector>.fromOpaque(context).takeUnretainedValue().record(error.pointee)
            },
            Unmanaged.passUnretained(errors).toOpaque()
        )

        var locator = locator
        var builder = TreeBuilder()
        var names = NameCache()
        var doctype: XMLDoctype?

        func fail(_ message: String, at position: (line: Int, column: Int)) -> XMLParseError {
            XMLParseError(path: path, line: position.line, column: position.column, message: message)
        }

        while true {
            let status = xmlTextReaderRead(reader)
            if let error = errors.first { throw Self.clarified(error, locator: locator, path: path) }
            if status == 0 { break }
            if status < 0 {
                let line = Int(xmlTextReaderGetParserLineNumber(reader))
                let column = Int(xmlTextReaderGetParserColumnNumber(reader))
                throw XMLParseError(path: path, line: max(line, 1), column: max(column, 1), message: "cannot read the document")
            }

            switch xmlTextReaderNodeType(reader) {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                let position = locator.nextElementStart()
                var element = XMLElementNode(
                    names.string(xmlTextReaderConstLocalName(reader)) ?? "",
                    prefix: names.string(xmlTextReaderConstPrefix(reader)),
                    namespaceURI: names.string(xmlTextReaderConstNamespaceUri(reader)),
                    line: position.line,
                    column: position.column
                )
                let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
                let attributeCount = Int(xmlTextReaderAttributeCount(reader))
                if attributeCount > 0 {
                    element.attributes.reserveCapacity(attributeCount)
                    while xmlTextReaderMoveToNextAttribute(reader) == 1 {
                        let node = xmlTextReaderCurrentNode(reader)
                        let name: String
                        if node?.pointee.type == XML_NAMESPACE_DECL {
                            // `xmlns:p`: the local name is the declaration's own copy, not a dictionary string.
                            name = swiftString(xmlTextReaderConstLocalName(reader)) ?? ""
                        } else {
                            name = names.string(xmlTextReaderConstLocalName(reader)) ?? ""
                            if let entity = Self.entityReference(inAttribute: node) {
                                throw fail(Self.unsupportedEntityMessage(entity), at: position)
                            }
                        }
                        element.attributes.append(XMLAttribute(
                            name,
                            prefix: names.string(xmlTextReaderConstPrefix(reader)),
                            namespaceURI: names.string(xmlTextReaderConstNamespaceUri(reader)),
                            value: swiftString(xmlTextReaderConstValue(reader)) ?? ""
                        ))
                    }
                    xmlTextReaderMoveToElement(reader)
                }
                if isEmpty { builder.add(consume element) } else { builder.start(consume element) }

            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                builder.end()

            case Int32(XML_READER_TYPE_TEXT.rawValue),
                Int32(XML_READER_TYPE_WHITESPACE.rawValue),
                Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue):
                builder.addText(swiftString(xmlTextReaderConstValue(reader)) ?? "")

            case Int32(XML_READER_TYPE_CDATA.rawValue):
                builder.add(.cdata(swiftString(xmlTextReaderConstValue(reader)) ?? ""))

            case Int32(XML_READER_TYPE_COMMENT.rawValue):
                builder.add(.comment(swiftString(xmlTextReaderConstValue(reader)) ?? ""))

            case Int32(XML_READER_TYPE_PROCESSING_INSTRUCTION.rawValue):
                builder.add(.processingInstruction(
                    target: swiftString(xmlTextReaderConstName(reader)) ?? "",
                    data: swiftString(xmlTextReaderConstValue(reader)) ?? ""
                ))

            case Int32(XML_READER_TYPE_DOCUMENT_TYPE.rawValue):
                doctype = Self.doctype(of: xmlTextReaderCurrentNode(reader))

            case Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue):
                let name = swiftString(xmlTextReaderConstName(reader)) ?? ""
                throw fail(Self.unsupportedEntityMessage(name), at: locator.position(ofNext: "&\(name);"))

            default:
                break
            }
        }

        guard let root = builder.root else {
            throw XMLParseError(path: path, line: 1, column: 1, message: "Document is empty")
        }
        return XMLDocumentTree(root: root, doctype: doctype)
    }

    /// libxml2's push parser reports every unexpected end of input as "Extra content at the end of the
    /// document"; say what actually happened when the error sits at the end of the input.
    private static func clarified(
        _ error: ErrorCollector.Reported,
        locator: ElementLocator,
        path: String
    ) -> XMLParseError {
        var result = XMLParseError(path: path, line: error.line, column: error.column, message: error.message)
        guard error.code == Int32(XML_ERR_DOCUMENT_END.rawValue) else { return result }
        var probe = locator.restarted()
        if probe.nextElementStartIfAny() == nil {
            result.message = "Document is empty"
        } else if probe.endPosition() == (error.line, error.column) {
            result.message = "Premature end of document: the root element is not closed"
        }
        return result
    }

    private static func unsupportedEntityMessage(_ name: String) -> String {
        "entity reference '&\(name);' is not supported (only &lt; &gt; &amp; &apos; &quot; and character references are)"
    }

    /// The name of the first entity reference in an attribute's value, if any.
    ///
    /// Without `NOENT`, libxml2 keeps references to declared entities as child nodes of the attribute and
    /// `xmlTextReaderConstValue` would expand them; predefined entities and character references are already
    /// decoded into text.
    private static func entityReference(inAttribute node: xmlNodePtr?) -> String? {
        guard let node, node.pointee.type == XML_ATTRIBUTE_NODE else { return nil }
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ENTITY_REF_NODE { return swiftString(current.pointee.name) ?? "" }
            child = current.pointee.next
        }
        return nil
    }

    private static func doctype(of node: xmlNodePtr?) -> XMLDoctype? {
        guard let node, node.pointee.type == XML_DTD_NODE else { return nil }
        let dtd = UnsafeMutableRawPointer(node).assumingMemoryBound(to: xmlDtd.self).pointee
        return XMLDoctype(
            name: swiftString(dtd.name) ?? "",
            publicID: swiftString(dtd.ExternalID),
            systemID: swiftString(dtd.SystemID)
        )
    }

    // MARK: - UTF-16

    /// A UTF-8 copy of UTF-16 input that starts with a byte order mark, or `nil` for any other input.
    ///
    /// Invalid UTF-16 is rejected here: libxml2 would report its conversion failure on stderr.
    private static func utf8CopyIfUTF16(_ bytes: [UInt8], path: String) throws(XMLParseError) -> [UInt8]? {
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
            let position = utf8.withUnsafeBufferPointer { prefix in
                var locator = ElementLocator(prefix)
                return locator.position(of: prefix.count)
            }
            throw XMLParseError(path: path, line: position.line, column: position.column, message: "invalid UTF-16")
        }
        return utf8
    }
}

// MARK: - Errors from libxml2

/// Receives libxml2's structured errors for one reader. Only the first error (not warning) is kept.
private final class ErrorCollector {
    struct Reported {
        var code: Int32
        var line: Int
        var column: Int
        var message: String

        func located(in path: String) -> XMLParseError {
            XMLParseError(path: path, line: line, column: column, message: message)
        }
    }

    private static let parserDomains: [Int32] = [XML_FROM_PARSER, XML_FROM_NAMESPACE, XML_FROM_DTD].map {
        Int32($0.rawValue)
    }

    /// The reader whose errors these are, for the parser's current position.
    var reader: xmlTextReaderPtr?
    var first: Reported?

    func record(_ error: xmlError) {
        guard first == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        var message = error.message.map { String(cString: $0) } ?? "libxml2 error \(error.code)"
        while let last = message.last, last.isWhitespace { message.removeLast() }
        // Some messages carry a second line ("Bytes: 0xC3 0x28 …"); keep diagnostics on one line.
        message = message.split(separator: "\n").joined(separator: " ")
        var line = Int(error.line)
        var column = Int(error.int2)
        // Errors inside an entity's replacement text are counted from the start of that text. Point at the
        // document instead: entity content is parsed by a nameless sub-parser (no `file`), and parameter
        // entities are pushed on the document parser's input stack, whose bottom is the document.
        if error.file == nil, let reader {
            line = Int(xmlTextReaderGetParserLineNumber(reader))
            column = Int(xmlTextReaderGetParserColumnNumber(reader))
        } else if Self.parserDomains.contains(error.domain),
            let context = error.ctxt?.assumingMemoryBound(to: xmlParserCtxt.self),
            context.pointee.inputNr > 1,
            let document = context.pointee.inputTab?[0]
        {
            line = Int(document.pointee.line)
            column = Int(document.pointee.col)
        }
        first = Reported(code: error.code, line: max(line, 1), column: max(column, 1), message: message)
    }
}
