import Testing
import XMLSupport

@Suite("Writing")
struct XMLStreamWriterTests {
    /// The stringsdict-like plist of `Fixtures/xml/apple-plist.plist`, built in code.
    static let plist = XMLDocumentTree(
        root: XMLElementNode(
            "plist", attributes: [XMLAttribute("version", value: "1.0")],
            children: [
                .element(
                    dict([
                        ("NSStringLocalizedFormatKey", .element(text("string", "%#@files@"))),
                        (
                            "files",
                            .element(
                                dict([
                                    ("NSStringFormatSpecTypeKey", .element(text("string", "NSStringPluralRuleType"))),
                                    ("one", .element(text("string", "%d “file” & \"more\" <ok>"))),
                                    ("other", .element(text("string", "  "))),
                                    ("zero", .element(text("string", ""))),
                                    ("flag", .element(XMLElementNode("true"))),
                                    ("list", .element(XMLElementNode("array"))),
                                ]))
                        ),
                    ]))
            ]),
        doctype: .applePropertyList
    )

    static func text(_ name: String, _ value: String, _ attributes: [XMLAttribute] = []) -> XMLElementNode {
        XMLElementNode(name, attributes: attributes, children: [.text(value)])
    }

    static func dict(_ pairs: [(String, XMLContent)]) -> XMLElementNode {
        XMLElementNode("dict", children: pairs.flatMap { [.element(text("key", $0.0)), $0.1] })
    }

    /// The XLIFF of `Fixtures/xml/xcode-export.xliff`, built in code.
    static let xliff: XMLDocumentTree = {
        let space = XMLAttribute("space", prefix: "xml", value: "preserve")
        let header = XMLElementNode(
            "header",
            children: [
                .element(
                    XMLElementNode(
                        "tool",
                        attributes: [
                            XMLAttribute("tool-id", value: "com.apple.dt.xcode"),
                            XMLAttribute("tool-name", value: "Xcode"),
                            XMLAttribute("tool-version", value: "15.0"), XMLAttribute("build-num", value: "15A240d"),
                        ]))
            ])
        let greeting = XMLElementNode(
            "trans-unit", attributes: [XMLAttribute("id", value: "greeting"), space],
            children: [
                .element(text("source", #"Hello, "%@" & <friends>"#)),
                .element(text("target", "Bonjour, « %@ » & les amis", [XMLAttribute("state", value: "translated")])),
                .element(text("note", "Shown on the home screen.\nSecond line.")),
            ])
        let spaces = XMLElementNode(
            "trans-unit", attributes: [XMLAttribute("id", value: "spaces"), space],
            children: [
                .element(text("source", "  two leading spaces")),
                .element(XMLElementNode("target")),
                .element(XMLElementNode("note")),
            ])
        let file = XMLElementNode(
            "file",
            attributes: [
                XMLAttribute("original", value: "App/en.lproj/Localizable.strings"),
                XMLAttribute("source-language", value: "en"), XMLAttribute("target-language", value: "fr"),
                XMLAttribute("datatype", value: "plaintext"),
            ],
            children: [
                .element(header), .element(XMLElementNode("body", children: [.element(greeting), .element(spaces)])),
            ])
        return XMLDocumentTree(
            root: XMLElementNode(
                "xliff",
                attributes: [
                    XMLAttribute("xmlns", value: "urn:oasis:names:tc:xliff:document:1.2"),
                    XMLAttribute("xsi", prefix: "xmlns", value: "http://www.w3.org/2001/XMLSchema-instance"),
                    XMLAttribute("version", value: "1.2"),
                    XMLAttribute(
                        "schemaLocation", prefix: "xsi",
                        value:
                            "urn:oasis:names:tc:xliff:document:1.2 http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd"
                    ),
                ], children: [.element(file)]))
    }()

    @Test func applePropertyListIsByteExact() throws {
        #expect(
            string(Self.plist.serialized(style: .applePropertyList)) == string(try Fixture.bytes("apple-plist.plist")))
    }

    @Test func xcodeXLIFFIsByteExact() throws {
        #expect(string(Self.xliff.serialized(style: .xcodeXLIFF)) == string(try Fixture.bytes("xcode-export.xliff")))
    }

    @Test(arguments: ["apple-plist.plist", "xcode-export.xliff"])
    func parsedFixtureIsWrittenBackUnchanged(name: String) throws {
        // Whitespace text is kept, so every element with content is written verbatim.
        let bytes = try Fixture.bytes(name)
        let tree = try XMLDocumentTree(parsing: bytes, path: name)
        #expect(string(tree.serialized(style: .xcodeXLIFF)) == string(bytes))
        #expect(string(tree.serialized(style: .compact)) == string(bytes))
    }

    @Test(arguments: [XMLOutputStyle.compact, .xcodeXLIFF, .applePropertyList])
    func parseOfWrittenTreeGivesTheTreeBack(style: XMLOutputStyle) throws {
        for tree in [Self.plist, Self.xliff] {
            let reparsed = try XMLDocumentTree(parsing: tree.serialized(style: style), path: "rt")
            #expect(reparsed.doctype == tree.doctype)
            // Parsed attributes carry their namespace URIs; built ones above do not.
            var root = reparsed.root.withoutPositions.withoutIndentation
            root.stripNamespaceURIs()
            #expect(root == tree.root)
        }
    }

    @Test func escapingDiffersBetweenTextAndAttributes() {
        let writer = XMLStreamWriter()
        writer.startElement("a")
        writer.writeAttribute("v", "& < > \" ' \t \n \r é")
        writer.writeText("& < > \" ' \t \n \r é")
        writer.endElement()
        #expect(
            string(writer.finish())
                == "<a v=\"&amp; &lt; &gt; &quot; ' &#9; &#10; &#13; é\">&amp; &lt; &gt; \" ' \t \n &#13; é</a>\n")
    }

