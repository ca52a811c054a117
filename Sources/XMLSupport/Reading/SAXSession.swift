internal import CLibXML2
import StringBridgeSupport

/// The state of one parse with libxml2's SAX2 push parser, shared by the C callbacks.
///
/// The callbacks reach the session through the parser context's `_private` pointer. Events of the main
/// context go to the handler; events of the nested contexts libxml2 creates to check an entity's replacement
/// text go to libxml2's own SAX2 functions, exactly as with `xmlTextReader`, so entity checks (loops,
/// amplification) behave as they always did. Subclasses deliver the events to a handler.
class SAXSession {
    let path: String
    @exclusivity(unchecked) var locator: ElementLocator
    @exclusivity(unchecked) var names = NameCache()
    let errors = ErrorCollector()
    /// The main parser context.
    @exclusivity(unchecked) var context: xmlParserCtxtPtr?
    /// The first error thrown by the handler, or an entity reference this layer refuses.
    @exclusivity(unchecked) var failure: (any Error)?
    /// The number of open elements.
    @exclusivity(unchecked) var depth = 0
    @exclusivity(unchecked) var sawRoot = false
    /// Whether the element just started was written `<name/>` (its end follows at once).
    @exclusivity(unchecked) private var startedEmpty = false
    /// Character data not yet delivered: libxml2 hands it over in pieces, and splits CDATA sections too.
    @exclusivity(unchecked) private var text = UnsafeMutablePointer<UInt8>.allocate(capacity: 4096)
    @exclusivity(unchecked) private var textCapacity = 4096
    @exclusivity(unchecked) private var textCount = 0
    /// Whether `text` holds the content of CDATA sections rather than character data.
    @exclusivity(unchecked) private var textIsCDATA = false
    @exclusivity(unchecked) private var cachedOffset = -1
    @exclusivity(unchecked) private var cachedPosition = (line: 0, column: 0)
    /// Whether libxml2 parses the bytes the locator scans (UTF-8 input), so that its offsets are theirs.
    let parsesLocatorBytes: Bool
    /// The start tag being reported, found from libxml2's position: its offset and line.
    @exclusivity(unchecked) private var parserTag = (offset: -1, line: 0)
    /// The last tag whose position was worked out: its offset and column.
    @exclusivity(unchecked) private var knownTag = (offset: -1, column: 0)
    @exclusivity(unchecked) fileprivate var defaults = xmlSAXHandler()

    init(path: String, locator: ElementLocator, parsesLocatorBytes: Bool) {
        self.path = path
        self.locator = locator
        self.parsesLocatorBytes = parsesLocatorBytes
    }

    deinit {
        text.deallocate()
    }

    private func appendToText(_ bytes: UnsafePointer<UInt8>, count: Int) {
        if textCount + count > textCapacity {
            let capacity = max(textCapacity * 2, textCount + count)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            grown.update(from: text, count: textCount)
            text.deallocate()
            text = grown
            textCapacity = capacity
        }
        (text + textCount).update(from: bytes, count: count)
        textCount += count
    }

    // MARK: - Delivery (overridden)

    func deliverDoctype(_ doctype: XMLDoctype) throws {}
    func deliverStart(_ element: XMLStartElement) throws {}
    func deliverEnd(_ element: XMLEndElement) throws {}
    func deliverText(_ text: XMLText) throws {}
    func deliverCDATA(_ text: XMLText) throws {}
    func deliverComment(_ text: XMLText) throws {}
    func deliverProcessingInstruction(target: String, data: XMLText) throws {}

    // MARK: - Positions

    /// The line and column of a start tag; asked for in document order only.
    func position(ofTagAt offset: Int) -> (line: Int, column: Int) {
        if offset != cachedOffset {
            if offset == parserTag.offset {
                cachedPosition = (parserTag.line, column(ofTagAt: offset))
            } else {
                cachedPosition = locator.position(of: offset)
            }
            cachedOffset = offset
            knownTag = (offset, cachedPosition.column)
        }
        return cachedPosition
    }

