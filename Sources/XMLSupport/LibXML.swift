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
