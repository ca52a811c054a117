import XMLSupport

/// Writes `<file>` elements and what is inside them through an `XMLStreamWriter`.
struct XLIFFElementWriting {
    let writer: XMLStreamWriter
    /// Whether elements without content are written `<x/>` rather than `<x></x>`.
    let selfCloses: Bool

    /// Xcode's current `<file>` attribute order.
    static let fileAttributeOrder = ["original", "source-language", "target-language", "datatype"]

    func write(_ file: XLIFFFile) {
        writer.startElement("file")
        writeAttributes(of: file)
        if let tool = file.tool {
            writer.startElement("header")
            writer.startElement("tool")
            writer.writeAttribute("tool-id", tool.id)
            writer.writeAttribute("tool-name", tool.name)
            if let version = tool.version { writer.writeAttribute("tool-version", version) }
            if let buildNumber = tool.buildNumber { writer.writeAttribute("build-num", buildNumber) }
            writer.endElement(selfClosingIfEmpty: selfCloses)
            writer.endElement(selfClosingIfEmpty: selfCloses)
        }
        writer.startElement("body")
        for unit in file.units { write(unit) }
        writer.endElement(selfClosingIfEmpty: selfCloses)
        writer.endElement(selfClosingIfEmpty: selfCloses)
    }

    /// The known attributes (in the order read, or Xcode's), then the other ones.
    private func writeAttributes(of file: XLIFFFile) {
        func value(of name: String) -> String? {
            switch name {
            case "original": file.original
            case "source-language": file.sourceLanguage
            case "target-language": file.targetLanguage
            case "datatype": file.datatype
            default: file.otherAttributes.first { $0.name == name }?.value
            }
        }
        var written: [String] = []
        for name in file.attributeOrder ?? Self.fileAttributeOrder where !written.contains(name) {
            guard let value = value(of: name) else { continue }
            writer.writeAttribute(name, value)
            written.append(name)
        }
        for name in Self.fileAttributeOrder + file.otherAttributes.map(\.name) where !written.contains(name) {
            guard let value = value(of: name) else { continue }
            writer.writeAttribute(name, value)
            written.append(name)
        }
    }

    private func write(_ unit: XLIFFUnit) {
        writer.startElement("trans-unit")
        writer.writeAttribute("id", unit.id)
        if let translate = unit.translate { writer.writeAttribute("translate", translate ? "yes" : "no") }
        for attribute in unit.otherAttributes { writer.writeAttribute(attribute.name, attribute.value) }
        if let space = unit.space { writer.writeAttribute("xml:space", space) }
        if let source = unit.source {
            writer.startElement("source", inline: true)
            writeText(source)
        }
        if let target = unit.target {
            writer.startElement("target", inline: true)
            if let state = unit.state { writer.writeAttribute("state", state) }
            if let qualifier = unit.stateQualifier { writer.writeAttribute("state-qualifier", qualifier) }
            writeText(target)
        }
        for note in unit.notes {
            writer.startElement("note", inline: true)
            if let from = note.from { writer.writeAttribute("from", from) }
            writeText(note.text)
        }
        writer.endElement(selfClosingIfEmpty: selfCloses)
    }

    /// Writes the content of the element just opened, and closes it.
    private func writeText(_ text: String) {
        if !text.isEmpty { writer.writeText(text) }
        writer.endElement(selfClosingIfEmpty: selfCloses)
    }
}
