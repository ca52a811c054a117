internal import CLibXML2

/// Writes an XML document piece by piece through libxml2's `xmlTextWriter`, so large outputs never need a tree.
///
/// Markup (declaration, DOCTYPE, tags, attributes, comments, CDATA sections) goes through the `xmlTextWriter`
/// calls; character data is escaped here, once, and handed to `xmlTextWriterWriteRawLen`, because libxml2's
/// own escaping does not match Apple's output (it writes `&quot;` in text, and `&#x…;` for non-ASCII in
/// attributes). Escaping rules:
///
/// - text: `&` `<` `>` become `&amp;` `&lt;` `&gt;`, CR becomes `&#13;`; `"`, `'`, TAB, LF stay literal.
/// - attribute values: `&` `<` `>` `"` become entities, TAB LF CR become `&#9;` `&#10;` `&#13;`.
/// - non-ASCII is written as UTF-8, never as character references.
///
/// Misuse (an attribute after content, ending an element that is not open, writing after `finish()`) is a
/// programming error and stops the program.
public final class XMLStreamWriter {
    private struct Frame {
        var inline: Bool
        var hasContent = false
        var hasText = false
        var hasMarkup = false
    }

    private let buffer: xmlBufferPtr
    private let writer: xmlTextWriterPtr
    private let style: XMLOutputStyle
    private let indentation: [UInt8]
    private var lineBreaks: [[UInt8]] = []
    private var frames: [Frame] = []
    private var scratch: [UInt8] = []
    private var isFinished = false

    public init(style: XMLOutputStyle = .compact) {
        _ = libxmlReady
        guard let buffer = xmlBufferCreate() else { fatalError("libxml2: cannot allocate an output buffer") }
        xmlBufferSetAllocationScheme(buffer, XML_BUFFER_ALLOC_DOUBLEIT)
        guard let writer = xmlNewTextWriterMemory(buffer, 0) else {
            xmlBufferFree(buffer)
            fatalError("libxml2: cannot create a text writer")
        }
        self.buffer = buffer
        self.writer = writer
        self.style = style
        self.indentation = Array(style.indentation.utf8)
    }

    deinit {
        if !isFinished {
            xmlFreeTextWriter(writer)
            xmlBufferFree(buffer)
        }
    }

    /// The document written so far, as UTF-8 bytes. The writer cannot be used afterwards.
    public func finish() -> [UInt8] {
        precondition(!isFinished, "XMLStreamWriter.finish() called twice")
        precondition(frames.isEmpty, "XMLStreamWriter.finish() with \(frames.count) element(s) still open")
        isFinished = true
        xmlFreeTextWriter(writer)  // flushes into `buffer`
        defer { xmlBufferFree(buffer) }
        let count = Int(xmlBufferLength(buffer))
        guard count > 0, let content = xmlBufferContent(buffer) else { return [] }
        return Array(UnsafeBufferPointer(start: content, count: count))
    }

    // MARK: - Prolog

