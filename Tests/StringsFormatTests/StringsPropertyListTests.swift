import LocalizationCatalog
import StringsFormat
import Testing

/// Property lists named `.strings`, read through the shared property-list readers with the `.strings` words.
@Suite("Strings property lists")
struct StringsPropertyListTests {
    static func read(_ bytes: [UInt8]) -> (result: String, warnings: [String]) {
        var diagnostics = Diagnostics()
        do {
            let table = try StringsReader().read(
                SourceFile(path: "en.lproj/P.strings", bytes: bytes), options: ReadOptions(), diagnostics: &diagnostics)
            let pairs = table.entries.map { "\($0.key)=\($0.value.localizations?["en"]?.stringUnit?.value ?? "-")" }
            return (pairs.joined(separator: ","), diagnostics.all.map(\.description))
        } catch {
            return ("\(error)", diagnostics.all.map(\.description))
        }
    }

    static func xml(_ body: String) -> [UInt8] {
        Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n\(body)\n</plist>\n".utf8)
    }

    @Test(
        "Each structure problem keeps its .strings message",
        arguments: [
            (
                "<dict/>\n<dict/>",
                "en.lproj/P.strings:4:1: error: unexpected second element <dict> in the property list"
            ),
            ("", "en.lproj/P.strings:2:1: error: the property list is empty, not a dictionary of strings"),
            ("<array/>", "en.lproj/P.strings:3:1: error: the property list is an array, not a dictionary of strings"),
            (
                "<dict><string>a</string></dict>",
                "en.lproj/P.strings:3:7: error: unexpected <string> where a <key> belongs in the property list"
            ),
            (
                "<dict><key>a</key></dict>",
                #"en.lproj/P.strings:3:7: error: the value of "a" is missing; .strings values must be strings"#
            ),
            (
                "<dict><key>a</key><integer>1</integer></dict>",
                #"en.lproj/P.strings:3:19: error: the value of "a" is an integer; .strings values must be strings"#
            ),
        ])
    func problems(_ body: String, _ expected: String) {
        #expect(Self.read(Self.xml(body)).result == expected)
    }

    @Test("An element inside <string> is refused, not dropped with its text kept (as the old reader did)")
    func elementInsideString() {
        #expect(
            Self.read(Self.xml("<dict><key>a</key><string>x<b/>y</string></dict>")).result
                == "en.lproj/P.strings:3:28: error: unexpected element <b> inside <string> in the property list")
    }

    @Test("Stray text is reported where it is, not at its element")
    func strayText() {
        #expect(
            Self.read(Self.xml("<dict>\n  oops\n</dict>")).result
                == "en.lproj/P.strings:4:3: error: unexpected text inside <dict> in the property list")
    }

    @Test("A bare <dict> root is still refused: a .strings property list is a <plist>")
    func bareRoot() {
        let bytes = Array("<?xml version=\"1.0\"?>\n<dict><key>a</key><string>b</string></dict>\n".utf8)
        #expect(
            Self.read(bytes).result
                == "en.lproj/P.strings:2:1: error: unexpected root element <dict> in the property list")
    }

    @Test("Repeated keys in a property list are reported by the .strings rules, XML with lines, binary without")
    func repeatedKeys() {
        let xml = Self.read(Self.xml("<dict>\n<key>a</key><string>1</string>\n<key>a</key><string>2</string>\n</dict>"))
        #expect(xml.result == "a=2")
        #expect(
            xml.warnings == [
                #"en.lproj/P.strings:5:1: warning: duplicate key "a"; the value at line 5 replaces the one at line 4"#
            ])
        // {"a": "1", "a": "2"}: a dictionary with one key object twice.
        let binary: [UInt8] =
            Array("bplist00".utf8) + [0xD2, 0x01, 0x01, 0x02, 0x03, 0x51, 0x61, 0x51, 0x31, 0x51, 0x32]
            + [0x08, 0x0D, 0x0F, 0x11] + [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 4]
            + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 19]
        let read = Self.read(binary)
        #expect(read.result == "a=2")
        #expect(
            read.warnings == [
                #"en.lproj/P.strings: warning: duplicate key "a" in the property list; the last value wins"#
            ])
    }

    @Test("A binary value the format cannot hold is named by its kind")
    func binaryUID() {
        // {"k": UID(3)}
        let binary: [UInt8] =
            Array("bplist00".utf8) + [0xD1, 0x01, 0x02, 0x51, 0x6B, 0x80, 0x03]
            + [0x08, 0x0B, 0x0D] + [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 3]
            + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 15]
        #expect(
            Self.read(binary).result
                == #"en.lproj/P.strings: error: the value of "k" is a UID; .strings values must be strings"#)
    }
}
