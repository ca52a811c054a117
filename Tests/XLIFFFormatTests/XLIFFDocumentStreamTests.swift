import LocalizationCatalog
import TestSupport
import Testing
@_spi(XLIFFDocuments) import XLIFFFormat
import XMLSupport

/// The XLIFF stream (element by element, with prepared fragments for catalogs) against the plain element calls
/// of `XMLStreamWriter` it was first written with: every document, in every layout, gives the same bytes.
@Suite("XLIFF document stream")
struct XLIFFDocumentStreamTests {
    static let layouts = [
        XLIFFLayout.xcode,
        XLIFFLayout(indentation: "", selfClosesEmptyElements: false),
        XLIFFLayout(
            prolog: "<?xml version=\"1.0\"?>\n<!-- c -->\n", indentation: "\t", trailer: "",
            selfClosesEmptyElements: true),
        XLIFFLayout(prolog: "", indentation: "    ", trailer: "\n\n", selfClosesEmptyElements: false),
    ]

    static let documents: [XLIFFDocument] = {
        let text = "a & b < c > d \"q\" 'a'\ttab\nlf\r\ncrlf\rcr é🙂 \u{1} \u{FFFF}"
        let units = [
            XLIFFUnit(id: "plain", source: "S", target: "T", state: "translated", notes: [XLIFFNote("n")]),
            XLIFFUnit(
                id: text, source: text, target: text, state: text, stateQualifier: text,
                notes: [XLIFFNote(text, from: text)]),
            XLIFFUnit(id: "empty", source: "", target: "", state: nil, notes: [XLIFFNote("")], translate: true),
            XLIFFUnit(id: "bare", source: nil, notes: [], space: nil),
            XLIFFUnit(
                id: "others", source: "s", notes: [XLIFFNote("1"), XLIFFNote("2", from: "x")], translate: false,
                otherAttributes: [XLIFFAttribute("resname", "r&\"")]),
        ]
        return [
            XLIFFDocument(),
            XLIFFDocument(files: [XLIFFFile(original: "A", sourceLanguage: "en", targetLanguage: nil, tool: nil)]),
            XLIFFDocument(
                files: [
                    XLIFFFile(
                        original: "T&<\">", sourceLanguage: "en", targetLanguage: "fr", datatype: "x",
                        tool: XLIFFTool(version: "1", buildNumber: "2"), units: units,
                        otherAttributes: [XLIFFAttribute("extra", "\t1"), XLIFFAttribute("datatype", "dup")],
                        attributeOrder: ["extra", "target-language", "original", "extra"]),
                    XLIFFFile(
                        original: "B", sourceLanguage: "en", targetLanguage: "de", tool: XLIFFTool(), units: units),
                ],
                rootAttributes: [XLIFFAttribute("version", "1.2"), XLIFFAttribute("xmlns:x", "<&>")]),
        ]
    }()

    @Test("Documents are written as XMLStreamWriter lays them out")
    func agreesWithStreamWriter() {
        for layout in Self.layouts {
            for var document in Self.documents {
                document.layout = layout
                let expected = ReferenceWriter.write(document)
                let actual = XLIFFDocumentWriter().write(document)
                let difference = Fixtures.firstDifference(expected: expected, actual: actual)
                #expect(difference == nil, "layout \(layout): \(difference ?? "")")
            }
        }
    }
}

/// The XLIFF writer as first written on `XMLStreamWriter`, kept as the reference for the stream.
private enum ReferenceWriter {
    static func write(_ document: XLIFFDocument) -> [UInt8] {
        let layout = document.layout
        let writer = XMLStreamWriter(style: XMLOutputStyle(indentation: layout.indentation))
        if layout.prolog == XLIFFLayout.xcodeProlog {
            writer.writeXMLDeclaration()
        } else {
            writer.writeRaw(layout.prolog)
        }
        let selfCloses = layout.selfClosesEmptyElements
        writer.startElement("xliff")
        for attribute in document.rootAttributes { writer.writeAttribute(attribute.name, attribute.value) }
        for file in document.files { write(file, writer, selfCloses) }
        writer.endElement(selfClosingIfEmpty: selfCloses)
        var bytes = writer.finish()
        if layout.trailer != "\n" {
            if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
            bytes.append(contentsOf: layout.trailer.utf8)
        }
        return bytes
    }

    static func write(_ file: XLIFFFile, _ writer: XMLStreamWriter, _ selfCloses: Bool) {
        writer.startElement("file")
        func value(of name: String) -> String? {
            switch name {
            case "original": file.original
            case "source-language": file.sourceLanguage
            case "target-language": file.targetLanguage
            case "datatype": file.datatype
            default: file.otherAttributes.first { $0.name == name }?.value
            }
        }
        let order = ["original", "source-language", "target-language", "datatype"]
        var written: [String] = []
        for name in (file.attributeOrder ?? order) + order + file.otherAttributes.map(\.name)
        where !written.contains(name) {
            guard let value = value(of: name) else { continue }
            writer.writeAttribute(name, value)
            written.append(name)
        }
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
        for unit in file.units {
            writer.startElement("trans-unit")
            writer.writeAttribute("id", unit.id)
            if let translate = unit.translate { writer.writeAttribute("translate", translate ? "yes" : "no") }
            for attribute in unit.otherAttributes { writer.writeAttribute(attribute.name, attribute.value) }
            if let space = unit.space { writer.writeAttribute("xml:space", space) }
            func text(_ text: String) {
                if !text.isEmpty { writer.writeText(text) }
                writer.endElement(selfClosingIfEmpty: selfCloses)
            }
            if let source = unit.source {
                writer.startElement("source", inline: true)
                text(source)
            }
            if let target = unit.target {
                writer.startElement("target", inline: true)
                if let state = unit.state { writer.writeAttribute("state", state) }
                if let qualifier = unit.stateQualifier { writer.writeAttribute("state-qualifier", qualifier) }
                text(target)
            }
            for note in unit.notes {
                writer.startElement("note", inline: true)
                if let from = note.from { writer.writeAttribute("from", from) }
                text(note.text)
            }
            writer.endElement(selfClosingIfEmpty: selfCloses)
        }
        writer.endElement(selfClosingIfEmpty: selfCloses)
        writer.endElement(selfClosingIfEmpty: selfCloses)
    }
}
