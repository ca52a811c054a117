internal import CLibXML2

// MARK: - Library setup

/// `xmlInitParser()` must run once before libxml2 is used from several threads; never call `xmlCleanupParser()`
/// from a library. Every entry point evaluates this lazily initialised global.
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

/// Copies a NUL-terminated libxml2 string into a Swift `String` (invalid UTF-8 would be repaired; libxml2
/// never produces it). Names go through `NameCache` instead.
@inline(__always)
func swiftString(_ pointer: UnsafePointer<xmlChar>?) -> String? {
    guard let pointer else { return nil }
    return String(cString: pointer)
}

// MARK: - Messages

/// Runs `body` with every libxml2 message of the current thread going to `collector`: the errors libxml2 raises
/// without a parser context (encoding failures while input is converted, I/O errors, the writer's errors) through
/// the thread's structured handler, and the few it formats itself through the thread's generic handler. Both
/// would print to stderr otherwise. The handlers in place before are put back afterwards (they are per thread,
/// and `body` never suspends, so other parses on other threads are not affected).
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
                Unmanaged<ErrorCollector>.fromOpaque(context).takeUnretainedValue().record(error.pointee)
            },
            context)
        defer { stringbridge_restore_errors(saved) }
        return try body()
    }
}
