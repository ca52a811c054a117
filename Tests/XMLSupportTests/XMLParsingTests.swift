import Testing
import XMLSupport

@Suite("Parsing")
struct XMLParsingTests {
    @Test func elementsAttributesAndNamespaces() throws {
        let tree = try XMLDocumentTree(parsing: Fixture.bytes("xcode-export.xliff"), path: "xcode-export.xliff")
        let root = tree.root
        #expect(tree.doctype == nil)
        #expect(root.name == "xliff")
        #expect(root.prefix == nil)
        #expect(root.namespaceURI == "urn:oasis:names:tc:xliff:document:1.2")
        #expect(root.attributes.map(\.qualifiedName) == ["xmlns", "xmlns:xsi", "version", "xsi:schemaLocation"])
        #expect(
            root.attributes[0]
                == XMLAttribute(
                    "xmlns", namespaceURI: "http://www.w3.org/2000/xmlns/",
                    value: "urn:oasis:names:tc:xliff:document:1.2"))
        #expect(root.attribute("version") == "1.2")
        #expect(
            root.attribute("schemaLocation", namespaceURI: "http://www.w3.org/2001/XMLSchema-instance")?.hasPrefix(
                "urn:oasis") == true)
        #expect(root.attribute("missing") == nil)

        let file = try #require(root.firstChild(named: "file"))
        #expect(file.attribute("target-language") == "fr")
        let units = try #require(file.firstChild(named: "body")).childElements(named: "trans-unit")
        #expect(units.map { $0.attribute("id") } == ["greeting", "spaces"])
        let space = try #require(units[0].attributes.last)
        #expect(
            space
                == XMLAttribute(
                    "space", prefix: "xml", namespaceURI: "http://www.w3.org/XML/1998/namespace", value: "preserve"))
        #expect(units[0].attribute("xml:space") == "preserve")
        #expect(units[0].childElements.map(\.name) == ["source", "target", "note"])
        #expect(units[0].firstChild(named: "source")?.textContent == #"Hello, "%@" & <friends>"#)
        #expect(units[0].firstChild(named: "target")?.textContent == "Bonjour, « %@ » & les amis")
        #expect(units[0].firstChild(named: "note")?.textContent == "Shown on the home screen.\nSecond line.")
        #expect(units[1].firstChild(named: "source")?.textContent == "  two leading spaces")
        #expect(units[1].firstChild(named: "target")?.children == [])
    }

    @Test func elementPositionsAreOneBasedLinesAndCharacterColumns() throws {
        let tree = try XMLDocumentTree(parsing: Fixture.bytes("xcode-export.xliff"), path: "x")
        let file = try #require(tree.root.firstChild(named: "file"))
        let unit = try #require(file.firstChild(named: "body")?.childElements.last)
        #expect((tree.root.line, tree.root.column) == (2, 1))
        #expect((file.line, file.column) == (3, 3))
        #expect((unit.line, unit.column) == (14, 7))
        #expect(unit.childElements.map { [$0.line, $0.column] } == [[15, 9], [16, 9], [17, 9]])

        // Columns count characters, not bytes; comments, CDATA, PIs, end tags and the DOCTYPE are skipped;
        // a CRLF is one line break; a UTF-8 BOM is not a column.
        let text =
            "\u{FEFF}<!DOCTYPE r [<!ENTITY x \"<fake>\">]>\r\n<r><!-- <no> --><![CDATA[<no>]]><?pi <no>?>\r\n  é<é a='>'/><b\n/></r>"
        let root = try parse(text).root
        #expect((root.line, root.column) == (2, 1))
        #expect(root.childElements.map { [$0.line, $0.column] } == [[3, 4], [3, 14]])
    }

    @Test func textCDATACommentsAndProcessingInstructions() throws {
        let root = try parse("<a>one<![CDATA[<two> & ]]]]>three<!-- four --><?five six?><b/></a>").root
        #expect(
            root.children == [
                .text("one"),
                .cdata("<two> & ]]"),
                .text("three"),
                .comment(" four "),
                .processingInstruction(target: "five", data: "six"),
                .element(XMLElementNode("b", line: 1, column: 59)),
            ])
        #expect(root.textContent == "one<two> & ]]three")
    }

    @Test func characterAndPredefinedEntityReferencesAreDecoded() throws {
        let root = try parse(
            #"<a v="&#9;&#10;&#13;&lt;&quot;">x&#10;y&#13;z&#9;&lt;&gt;&amp;&quot;&apos;&#x1F600;&#233;</a>"#
        ).root
        #expect(root.textContent == "x\ny\rz\t<>&\"'😀é")
        #expect(root.attribute("v") == "\t\n\r<\"")
    }

    @Test func lineEndsAreNormalizedAndAttributeWhitespaceToSpaces() throws {
        let root = try parse("<a v=\"1\t2\n3\">x\r\ny\rz</a>").root
        #expect(root.textContent == "x\ny\nz")
        #expect(root.attribute("v") == "1 2 3")
    }

    @Test func whitespaceOnlyTextIsKept() throws {
        let plist = try XMLDocumentTree(parsing: Fixture.bytes("apple-plist.plist"), path: "p")
        let dict = try #require(plist.root.firstChild(named: "dict")?.firstChild(named: "dict"))
        let strings = dict.childElements(named: "string")
        #expect(
            strings.map(\.children) == [
                [.text("NSStringPluralRuleType")],
                [.text("%d “file” & \"more\" <ok>")],
                [.text("  ")],
                [.text("")],  // <string></string> keeps an empty text child; <array/> has none
            ])
        #expect(dict.firstChild(named: "array")?.children == [])
        #expect(dict.children.first == .text("\n\t\t"))

        let root = try parse("<a> <b xml:space=\"preserve\">\t</b>\n</a>").root
        #expect(root.children.map { if case .text(let text) = $0 { text } else { "<>" } } == [" ", "<>", "\n"])
        #expect(root.firstChild(named: "b")?.children == [.text("\t")])
    }

    @Test func doctypeIsRecorded() throws {
        let plist = try XMLDocumentTree(parsing: Fixture.bytes("apple-plist.plist"), path: "p")
        #expect(plist.doctype == .applePropertyList)
        #expect(try parse("<!DOCTYPE a SYSTEM \"a.dtd\"><a/>").doctype == XMLDoctype(name: "a", systemID: "a.dtd"))
        #expect(try parse("<!DOCTYPE a><a/>").doctype == XMLDoctype(name: "a"))
    }

    @Test func utf16WithByteOrderMark() throws {
        let tree = try XMLDocumentTree(parsing: Fixture.bytes("utf16le-bom.xml"), path: "u")
        let item = try #require(tree.root.firstChild(named: "s"))
        #expect(item.attribute("id") == "café")
        #expect(item.textContent == "naïve 😀")
        #expect((item.line, item.column) == (3, 3))

        let bigEndian: [UInt8] = [0xFE, 0xFF] + "<a>é</a>".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(try XMLDocumentTree(parsing: bigEndian, path: "b").root.textContent == "é")
    }

    @Test func utf8ByteOrderMarkAndDeclaredEncoding() throws {
        #expect(
            try XMLDocumentTree(parsing: [0xEF, 0xBB, 0xBF] + Array("<a>é</a>".utf8), path: "b").root.textContent == "é"
        )
        let latin1: [UInt8] =
            Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>".utf8) + [0xE9] + Array("</a>".utf8)
        #expect(try XMLDocumentTree(parsing: latin1, path: "l").root.textContent == "é")
    }

    @Test func readersOnSeveralThreadsAtOnce() async throws {
        let bytes = try Fixture.bytes("xcode-export.xliff")
        let expected = try XMLDocumentTree(parsing: bytes, path: "x")
        let trees = try await withThrowingTaskGroup(of: XMLDocumentTree.self) { group in
            for _ in 0..<16 {
                group.addTask { try XMLDocumentTree(parsing: bytes, path: "x") }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(trees.count == 16)
        #expect(trees.allSatisfy { $0 == expected })
    }
}
