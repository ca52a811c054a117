/// Writes an XML document piece by piece through libxml2's `xmlTextWriter`, so large outputs never need a tree.
///
/// Every byte reaches the output through the `xmlTextWriter`: the XML declaration, the DOCTYPE, comments,
/// processing instructions and CDATA sections through its own calls; tags, attributes and character data as
/// bytes built here and handed to `xmlTextWriterWriteRawLen`, because libxml2's own escaping does not match
/// Apple's output (it writes `&quot;` in text, and `&#x…;` for non-ASCII in attributes) and its element calls
/// allocate per element. Those bytes are collected in a buffer and handed over in large pieces. Escaping rules
/// (``XMLEscaping``):
///
/// - text: `&` `<` `>` become `&amp;` `&lt;` `&gt;`, CR becomes `&#13;`; `"`, `'`, TAB, LF stay literal.
/// - attribute values: `&` `<` `>` `"` become entities, TAB LF CR become `&#9;` `&#10;` `&#13;`.
/// - non-ASCII is written as UTF-8, never as character references.
///
/// Markup prepared once (``XMLFragments``) is written with ``write(_:from:)``. What was written since a
/// ``checkpoint()`` can be taken back with ``rollBack(to:)``.
///
/// Misuse (an attribute after content, ending an element that is not open, writing after `finish()`) is a
/// programming error and stops the program.
package final class XMLStreamWriter {
    /// How an open element is laid out (its name is in `names`).
    fileprivate struct Frame {
        var inline: Bool
        /// Whether the start tag is closed: something was written inside.
        var hasContent = false
        var hasText = false
        var hasMarkup = false
    }

    /// A point that ``XMLStreamWriter/rollBack(to:)`` can return to.
    package struct Checkpoint {
        fileprivate let count: Int
        fileprivate let flushes: Int
        fileprivate let depth: Int
        fileprivate let innermost: Frame?
    }

    /// Pending bytes are handed to libxml2 once there are this many (at a checkpoint or an end tag).
    private static let flushThreshold = 1 << 16

    /// libxml2's writer, and the document it writes into.
    private let writer: LibXMLTextWriter
    /// What libxml2 reports while writing (see ``check(_:_:)``).
    private let messages = ErrorCollector()
    private let style: XMLOutputStyle
    private let indentation: [UInt8]
    @exclusivity(unchecked) private var lineBreaks: [[UInt8]] = []
    @exclusivity(unchecked) private var frames: [Frame] = []
    /// The names of the open elements, for their end tags.
    @exclusivity(unchecked) private var names: [String] = []
    /// Bytes built here, not yet handed to libxml2.
    @exclusivity(unchecked) private var pending = PendingBytes(capacity: XMLStreamWriter.flushThreshold + 4096)
    /// How many times `pending` was handed over: a checkpoint is only valid while this has not changed.
    @exclusivity(unchecked) private var flushes = 0
    /// Whether a checkpoint was taken: pending bytes are then handed over at checkpoints only.
    @exclusivity(unchecked) private var usesCheckpoints = false
    @exclusivity(unchecked) private var isFinished = false

    /// Creates a writer.
    /// - Parameters:
    ///   - style: The layout.
    ///   - minimumCapacity: The expected size of the document in bytes, when it is known roughly.
    package init(style: XMLOutputStyle = .compact, minimumCapacity: Int = 0) {
        writer = LibXMLTextWriter(minimumCapacity: max(minimumCapacity, 1024))
        self.style = style
        self.indentation = Array(style.indentation.utf8)
    }

    deinit {
        if !isFinished { routingLibXMLMessages(to: messages) { writer.free() } }
        pending.deallocate()
    }

    /// The document written so far, as UTF-8 bytes.
    ///
    /// The writer cannot be used afterwards.
    package func finish() -> [UInt8] {
        precondition(!isFinished, "XMLStreamWriter.finish() called twice")
        precondition(frames.isEmpty, "XMLStreamWriter.finish() with \(frames.count) element(s) still open")
        flush()
        isFinished = true
        routingLibXMLMessages(to: messages) { writer.free() }  // flushes into the output, frees the buffer
        return writer.takeOutput()
    }

    /// Makes room for `count` more bytes of output, when the size of what comes is known roughly.
    package func reserveCapacity(_ count: Int) {
        writer.reserveCapacity(pending.count + count)
    }

    // MARK: - Prolog

    /// Writes `<?xml version="1.0" encoding="UTF-8"?>` and a line break.
    ///
    /// Comes first, if at all.
    package func writeXMLDeclaration() {
        precondition(frames.isEmpty, "XML declaration inside an element")
        flush()
        check("start document") { writer.startDocument() }
    }

    /// Writes the DOCTYPE on one line, followed by a line break.
    package func writeDoctype(_ doctype: XMLDoctype) {
        precondition(frames.isEmpty, "DOCTYPE inside an element")
        flush()
        check("DOCTYPE") { writer.writeDoctype(doctype) }
        pending.append(UInt8(ascii: "\n"))
    }

    // MARK: - Elements

    /// Opens an element.
    ///
    /// `inline: true` writes its content exactly as given (no added line breaks), which mixed content needs when an
    /// inline element comes before the first text.
    package func startElement(_ qualifiedName: String, inline: Bool = false) {
        beginMarkup()
        XMLMarkup.appendStartTag(qualifiedName, to: &pending)
        frames.append(Frame(inline: inline || (frames.last?.inline ?? false)))
        names.append(qualifiedName)
    }

    /// Adds an attribute to the element just opened; call before any content.
    /// - Returns: Whether the value holds a character that XML 1.0 cannot hold (it is written all the same).
    @discardableResult
    package func writeAttribute(_ qualifiedName: String, _ value: String) -> Bool {
        precondition(!(frames.last?.hasContent ?? true), "attribute '\(qualifiedName)' written outside a start tag")
        return XMLMarkup.appendAttribute(qualifiedName, value, to: &pending)
    }

    /// Closes the innermost element: `<name/>` if nothing was written inside it (unless `selfClosingIfEmpty`
    /// is false, which gives `<name></name>`), otherwise `</name>`.
    package func endElement(selfClosingIfEmpty: Bool = true) {
        precondition(!frames.isEmpty, "endElement() without an open element")
        let frame = frames.removeLast()
        let name = names.removeLast()
        if frame.hasMarkup && !frame.hasText && !frame.inline && !indentation.isEmpty {
            writeLineBreak(depth: frames.count)
        }
        if frame.hasContent {
            XMLMarkup.appendEndTag(name, to: &pending)
        } else if selfClosingIfEmpty {
            XMLMarkup.appendEmptyElementEnd(to: &pending)
        } else {
            XMLMarkup.appendStartTagEnd(to: &pending)
            XMLMarkup.appendEndTag(name, to: &pending)
        }
        if frames.isEmpty && style.endsWithLineBreak { pending.append(UInt8(ascii: "\n")) }
        if !usesCheckpoints && pending.count >= Self.flushThreshold { flush() }
    }

    /// Writes `<name attributes…>text</name>`, or `<name attributes…/>` when `text` is `nil`.
    /// - Returns: Whether `text` holds a character that XML 1.0 cannot hold (it is written all the same).
    @discardableResult
    package func writeElement(
        _ qualifiedName: String, attributes: KeyValuePairs<String, String> = [:], text: String?
    ) -> Bool {
        startElement(qualifiedName, inline: true)
        for (name, value) in attributes { writeAttribute(name, value) }
        let unwritable = text.map { writeText($0) } ?? false
        endElement()
        return unwritable
    }

    /// Writes an element value and everything inside it.
    ///
    /// Elements holding text or CDATA are written inline.
    package func writeElement(_ element: XMLElementNode) {
        let hasText = element.children.contains { child in
            switch child {
            case .text, .cdata: true
            case .element, .comment, .processingInstruction: false
            }
        }
        startElement(element.qualifiedName, inline: hasText)
        for attribute in element.attributes { writeAttribute(attribute.qualifiedName, attribute.value) }
        for child in element.children {
            switch child {
            case .element(let element): writeElement(element)
            case .text(let text): writeText(text)
            case .cdata(let text): writeCDATA(text)
            case .comment(let text): writeComment(text)
            case .processingInstruction(let target, let data): writeProcessingInstruction(target: target, data: data)
            }
        }
        endElement()
    }

    /// Writes a prepared fragment: attributes into the element just opened, or an element as the next child
    /// of the innermost element (laid out like one written with `startElement(_:inline: true)`).
    package func write(_ fragment: XMLFragments.Fragment, from storage: XMLFragments.Storage) {
        if fragment.isAttributes {
            precondition(!(frames.last?.hasContent ?? true), "attributes written outside a start tag")
        } else {
            beginMarkup()
        }
        pending.append(fragment, from: storage)
    }

    // MARK: - Content

    /// Writes escaped character data.
    ///
    /// An empty string still counts as content: `<name></name>`.
    /// - Returns: Whether the text holds a character that XML 1.0 cannot hold (it is written all the same).
    @discardableResult
    package func writeText(_ text: String) -> Bool {
        beginText()
        return pending.appendEscaped(text, inAttribute: false)
    }

    /// Writes `<![CDATA[text]]>`; a `]]>` inside `text` is split across two sections.
    package func writeCDATA(_ text: String) {
        beginText()
        flush()
        check("start CDATA") { writer.startCDATA() }
        writeDirectly(Self.splittingCDATAEnds(text))
        check("end CDATA") { writer.endCDATA() }
    }

    /// Writes `<!--text-->`.
    ///
    /// `text` is written as is: it must not contain `--`.
    package func writeComment(_ text: String) {
        beginMarkup()
        flush()
        check("start comment") { writer.startComment() }
        writeDirectly(text)
        check("end comment") { writer.endComment() }
        if frames.isEmpty { pending.append(UInt8(ascii: "\n")) }
    }

    /// Writes `<?target data?>`.
    ///
    /// `data` is written as is: it must not contain `?>`.
    package func writeProcessingInstruction(target: String, data: String) {
        beginMarkup()
        flush()
        check("start processing instruction") { writer.startProcessingInstruction(target: target) }
        writeDirectly(data)
        check("end processing instruction") { writer.endProcessingInstruction() }
        if frames.isEmpty { pending.append(UInt8(ascii: "\n")) }
    }

    /// Writes `text` unescaped.
    ///
    /// Inside an element it counts as text for the layout rule.
    package func writeRaw(_ text: String) {
        precondition(!isFinished, "XMLStreamWriter used after finish()")
        if !frames.isEmpty { beginText() }
        pending.append(utf8: text)
    }

    // MARK: - Checkpoints

    /// Marks the current position, so that what is written next can be taken back with ``rollBack(to:)``.
    ///
    /// Only the latest checkpoint can be rolled back to; taking one may hand earlier output to libxml2.
    package func checkpoint() -> Checkpoint {
        usesCheckpoints = true
        if pending.count >= Self.flushThreshold { flush() }
        return Checkpoint(count: pending.count, flushes: flushes, depth: frames.count, innermost: frames.last)
    }

    /// Removes everything written since `checkpoint`, which must be the latest one; the elements opened since
    /// are forgotten, and the elements open then must still be open.
    package func rollBack(to checkpoint: Checkpoint) {
        precondition(checkpoint.flushes == flushes, "XMLStreamWriter.rollBack(to:) past a flush")
        precondition(frames.count >= checkpoint.depth, "XMLStreamWriter.rollBack(to:) after closing an element")
        pending.removeLast(from: checkpoint.count)
        frames.removeSubrange(checkpoint.depth...)
        names.removeSubrange(checkpoint.depth...)
        if let innermost = checkpoint.innermost { frames[frames.count - 1] = innermost }
    }

    // MARK: - Layout

    @inline(__always)
    private func beginMarkup() {
        precondition(!isFinished, "XMLStreamWriter used after finish()")
        guard let last = frames.indices.last else { return }
        let frame = frames[last]
        if !frame.hasContent {
            XMLMarkup.appendStartTagEnd(to: &pending)
            frames[last].hasContent = true
        }
        if !frame.hasMarkup { frames[last].hasMarkup = true }
        if !frame.inline && !frame.hasText && !indentation.isEmpty {
            writeLineBreak(depth: frames.count)
        }
    }

    @inline(__always)
    private func beginText() {
        precondition(!isFinished, "XMLStreamWriter used after finish()")
        precondition(!frames.isEmpty, "text outside the root element")
        let last = frames.count - 1
        if !frames[last].hasContent {
            XMLMarkup.appendStartTagEnd(to: &pending)
            frames[last].hasContent = true
        }
        frames[last].hasText = true
    }

    /// A line break plus the indentation for an item nested `depth` elements deep.
    @inline(__always)
    private func writeLineBreak(depth: Int) {
        let level = style.indentsRootChildren ? depth : max(depth - 1, 0)
        while lineBreaks.count <= level {
            lineBreaks.append(XMLMarkup.lineBreak(level: lineBreaks.count, indentation: indentation))
        }
        pending.append(lineBreaks[level])
    }

    // MARK: - Bytes

    /// Makes a libxml2 writer call.
    ///
    /// Its messages go to `messages`, never to stderr; a failure is a bug of this writer (what it hands over is always
    /// well-formed), so it stops the program, with libxml2's message.
    private func check(_ operation: StaticString, _ call: () -> Int32) {
        let result = routingLibXMLMessages(to: messages, call)
        precondition(
            result >= 0, "libxml2 xmlTextWriter failed: \(operation)\(messages.first.map { ": " + $0.message } ?? "")")
    }

    /// Hands the pending bytes to libxml2.
    private func flush() {
        guard !pending.isEmpty else { return }
        check("write") { writer.writeRaw(pending) }
        pending.removeLast(from: 0)
        flushes += 1
    }

    private func writeDirectly(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        check("write") { writer.writeRaw(bytes) }
    }

    private func writeDirectly(_ text: String) {
        guard !text.isEmpty else { return }
        check("write") { writer.writeRaw(text) }
    }

    /// The UTF-8 bytes of `text` with each `]]>` written `]]]]><![CDATA[>`: the end of one CDATA section and the
    /// start of the next.
    private static func splittingCDATAEnds(_ text: String) -> [UInt8] {
        let source = Array(text.utf8)
        let end: [UInt8] = Array("]]>".utf8)
        let replacement: [UInt8] = Array("]]]]><![CDATA[>".utf8)
        var result: [UInt8] = []
        result.reserveCapacity(source.count)
        var index = 0
        while index < source.count {
            if source[index] == end[0], source[index...].starts(with: end) {
                result.append(contentsOf: replacement)
                index += end.count
            } else {
                result.append(source[index])
                index += 1
            }
        }
        return result
    }
}