    /// The column of the `<` at `offset`: the characters back to the start of its line, or back to the last tag
    /// whose column is known when no line break comes between them.
    private func column(ofTagAt offset: Int) -> Int {
        let bytes = locator.bytes
        let floor = max(knownTag.offset, locator.byteOrderMarkLength)
        var index = offset
        var characters = 0
        while index > floor {
            let byte = bytes[index - 1]
            if byte == UInt8(ascii: "\n") { return characters + 1 }
            if byte & 0xC0 != 0x80 { characters += 1 }
            index -= 1
        }
        return index == knownTag.offset ? knownTag.column + characters : characters + 1
    }

    /// Where the element being started begins, found back from where libxml2 stands (on the `>` or `/>` that ends the
    /// start tag): the last `<` before it, since an attribute value cannot hold one.
    ///
    /// Its line is libxml2's current line less the line breaks inside the tag. `nil` when libxml2 parses other bytes
    /// than the locator scans (a UTF-16 document, which libxml2 transcodes itself).
    private func tagFromParser(_ context: xmlParserCtxtPtr) -> (offset: Int, line: Int)? {
        guard parsesLocatorBytes, let input = context.pointee.input?.pointee, let cur = input.cur,
            let base = input.base
        else { return nil }
        let bytes = locator.bytes
        let end = Int(input.consumed) + (cur - base)
        guard end > 0, end < bytes.count, bytes[end] == UInt8(ascii: ">") || bytes[end] == UInt8(ascii: "/") else {
            return nil
        }
        guard let start = bytes.baseAddress else { return nil }
        // Backwards, eight bytes at a time while they hold neither `<` nor a line break.
        var index = end
        var lineBreaks = 0
        while index > 0 {
            if index >= 8 {
                let word = UInt64(littleEndian: UnsafeRawPointer(start + index - 8).loadUnaligned(as: UInt64.self))
                if matchingBytes(equalTo: UInt8(ascii: "<"), in: word)
                    | matchingBytes(equalTo: UInt8(ascii: "\n"), in: word) == 0
                {
                    index -= 8
                    continue
                }
            }
            index -= 1
            switch start[index] {
            case UInt8(ascii: "<"): return (index, Int(input.line) - lineBreaks)
            case UInt8(ascii: "\n"): lineBreaks += 1
            default: break
            }
        }
        return nil
    }

    // MARK: - Events from the main context

    /// Whether events may still be delivered; stops the parser after the first error.
    fileprivate func accepting() -> Bool {
        guard failure == nil, errors.first == nil else {
            stop()
            return false
        }
        return true
    }

    fileprivate func fail(_ error: any Error) {
        failure = error
        stop()
    }

    /// Whether the parser was stopped.
    ///
    /// libxml2 (2.9) frees its input when it stops, while the call that reported
    /// the event may still hand over bytes of that input: once stopped, character data is not read.
    @exclusivity(unchecked) private var stopped = false

    private func stop() {
        stopped = true
        if let context { xmlStopParser(context) }
    }

    fileprivate func appendText(_ bytes: UnsafePointer<UInt8>, count: Int) {
        guard depth > 0, count > 0, !stopped else { return }
        if textIsCDATA {
            // Delivering the CDATA before this text may stop the parser (a handler that throws), freeing `bytes`.
            flushText()
            guard !stopped else { return }
        }
        appendToText(bytes, count: count)
    }

    /// Adjacent CDATA sections (`]]]]><![CDATA[>` is how `]]>` is written) make one CDATA event, as they make
    /// one node in libxml2's tree.
    fileprivate func appendCDATA(_ bytes: UnsafePointer<UInt8>?, count: Int) {
        guard depth > 0, !stopped else { return }
        if !textIsCDATA { flushText() }
        guard accepting() else { return }
        textIsCDATA = true
        pendingCDATA = true
        if let bytes, count > 0 { appendToText(bytes, count: count) }
    }

    /// Whether a CDATA event is pending (it may be empty).
    @exclusivity(unchecked) private var pendingCDATA = false

    /// Delivers the character data gathered so far.
    func flushText() {
        guard textCount > 0 || pendingCDATA else { return }
        let isCDATA = textIsCDATA
        let content = XMLText(utf8: UnsafeBufferPointer(start: text, count: textCount))
        defer {
            textCount = 0
            textIsCDATA = false
            pendingCDATA = false
        }
        guard failure == nil else { return }
        do {
            if isCDATA { try deliverCDATA(content) } else { try deliverText(content) }
        } catch {
            fail(error)
        }
    }

