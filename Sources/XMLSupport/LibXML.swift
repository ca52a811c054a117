internal import CLibXML2

// MARK: - Library setup

/// `xmlInitParser()` must run once before libxml2 is used from several threads; never call `xmlCleanupParser()` from a
/// library.
///
/// Every entry point evaluates this lazily initialised global.
let libxmlReady: Void = xmlInitParser()

// MARK: - Parser options

/// The options every document is read with.
///
/// - `NONET`: never touch the network.
/// - `COMPACT`: store short text inside the node (fewer allocations; the tree is never modified).
/// - Deliberately absent: `NOENT` (entities stay references, which we reject), `DTDLOAD`/`DTDATTR`/`DTDVALID`
///   (no DTD is fetched or applied), `RECOVER`/`NOERROR`/`NOWARNING` (errors are never hidden), `NOCDATA`
///   (CDATA stays distinguishable), `HUGE` (keep libxml2's size limits), `NOBLANKS` (whitespace is content).
let readerOptions: Int32 = Int32(bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_COMPACT.rawValue)

// MARK: - C strings

/// Copies a NUL-terminated libxml2 string into a Swift `String` (invalid UTF-8 would be repaired; libxml2 never
/// produces it).
///
/// Names go through `NameCache` instead.
@inline(__always)
func swiftString(_ pointer: UnsafePointer<xmlChar>?) -> String? {
    guard let pointer else { return nil }
    return String(cString: pointer)
}

// MARK: - Messages

/// Runs `body` with every libxml2 message of the current thread going to `collector`: the errors libxml2 raises without
/// a parser context (encoding failures while input is converted, I/O errors, the writer's errors) through the thread's
/// structured handler, and the few it formats itself through the thread's generic handler.
///
/// Both would print to stderr otherwise. The handlers in place before are put back afterwards (they are per thread, and
/// `body` never suspends, so other parses on other threads are not affected).
func routingLibXMLMessages<Result>(to collector: ErrorCollector, _ body: () throws -> Result) rethrows -> Result {
    let context = Unmanaged.passUnretained(collector).toOpaque()
    var sink = stringbridge_error_sink(
        message: { context, text in
            guard let context, let text else { return }
            Unmanaged<ErrorCollector>.fromOpaque(context).takeUnretainedValue().recordGeneric(String(cString: text))
        },
        context: context)
    return try withUnsafeMutablePointer(to: &sink) { sink in
        let saved = stringbridge_route_errors(
            sink,
            { context, error in
                guard let context, let error else { return }
                Unmanaged<ErrorCollector>.fromOpaque(context).takeUnretainedValue().record(
                    ErrorCollector.Message(error.pointee))
            },
            context)
        defer { stringbridge_restore_errors(saved) }
        return try body()
    }
}

// MARK: - Encodings

/// The number of characters in `bytes` of a document in `encoding`, decoded with libxml2's converter, or `nil`
/// when libxml2 cannot convert them.
func characterCount(of bytes: [UInt8], encoding: String) -> Int? {
    guard !bytes.isEmpty else { return 0 }
    guard let handler = xmlFindCharEncodingHandler(encoding) else { return nil }
    defer { xmlCharEncCloseFunc(handler) }
    guard let input = xmlBufferCreate() else { return nil }
    defer { xmlBufferFree(input) }
    guard let output = xmlBufferCreate() else { return nil }
    defer { xmlBufferFree(output) }
    let added = bytes.withUnsafeBufferPointer { buffer in
        buffer.baseAddress.map { xmlBufferAdd(input, $0, Int32(buffer.count)) } ?? -1
    }
    guard added == 0, xmlCharEncInFunc(handler, output, input) >= 0, let content = xmlBufferContent(output) else {
        return nil
    }
    let converted = UnsafeBufferPointer(start: content, count: Int(xmlBufferLength(output)))
    return converted.reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
}

// MARK: - Writer

/// libxml2's `xmlTextWriter`, writing into an output buffer whose callback appends to an array: the calls of
/// ``XMLStreamWriter`` to libxml2.
///
/// Each returns libxml2's result (negative on failure).
final class LibXMLTextWriter {
    /// Where libxml2's output buffer flushes to: the document, as it will be returned.
    private final class Output {
        var bytes: [UInt8] = []
    }

    private let output = Output()
    private let writer: xmlTextWriterPtr

    /// Creates a writer whose output reserves `minimumCapacity` bytes.
    init(minimumCapacity: Int) {
        _ = libxmlReady
        output.bytes.reserveCapacity(minimumCapacity)
        // libxml2 flushes its output buffer into `output` (kept alive by `self` until the writer is freed).
        let context = Unmanaged.passUnretained(output).toOpaque()
        guard
            let buffer = xmlOutputBufferCreateIO(
                { context, bytes, count in
                    guard let context, let bytes, count > 0 else { return 0 }
                    let output = Unmanaged<Output>.fromOpaque(context).takeUnretainedValue()
                    bytes.withMemoryRebound(to: UInt8.self, capacity: Int(count)) {
                        output.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: Int(count)))
                    }
                    return count
                }, nil, context, nil)
        else { fatalError("libxml2: cannot allocate an output buffer") }
        guard let writer = xmlNewTextWriter(buffer) else {
            xmlOutputBufferClose(buffer)
            fatalError("libxml2: cannot create a text writer")
        }
        self.writer = writer
    }

    /// Frees the writer, which flushes what libxml2 holds into the output; call once, last.
    func free() {
        xmlFreeTextWriter(writer)
    }

    /// Takes the document out (after ``free()``).
    func takeOutput() -> [UInt8] {
        let bytes = output.bytes
        output.bytes = []
        return bytes
    }

    /// Makes room for `count` more bytes in the output.
    func reserveCapacity(_ count: Int) {
        output.bytes.reserveCapacity(output.bytes.count + count)
    }

    func startDocument() -> Int32 { xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil) }

    func writeDoctype(_ doctype: XMLDoctype) -> Int32 {
        xmlTextWriterWriteDTD(writer, doctype.name, doctype.publicID, doctype.systemID, nil)
    }

    func startCDATA() -> Int32 { xmlTextWriterStartCDATA(writer) }
    func endCDATA() -> Int32 { xmlTextWriterEndCDATA(writer) }
    func startComment() -> Int32 { xmlTextWriterStartComment(writer) }
    func endComment() -> Int32 { xmlTextWriterEndComment(writer) }
    func startProcessingInstruction(target: String) -> Int32 { xmlTextWriterStartPI(writer, target) }
    func endProcessingInstruction() -> Int32 { xmlTextWriterEndPI(writer) }

    /// Hands `bytes` over as they are.
    func writeRaw(_ bytes: PendingBytes) -> Int32 {
        xmlTextWriterWriteRawLen(writer, bytes.start, Int32(bytes.count))
    }

    /// Hands `bytes` over as they are.
    func writeRaw(_ bytes: [UInt8]) -> Int32 {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { xmlTextWriterWriteRawLen(writer, $0, Int32(buffer.count)) } ?? 0
        }
    }

    /// Hands the UTF-8 bytes of `text` over as they are.
    func writeRaw(_ text: String) -> Int32 {
        var text = text
        return text.withUTF8 { buffer in
            buffer.baseAddress.map { xmlTextWriterWriteRawLen(writer, $0, Int32(buffer.count)) } ?? 0
        }
    }
}

// MARK: - URIs

/// Whether libxml2 parses `string` as a URI.
func isURI(_ string: String) -> Bool {
    guard let uri = xmlParseURI(string) else { return false }
    xmlFreeURI(uri)
    return true
}
