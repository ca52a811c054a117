import Foundation
import LocalizationCatalog
import PropertyListSupport
import TestSupport
import Testing

/// The fast path of the XML property-list reader (nodes straight from the XML events) against the exact path
/// (the XML tree, then a walk): the same nodes at the same places, and on every document the fast path leaves
/// alone the same error and warnings, because the exact path gives them.
@Suite("XML property lists: fast path")
struct PropertyListFastPathTests {
    static let head =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        + "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
        + "<plist version=\"1.0\">\n"

    /// A `.stringsdict` as the compiler writes it: nested plural rules, tabs, non-ASCII values.
    static let stringsDict =
        head
            + """
            <dict>
            \t<key>%d pages in %d books</key>
            \t<dict>
            \t\t<key>NSStringLocalizedFormatKey</key>
            \t\t<string>%#@pages@ in %#@books@</string>
            \t\t<key>books</key>
            \t\t<dict>
            \t\t\t<key>NSStringFormatSpecTypeKey</key>
            \t\t\t<string>NSStringPluralRuleType</string>
            \t\t\t<key>NSStringFormatValueTypeKey</key>
            \t\t\t<string>d</string>
            \t\t\t<key>one</key>
            \t\t\t<string>%d книга</string>
            \t\t\t<key>few</key>
            \t\t\t<string>%d книги</string>
            \t\t\t<key>other</key>
            \t\t\t<string>%d книг</string>
            \t\t</dict>
            \t\t<key>pages</key>
            \t\t<dict>
            \t\t\t<key>NSStringFormatSpecTypeKey</key>
            \t\t\t<string>NSStringPluralRuleType</string>
            \t\t\t<key>NSStringFormatValueTypeKey</key>
            \t\t\t<string>d</string>
            \t\t\t<key>zero</key>
            \t\t\t<string/>
            \t\t\t<key>other</key>
            \t\t\t<string>%d страниц</string>
            \t\t</dict>
            \t</dict>
            \t<key>Grüße 👋 &amp; &lt;tags&gt;</key>
            \t<dict>
            \t\t<key>NSStringLocalizedFormatKey</key>
            \t\t<string>%#@n@ &#65;&#x1F600; &quot;q&quot; &apos;a&apos;</string>
            \t\t<key>n</key>
            \t\t<dict>
            \t\t\t<key>NSStringFormatSpecTypeKey</key>
            \t\t\t<string>NSStringPluralRuleType</string>
            \t\t\t<key>other</key>
            \t\t\t<string>%ld 日本語</string>
            \t\t</dict>
            \t</dict>
            </dict>
            </plist>

            """

    /// ``stringsDict`` without its character references, which the writers do not write.
    static let stringsDictAsWritten = stringsDict.replacingOccurrences(of: "&#65;&#x1F600; ", with: "")