    fileprivate func startElement(
        _ context: xmlParserCtxtPtr,
        localName: UnsafePointer<UInt8>,
        prefix: UnsafePointer<UInt8>?,
        uri: UnsafePointer<UInt8>?,
        namespaceCount: Int32,
        namespaces: UnsafeMutablePointer<UnsafePointer<UInt8>?>?,
        attributeCount: Int32,
        defaultedCount: Int32,
        attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    ) {
        flushText()
        guard accepting() else { return }
        guard depth <= maximumDepth else {
            // libxml2 checks this when its tree grows (`nodePush`), which a SAX handler never reaches.
            let input = context.pointee.input?.pointee
            errors.first = ErrorCollector.Reported(
                code: Int32(XML_ERR_INTERNAL_ERROR.rawValue),
                line: max(Int(input?.line ?? 1), 1),
                column: max(Int(input?.col ?? 1), 1),
                message: "Excessive depth in document: \(maximumDepth) use XML_PARSE_HUGE option")
            stop()
            return
        }
        let tagOffset: Int
        if let tag = tagFromParser(context), tag.offset >= locator.searchStart {
            tagOffset = tag.offset
            parserTag = tag
            locator.resume(afterElementAt: tag.offset)
        } else {
            tagOffset = locator.nextElementStartOffset() ?? locator.count
        }
        // The parser stands on the `/>` or `>` that ends the start tag.
        let isEmpty = context.pointee.input.map { $0.pointee.cur?.pointee == UInt8(ascii: "/") } ?? false
        let element = XMLStartElement(
            localName: localName,
            prefixName: prefix,
            uri: uri,
            namespaceCount: Int(namespaceCount),
            namespaces: UnsafePointer(namespaces),
            attributeFields: UnsafePointer(attributes),
            // Attributes defaulted from a DTD are left out, as without `DTDATTR` libxml2's tree leaves them out.
            plainAttributeCount: Int(attributeCount - defaultedCount),
            tagOffset: tagOffset,
            session: self,
            isEmpty: isEmpty
        )
        depth += 1
        sawRoot = true
        startedEmpty = isEmpty
        if let attributes {
            for index in 0..<element.plainAttributeCount {
                guard let start = attributes[index * 5 + 3], let end = attributes[index * 5 + 4],
                    UnsafeBufferPointer(start: start, count: end - start).contains(UInt8(ascii: "&")),
                    let entity = entityReference(
                        inAttributeValue: UnsafeBufferPointer(start: start, count: end - start))
                else { continue }
                let position = position(ofTagAt: tagOffset)
                fail(
                    XMLParseError(
                        path: path, line: position.line, column: position.column,
                        message: unsupportedEntityMessage(entity)))
                return
            }
        }
        if let attributes { checkXMLIDs(attributes, count: element.plainAttributeCount, context: context) }
        guard errors.first == nil else { return }
        do { try deliverStart(element) } catch { fail(error) }
    }

    /// `xml:id` values seen so far.
    @exclusivity(unchecked) private var xmlIDs: Set<String> = []

    /// The checks libxml2's tree builder makes on `xml:id` (`xmlSAX2AttributeNs`), which a SAX handler skips.
    private func checkXMLIDs(
        _ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>, count: Int, context: xmlParserCtxtPtr
    ) {
        for index in 0..<count {
            guard let prefix = attributes[index * 5 + 1], equal(prefix, "xml"),
                let name = attributes[index * 5], equal(name, "id"),
                let start = attributes[index * 5 + 3], let end = attributes[index * 5 + 4], end > start
            else { continue }
            let value = attributeValue(UnsafeBufferPointer(start: start, count: end - start))
            let message: String
            if xmlValidateNCName(value, 1) != 0 {
                message = "xml:id : attribute value \(value) is not an NCName"
            } else if !xmlIDs.insert(value).inserted {
                message = "ID \(value) already defined"
            } else {
                continue
            }
            let input = context.pointee.input?.pointee
            errors.first = ErrorCollector.Reported(
                code: Int32(XML_DTD_XMLID_VALUE.rawValue), line: max(Int(input?.line ?? 1), 1),
                column: max(Int(input?.col ?? 1), 1), message: message)
            stop()
            return
        }
    }

