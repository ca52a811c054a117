extension XMLDocumentTree {
    /// Reads a whole document into a value tree, from the events of ``XMLEventParser``.
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
    package init(parsing bytes: [UInt8], path: String) throws(XMLParseError) {
        var handler = TreeHandler()
        do {
            try XMLEventParser.parse(bytes, path: path, handler: &handler)
        } catch let error as XMLParseError {
            throw error
        } catch {
            // `TreeHandler` never throws.
            throw XMLParseError(path: path, line: 1, column: 1, message: "\(error)")
        }
        guard let root = handler.builder.root else {
            throw XMLParseError(path: path, line: 1, column: 1, message: "Document is empty")
        }
        self.init(root: root, doctype: handler.doctype)
    }
}

/// Builds the value tree from parser events.
private struct TreeHandler: XMLEventHandler {
    var builder = TreeBuilder()
    var doctype: XMLDoctype?

    mutating func doctype(_ doctype: XMLDoctype) {
        self.doctype = doctype
    }

    mutating func startElement(_ element: XMLStartElement) {
        var node = XMLElementNode(
            element.name,
            prefix: element.prefix,
            namespaceURI: element.namespaceURI,
            line: element.line,
            column: element.column
        )
        let attributes = element.attributes
        if !attributes.isEmpty {
            node.attributes.reserveCapacity(attributes.count)
            for attribute in attributes { node.attributes.append(attribute.attribute) }
        }
        if element.isEmpty { builder.add(consume node) } else { builder.start(consume node) }
    }

    mutating func endElement(_ element: XMLEndElement) {
        if !element.isEmpty { builder.end() }
    }

    mutating func text(_ text: XMLText) {
        builder.addText(text.string)
    }

    mutating func cdata(_ text: XMLText) {
        builder.add(.cdata(text.string))
    }

    mutating func comment(_ text: XMLText) {
        builder.add(.comment(text.string))
    }

    mutating func processingInstruction(target: String, data: XMLText) {
        builder.add(.processingInstruction(target: target, data: data.string))
    }
}