    @Test func escapedValuesSurviveARoundTrip() throws {
        let value = "& < > \" ' \t \n \r é 😀 ]]>"
        let tree = XMLDocumentTree(
            root: XMLElementNode(
                "a", attributes: [XMLAttribute("v", value: value)],
                children: [
                    .text(value), .element(XMLElementNode("b", children: [.cdata(value)])),
                ]))
        let root = try XMLDocumentTree(parsing: tree.serialized(style: .compact), path: "e").root
        #expect(root.attribute("v") == value)
        #expect(root.children.first == .text(value))
        // The `]]>` split gives two CDATA sections, which libxml2 merges again; libxml2 2.9 also leaves a CR
        // inside CDATA as it is.
        #expect(root.firstChild(named: "b")?.children == [.cdata(value)])
    }

    @Test func emptyElements() {
        let writer = XMLStreamWriter(style: .xcodeXLIFF)
        writer.startElement("r")
        writer.startElement("note")
        writer.endElement()
        writer.startElement("target")
        writer.endElement(selfClosingIfEmpty: false)
        writer.writeElement("source", text: "")
        writer.writeElement("x", attributes: ["id": "1"], text: nil)
        writer.endElement()
        #expect(
            string(writer.finish())
                == "<r>\n  <note/>\n  <target></target>\n  <source></source>\n  <x id=\"1\"/>\n</r>\n")
    }

    @Test func streamingMatchesTreeWriting() {
        let writer = XMLStreamWriter(style: .applePropertyList)
        writer.writeXMLDeclaration()
        writer.writeDoctype(.applePropertyList)
        writer.startElement("plist")
        writer.writeAttribute("version", "1.0")
        writer.startElement("dict")
        writer.writeElement("key", text: "NSStringLocalizedFormatKey")
        writer.writeElement("string", text: "%#@files@")
        writer.writeElement("key", text: "files")
        // Subtrees can be written as values in the middle of a stream.
        writer.writeElement(Self.plist.root.firstChild(named: "dict")!.childElements[3])
        writer.endElement()
        writer.endElement()
        #expect(string(writer.finish()) == string(Self.plist.serialized(style: .applePropertyList)))
    }

    @Test func mixedContentIsWrittenInline() {
        let writer = XMLStreamWriter(style: .xcodeXLIFF)
        writer.startElement("body")
        writer.startElement("source", inline: true)
        writer.startElement("g")
        writer.writeText("bold")
        writer.endElement()
        writer.writeText(" text ")
        writer.startElement("x")
        writer.endElement()
        writer.endElement()
        writer.writeComment(" end ")
        writer.writeProcessingInstruction(target: "pi", data: "data")
        writer.endElement()
        #expect(
            string(writer.finish())
                == "<body>\n  <source><g>bold</g> text <x/></source>\n  <!-- end -->\n  <?pi data?>\n</body>\n")
    }

    @Test func nonASCIIIsWrittenAsUTF8() {
        let tree = XMLDocumentTree(root: Self.text("s", "日本語 ✓ 😀", [XMLAttribute("v", value: "ü")]))
        #expect(
            tree.serialized(style: .compact)
                == Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<s v=\"ü\">日本語 ✓ 😀</s>\n".utf8))
    }
}

extension XMLElementNode {
    fileprivate mutating func stripNamespaceURIs() {
        namespaceURI = nil
        for index in attributes.indices { attributes[index].namespaceURI = nil }
        for index in children.indices {
            if case .element(var element) = children[index] {
                element.stripNamespaceURIs()
                children[index] = .element(element)
            }
        }
    }
}
