import Foundation
import Testing
import XMLSupport

@Suite("Parse errors")
struct XMLParseErrorTests {
    @Test(arguments: [
        ("<a>\n  <b></c>", "t.xml:2:10: error: Opening and ending tag mismatch: b line 2 and c"),
        ("<a>\n<b>\n</a>", "t.xml:3:5: error: Opening and ending tag mismatch: b line 2 and a"),
        ("<a><b>text", "t.xml:1:11: error: Premature end of document: the root element is not closed"),
        ("<a><b", "t.xml:1:6: error: Couldn't find end of Start Tag b"),
        ("<a><!-- c", "t.xml:1:10: error: Comment not terminated"),
        ("", "t.xml:1:1: error: Document is empty"),
        ("  \n", "t.xml:1:1: error: Document is empty"),
        ("<?xml version=\"1.0\"?>\n", "t.xml:2:1: error: Document is empty"),
        ("<a/><b/>", "t.xml:1:5: error: Extra content at the end of the document"),
        ("<a x='1' x='2'/>", "t.xml:1:15: error: Attribute x redefined"),
        ("<a x=1/>", "t.xml:1:6: error: AttValue: \" or ' expected"),
        ("<a>&amp</a>", "t.xml:1:8: error: EntityRef: expecting ';'"),
        ("<a xmlns:p='urn:p'><q:b/></a>", "t.xml:1:24: error: Namespace prefix q on b is not defined"),
        ("<a>\u{1}</a>", "t.xml:1:4: error: PCDATA invalid Char value 1"),
    ])
    func malformedDocument(text: String, expected: String) {
        #expect(parseError(text) == expected)
    }

    @Test func undeclaredEntity() {
        #expect(parseError("<x>\n  &foo;</x>") == "t.xml:2:8: error: Entity 'foo' not defined")
    }

    @Test func declaredEntitiesAreRejectedInTextAndAttributes() {
        let message =
            "entity reference '&e;' is not supported (only &lt; &gt; &amp; &apos; &quot; and character references are)"
        #expect(parseError("<!DOCTYPE x [<!ENTITY e \"hi\">]>\n<x>\n ab &e;</x>") == "t.xml:3:5: error: \(message)")
        #expect(
            parseError("<!DOCTYPE x [<!ENTITY e \"hi\">]>\n<x>\n <y a=\"1&e;2\"/></x>")
                == "t.xml:3:2: error: \(message)")
    }

    @Test func externalEntityIsNeverRead() throws {
        // The entity points at a file next to the document; reading it would put its content in the tree.
        let path = Fixture.path("external-entity.xml")
        let error = #expect(throws: XMLParseError.self) {
            try XMLDocumentTree(parsing: Fixture.bytes("external-entity.xml"), path: path)
        }
        #expect(
            error?.description
                == "\(path):6:6: error: entity reference '&secret;' is not supported (only &lt; &gt; &amp; &apos; &quot; and character references are)"
        )
        #expect(error?.description.contains("TOP-SECRET") == false)

        let passwd = "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><x>&e;</x>"
        #expect(parseError(passwd)?.hasPrefix("t.xml:1:58: error: entity reference '&e;' is not supported") == true)
        // XML forbids external entities in attribute values; libxml2 says so.
        #expect(
            parseError("<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><x a=\"&e;\"/>")
                == "t.xml:1:64: error: Attribute references external entity 'e'")
    }

    @Test func billionLaughsFailsInsteadOfExpanding() throws {
        let error = #expect(throws: XMLParseError.self) {
            try XMLDocumentTree(parsing: Fixture.bytes("billion-laughs.xml"), path: "lol.xml")
        }
        #expect(error?.description == "lol.xml:14:13: error: Detected an entity reference loop")

        let inAttribute = try string(Fixture.bytes("billion-laughs.xml"))
            .replacingOccurrences(of: "<lolz>&lol9;</lolz>", with: "<lolz a=\"&lol9;\"/>")
        #expect(parseError(inAttribute) == "t.xml:14:16: error: Detected an entity reference loop")
    }

    @Test func invalidEncodings() {
        let utf8: [UInt8] = Array("<a>x".utf8) + [0xC3, 0x28] + Array("</a>".utf8)
        #expect(
            throws: XMLParseError(
                path: "u.xml", line: 1, column: 5,
                message: "Input is not proper UTF-8, indicate encoding ! Bytes: 0xC3 0x28 0x3C 0x2F")
        ) {
            try XMLDocumentTree(parsing: utf8, path: "u.xml")
        }
        let utf16: [UInt8] =
            [0xFF, 0xFE] + "<a>\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } + [0x00, 0xD8, 0x41, 0x00]
        #expect(throws: XMLParseError(path: "u.xml", line: 2, column: 1, message: "invalid UTF-16")) {
            try XMLDocumentTree(parsing: utf16, path: "u.xml")
        }
    }

    @Test func descriptionIsCompilerStyle() {
        let error = XMLParseError(path: "dir/a.xliff", line: 12, column: 3, message: "oops")
        #expect(error.description == "dir/a.xliff:12:3: error: oops")
        #expect("\(error)" == "dir/a.xliff:12:3: error: oops")
    }
}