    /// Writes `<?xml version="1.0" encoding="UTF-8"?>` and a line break.
    public func writeXMLDeclaration() {
        check(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil), "start document")
    }

    /// Writes the DOCTYPE on one line, followed by a line break.
    public func writeDoctype(_ doctype: XMLDoctype) {
        precondition(frames.isEmpty, "DOCTYPE inside an element")
        check(xmlTextWriterWriteDTD(writer, doctype.name, doctype.publicID, doctype.systemID, nil), "DOCTYPE")
        writeBytes("\n")
    }

    // MARK: - Elements

    /// Opens an element. `inline: true` writes its content exactly as given (no added line breaks), which
    /// mixed content needs when an inline element comes before the first text.
    public func startElement(_ qualifiedName: String, inline: Bool = false) {
        beginMarkup()
        check(xmlTextWriterStartElement(writer, qualifiedName), "start element")
        frames.append(Frame(inline: inline || (frames.last?.inline ?? false)))
    }

    /// Adds an attribute to the element just opened; call before any content.
    public func writeAttribute(_ qualifiedName: String, _ value: String) {
        precondition(!(frames.last?.hasContent ?? true), "attribute '\(qualifiedName)' written outside a start tag")
        check(xmlTextWriterStartAttribute(writer, qualifiedName), "start attribute")
        writeEscaped(value, inAttribute: true)
        check(xmlTextWriterEndAttribute(writer), "end attribute")
    }

    /// Closes the innermost element: `<name/>` if nothing was written inside it (unless `selfClosingIfEmpty`
    /// is false, which gives `<name></name>`), otherwise `</name>`.
    public func endElement(selfClosingIfEmpty: Bool = true) {
        precondition(!frames.isEmpty, "endElement() without an open element")
        let frame = frames.removeLast()
        if frame.hasMarkup && !frame.hasText && !frame.inline && !indentation.isEmpty {
            writeLineBreak(depth: frames.count)
        }
        if frame.hasContent || !selfClosingIfEmpty {
            check(xmlTextWriterFullEndElement(writer), "end element")
        } else {
            check(xmlTextWriterEndElement(writer), "end element")
        }
        if frames.isEmpty { writeBytes("\n") }
    }

    /// Writes `<name attributes…>text</name>`, or `<name attributes…/>` when `text` is `nil`.
    public func writeElement(_ qualifiedName: String, attributes: KeyValuePairs<String, String> = [:], text: String?) {
        startElement(qualifiedName, inline: true)
        for (name, value) in attributes { writeAttribute(name, value) }
        if let text { writeText(text) }
        endElement()
    }

    /// Writes an element value and everything inside it. Elements holding text or CDATA are written inline.
    public func writeElement(_ element: XMLElementNode) {
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

    // MARK: - Content

    /// Writes escaped character data. An empty string still counts as content: `<name></name>`.
    public func writeText(_ text: String) {
        beginText()
        writeEscaped(text, inAttribute: false)
    }

    /// Writes `<![CDATA[text]]>`; a `]]>` inside `text` is split across two sections.
    public func writeCDATA(_ text: String) {
        beginText()
        check(xmlTextWriterStartCDATA(writer), "start CDATA")
        writeReplacing(text, "]]>", with: "]]]]><![CDATA[>")
        check(xmlTextWriterEndCDATA(writer), "end CDATA")
    }

    /// Writes `<!--text-->`. `text` is written as is: it must not contain `--`.
    public func writeComment(_ text: String) {
        beginMarkup()
        check(xmlTextWriterStartComment(writer), "start comment")
        writeString(text)
        check(xmlTextWriterEndComment(writer), "end comment")
        if frames.isEmpty { writeBytes("\n") }
    }

    /// Writes `<?target data?>`. `data` is written as is: it must not contain `?>`.
    public func writeProcessingInstruction(target: String, data: String) {
        beginMarkup()
        check(xmlTextWriterStartPI(writer, target), "start processing instruction")
        writeString(data)
        check(xmlTextWriterEndPI(writer), "end processing instruction")
        if frames.isEmpty { writeBytes("\n") }
    }

    /// Writes `text` unescaped. Inside an element it counts as text for the layout rule.
    public func writeRaw(_ text: String) {
        if !frames.isEmpty { beginText() }
        writeString(text)
    }

    // MARK: - Layout

    private func beginMarkup() {
        precondition(!isFinished, "XMLStreamWriter used after finish()")
        guard let last = frames.indices.last else { return }
        frames[last].hasContent = true
        frames[last].hasMarkup = true
        if !frames[last].inline && !frames[last].hasText && !indentation.isEmpty {
            writeLineBreak(depth: frames.count)
        }
    }

    private func beginText() {
        precondition(!isFinished, "XMLStreamWriter used after finish()")
        precondition(!frames.isEmpty, "text outside the root element")
        frames[frames.count - 1].hasContent = true
        frames[frames.count - 1].hasText = true
    }

    /// A line break plus the indentation for an item nested `depth` elements deep.
    private func writeLineBreak(depth: Int) {
        let level = style.indentsRootChildren ? depth : max(depth - 1, 0)
        while lineBreaks.count <= level {
            lineBreaks.append([UInt8(ascii: "\n")] + Array(repeating: indentation, count: lineBreaks.count).joined())
        }
        lineBreaks[level].withUnsafeBufferPointer { writeBytes($0) }
    }

    // MARK: - Bytes

    private func check(_ result: Int32, _ operation: StaticString) {
        precondition(result >= 0, "libxml2 xmlTextWriter failed: \(operation)")
    }

    private func writeBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        let empty: StaticString = ""
        check(xmlTextWriterWriteRawLen(writer, bytes.baseAddress ?? empty.utf8Start, Int32(bytes.count)), "write")
    }

    private func writeBytes(_ literal: StaticString) {
        writeBytes(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    private func writeString(_ text: String) {
        var text = text
        text.withUTF8 { writeBytes($0) }
    }

    private func writeEscaped(_ text: String, inAttribute: Bool) {
        var text = text
        text.withUTF8 { source in
            guard source.contains(where: { XMLEscaping.needsEscape($0, inAttribute: inAttribute) }) else {
                writeBytes(source)
                return
            }
            scratch.removeAll(keepingCapacity: true)
            XMLEscaping.append(source, inAttribute: inAttribute, to: &scratch)
            scratch.withUnsafeBufferPointer { writeBytes($0) }
        }
    }

    private func writeReplacing(_ text: String, _ target: StaticString, with replacement: StaticString) {
        var text = text
        text.withUTF8 { source in
            let needle = UnsafeBufferPointer(start: target.utf8Start, count: target.utf8CodeUnitCount)
            var start = 0
            var index = 0
            while index + needle.count <= source.count {
                if source[index] == needle[0] && needle.indices.allSatisfy({ source[index + $0] == needle[$0] }) {
                    writeBytes(UnsafeBufferPointer(rebasing: source[start..<index]))
                    writeBytes(replacement)
                    index += needle.count
                    start = index
                } else {
                    index += 1
                }
            }
            writeBytes(UnsafeBufferPointer(rebasing: source[start...]))
        }
    }
}
