import LocalizationCatalog
import PropertyListSupport
import Testing
import XMLSupport

/// The one XML property-list reader: values with positions, the dialect's rules (bare values, repeated keys) and
/// exactly which problem is reported where.
@Suite("XML property lists")
struct PropertyListParserTests {
    static let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n"

    @Test("Every value type is read with the place of its element")
    func everyType() {
        let text =
            Self.head
            + "<dict>\n\t<key>s</key>\n\t<string>a &amp; b</string>\n\t<key>i</key>\n\t<integer> -3 </integer>\n"
            + "\t<key>r</key>\n\t<real>1.50</real>\n\t<key>t</key>\n\t<true/>\n\t<key>d</key>\n"
            + "\t<date>2001-01-01T00:00:00Z</date>\n\t<key>b</key>\n\t<data>AAE=</data>\n\t<key>a</key>\n"
            + "\t<array><string>x</string><false/></array>\n\t<key>e</key>\n\t<dict/>\n</dict>\n</plist>\n"
        let (result, warnings) = readXML(text)
        #expect(
            result
                == #"{"s"@4:2: "a & b"@5:2, "i"@6:2: int -3@7:2, "r"@8:2: real 1.50@9:2, "t"@10:2: true@11:2, "#
                + #""d"@12:2: date 2001-01-01T00:00:00Z@13:2, "b"@14:2: data AAE=@15:2, "#
                + #""a"@16:2: ["x"@17:9, false@17:27]@17:2, "e"@18:2: {}@19:2}@3:1"#)
        #expect(warnings.isEmpty)
    }

    @Test("A repeated key is folded with a warning, or kept, as the dialect says")
    func repeatedKeys() {
        let text = Self.head + "<dict>\n<key>a</key><string>1</string>\n<key>a</key><string>2</string>\n</dict></plist>"
        let folded = readXML(text, dialect: .plain(foldsRepeatedKeys: true))
        #expect(folded.result == #"{"a"@5:1: "2"@5:13}@3:1"#)
        #expect(
            folded.warnings == [
                #"t.plist:5:1: warning: repeatedKey("a", first: PropertyListSupport.TextPosition(line: 4, column: 1))"#
            ])
        let kept = readXML(text, dialect: .plain(foldsRepeatedKeys: false))
        #expect(kept.result == #"{"a"@4:1: "1"@4:13, "a"@5:1: "2"@5:13}@3:1"#)
        #expect(kept.warnings.isEmpty)
    }

    @Test("Folding compares keys byte for byte, also in large dictionaries")
    func foldingKeepsCanonicallyEquivalentKeys() {
        var body = ""
        for index in 0..<20 { body += "<key>k\(index)</key><string>\(index)</string>" }
        body += "<key>\u{E9}</key><string>composed</string><key>e\u{301}</key><string>decomposed</string>"
        body += "<key>k3</key><string>again</string>"
        var diagnostics = Diagnostics()
        let node = try? PropertyListParser(
            path: "t.plist", bytes: Array((Self.head + "<dict>" + body + "</dict></plist>").utf8), dialect: .plain()
        ).parseDocument(diagnostics: &diagnostics)
        guard case .dictionary(let members)? = node?.value else {
            Issue.record("not a dictionary")
            return
        }
        #expect(members.count == 22)
        #expect(members[3].key == "k3")
        if case .string(let text) = members[3].value.value { #expect(text == "again") }
        #expect(diagnostics.all.count == 1)
    }

    @Test("A bare value root is read or refused, as the dialect says")
    func bareValue() {
        let text = "<?xml version=\"1.0\"?>\n<dict><key>a</key><string>b</string></dict>\n"
        #expect(readXML(text, dialect: .plain(acceptsBareValue: true)).result == #"{"a"@2:7: "b"@2:19}@2:1"#)
        #expect(
            readXML(text, dialect: .plain(acceptsBareValue: false)).result
                == #"t.plist:2:1: error: notPropertyList(root: "dict")"#)
    }

    @Test(
        "Each structure problem is reported at its place",
        arguments: [
            ("<html/>", #"t.plist:2:1: error: notPropertyList(root: "html")"#),
            ("<plist>\n</plist>", "t.plist:2:1: error: empty"),
            ("<plist><dict/>\n <array/></plist>", #"t.plist:3:2: error: secondValue(element: "array")"#),
            (
                "<plist><dict>\n  oops <key>a</key></dict></plist>",
                #"t.plist:3:3: error: unexpectedText("\n  oops ", in: "dict")"#
            ),
            ("<plist><string>a<b/>c</string></plist>", #"t.plist:2:17: error: unexpectedElement("b", in: "string")"#),
            ("<plist><true><x/></true></plist>", #"t.plist:2:14: error: unexpectedElement("x", in: "true")"#),
            ("<plist><dict><key>a</key><set/></dict></plist>", #"t.plist:2:26: error: unknownElement("set")"#),
            ("<plist><dict><string>a</string></dict></plist>", #"t.plist:2:14: error: expectedKey(found: "string")"#),
            ("<plist><dict><key>a</key></dict></plist>", #"t.plist:2:14: error: keyWithoutValue(key: "a")"#),
            (
                "<plist><dict><key>a</key><key>b</key></dict></plist>",
                #"t.plist:2:14: error: keyWithoutValue(key: "a")"#
            ),
        ])
    func problems(_ body: String, _ expected: String) {
        #expect(readXML("<?xml version=\"1.0\"?>\n" + body).result == expected)
    }

    @Test("Malformed XML gives XMLSupport's error as is, mapped once")
    func malformedXML() throws {
        let bytes = Array("<?xml version=\"1.0\"?>\n<plist><dict>\n<key>a</kye></dict></plist>".utf8)
        var tree: XMLParseError?
        do { _ = try XMLDocumentTree(parsing: bytes, path: "t.plist") } catch { tree = error }
        let xmlError = try #require(tree)
        #expect(ConversionError(xmlError).description == xmlError.description)
        #expect(xmlError.line == 3)
        var diagnostics = Diagnostics()
        #expect(throws: ConversionError.self) {
            try PropertyListParser(path: "t.plist", bytes: bytes, dialect: .plain()).parseDocument(
                diagnostics: &diagnostics)
        }
        #expect(readXML(String(decoding: bytes, as: UTF8.self)).result == xmlError.description)
    }

    @Test("The reader picks the binary form by its magic bytes, else XML")
    func formIsChosenByTheBytes() throws {
        var builder = BinaryPlistBuilder()
        let key = builder.ascii("a")
        let value = builder.ascii("b")
        let top = builder.dictionary([(key, value)])
        let bytes = builder.bytes(top: top)
        var diagnostics = Diagnostics()
        let binary = try PropertyListReader.read(
            bytes, path: "t", dialect: .plain(), diagnostics: &diagnostics)
        let xml = try PropertyListReader.read(
            Array((Self.head + "<dict><key>a</key><string>b</string></dict></plist>").utf8), path: "t",
            dialect: .plain(), diagnostics: &diagnostics)
        #expect(dump(binary, positions: false) == dump(xml, positions: false))
        #expect(dump(binary) == #"{"a"@file: "b"@file}@file"#)
    }
}