    /// Documents the fast path reads itself.
    static let regular: [(name: String, text: String)] = [
        ("stringsdict", stringsDict),
        ("stringsdict, CRLF", stringsDict.replacingOccurrences(of: "\n", with: "\r\n")),
        ("stringsdict, lone CR", stringsDict.replacingOccurrences(of: "\n", with: "\r")),
        ("stringsdict, BOM", "\u{FEFF}" + stringsDict),
        (
            "every type",
            head
                + "<dict>\n\t<key>s</key>\n\t<string>a &amp; b</string>\n\t<key>i</key>\n\t<integer> -3 </integer>\n"
                + "\t<key>r</key>\n\t<real>\n1.50\t</real>\n\t<key>t</key>\n\t<true/>\n\t<key>f</key><false></false>\n"
                + "\t<key>d</key>\n\t<date> 2001-01-01T00:00:00Z </date>\n\t<key>b</key>\n\t<data>\n\tAAE=\n\t</data>\n"
                + "\t<key>a</key>\n\t<array><string>x</string><false/><array/><dict/></array>\n\t<key>e</key>\n"
                + "\t<dict/>\n\t<key>empty</key><string></string>\n\t<key/><true>  </true>\n</dict>\n</plist>\n"
        ),
        (
            "non-ASCII before tags on one line",
            "<?xml version=\"1.0\"?>\n<plist><dict><key>é</key><string>ü€😀</string><key>日本</key>"
                + "<string>x</string>\t<key>b</key>\t\t<integer>1</integer></dict></plist>"
        ),
        (
            "comments and processing instructions",
            "<?xml version=\"1.0\"?>\n<!-- before -->\n<plist>\n<!-- c1 --><dict><!-- c2 -->\n<key>a<!-- in key -->b</key>"
                + "<!-- c3 --><string>x<!-- in string -->y<?pi data?>z</string><?pi between?>\n</dict><!-- after -->"
                + "</plist>\n<!-- trailing -->\n"
        ),
        (
            "CDATA",
            head
                + "<dict><key><![CDATA[k<>]]></key><string>a<![CDATA[ & <b> ]]>c</string>"
                + "<key>w</key><![CDATA[  ]]><string><![CDATA[]]></string></dict></plist>"
        ),
        ("character references", head + "<array><string>&#9;&#10;&#13;&#xD;&#xa0;&#x10FFFF;</string></array></plist>"),
        ("line ends in text", head + "<array><string>a\r\nb\rc\nd</string></array></plist>"),
        (
            "attributes and prefixes",
            "<p:plist xmlns:p=\"urn:x\" version=\"1.0\"><p:dict a=\"1\"><p:key xml:space=\"preserve\">k</p:key>"
                + "<string>v</string></p:dict></p:plist>"
        ),
        ("bare dictionary", "<?xml version=\"1.0\"?>\n<dict><key>a</key><string>b</string></dict>\n"),
        ("bare string", "<string>only</string>"),
        ("no declaration", "<plist><array/></plist>"),
        (
            "repeated key, kept",
            head + "<dict><key>a</key><string>1</string><key>a</key><string>2</string></dict></plist>"
        ),
        (
            "large dictionary",
            head + "<dict>" + (0..<40).map { "<key>k\($0)</key><string>\($0)</string>" }.joined() + "</dict></plist>"
        ),
        ("nested 200 deep", nested(200)),
        (
            "UTF-16",
            "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<plist>\n\t<dict><key>é</key>\n\t<string>日本</string></dict></plist>"
        ),
    ]