    fileprivate func endElement(localName: UnsafePointer<UInt8>) {
        flushText()
        depth -= 1
        let isEmpty = startedEmpty
        startedEmpty = false
        guard accepting() else { return }
        do {
            try deliverEnd(XMLEndElement(localName: localName, session: self, isEmpty: isEmpty))
        } catch {
            fail(error)
        }
    }

    fileprivate func deliver(
        _ bytes: UnsafePointer<UInt8>?, count: Int, as kind: (SAXSession, XMLText) throws -> Void
    ) {
        flushText()
        guard depth > 0, accepting() else { return }
        let buffer = UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : count)
        do { try kind(self, XMLText(utf8: buffer)) } catch { fail(error) }
    }

    fileprivate func reference(_ name: UnsafePointer<UInt8>?) {
        flushText()
        guard accepting() else { return }
        let name = name.map { String(cString: $0) } ?? ""
        let position = locator.position(ofNext: "&\(name);")
        fail(
            XMLParseError(
                path: path, line: position.line, column: position.column, message: unsupportedEntityMessage(name)))
    }

    fileprivate func doctype(
        name: UnsafePointer<UInt8>?, publicID: UnsafePointer<UInt8>?, systemID: UnsafePointer<UInt8>?
    ) {
        guard accepting() else { return }
        let doctype = XMLDoctype(
            name: name.map { String(cString: $0) } ?? "",
            publicID: publicID.map { String(cString: $0) },
            systemID: systemID.map { String(cString: $0) }
        )
        do { try deliverDoctype(doctype) } catch { fail(error) }
    }

    // MARK: - Pushing the input

    /// The size of the pieces the input is pushed to libxml2 in.
    private static let chunkSize = 1 << 16

    /// Pushes `input` to libxml2.
    ///
    /// Its errors are left in ``errors``; a stop libxml2 reports only by its return value or `wellFormed` becomes an
    /// error there too.
    func push(_ view: XMLBytes) throws {
        let input = view.buffer
        let empty: StaticString = ""
        let base = UnsafeRawPointer(input.baseAddress ?? empty.utf8Start).assumingMemoryBound(to: CChar.self)
        // As `xmlTextReader` does: the first four bytes let libxml2 detect the encoding (shorter input is
        // pushed like the rest, which keeps libxml2's errors for it the same).
        let head = input.count >= 4 ? 4 : 0
        errors.pushed = head
        guard let context = xmlCreatePushParserCtxt(nil, nil, base, Int32(head), path) else {
            throw XMLParseError(path: path, line: 1, column: 1, message: "cannot create an XML parser")
        }
        defer {
            if let document = context.pointee.myDoc { xmlFreeDoc(document) }
            context.pointee.myDoc = nil
            xmlFreeParserCtxt(context)
        }
        xmlCtxtUseOptions(context, readerOptions)
        install(on: context)

        var offset = head
        var status: Int32 = 0
        while offset < input.count, status == 0, failure == nil, errors.first == nil {
            let count = min(Self.chunkSize, input.count - offset)
            errors.pushed += count
            status = xmlParseChunk(context, base + offset, Int32(count), 0)
            offset += count
        }
        if status == 0, failure == nil, errors.first == nil {
            status = xmlParseChunk(context, nil, 0, 1)
            flushText()
        }
        guard failure == nil, errors.first == nil else { return }
        if status != 0 || context.pointee.wellFormed == 0 {
            // libxml2 stopped without a message (none of its errors is expected to do this).
            let input = context.pointee.input?.pointee
            errors.first = ErrorCollector.Reported(
                code: status, line: max(Int(input?.line ?? 1), 1), column: max(Int(input?.col ?? 1), 1),
                message: "libxml2 stopped reading the document (error \(status))")
        }
    }

    // MARK: - Installing the callbacks

    /// Routes the SAX2 callbacks of `context` (created with libxml2's default SAX2 handler) to this session.
    func install(on context: xmlParserCtxtPtr) {
        self.context = context
        context.pointee._private = Unmanaged.passUnretained(self).toOpaque()
        guard let sax = context.pointee.sax else { return }
        defaults = sax.pointee
        errors.parser = self

        sax.pointee.serror = { data, error in
            guard let error else { return }
            withSession(data) { session in session.errors.record(ErrorCollector.Message(error.pointee)) }
        }
        sax.pointee.internalSubset = { data, name, publicID, systemID in
            withSession(data) { session in
                session.defaults.internalSubset?(data, name, publicID, systemID)
                if isMain(data, of: session) { session.doctype(name: name, publicID: publicID, systemID: systemID) }
            }
        }
        sax.pointee.startElementNs = {
            data, localName, prefix, uri, namespaceCount, namespaces, count, defaulted, attributes in
            withSession(data) { session in
                guard isMain(data, of: session), let context = session.context, let localName else {
                    session.defaults.startElementNs?(
                        data, localName, prefix, uri, namespaceCount, namespaces, count, defaulted, attributes)
                    return
                }
                session.startElement(
                    context, localName: localName, prefix: prefix, uri: uri, namespaceCount: namespaceCount,
                    namespaces: namespaces, attributeCount: count, defaultedCount: defaulted, attributes: attributes)
            }
        }
        sax.pointee.endElementNs = { data, localName, prefix, uri in
            withSession(data) { session in
                guard isMain(data, of: session), let localName else {
                    session.defaults.endElementNs?(data, localName, prefix, uri)
                    return
                }
                session.endElement(localName: localName)
            }
        }
        let characters: charactersSAXFunc = { data, bytes, count in
            withSession(data) { session in
                guard isMain(data, of: session), let bytes else {
                    session.defaults.characters?(data, bytes, count)
                    return
                }
                session.appendText(bytes, count: Int(count))
            }
        }
        sax.pointee.characters = characters
        sax.pointee.ignorableWhitespace = characters
        sax.pointee.cdataBlock = { data, bytes, count in
            withSession(data) { session in
                guard isMain(data, of: session) else {
                    session.defaults.cdataBlock?(data, bytes, count)
                    return
                }
                session.appendCDATA(bytes, count: Int(count))
            }
        }
        sax.pointee.comment = { data, value in
            withSession(data) { session in
                guard isMain(data, of: session) else {
                    session.defaults.comment?(data, value)
                    return
                }
                session.deliver(value, count: value.map { strlen($0) } ?? 0) { try $0.deliverComment($1) }
            }
        }
        sax.pointee.processingInstruction = { data, target, value in
            withSession(data) { session in
                guard isMain(data, of: session) else {
                    session.defaults.processingInstruction?(data, target, value)
                    return
                }
                let name = target.map { String(cString: $0) } ?? ""
                session.deliver(value, count: value.map { strlen($0) } ?? 0) {
                    try $0.deliverProcessingInstruction(target: name, data: $1)
                }
            }
        }
        sax.pointee.reference = { data, name in
            withSession(data) { session in
                guard isMain(data, of: session) else {
                    session.defaults.reference?(data, name)
                    return
                }
                session.reference(name)
            }
        }
    }
}

