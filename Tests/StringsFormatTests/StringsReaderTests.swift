import LocalizationCatalog
import TestSupport
import Testing

@testable import StringsFormat

/// Reads `.strings` fixtures and checks them against `.dump` goldens and exact expectations.
@Suite("Strings reader")
struct StringsReaderTests {
    static let fixtures = Fixtures.names(in: "strings/read", withExtension: "strings")

    static func read(_ name: String, options: ReadOptions = ReadOptions(language: "en")) throws -> (
        table: StringTable, diagnostics: Diagnostics
    ) {
        var diagnostics = Diagnostics()
        let table = try StringsReader().read(
            try Fixtures.source("strings/read/\(name).strings"), options: options, diagnostics: &diagnostics)
        return (table, diagnostics)
    }

    static func values(_ table: StringTable, language: String = "en") -> [String: String] {
        var result: [String: String] = [:]
        for (key, entry) in table.entries {
            result[key] = entry.localization(for: language)?.stringUnit?.value
        }
        return result
    }

    @Test("Fixtures exist")
    func fixturesExist() {
        #expect(Self.fixtures.count >= 20)
    }

    @Test("Fixture reads as its goldens (.dump, and .diagnostics when it warns)", arguments: fixtures)
    func readsFixture(_ name: String) throws {
        let (table, diagnostics) = try Self.read(name)
        let differences = ReaderGoldens.compare(
            table, diagnostics: diagnostics, fixture: "strings/read/\(name).strings")
        #expect(differences.isEmpty, "\(differences)")
    }

