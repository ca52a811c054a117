import Testing
import XMLSupport

/// The XML layer's places (lines ended by LF only) as a `FileLocation` counts them (a lone CR ends a line too).
@Suite("XMLLinePositions")
struct XMLLinePositionsTests {
    func positions(_ text: String) -> XMLLinePositions { XMLLinePositions(utf8: Array(text.utf8)) }

    @Test("without a lone CR, every place is the same; a CR LF is one line end")
    func noLoneCR() {
        let lines = positions("<a>\r\n  <b/>\n<c/>")
        #expect(lines.position(line: 2, column: 3) == (2, 3))
        #expect(lines.position(line: 3, column: 1) == (3, 1))
    }

    @Test("places after a lone CR move to the lines it starts; columns count scalars")
    func loneCR() {
        // The XML layer's line 2 is `<é/>\r<b/>\r  <c/>`: FileLocation's lines 2, 3 and 4.
        let lines = positions("<a>\n<é/>\r<b/>\r  <c/>\n<d/>\r")
        #expect(lines.position(line: 2, column: 1) == (2, 1))
        #expect(lines.position(line: 2, column: 5) == (2, 5))
        #expect(lines.position(line: 2, column: 6) == (3, 1))
        #expect(lines.position(line: 2, column: 13) == (4, 3))
        #expect(lines.position(line: 3, column: 1) == (5, 1))
        // One past the last character of the last line; a place outside the document is left alone.
        #expect(lines.position(line: 3, column: 6) == (6, 1))
        #expect(lines.position(line: 9, column: 2) == (9, 2))
    }

    @Test("a UTF-8 byte order mark is no character of the first line")
    func byteOrderMark() {
        let lines = XMLLinePositions(utf8: [0xEF, 0xBB, 0xBF] + Array("<a>\r<b/>".utf8))
        #expect(lines.position(line: 1, column: 4) == (1, 4))
        #expect(lines.position(line: 1, column: 5) == (2, 1))
    }
}
