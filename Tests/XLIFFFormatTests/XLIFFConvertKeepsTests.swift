import LocalizationCatalog
import Testing
@_spi(XLIFFDocuments) import XLIFFFormat

/// What an XLIFF → XLIFF `convert` (through the model) and a document read → write keep.
@Suite("XLIFF → XLIFF keeps")
struct XLIFFConvertKeepsTests {
    static let legacy = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="MyApp/Resources/en.lproj/Main.strings" source-language="en" target-language="fr" datatype="plaintext">
            <body>
              <trans-unit id="%d files" translate="no" xml:space="preserve">
                <source>%d files</source>
                <note>Files count</note>
              </trans-unit>
              <trans-unit id="ok" xml:space="preserve">
                <source>OK</source>
                <target state="translated">D’accord</target>
                <note/>
              </trans-unit>
            </body>
          </file>
        </xliff>

        """

    /// Reads `text` as `convert` does and writes it back as XLIFF for French.
    func convert(_ text: String) throws -> XLIFFFile {
        var diagnostics = Diagnostics()
        let table = try XLIFFReader().read(
            SourceFile(path: "in.xliff", bytes: Array(text.utf8)), options: ReadOptions(), diagnostics: &diagnostics)
        let outputs = try XLIFFWriter().write(
            table, options: WriteOptions(languages: ["fr"]), diagnostics: &diagnostics)
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        let output = try #require(outputs.first)
        let document = try XLIFFDocumentReader().read(
            output.bytes, path: output.relativePath, diagnostics: &diagnostics)
        return try #require(document.files.first)
    }

    @Test("A legacy table keeps translate=\"no\" and the folder of its original")
    func legacyTable() throws {
        let file = try convert(Self.legacy)
        #expect(file.original == "MyApp/Resources/en.lproj/Main.strings")
        #expect(file.units.map(\.translate) == [false, nil])
        #expect(file.units.last?.target == "D’accord")
    }

    @Test("A catalog keeps them too")
    func catalog() throws {
        let file = try convert(
            Self.legacy.replacingOccurrences(
                of: "MyApp/Resources/en.lproj/Main.strings", with: "MyApp/Localizable.xcstrings"))
        #expect(file.original == "MyApp/Localizable.xcstrings")
        #expect(file.units.map(\.translate) == [false, nil])
    }

    @Test("A namespace URI holding & is written escaped and reads back equal")
    func namespaceWithAmpersand() throws {
        let text = Self.legacy.replacingOccurrences(
            of: "version=\"1.2\">", with: "xmlns:q=\"urn:x?a=1&amp;b=&#38;2\" version=\"1.2\" q:n=\"1\">")
        var diagnostics = Diagnostics()
        let document = try XLIFFDocumentReader().read(Array(text.utf8), path: "t.xliff", diagnostics: &diagnostics)
        #expect(document.rootAttributes.first { $0.name == "xmlns:q" }?.value == "urn:x?a=1&b=&2")
        let written = XLIFFDocumentWriter().write(document)
        #expect(String(decoding: written, as: UTF8.self).contains("xmlns:q=\"urn:x?a=1&amp;b=&amp;2\""))
        let again = try XLIFFDocumentReader().read(written, path: "t.xliff", diagnostics: &diagnostics)
        #expect(again.rootAttributes == document.rootAttributes)
        #expect(again == document)
    }
}