    @Test("Every escape gives the character Foundation gives")
    func escapes() throws {
        let (table, diagnostics) = try Self.read("escapes")
        let values = Self.values(table)
        let expected: [String: String] = [
            "newline": "a\nb",
            "tab": "a\tb",
            "carriage return": "a\rb",
            "double quote": "say \"hi\"",
            "single quote": "it's",
            "backslash": "C:\\path",
            "bell": "\u{7}",
            "backspace": "\u{8}",
            "form feed": "\u{C}",
            "vertical tab": "\u{B}",
            "unicode 4 digits": "café",
            "unicode 1 digit": "\t",
            "unicode 2 digits": "A",
            "unicode 4 digits then text": "€x",
            "unicode stops at 4 digits": "A0",
            "unicode lower hex": "é",
            "surrogate pair": "😀",
            "lower u is literal": "u00E9",
            "octal ascii": "ABC",
            "octal one digit": "\u{0}x",
            "octal stops at 3 digits": "A1",
            "octal nextstep high half": "Æ Ø ß",
            "octal undefined": "\u{FFFD}",
            "octal truncated to 8 bits": "\u{FFFD}",
            "unknown escape": "q%é",
            "escaped line break": "one\ntwo",
            "empty unicode escape": "x\u{0}y",
            "lone high surrogate": "\u{FFFD}x",
            "lone low surrogate": "\u{FFFD}",
        ]
        for (key, value) in expected {
            #expect(values[key]?.unicodeScalars.elementsEqual(value.unicodeScalars) == true, "\(key)")
        }
        #expect(table.entries.count == expected.count)
        #expect(
            diagnostics.all.map(\.description) == [
                #"strings/read/escapes.strings:18:25: warning: \u is not an escape in .strings files: Foundation reads \u00E9 as the text "u00E9"; write \U00E9 for U+00E9"#,
                #"strings/read/escapes.strings:28:28: warning: \U without hexadecimal digits gives U+0000, as Foundation reads it"#,
                #"strings/read/escapes.strings:29:26: warning: \UD83D is half of a surrogate pair without the other half; read as U+FFFD"#,
                #"strings/read/escapes.strings:30:25: warning: \UDE00 is half of a surrogate pair without the other half; read as U+FFFD"#,
            ])
    }

    @Test("The last comment before a key is its comment")
    func comments() throws {
        let (table, _) = try Self.read("comments")
        let comments = table.entries.map { ($0.key, $0.value.comment) }
        let expected: [(String, String?)] = [
            ("block", "Block comment."),
            ("line", "Line comment"),
            ("mark", "MARK: Common"),
            ("multi-line", "A comment\n   over several lines"),
            ("two comments", "Second: the last one before the key wins"),
            ("after blank line", "Separated by a blank line"),
            ("no comment", nil),
            ("gets trailing", "trailing comment belongs to the next entry"),
            ("mid", nil),
            ("after mid", "inside an entry"),
            ("empty comment", nil),
            ("same line", "Comment"),
            ("slash in value", nil),
            ("tight", "no space"),
            ("stars", "stars ** inside *"),
        ]
        #expect(comments.count == expected.count)
        for (actual, wanted) in zip(comments, expected) {
            #expect(actual.0 == wanted.0)
            #expect(actual.1 == wanted.1, "comment of \(actual.0)")
        }
        #expect(Self.values(table)["slash in value"] == "a // b /* c */")
    }

    @Test(
        "Comments lose one space at each end, or whitespace holding a line break, as in Xcode's migration",
        arguments: [
            ("/* one space */", "one space"),
            ("/* First draft: %@ +  */", "First draft: %@ + "),
            ("/*  two leading */", " two leading"),
            ("/*\ttab*/", "\ttab"),
            ("// line comment\r\n", "line comment"),
            ("//  line  ", " line "),
            ("/*\n   over\n   lines\n*/", "over\n   lines"),
            ("/*   \n */", nil),
        ] as [(String, String?)])
    func commentTrimming(_ comment: String, _ expected: String?) throws {
        var diagnostics = Diagnostics()
        let text = comment + "\n\"k\" = \"v\";\n"
        let table = try StringsReader().read(
            SourceFile(path: "t.strings", bytes: Array(text.utf8)), options: ReadOptions(language: "en"),
            diagnostics: &diagnostics)
        #expect(table.entries["k"]?.comment == expected)
    }

    @Test("A duplicate key warns with both lines, keeps its first place and takes the last value")
    func duplicates() throws {
        let (table, diagnostics) = try Self.read("duplicates")
        #expect(table.entries.keys == ["greeting", "other"])
        #expect(Self.values(table) == ["greeting": "Hey", "other": "other"])
        #expect(table.entries["greeting"]?.comment == "Third greeting")
        #expect(
            diagnostics.all.map(\.description) == [
                #"strings/read/duplicates.strings:4:1: warning: duplicate key "greeting"; the value at line 4 replaces the one at line 2"#,
                #"strings/read/duplicates.strings:6:1: warning: duplicate key "greeting"; the value at line 6 replaces the one at line 4"#,
                #"strings/read/duplicates.strings:7:1: warning: duplicate key "other"; the value at line 7 replaces the one at line 3"#,
            ])
    }

    @Test("A later duplicate without a comment keeps the earlier comment")
    func duplicateKeepsComment() throws {
        var diagnostics = Diagnostics()
        let source = SourceFile(
            path: "en.lproj/T.strings", bytes: Array("/* note */\n\"a\" = \"1\";\n\"a\" = \"2\";\n".utf8))
        let table = try StringsReader().read(source, options: ReadOptions(), diagnostics: &diagnostics)
        #expect(table.entries["a"]?.comment == "note")
        #expect(table.entries["a"]?.localization(for: "en")?.stringUnit?.value == "2")
    }

    @Test(
        "Every text encoding gives the same entries and records the encoding",
        arguments: [
            ("utf8", TextEncoding.utf8), ("utf8-bom", .utf8WithBOM), ("utf16le-bom", .utf16LittleEndianWithBOM),
            ("utf16be-bom", .utf16BigEndianWithBOM), ("utf16le", .utf16LittleEndian), ("utf16be", .utf16BigEndian),
        ])
    func encodings(_ name: String, _ encoding: TextEncoding) throws {
        let (table, diagnostics) = try Self.read("encoding-\(name)")
        let (reference, _) = try Self.read("encoding-utf8")
        #expect(table.traits.encoding == encoding)
        #expect(table.traits.endsWithNewline == true)
        #expect(table.entries == reference.entries)
        #expect(Self.values(table) == ["greeting": "Grüße", "emoji": "👋🏽 😀", "cjk": "你好"])
        #expect(table.entries["cjk"]?.comment == "CJK")
        #expect(diagnostics.all.isEmpty)
    }

    @Test("Binary and XML property lists named .strings are read", arguments: ["plist-binary", "plist-xml"])
    func propertyLists(_ name: String) throws {
        let (table, diagnostics) = try Self.read(name)
        #expect(table.entries.count == 17)
        #expect(table.entries.keys.prefix(5) == ["greeting", "non-ascii", "long value", "", "empty value"])
        #expect(Self.values(table)["non-ascii"] == "Grüße 👋")
        #expect(Self.values(table)["key11"] == "value 11")
        #expect(table.traits == FileTraits())
        #expect(diagnostics.all.isEmpty)
    }

    @Test("An XML property list in UTF-16 is read")
    func xmlPropertyListUTF16() throws {
        let (table, diagnostics) = try Self.read("plist-xml-utf16")
        #expect(Self.values(table) == ["a": "Grüße", "b": "2"])
        #expect(diagnostics.all.isEmpty)
    }

    @Test("A duplicate key in an XML property list warns at its <key>")
    func xmlPropertyListDuplicate() throws {
        let (table, diagnostics) = try Self.read("plist-xml-duplicate")
        #expect(Self.values(table) == ["a": "2"])
        #expect(
            diagnostics.all.map(\.description) == [
                #"strings/read/plist-xml-duplicate.strings:7:2: warning: duplicate key "a"; the value at line 7 replaces the one at line 5"#
            ])
    }

    @Test("The language comes from the options, then from the .lproj folder")
    func language() throws {
        func language(_ path: String, _ options: ReadOptions = ReadOptions()) throws -> (String, String) {
            var diagnostics = Diagnostics()
            let table = try StringsReader().read(
                SourceFile(path: path, bytes: Array("\"a\" = \"b\";".utf8)), options: options, diagnostics: &diagnostics
            )
            return (table.languages.first ?? "", table.sourceLanguage)
        }
        #expect(try language("App/fr.lproj/Localizable.strings") == ("fr", "fr"))
        #expect(try language("/abs/pt-BR.lproj/Localizable.strings") == ("pt-BR", "pt-BR"))
        #expect(
            try language("zh-Hans.lproj/Localizable.strings", ReadOptions(sourceLanguage: "en")) == ("zh-Hans", "en"))
        #expect(try language("fr.lproj/Localizable.strings", ReadOptions(language: "de")) == ("de", "de"))
        #expect(try language("Base.lproj/Main.strings") == ("Base", "Base"))
        #expect(try language("Base.lproj/Main.strings", ReadOptions(sourceLanguage: "en")) == ("en", "en"))
        #expect(try language("Localizable.strings", ReadOptions(language: "ja")) == ("ja", "ja"))
        var diagnostics = Diagnostics()
        do {
            _ = try StringsReader().read(
                SourceFile(path: "Resources/Localizable.strings", bytes: []), options: ReadOptions(),
                diagnostics: &diagnostics)
            Issue.record("a file outside an .lproj folder was accepted without a language")
        } catch let error as ConversionError {
            #expect(
                error.description
                    == "Resources/Localizable.strings: error: cannot tell the language of the file (it is not in an xx.lproj folder); pass --language"
            )
        }
    }

    @Test("The table is named after the file unless the options name it")
    func tableName() throws {
        var diagnostics = Diagnostics()
        let source = SourceFile(path: "x/en.lproj/InfoPlist.strings", bytes: [])
        #expect(try StringsReader().read(source, options: ReadOptions(), diagnostics: &diagnostics).name == "InfoPlist")
        #expect(
            try StringsReader().read(source, options: ReadOptions(tableName: "Main"), diagnostics: &diagnostics).name
                == "Main")
        #expect(LocalizationCatalog.tableName(ofPath: "a.b/c.d.strings") == "c.d")
        #expect(LocalizationCatalog.tableName(ofPath: ".strings") == ".strings")
    }

    @Test("Each entry has one translated localization, in file order")
    func entryShape() throws {
        let (table, _) = try Self.read("grammar")
        #expect(table.entries.keys.first == "login.title")
        #expect(table.entries.keys.last == "last")
        for entry in table.entries.values {
            #expect(entry.localizations?.keys == ["en"])
            #expect(entry.localization(for: "en")?.stringUnit?.state == .translated)
            #expect(entry.localization(for: "en")?.hasMoreThanStringUnit == false)
        }
    }

    @Test("The format descriptor names the reader and writer")
    func descriptor() {
        #expect(FormatDescriptor.strings.name == "strings")
        #expect(FormatDescriptor.strings.fileExtensions == ["strings"])
        #expect(FormatDescriptor.strings.reader is StringsReader)
        #expect(FormatDescriptor.strings.writer is StringsWriter)
    }
}