/// Calls `body` with the session of a callback's context (the main one or a nested entity-checking one).
///
/// The session outlives the parse, so no reference is counted.
@inline(__always)
private func withSession(_ data: UnsafeMutableRawPointer?, _ body: (SAXSession) -> Void) {
    guard let context = data?.assumingMemoryBound(to: xmlParserCtxt.self), let session = context.pointee._private else {
        return
    }
    Unmanaged<SAXSession>.fromOpaque(session)._withUnsafeGuaranteedRef(body)
}

private func isMain(_ data: UnsafeMutableRawPointer?, of session: SAXSession) -> Bool {
    data == session.context.map { UnsafeMutableRawPointer($0) }
}

private func strlen(_ string: UnsafePointer<UInt8>) -> Int {
    var count = 0
    while string[count] != 0 { count += 1 }
    return count
}

/// libxml2's `xmlParserMaxDepth`: how deep elements may nest without `XML_PARSE_HUGE` (``InputLimits/markup``).
private let maximumDepth = InputLimits.markup

func unsupportedEntityMessage(_ name: String) -> String {
    "entity reference '&\(name);' is not supported (only &lt; &gt; &amp; &apos; &quot; and character references are)"
}

/// Delivers a session's events to a handler.
final class HandlerSession<Handler: XMLEventHandler>: SAXSession {
    @exclusivity(unchecked) var handler: Handler