    /// Documents the fast path leaves to the exact path.
    static let irregular: [(name: String, text: String)] = [
        ("unclosed tag", head + "<dict><key>a</key><string>b</dict></plist>"),
        ("unclosed document", head + "<dict><key>a</key><string>b</string>"),
        ("second value", head + "<dict/>\n <array/></plist>"),
        ("text in a dictionary", head + "<dict>\n  oops <key>a</key><string>b</string></dict></plist>"),
        ("text in an array", head + "<array>x<string>b</string></array></plist>"),
        ("text in plist", head + "text<dict/></plist>"),
        ("CDATA text in a dictionary", head + "<dict><![CDATA[x]]></dict></plist>"),
        ("text in true", head + "<array><true>yes</true></array></plist>"),
        (
            "repeated key, folded",
            head + "<dict>\n<key>a</key><string>1</string>\n<key>a</key><string>2</string></dict></plist>"
        ),
        (
            "repeated key, folded, large",
            head + "<dict>" + (0..<40).map { "<key>k\($0 % 30)</key><string>\($0)</string>" }.joined()
                + "</dict></plist>"
        ),
        ("unknown element", head + "<dict><key>a</key><strin>b</strin></dict></plist>"),
        ("unknown element in an array", head + "<array><string>a</string><foo/></array></plist>"),
        ("nested plist", head + "<array><plist/></array></plist>"),
        ("key without value", head + "<dict><key>a</key></dict></plist>"),
        ("key after key", head + "<dict><key>a</key><key>b</key><string>c</string></dict></plist>"),
        ("value without key", head + "<dict><string>c</string></dict></plist>"),
        ("key in an array", head + "<array><key>a</key></array></plist>"),
        ("key as the value", head + "<key>a</key></plist>"),
        ("element in a string", head + "<array><string>a<b/>c</string></array></plist>"),
        ("element in a key", head + "<dict><key>a<b/></key><string>c</string></dict></plist>"),
        ("element in true", head + "<array><true><string/></true></array></plist>"),
        ("empty plist", head + "</plist>"),
        ("empty plist with a comment", head + "<!-- c --></plist>"),
        ("root is no plist", "<?xml version=\"1.0\"?>\n<html><body/></html>"),
        ("root is a key", "<key>a</key>"),
        ("undefined entity", head + "<array><string>&nbsp;</string></array></plist>"),
        ("mismatched end tag", head + "<array></dict></plist>"),
        ("text after the root", head + "<array/></plist>trailing"),
        ("second root", head + "<array/></plist><plist/>"),
        ("empty document", ""),
        ("nested 300 deep", nested(300)),
        (
            "too many attributes",
            "<plist>\n<dict " + (0...1_000).map { "a\($0)=\"\"" }.joined(separator: " ") + "/></plist>"
        ),
        ("internal DTD entity", "<!DOCTYPE plist [<!ENTITY e \"x\">]><plist><string>&e;</string></plist>"),
        (
            "external entity",
            "<!DOCTYPE plist [<!ENTITY e SYSTEM \"http://example.com/e\">]><plist><string>&e;</string></plist>"
        ),
    ]

    /// `<plist>` holding arrays nested so that `depth` elements are open at the innermost one.
    static func nested(_ depth: Int) -> String {
        "<plist>" + String(repeating: "<array>\n\t", count: depth - 1) + String(repeating: "</array>", count: depth - 1)
            + "</plist>"
    }

    static let dialects: [(name: String, dialect: PropertyListDialect)] = [
        ("bare, folding", .plain(acceptsBareValue: true, foldsRepeatedKeys: true)),
        ("plist only, keeping", .plain(acceptsBareValue: false, foldsRepeatedKeys: false)),
    ]

