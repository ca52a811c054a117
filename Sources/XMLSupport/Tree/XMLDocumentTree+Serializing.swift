extension XMLDocumentTree {
    /// The document as UTF-8 bytes, laid out with `style`.
    ///
    /// The XML declaration, the DOCTYPE (if any), then the root element, ending with a line break. See
    /// `XMLStreamWriter` for the escaping rules.
    package func serialized(style: XMLOutputStyle) -> [UInt8] {
        let writer = XMLStreamWriter(style: style)
        writer.writeXMLDeclaration()
        if let doctype { writer.writeDoctype(doctype) }
        writer.writeElement(root)
        return writer.finish()
    }
}
