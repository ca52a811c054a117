import LocalizationCatalog
import TestSupport
import Testing
@_spi(XLIFFDocuments) import XLIFFFormat

/// Inputs the fixtures do not cover: cut-off files, odd attribute values, namespaces still in use.
@Suite("XLIFF document robustness")
struct XLIFFDocumentRobustnessTests {
    private func read(_ text: String, diagnostics: inout Diagnostics) throws -> XLIFFDocument {
        try XLIFFDocumentReader().read(Array(text.utf8), path: "t.xliff", diagnostics: &diagnostics)
    }

    @Test("Every prefix of an Xcode export is read or refused with a located error, never a crash")
    func truncations() throws {
        let bytes = try Fixtures.bytes("xliff/read/catalog-export.xliff")
        // Cut anywhere before the `>` of `</xliff>`: only the final line break may go.
        let complete = try #require(bytes.lastIndex(of: UInt8(ascii: ">"))) + 1
        for end in stride(from: 0, to: complete, by: 3) {
            var diagnostics = Diagnostics()
            do {
                _ = try XLIFFDocumentReader().read(Array(bytes[..<end]), path: "cut.xliff", diagnostics: &diagnostics)
                Issue.record("a document cut at byte \(end) was accepted")
            } catch let error as ConversionError {
                #expect(error.diagnostics.count == 1)
                #expect(error.diagnostics.first?.line != nil)
            }
        }
    }

    @Test("An unknown translate value is ignored with a warning")
    func unknownTranslate() throws {
        var diagnostics = Diagnostics()
        let document = try read(
            """
            <xliff version="1.2"><file original="L.xcstrings" source-language="en"><body>
            <trans-unit id="k" translate="maybe"><source>s</source></trans-unit></body></file></xliff>
            """, diagnostics: &diagnostics)
        #expect(document.files.first?.units.first?.translate == nil)
        #expect(
            diagnostics.all.map(\.description) == [
                "t.xliff:2:1: warning: trans-unit 'k' has translate='maybe'; only 'yes' and 'no' are known, so it is ignored"
            ])
    }

    @Test("A prefix still used by a kept attribute keeps its declaration next to the default namespace")
    func prefixStillUsed() throws {
        var diagnostics = Diagnostics()
        let document = try read(
            """
            <x:xliff xmlns:x="urn:oasis:names:tc:xliff:document:1.2" version="1.2"><x:file original="L.strings" \
            source-language="en" x:extra="1"><x:body/></x:file></x:xliff>
            """, diagnostics: &diagnostics)
        #expect(
            document.rootAttributes == [
                XLIFFAttribute("xmlns", "urn:oasis:names:tc:xliff:document:1.2"),
                XLIFFAttribute("xmlns:x", "urn:oasis:names:tc:xliff:document:1.2"),
                XLIFFAttribute("version", "1.2"),
            ])
        var again = Diagnostics()
        let reread = try XLIFFDocumentReader().read(
            XLIFFDocumentWriter().write(document), path: "w.xliff", diagnostics: &again)
        #expect(reread.files.first?.otherAttributes == [XLIFFAttribute("x:extra", "1")])
        #expect(again.all.isEmpty)
    }

    @Test("UTF-16 big endian with a byte-order mark keeps the final line break")
    func utf16BigEndian() throws {
        let utf8 = try Fixtures.bytes("xliff/read/catalog-export.xliff")
        let text = String(decoding: utf8, as: UTF8.self)
            .replacingOccurrences(of: #"encoding="UTF-8""#, with: #"encoding="UTF-16""#)
        var utf16: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 { utf16 += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        var diagnostics = Diagnostics()
        let document = try XLIFFDocumentReader().read(utf16, path: "utf16be.xliff", diagnostics: &diagnostics)
        #expect(document.layout.trailer == "\n")
        #expect(XLIFFDocumentWriter().write(document) == utf8)
    }

    @Test("Text that is not white space before the root's first child is no indentation: the rewrite reads back")
    func textInRootIndentation() throws {
        var diagnostics = Diagnostics()
        let document = try read(
            """
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
             &amp; <file original="L.strings" source-language="en"><body/></file></xliff>
            """, diagnostics: &diagnostics)
        #expect(document.layout.indentation == " ")
        var again = Diagnostics()
        let reread = try XLIFFDocumentReader().read(
            XLIFFDocumentWriter().write(document), path: "w.xliff", diagnostics: &again)
        #expect(reread.files.count == 1)
        #expect(again.all.isEmpty)
    }
}
