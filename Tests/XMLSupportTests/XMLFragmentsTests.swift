import Testing
import XMLSupport

@Suite("Prepared markup and checkpoints")
struct XMLFragmentsTests {
    func string(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func fragmentsAreWrittenLikeElementsAndAttributes() throws {
        var fragments = XMLFragments()
        let attributesFragment = fragments.addAttributes([("id", "a\"b"), ("xml:space", "preserve")])
        let attributes = try #require(attributesFragment)
        let sourceFragment = fragments.addElement("source", text: "1 < 2 & \"3\"")
        let source = try #require(sourceFragment)
        let noteFragment = fragments.addElement("note", attributes: [("from", "dev")], text: nil)
        let note = try #require(noteFragment)
        let openFragment = fragments.addElement("note", text: nil, selfClosingIfEmpty: false)
        let open = try #require(openFragment)
        let emptyFragment = fragments.addElement("target", text: "")
        let empty = try #require(emptyFragment)

        let writer = XMLStreamWriter(style: .xcodeXLIFF)
        writer.startElement("body")
        fragments.withStorage { storage in
            for _ in 0..<2 {
                writer.startElement("trans-unit")
                writer.write(attributes, from: storage)
                writer.write(source, from: storage)
                writer.write(note, from: storage)
                writer.write(open, from: storage)
                writer.write(empty, from: storage)
                writer.endElement()
            }
        }
        writer.endElement()

        let unit = """
              <trans-unit id="a&quot;b" xml:space="preserve">
                <source>1 &lt; 2 &amp; "3"</source>
                <note from="dev"/>
                <note></note>
                <target></target>
              </trans-unit>
            """
        #expect(string(writer.finish()) == "<body>\n\(unit)\n\(unit)\n</body>\n")
    }

    @Test func fragmentsMatchTheWritersOwnElements() throws {
        var fragments = XMLFragments()
        let elementFragment = fragments.addElement("x", attributes: [("v", "\t\n\r é")], text: "\r\t é")
        let element = try #require(elementFragment)
        let prepared = XMLStreamWriter()
        prepared.startElement("r")
        fragments.withStorage { prepared.write(element, from: $0) }
        prepared.endElement()
        let direct = XMLStreamWriter()
        direct.startElement("r")
        direct.writeElement("x", attributes: ["v": "\t\n\r é"], text: "\r\t é")
        direct.endElement()
        #expect(prepared.finish() == direct.finish())
    }

    @Test func charactersXMLCannotHoldAreRefusedOrReported() {
        var fragments = XMLFragments()
        #expect(fragments.addElement("note", text: "bell \u{7}") == nil)
        #expect(fragments.addAttributes([("id", "\u{FFFE}")]) == nil)
        #expect(fragments.byteCount == 0)
        let writer = XMLStreamWriter()
        writer.startElement("r")
        #expect(writer.writeAttribute("a", "\u{1}"))
        #expect(!writer.writeAttribute("b", "fine"))
        #expect(writer.writeText("\u{FFFF}"))
        #expect(!writer.writeText("fine"))
        writer.endElement()
        _ = writer.finish()
    }

    @Test func rollingBackRemovesWhatFollowedTheCheckpoint() {
        let writer = XMLStreamWriter(style: .xcodeXLIFF)
        writer.startElement("body")
        // Taken back while `<body>` has no content yet: it closes as if nothing had been written.
        let first = writer.checkpoint()
        writer.startElement("unit")
        writer.startElement("source", inline: true)
        writer.writeText("left out")
        writer.rollBack(to: first)
        writer.startElement("unit")
        writer.writeAttribute("id", "1")
        writer.endElement()
        let second = writer.checkpoint()
        writer.writeElement("unit", attributes: ["id": "2"], text: "left out too")
        writer.rollBack(to: second)
        writer.endElement()
        #expect(string(writer.finish()) == "<body>\n  <unit id=\"1\"/>\n</body>\n")

        let empty = XMLStreamWriter(style: .xcodeXLIFF)
        empty.startElement("body")
        let checkpoint = empty.checkpoint()
        empty.writeElement("unit", text: "x")
        empty.rollBack(to: checkpoint)
        empty.endElement()
        #expect(string(empty.finish()) == "<body/>\n")
    }

    @Test func largeDocumentsAreHandedOverInPieces() {
        let writer = XMLStreamWriter(style: .xcodeXLIFF)
        writer.writeXMLDeclaration()
        writer.startElement("body")
        var expected = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<body>"
        for index in 0..<20_000 {
            let checkpoint = writer.checkpoint()
            writer.writeElement("unit", attributes: ["id": "\(index)"], text: index % 7 == 0 ? "\u{7}" : "text & more")
            if index % 7 == 0 {
                writer.rollBack(to: checkpoint)
            } else {
                expected += "\n  <unit id=\"\(index)\">text &amp; more</unit>"
            }
        }
        writer.endElement()
        expected += "\n</body>\n"
        #expect(string(writer.finish()) == expected)
    }

    @Test func theFinalLineBreakCanBeLeftToTheCaller() {
        let writer = XMLStreamWriter(style: XMLOutputStyle(indentation: "  ", endsWithLineBreak: false))
        writer.writeRaw("<?xml version=\"1.0\" encoding=\"utf-8\"?>")
        writer.startElement("r")
        writer.endElement()
        writer.writeRaw("\n\n")
        #expect(string(writer.finish()) == "<?xml version=\"1.0\" encoding=\"utf-8\"?><r/>\n\n")
    }
}
