import LocalizationCatalog
import XMLSupport

/// Writes an XLIFF document `<file>` by `<file>` through an `XMLStreamWriter`, in a document's ``XLIFFLayout``.
///
/// ``XLIFFDocumentWriter`` writes whole documents through it, so the bytes are the ones it documents. An export writes
/// each table as soon as it is made instead: ``writeCatalog(_:targetLanguage:tool:diagnostics:)`` streams a
/// prepared String Catalog without building its units first.
///
/// The stream names elements and attributes; `XMLSupport` writes the markup.
package struct XLIFFDocumentStream {
    let writer: XMLStreamWriter
    let layout: XLIFFLayout
    /// Whether elements without content are written `<x/>`.
    let selfCloses: Bool

    /// Xcode's current `<file>` attribute order.
    static let fileAttributeOrder = ["original", "source-language", "target-language", "datatype"]

    /// Starts a document: the layout's prolog and the `<xliff>` start tag with `rootAttributes`.
    ///
    /// - Parameters:
    ///   - layout: The layout of the document.
    ///   - rootAttributes: The attributes of `<xliff>`.
    ///   - minimumCapacity: The number of bytes to reserve, when the size is known roughly.
    package init(
        layout: XLIFFLayout = .xcode, rootAttributes: [XLIFFAttribute] = XLIFFAttribute.xcodeRoot,
        minimumCapacity: Int = 0
    ) {
        self.layout = layout
        selfCloses = layout.selfClosesEmptyElements
        writer = XMLStreamWriter(
            style: XMLOutputStyle(indentation: layout.indentation, endsWithLineBreak: false),
            minimumCapacity: minimumCapacity)
        if layout.prolog == XLIFFLayout.xcodeProlog {
            writer.writeXMLDeclaration()
        } else {
            writer.writeRaw(layout.prolog)
        }
        writer.startElement("xliff")
        for attribute in rootAttributes { writer.writeAttribute(attribute.name, attribute.value) }
    }

    /// Writes a `<file>` with its header and units.
    package mutating func write(_ file: XLIFFFile) {
        startFile(file)
        for unit in file.units { writeUnit(unit) }
        endFile()
    }

    /// Ends the document and returns it: `</xliff>` and the layout's trailer.
    package mutating func finish() -> [UInt8] {
        writer.endElement(selfClosingIfEmpty: selfCloses)
        writer.writeRaw(layout.trailer)
        return writer.finish()
    }

    // MARK: - Pieces

    /// Writes the `<file>` start tag, its header, and the `<body>` start tag, left open.
    func startFile(_ file: XLIFFFile) {
        writer.startElement("file")
        writeFileAttributes(of: file)
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
    }

    /// Closes `<body>` and `<file>`.
    func endFile() {
        writer.endElement(selfClosingIfEmpty: selfCloses)
        writer.endElement(selfClosingIfEmpty: selfCloses)
    }

    /// The known attributes (in the order read, or Xcode's), then the other ones.
    private func writeFileAttributes(of file: XLIFFFile) {
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

    /// Writes a `<trans-unit>` and what is inside it.
    /// - Returns: Whether anything written holds a character that XML 1.0 cannot hold.
    @discardableResult
    func writeUnit(_ unit: XLIFFUnit) -> Bool {
        writer.startElement("trans-unit")
        var unholdable = writer.writeAttribute("id", unit.id)
        if let translate = unit.translate {
            unholdable = writer.writeAttribute("translate", translate ? "yes" : "no") || unholdable
        }
        for attribute in unit.otherAttributes {
            unholdable = writer.writeAttribute(attribute.name, attribute.value) || unholdable
        }
        if let space = unit.space { unholdable = writer.writeAttribute("xml:space", space) || unholdable }
        if let source = unit.source {
            unholdable = writeTextElement("source", source) || unholdable
        }
        if let target = unit.target {
            unholdable = writeTarget(target, state: unit.state, qualifier: unit.stateQualifier) || unholdable
        }
        for note in unit.notes {
            writer.startElement("note", inline: true)
            if let from = note.from { unholdable = writer.writeAttribute("from", from) || unholdable }
            unholdable = writeContent(note.text) || unholdable
        }
        writer.endElement(selfClosingIfEmpty: selfCloses)
        return unholdable
    }

    /// Writes `<target state=… state-qualifier=…>text</target>`.
    /// - Returns: Whether anything written holds a character that XML 1.0 cannot hold.
    @inline(__always)
    func writeTarget(_ text: String, state: String?, qualifier: String?) -> Bool {
        writer.startElement("target", inline: true)
        var unholdable = false
        if let state { unholdable = writer.writeAttribute("state", state) }
        if let qualifier { unholdable = writer.writeAttribute("state-qualifier", qualifier) || unholdable }
        return writeContent(text) || unholdable
    }

    /// Writes the target export gives a catalog string in `state` (``XLIFFExport/xliffState(for:)``).
    @inline(__always)
    func writeTarget(_ text: String, catalogState state: TranslationState?) -> Bool {
        let mapped = XLIFFExport.xliffState(for: state)
        return writeTarget(text, state: mapped.state, qualifier: mapped.qualifier)
    }

    /// Writes `<name>text</name>`.
    func writeTextElement(_ name: String, _ text: String) -> Bool {
        writer.startElement(name, inline: true)
        return writeContent(text)
    }

    /// Writes the text of the element just opened, and closes it; an empty text leaves the element empty.
    @inline(__always)
    private func writeContent(_ text: String) -> Bool {
        let unholdable = text.isEmpty ? false : writer.writeText(text)
        writer.endElement(selfClosingIfEmpty: selfCloses)
        return unholdable
    }
}