    init(handler: Handler, path: String, locator: ElementLocator, parsesLocatorBytes: Bool) {
        self.handler = handler
        super.init(path: path, locator: locator, parsesLocatorBytes: parsesLocatorBytes)
    }

    override func deliverDoctype(_ doctype: XMLDoctype) throws { try handler.doctype(doctype) }
    override func deliverStart(_ element: XMLStartElement) throws { try handler.startElement(element) }
    override func deliverEnd(_ element: XMLEndElement) throws { try handler.endElement(element) }
    override func deliverText(_ text: XMLText) throws { try handler.text(text) }
    override func deliverCDATA(_ text: XMLText) throws { try handler.cdata(text) }
    override func deliverComment(_ text: XMLText) throws { try handler.comment(text) }
    override func deliverProcessingInstruction(target: String, data: XMLText) throws {
        try handler.processingInstruction(target: target, data: data)
    }
}

// MARK: - Names

/// Converts names from libxml2's dictionary to `String` once per distinct pointer.
///
/// Element and attribute names, prefixes and namespace URIs returned by the reader are interned in the
/// reader's dictionary, so equal pointers mean equal strings for the reader's lifetime. A small direct-mapped
/// table turns repeated names (and long namespace URIs) into a pointer compare and a retain.
struct NameCache {
    private static let size = 256
    private var keys = [UnsafePointer<xmlChar>?](repeating: nil, count: NameCache.size)
    private var values = [String](repeating: "", count: NameCache.size)

    @inline(__always)
    mutating func string(_ pointer: UnsafePointer<xmlChar>?) -> String? {
        guard let pointer else { return nil }
        let slot = Int(truncatingIfNeeded: UInt(bitPattern: pointer) >> 4) & (Self.size - 1)
        if keys[slot] == pointer { return values[slot] }
        // Namespace URIs are attribute values: without entity substitution libxml2 leaves each `&` in them as
        // `&#38;`, as it does in other attribute values.
        var length = 0
        while pointer[length] != 0 { length += 1 }
        let string = attributeValue(UnsafeBufferPointer(start: pointer, count: length))
        keys[slot] = pointer
        values[slot] = string
        return string
    }
}

// MARK: - Errors from libxml2

extension ErrorCollector.Message {
    /// Copies what ``ErrorCollector`` reads of one of libxml2's structured errors out of its C structure.
    init(_ error: xmlError) {
        let parserDomains: [Int32] = [XML_FROM_PARSER, XML_FROM_NAMESPACE, XML_FROM_DTD].map { Int32($0.rawValue) }
        var documentPosition: (line: Int, column: Int)?
        // Parameter entities are pushed on the document parser's input stack, whose bottom is the document.
        if parserDomains.contains(error.domain), let context = error.ctxt?.assumingMemoryBound(to: xmlParserCtxt.self),
            context.pointee.inputNr > 1, let document = context.pointee.inputTab?[0]
        {
            documentPosition = (Int(document.pointee.line), Int(document.pointee.col))
        }
        self.init(
            domain: error.domain, code: error.code, isError: error.level.rawValue >= XML_ERR_ERROR.rawValue,
            message: error.message.map { String(cString: $0) }, line: Int(error.line), column: Int(error.int2),
            string1: error.str1.map { String(cString: $0) }, string2: error.str2.map { String(cString: $0) },
            hasFile: error.file != nil, documentPosition: documentPosition)
    }
}

extension SAXSession: ErrorCollector.Parser {
    var currentPosition: (line: Int, column: Int)? {
        guard let input = context?.pointee.input else { return nil }
        return (Int(input.pointee.line), Int(input.pointee.col))
    }

    var unconvertedInput: (count: Int, encoding: String)? {
        guard let input = context?.pointee.input?.pointee, let buffer = input.buf?.pointee,
            let encoder = buffer.encoder, let raw = buffer.raw
        else { return nil }
        let name = swiftString(input.encoding) ?? encoder.pointee.name.map { String(cString: $0) } ?? "the encoding"
        return (Int(xmlBufUse(raw)), name)
    }
}
