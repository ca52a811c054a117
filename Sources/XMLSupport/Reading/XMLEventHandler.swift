/// Receives the events of ``XMLEventParser``, in document order.
///
/// The values passed to each method point into the parser's buffers: read what you need during the call (names
/// compare without allocating, strings are made only when asked for) and keep none of them. Throwing from a
/// method stops the parse, and ``XMLEventParser/parse(_:path:handler:)`` rethrows the error.
///
/// Adjacent character data arrives as one ``text(_:)`` call. Only the root element and what it contains are
/// reported, plus the DOCTYPE; whitespace, comments and processing instructions outside the root are not.
package protocol XMLEventHandler {
    /// The `<!DOCTYPE …>` line, before the root element.
    mutating func doctype(_ doctype: XMLDoctype) throws
    /// A start tag, or an empty-element tag (then ``XMLStartElement/isEmpty`` is `true` and ``endElement(_:)``
    /// follows at once).
    mutating func startElement(_ element: XMLStartElement) throws
    /// The end of the innermost open element.
    mutating func endElement(_ element: XMLEndElement) throws
    /// Character data, with references decoded and line ends normalized to LF.
    mutating func text(_ text: XMLText) throws
    /// The content of one `<![CDATA[…]]>` section.
    mutating func cdata(_ text: XMLText) throws
    /// The text between `<!--` and `-->`.
    mutating func comment(_ text: XMLText) throws
    /// A processing instruction inside the root element.
    mutating func processingInstruction(target: String, data: XMLText) throws
}

extension XMLEventHandler {
    package mutating func doctype(_ doctype: XMLDoctype) throws {}
    package mutating func cdata(_ text: XMLText) throws {}
    package mutating func comment(_ text: XMLText) throws {}
    package mutating func processingInstruction(target: String, data: XMLText) throws {}
}
