import LocalizationCatalog
import TestSupport
import Testing
@_spi(XLIFFDocuments) import XLIFFFormat

/// The XLIFF writer: Xcode's bytes, round trips in both directions, and the layout facts it honours.
@Suite("XLIFF writer")
struct XLIFFWriterTests {
    /// Read → write gives the input back byte for byte, unless `xliff/write/<name>.xliff` says what the
    /// document becomes (files that were not written the way Xcode writes).
    @Test("Read then write gives the fixture, or its expected rewrite", arguments: XLIFFDocumentFixtures.valid)
    func rewritesFixture(_ name: String) throws {
        var diagnostics = Diagnostics()
        let document = try XLIFFDocumentFixtures.read(name, diagnostics: &diagnostics)
        let written = XLIFFDocumentWriter().write(document)
        let folder = XLIFFDocumentFixtures.folder
        let input = try Fixtures.bytes("\(folder)/\(name).xliff")
        let rewritten = "xliff/write/\(name).xliff"
        let hasRewrite = Fixtures.names(in: "xliff/write", withExtension: "xliff").contains(name)
        // Recording never touches the input: a fixture that does not come back as it was gets an expected rewrite.
        let difference =
            hasRewrite || (Fixtures.isRecording && written != input)
            ? Fixtures.compareGolden(written, rewritten) : Fixtures.firstDifference(expected: input, actual: written)
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test("Write then read gives the same document", arguments: XLIFFDocumentFixtures.valid)
    func modelRoundTrip(_ name: String) throws {
        var diagnostics = Diagnostics()
        let document = try XLIFFDocumentFixtures.read(name, diagnostics: &diagnostics)
        var again = Diagnostics()
        let reread = try XLIFFDocumentReader().read(
            XLIFFDocumentWriter().write(document), path: "rewritten.xliff", diagnostics: &again)
        #expect(reread == document)
        #expect(reread.layout == document.layout)
        #expect(reread.files.map(\.attributeOrder) == document.files.map(\.attributeOrder))
        #expect(again.all.isEmpty)
    }

    @Test("A document built in code is written as Xcode 27 writes it")
    func xcodeSkeleton() {
        let document = XLIFFDocument(files: [
            XLIFFFile(
                original: "Localizable.xcstrings", sourceLanguage: "en", targetLanguage: "fr",
                tool: XLIFFTool(version: "27.0", buildNumber: "27A266a"),
                units: [
                    XLIFFUnit(
                        id: "simple", source: "EN simple", target: "FR simple", state: "translated",
                        notes: [XLIFFNote("Oracle simple")]),
                    XLIFFUnit(id: "source_only_plural|==|plural.one", source: "Source one %lld"),
                    XLIFFUnit(
                        id: "mt", source: "MT", target: "TA", state: "translated", stateQualifier: "leveraged-mt",
                        notes: [XLIFFNote("Generated", from: "auto-generated")], translate: false),
                ])
        ])
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            version="1.2" xsi:schemaLocation="urn:oasis:names:tc:xliff:document:1.2 \
            http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd">
              <file original="Localizable.xcstrings" source-language="en" target-language="fr" datatype="plaintext">
                <header>
                  <tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="27.0" build-num="27A266a"/>
                </header>
                <body>
                  <trans-unit id="simple" xml:space="preserve">
                    <source>EN simple</source>
                    <target state="translated">FR simple</target>
                    <note>Oracle simple</note>
                  </trans-unit>
                  <trans-unit id="source_only_plural|==|plural.one" xml:space="preserve">
                    <source>Source one %lld</source>
                    <note/>
                  </trans-unit>
                  <trans-unit id="mt" translate="no" xml:space="preserve">
                    <source>MT</source>
                    <target state="translated" state-qualifier="leveraged-mt">TA</target>
                    <note from="auto-generated">Generated</note>
                  </trans-unit>
                </body>
              </file>
            </xliff>

            """
        #expect(String(decoding: XLIFFDocumentWriter().write(document), as: UTF8.self) == expected)
    }

    @Test("Text escapes & < > and CR; attributes also \" TAB LF CR; everything comes back")
    func escaping() throws {
        let text = "a & b < c > d \"q\" 'a'\ttab\nlf\r\ncrlf\rcr é🙂"
        let document = XLIFFDocument(files: [
            XLIFFFile(
                original: "T&<\">.xcstrings", sourceLanguage: "en", targetLanguage: "he", tool: nil,
                units: [XLIFFUnit(id: text, source: text, target: text, state: "translated", notes: [XLIFFNote(text)])])
        ])
        let written = String(decoding: XLIFFDocumentWriter().write(document), as: UTF8.self)
        #expect(written.contains(#"original="T&amp;&lt;&quot;&gt;.xcstrings""#))
        #expect(
            written.contains(#"id="a &amp; b &lt; c &gt; d &quot;q&quot; 'a'&#9;tab&#10;lf&#13;&#10;crlf&#13;cr é🙂""#))
        #expect(written.contains("<source>a &amp; b &lt; c &gt; d \"q\" 'a'\ttab\nlf&#13;\ncrlf&#13;cr é🙂</source>"))
        #expect(!written.contains("<header>"))
        var diagnostics = Diagnostics()
        let reread = try XLIFFDocumentReader().read(
            Array(written.utf8), path: "escaping.xliff", diagnostics: &diagnostics)
        #expect(reread == document)
    }

    @Test("Units without source, target or notes write no such element")
    func absentElements() {
        let document = XLIFFDocument(files: [
            XLIFFFile(
                original: "L.xcstrings", sourceLanguage: "en", targetLanguage: nil, tool: nil,
                units: [XLIFFUnit(id: "k", source: nil, target: "T", state: "translated", notes: [], space: nil)])
        ])
        let written = String(decoding: XLIFFDocumentWriter().write(document), as: UTF8.self)
        #expect(
            written.contains(
                """
                    <body>
                      <trans-unit id="k">
                        <target state="translated">T</target>
                      </trans-unit>
                    </body>
                """))
        #expect(written.contains(#"<file original="L.xcstrings" source-language="en" datatype="plaintext">"#))
    }

    @Test("Layout facts: compact, expanded empty elements, another declaration, no final line break")
    func layout() {
        var document = XLIFFDocument(files: [
            XLIFFFile(
                original: "L.strings", sourceLanguage: "en", targetLanguage: "da",
                tool: XLIFFTool(version: "12.4", buildNumber: "12D4e"),
                units: [XLIFFUnit(id: "k", source: "", target: "v")])
        ])
        document.rootAttributes = [XLIFFAttribute("version", "1.2")]
        document.layout = XLIFFLayout(
            prolog: #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#, indentation: "", trailer: "",
            selfClosesEmptyElements: false)
        let written = String(decoding: XLIFFDocumentWriter().write(document), as: UTF8.self)
        #expect(
            written
                == #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><xliff version="1.2">"#
                + #"<file original="L.strings" source-language="en" target-language="da" datatype="plaintext">"#
                + #"<header><tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="12.4" build-num="12D4e">"#
                + #"</tool></header><body><trans-unit id="k" xml:space="preserve"><source></source><target>v</target>"#
                + #"<note></note></trans-unit></body></file></xliff>"#)
    }

    @Test("File attributes follow the order read; ones missing from it follow Xcode's order")
    func fileAttributeOrder() {
        var file = XLIFFFile(
            original: "O", sourceLanguage: "en", targetLanguage: "de", tool: nil,
            otherAttributes: [XLIFFAttribute("product-name", "P")],
            attributeOrder: ["original", "datatype", "source-language"])
        var written = String(decoding: XLIFFDocumentWriter().write(XLIFFDocument(files: [file])), as: UTF8.self)
        #expect(
            written.contains(
                #"<file original="O" datatype="plaintext" source-language="en" target-language="de" product-name="P">"#)
        )
        file.attributeOrder = nil
        written = String(decoding: XLIFFDocumentWriter().write(XLIFFDocument(files: [file])), as: UTF8.self)
        #expect(
            written.contains(
                #"<file original="O" source-language="en" target-language="de" datatype="plaintext" product-name="P">"#)
        )
    }
}
