import Foundation
import Testing
import XMLSupport

/// Input made to break the reader: bytes its declared encoding cannot decode, byte order marks libxml2 misnames,
/// elements with absurd attribute counts.
@Suite("Hostile input")
struct XMLHostileInputTests {
    /// The error `bytes` give, or `nil` if they parse.
    func error(_ bytes: [UInt8], path: String = "t.xml") -> String? {
        do {
            _ = try XMLDocumentTree(parsing: bytes, path: path)
            return nil
        } catch {
            return error.description
        }
    }

    /// A document declaring `encoding`, whose second line holds `line` (bytes in that encoding).
    func document(_ encoding: String, _ line: [UInt8]) -> [UInt8] {
        Array("<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n<a>\n  <b>ok</b>\n  <b>".utf8) + line
            + Array("</b>\n</a>\n".utf8)
    }

    @Test("A byte the declared encoding cannot decode is an error at its line and column, not the end of the document")
    func undecodableByte() throws {
        // "日本" in Shift_JIS (two characters, four bytes) before the bad byte: the column counts characters.
        #expect(
            error(document("Shift_JIS", [0x93, 0xFA, 0x96, 0x7B, 0xFF, 0xFE]))
                == "t.xml:4:8: error: byte 0xFF is not valid Shift_JIS, which the file declares")
        #expect(
            error(document("windows-1252", Array("caf".utf8) + [0xE9, 0x81]))
                == "t.xml:4:10: error: byte 0x81 is not valid windows-1252, which the file declares")
        #expect(
            error(document("US-ASCII", Array("caf".utf8) + [0xE9]))
                == "t.xml:4:9: error: byte 0xE9 is not valid US-ASCII, which the file declares")
        #expect(
            error(document("ISO-8859-3", [0xA5]))
                == "t.xml:4:6: error: byte 0xA5 is not valid ISO-8859-3, which the file declares")
        // Decodable text in those encodings reads.
        #expect(error(document("Shift_JIS", [0x93, 0xFA, 0x96, 0x7B])) == nil)
        #expect(
            try XMLDocumentTree(parsing: document("windows-1252", [0x63, 0xE9, 0x80]), path: "t.xml")
                .root.childElements.last?.textContent == "cé€")
    }

    @Test("An undecodable byte far into a large document (pushed to libxml2 in several pieces) is found where it is")
    func undecodableByteAfterManyChunks() {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"windows-1252\"?>\n<a>\n".utf8)
        for _ in 0..<20_000 { bytes += Array("  <b>caf".utf8) + [0xE9] + Array("</b>\n".utf8) }
        bytes += Array("  <b>x".utf8) + [0x8D] + Array("</b>\n</a>\n".utf8)
        #expect(bytes.count > 200_000)
        #expect(error(bytes) == "t.xml:20003:7: error: byte 0x8D is not valid windows-1252, which the file declares")
    }

    @Test("A UTF-32 byte order mark, and a byte order mark twice, are named")
    func byteOrderMarks() {
        let body = Array("<a/>".utf8)
        #expect(
            error([0xFF, 0xFE, 0x00, 0x00] + body.flatMap { [$0, 0, 0, 0] })
                == "t.xml:1:1: error: the file starts with a UTF-32 little-endian byte-order mark (FF FE 00 00); XML is read as UTF-8 or UTF-16: save the file as UTF-8"
        )
        #expect(
            error([0x00, 0x00, 0xFE, 0xFF] + body.flatMap { [0, 0, 0, $0] })
                == "t.xml:1:1: error: the file starts with a UTF-32 big-endian byte-order mark (00 00 FE FF); XML is read as UTF-8 or UTF-16: save the file as UTF-8"
        )
        let twice = "t.xml:1:1: error: a second byte-order mark (U+FEFF) follows the file's byte-order mark; remove it"
        #expect(error([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + body) == twice)
        #expect(error([0xEF, 0xBB, 0xBF, 0xFF, 0xFE] + body.flatMap { [$0, 0] }) == twice)
        #expect(error([0xFF, 0xFE, 0xFF, 0xFE] + body.flatMap { [$0, 0] }) == twice)
        #expect(error([0xFE, 0xFF, 0xFE, 0xFF] + body.flatMap { [0, $0] }) == twice)
        // One mark is fine.
        #expect(error([0xEF, 0xBB, 0xBF] + body) == nil)
        #expect(error([0xFF, 0xFE] + body.flatMap { [$0, 0] }) == nil)
    }

    /// `<e a0="" a1="" …/>` with `count` attributes, on line 2.
    func element(attributes count: Int) -> [UInt8] {
        var text = "<r>\n<e"
        for index in 0..<count { text += " a\(index)=\"\"" }
        return Array((text + "/>\n</r>").utf8)
    }

    @Test("More than 1000 attributes on one element are refused at once (libxml2 2.9's duplicate check is quadratic)")
    func attributeLimit() throws {
        let message =
            "t.xml:2:1: error: the element <e> has more than 1000 attributes, more than this reader accepts in one element"
        let huge = element(attributes: 200_000)
        let clock = ContinuousClock()
        let elapsed = clock.measure { #expect(error(huge) == message) }
        // Before the limit, libxml2 took about 25 s over these 200,000 attributes.
        #expect(elapsed < .seconds(1))
        #expect(error(element(attributes: 1001)) == message)
        let tree = try XMLDocumentTree(parsing: element(attributes: 1000), path: "t.xml")
        #expect(tree.root.childElements.first?.attributes.count == 1000)
        // The same text in a comment, in CDATA or in an attribute value is not an element.
        let inside = String(decoding: element(attributes: 1001).dropFirst(4).dropLast(5), as: UTF8.self)
        let escaped = inside.replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: "\"", with: "'")
        #expect(error(Array("<r><!--\(inside)--></r>".utf8)) == nil)
        #expect(error(Array("<r><![CDATA[\(inside)]]></r>".utf8)) == nil)
        #expect(error(Array("<r a=\"\(escaped)\"/>".utf8)) == nil)
    }
}

@Suite("Namespace URIs")
struct XMLNamespaceURITests {
    @Test("A namespace URI holding & reads as written, in the declaration and in the names that use it")
    func ampersand() throws {
        let tree = try XMLDocumentTree(
            parsing: Array("<p:a xmlns:p=\"urn:x?a=1&amp;b=&#38;2\" p:x=\"1\"/>".utf8), path: "t.xml")
        #expect(tree.root.namespaceURI == "urn:x?a=1&b=&2")
        #expect(tree.root.attributes.map(\.value) == ["urn:x?a=1&b=&2", "1"])
        #expect(tree.root.attributes.last?.namespaceURI == "urn:x?a=1&b=&2")
        let written = tree.serialized(style: .compact)
        #expect(String(decoding: written, as: UTF8.self).contains("xmlns:p=\"urn:x?a=1&amp;b=&amp;2\""))
        let again = try XMLDocumentTree(parsing: written, path: "t.xml")
        #expect(again.root.namespaceURI == tree.root.namespaceURI)
        #expect(again.root.attributes == tree.root.attributes)
    }
}