extension StringsReaderTests {
    @Test("UTF-16 without a byte-order mark is told by its first unit; a stray NUL byte in UTF-8 is not UTF-16")
    func utf16DetectionFitsUTF16() throws {
        func decode(_ bytes: [UInt8]) throws(ConversionError) -> StringsText {
            try StringsText.decode(bytes, path: "x")
        }
        let text = "\"a\" = \"1\";\n"
        let littleEndian = Array(text.utf16).flatMap { [UInt8(truncatingIfNeeded: $0), UInt8($0 >> 8)] }
        let bigEndian = Array(text.utf16).flatMap { [UInt8($0 >> 8), UInt8(truncatingIfNeeded: $0)] }
        #expect(try decode(littleEndian).encoding == .utf16LittleEndian)
        #expect(try decode(bigEndian).encoding == .utf16BigEndian)
        #expect(try decode(littleEndian).utf8 == Array(text.utf8))
        // CJK text after the first unit: NUL bytes on both sides (U+4E00 is 4E 00) still fit UTF-16.
        let cjk = "/* 一二 */\n\"a\" = \"一\";\n"
        let cjkLittleEndian = Array(cjk.utf16).flatMap { [UInt8(truncatingIfNeeded: $0), UInt8($0 >> 8)] }
        #expect(try decode(cjkLittleEndian).utf8 == Array(cjk.utf8))
        // A NUL byte at an odd place of UTF-8 text, or a U+0000 unit, does not fit.
        #expect(StringsText.utf16ByteOrder(of: Array("\"a\" = \"x\u{0}\";".utf8)[...]) == nil)
        #expect(StringsText.utf16ByteOrder(of: [0x22, 0x00, 0x00, 0x00][...]) == nil)
        // A NUL byte after the first 64 bytes of UTF-8 is left to the parser, as before.
        let late = Array(("/* " + String(repeating: "x", count: 70) + " */\n\"a\" = \"1\u{0}\";\n").utf8)
        #expect(try decode(late).encoding == .utf8)
    }
}