    static func bytes(_ text: String, name: String) -> [UInt8] {
        guard name.hasPrefix("UTF-16") else { return Array(text.utf8) }
        return [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    /// What a read gives: the node tree with every place, or the error; then the warnings.
    static func read(_ bytes: [UInt8], dialect: PropertyListDialect, fastPath: Bool, byteScanner: Bool = true)
        -> String
    {
        var parser = PropertyListParser(path: "dir/t.plist", bytes: bytes, dialect: dialect)
        parser.usesFastPath = fastPath
        parser.usesByteScanner = byteScanner
        var diagnostics = Diagnostics()
        let result: String
        do {
            result = dump(try parser.parseDocument(diagnostics: &diagnostics))
        } catch {
            result = "error: " + error.description
        }
        return ([result] + diagnostics.all.map(\.description)).joined(separator: "\n")
    }

    @Test("Regular documents: the fast path reads them, as the exact path does", arguments: regular)
    func regularDocuments(name: String, text: String) {
        let bytes = Self.bytes(text, name: name)
        for (dialectName, dialect) in Self.dialects {
            let exact = Self.read(bytes, dialect: dialect, fastPath: false)
            let fast = Self.read(bytes, dialect: dialect, fastPath: true)
            #expect(fast == exact, "\(name), \(dialectName)")
            #expect(Self.read(bytes, dialect: dialect, fastPath: true, byteScanner: false) == exact, "\(name)")
            let takesFastPath = PropertyListParser(path: "dir/t.plist", bytes: bytes, dialect: dialect).fastDocument()
            let refused = name.hasPrefix("bare") && !dialect.acceptsBareValue
            // Folded with a warning: the exact path gives it.
            let folded = name.hasPrefix("repeated key") && dialect.foldsRepeatedKeys
            #expect((takesFastPath != nil) == !(refused || folded), "\(name), \(dialectName)")
            #expect(!exact.hasPrefix("error: ") || refused, "\(name), \(dialectName): \(exact)")
            #expect(exact.contains("warning: ") == folded, "\(name), \(dialectName): \(exact)")
            if let takesFastPath { #expect(dump(takesFastPath) == exact, "\(name), \(dialectName)") }
        }
    }

    @Test(
        "Irregular documents: the fast path leaves them, and the exact path's error and warnings stay",
        arguments: irregular)
    func irregularDocuments(name: String, text: String) {
        let bytes = Array(text.utf8)
        for (dialectName, dialect) in Self.dialects {
            let exact = Self.read(bytes, dialect: dialect, fastPath: false)
            #expect(Self.read(bytes, dialect: dialect, fastPath: true) == exact, "\(name), \(dialectName)")
            #expect(Self.read(bytes, dialect: dialect, fastPath: true, byteScanner: false) == exact, "\(name)")
            let kept = name.hasPrefix("repeated key") && !dialect.foldsRepeatedKeys
            let fast = PropertyListParser(path: "dir/t.plist", bytes: bytes, dialect: dialect).fastDocument()
            #expect((fast == nil) == !kept, "\(name), \(dialectName)")
            if let fast { #expect(dump(fast) == exact, "\(name), \(dialectName)") }
        }
    }

    @Test("Nesting near the depth limit: the same limit, the same error")
    func depthLimit() {
        var read = 0
        var refused = 0
        for depth in [250, 254, 255, 256, 257, 258, 259, 260, 2_000] {
            let bytes = Array(Self.nested(depth).utf8)
            let dialect = PropertyListDialect.plain()
            let exact = Self.read(bytes, dialect: dialect, fastPath: false)
            #expect(Self.read(bytes, dialect: dialect, fastPath: true) == exact, "\(depth)")
            let fast = PropertyListParser(path: "dir/t.plist", bytes: bytes, dialect: dialect).fastDocument()
            #expect((fast == nil) == exact.hasPrefix("error: "), "\(depth)")
            if fast == nil { refused += 1 } else { read += 1 }
        }
        #expect(read >= 3)
        #expect(refused >= 3)
    }

    @Test("The compiler's .stringsdict takes the fast path, with every place of the exact path")
    func typicalDocumentTakesFastPath() throws {
        let bytes = Array(Self.stringsDict.utf8)
        let dialect = PropertyListDialect.plain()
        let fast = try #require(PropertyListParser(path: "t.plist", bytes: bytes, dialect: dialect).fastDocument())
        // Its character references are left to the XML events; the writers write none.
        #expect(PropertyListParser(path: "t.plist", bytes: bytes, dialect: dialect).scannedDocument() == nil)
        let written = Array(Self.stringsDictAsWritten.utf8)
        let scanned = try #require(
            PropertyListParser(path: "t.plist", bytes: written, dialect: dialect).scannedDocument())
        #expect(dump(scanned) == Self.read(written, dialect: dialect, fastPath: false))
        #expect(
            dump(fast).hasPrefix(
                #"{"%d pages in %d books"@5:2: {"NSStringLocalizedFormatKey"@7:3: "%#@pages@ in %#@books@"@8:3, "#
                    + #""books"@9:3: {"NSStringFormatSpecTypeKey"@11:4: "NSStringPluralRuleType"@12:4"#))
        #expect(dump(fast).hasSuffix(#""other"@42:4: "%ld 日本語"@43:4}@39:3}@35:2}@4:1"#))
        #expect(dump(fast) == Self.read(bytes, dialect: dialect, fastPath: false))
    }

    @Test("Every XML property list of Fixtures/ and of the fuzzers' findings reads the same on both paths")
    func fixtures() throws {
        var files: [(name: String, url: URL)] = []
        for file in Fixtures.files(below: ".")
        where file.hasSuffix(".stringsdict") || file.hasSuffix(".strings") || file.hasSuffix(".plist") {
            files.append((file, Fixtures.url(file)))
        }
        for folder in ["Fuzz/findings", "Fuzz/findings-open"] {
            let root = Fixtures.root.appendingPathComponent(folder)
            for file in Fixtures.files(inFolderAt: root.path) {
                files.append((folder + "/" + file, root.appendingPathComponent(file)))
            }
        }
        var fastCount = 0
        var scannedCount = 0
        var total = 0
        for (name, url) in files {
            let bytes = [UInt8](try Data(contentsOf: url))
            guard bytes.firstRange(of: Array("<plist".utf8)) != nil || name.hasSuffix(".stringsdict") else { continue }
            guard !PropertyListReader.isBinary(bytes) else { continue }
            total += 1
            for (dialectName, dialect) in Self.dialects {
                let exact = Self.read(bytes, dialect: dialect, fastPath: false)
                #expect(Self.read(bytes, dialect: dialect, fastPath: true) == exact, "\(name), \(dialectName)")
                let parser = PropertyListParser(path: "dir/t.plist", bytes: bytes, dialect: dialect)
                if let scanned = parser.scannedDocument() {
                    scannedCount += 1
                    #expect(dump(scanned) == exact, "\(name), \(dialectName)")
                }
                if let fast = parser.fastDocument() {
                    fastCount += 1
                    #expect(dump(fast) == exact, "\(name), \(dialectName)")
                }
            }
        }
        #expect(total > 50)
        // Most of them are regular; the others test errors and warnings.
        #expect(fastCount > total)
        // The writers' own documents among them take the byte scanner.
        #expect(scannedCount > 20)
    }

    /// Documents that probe the byte scanner's edges: those it reads, and those it leaves to the XML events.
    static let scannerCases: [(name: String, text: String, scanned: Bool)] = [
        ("stringsdict", stringsDict, false),
        ("stringsdict as written", stringsDictAsWritten, true),
        (
            "entities in keys and values",
            head + "<dict><key>&lt;a&gt; &amp; &quot;b&quot; &apos;c&apos;</key>"
                + "<string>&amp;&amp;x&lt;</string></dict></plist>", true
        ),
        (
            "empty elements",
            head + "<dict><key/><string/><key>a</key><array/><key>b</key><dict/><key>c</key>"
                + "<true/><key>d</key><false></false><key>e</key><integer/><key>f</key><data></data></dict></plist>",
            true
        ),
        (
            "many elements on a line after non-ASCII",
            "<plist><array><string>é€😀</string><string>日本</string>"
                + "<array><string>ü</string></array>\t<integer> 7 </integer><real>1.5</real><date>2001</date></array>"
                + "</plist>", true
        ),
        (
            "no declaration, plist without version",
            "<plist>\n<dict>\n\t<key>a</key>\n\t<string>b</string>\n"
                + "</dict>\n</plist>", true
        ),
        ("declaration without encoding", "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><array/></plist>\n\n", true),
        ("value in plist on its own line", head + "\n\n   <string>\n  x  \n</string>\n  </plist>  \n", true),
        ("nested 60 deep", nested(60), true),
        ("nested 70 deep", nested(70), false),
        ("BOM", "\u{FEFF}" + stringsDict, false),
        ("CRLF", stringsDict.replacingOccurrences(of: "\n", with: "\r\n"), false),
        ("character reference", head + "<array><string>&#65;</string></array></plist>", false),
        ("comment", head + "<array><!-- c --><string>a</string></array></plist>", false),
        ("CDATA", head + "<array><string><![CDATA[a]]></string></array></plist>", false),
        ("processing instruction", head + "<array><?pi x?></array></plist>", false),
        ("attribute", head + "<array><dict a=\"1\"/></array></plist>", false),
        ("space in a tag", head + "<array><string >a</string></array></plist>", false),
        ("whitespace in true", head + "<array><true> </true></array></plist>", false),
        (
            "standalone declaration",
            "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?><plist><array/></plist>",
            false
        ),
        ("other DOCTYPE", "<!DOCTYPE plist SYSTEM \"x.dtd\"><plist><array/></plist>", false),
        ("tab and control character", head + "<array><string>\t\u{1}</string></array></plist>", false),
        ("U+FFFE", head + "<array><string>\u{FFFE}</string></array></plist>", false),
        ("U+FFFF", head + "<array><string>\u{FFFF}</string></array></plist>", false),
        ("U+FFFD and U+EFFF", head + "<array><string>\u{FFFD}\u{EFFF}]]</string></array></plist>", true),
        ("]]> in text", head + "<array><string>a]]>b</string></array></plist>", false),
        ("bare value", "<dict><key>a</key><string>b</string></dict>", false),
        ("undefined entity", head + "<array><string>&nbsp;</string></array></plist>", false),
        ("ampersand alone", head + "<array><string>a & b</string></array></plist>", false),
        ("text after the root", head + "<array/></plist>x", false),
        ("second value", head + "<array/><array/></plist>", false),
        ("key without value", head + "<dict><key>a</key></dict></plist>", false),
        ("mismatched end tag", head + "<array></dict></plist>", false),
        ("unclosed", head + "<array><string>a</string>", false),
        ("uppercase element", head + "<array><String>a</String></array></plist>", false),
        (
            "repeated key", head + "<dict><key>a</key><string>1</string><key>a</key><string>2</string></dict></plist>",
            true
        ),
    ]

    @Test("Invalid UTF-8 in a text is left by the byte scanner to the exact path's error")
    func byteScannerInvalidUTF8() {
        let cases: [(name: String, bytes: [UInt8])] = [
            ("truncated, in a value", [0xC3, 0x28]), ("lone continuation, in a value", [0x80]),
            ("overlong", [0xC0, 0xAF]), ("surrogate", [0xED, 0xA0, 0x80]), ("past U+10FFFF", [0xF4, 0x90, 0x80, 0x80]),
            ("cut at the end of the text", [0x61, 0xE6, 0x97]),
        ]
        for (name, invalid) in cases {
            for inKey in [false, true] {
                let bytes =
                    Array((Self.head + (inKey ? "<dict><key>" : "<array><string>")).utf8) + invalid
                    + Array((inKey ? "</key><string>b</string></dict></plist>" : "</string></array></plist>").utf8)
                for (dialectName, dialect) in Self.dialects {
                    let exact = Self.read(bytes, dialect: dialect, fastPath: false)
                    #expect(Self.read(bytes, dialect: dialect, fastPath: true) == exact, "\(name), \(dialectName)")
                    #expect(exact.hasPrefix("error: "), "\(name), \(dialectName): \(exact)")
                    let parser = PropertyListParser(path: "dir/t.plist", bytes: bytes, dialect: dialect)
                    #expect(parser.scannedDocument() == nil, "\(name), \(dialectName)")
                }
            }
        }
    }

    @Test("The byte scanner reads what it should, and where it reads, reads as the exact path", arguments: scannerCases)
    func byteScanner(name: String, text: String, scanned: Bool) {
        let bytes = Array(text.utf8)
        for (dialectName, dialect) in Self.dialects {
            let exact = Self.read(bytes, dialect: dialect, fastPath: false)
            #expect(Self.read(bytes, dialect: dialect, fastPath: true) == exact, "\(name), \(dialectName)")
            let node = PropertyListParser(path: "dir/t.plist", bytes: bytes, dialect: dialect).scannedDocument()
            // A repeated key folded with a warning is the exact path's.
            let folds = name == "repeated key" && dialect.foldsRepeatedKeys
            #expect((node != nil) == (scanned && !folds), "\(name), \(dialectName)")
            if let node { #expect(dump(node) == exact, "\(name), \(dialectName)") }
        }
    }
}
