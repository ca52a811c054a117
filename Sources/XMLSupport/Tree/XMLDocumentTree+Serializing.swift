extension XMLDocumentTree {
    /// The document as UTF-8 bytes: the XML declaration, the DOCTYPE (if any), then the root element laid out
    /// with `style`, ending with a line break. See `XMLStreamWriter` for the escaping rules.
    package func serialized(style: XMLOutputStyle) -> [UInt8] {
        let writer = XMLStreamWriter(style: style)
        writer.writeXMLDeclaration()
        if let doctype { writer.writeDoctype(doctype) }
        writer.writeElement(root)
        return writer.finish()
    }
}
