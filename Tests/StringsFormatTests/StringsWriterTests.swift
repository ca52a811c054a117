import LocalizationCatalog
import TestSupport
import Testing

@testable import StringsFormat

/// Writer goldens byte for byte, warnings for what `.strings` cannot hold, and round trips.
@Suite("Strings writer")
struct StringsWriterTests {
    /// A table with every kind of text the writer must escape, in two languages.
    static let sample: StringTable = {
        var entries = OrderedMap<CatalogEntry>()
        func add(_ key: String, _ value: String, comment: String? = nil, french: String? = nil) {
            var localizations: OrderedMap<Localization> = ["en": Localization(value)]
            if let french { localizations["fr"] = Localization(french) }
            entries[key] = CatalogEntry(comment: comment, localizations: localizations)
        }
        add("greeting", "Hello", comment: "Shown on the home screen", french: "Bonjour")
        add("no comment", "Plain", french: "Simple")
        add("quotes", #"She said "hi" and 'bye'"#, comment: "Quotes")
        add("backslash", #"C:\Users\name"#)
        add("line breaks", "one\ntwo\r\nthree\rfour")
        add("tab", "a\tb")
        add("controls", "\u{0}\u{1}\u{7}\u{8}\u{B}\u{C}\u{1B}\u{1F}\u{7F}")
        add("separators", "line\u{2028}paragraph\u{2029}end")
        add("non-ASCII", "Grüße 你好 👋🏽 \u{A0}\u{85}")
        add("key with \"quotes\"\n", "value")
        add("", "empty key")
        add("empty value", "")
        add("comment with end marker", "x", comment: "Use */ carefully")
        add("comment with end marker and lines", "y", comment: "First line\nsecond */ line")
        add("multi-line comment", "z", comment: "Line one\nLine two")
        add("format", "%1$@ has %2$lld items (100%%)", comment: "A format string")
        return StringTable(name: "Localizable", sourceLanguage: "en", entries: entries)
    }()

    static func write(_ table: StringTable, _ options: WriteOptions = WriteOptions()) throws -> (
        files: [OutputFile], diagnostics: Diagnostics
    ) {
        var diagnostics = Diagnostics()
        let files = try StringsWriter().write(table, options: options, diagnostics: &diagnostics)
        return (files, diagnostics)
    }

    static func read(_ bytes: [UInt8], language: String = "en") throws -> StringTable {
        var diagnostics = Diagnostics()
        return try StringsReader().read(
            SourceFile(path: "\(language).lproj/Localizable.strings", bytes: bytes), options: ReadOptions(),
            diagnostics: &diagnostics)
    }

    @Test("Writes one file per language, matching the goldens")
    func goldens() throws {
        let (files, diagnostics) = try Self.write(Self.sample)
        #expect(files.map(\.relativePath) == ["en.lproj/Localizable.strings", "fr.lproj/Localizable.strings"])
        #expect(Fixtures.compareGolden(files[0].bytes, "strings/write/en.lproj/Localizable.strings") == nil)
        #expect(Fixtures.compareGolden(files[1].bytes, "strings/write/fr.lproj/Localizable.strings") == nil)
        #expect(
            diagnostics.all.map(\.description) == [
                #"warning: "comment with end marker and lines": the comment contains '*/' and a line break; '*/' was written as '* /'"#
            ])
    }

    @Test("The chosen encoding is written with its byte-order mark", arguments: TextEncoding.allCases)
    func encodings(_ encoding: TextEncoding) throws {
        let (files, _) = try Self.write(Self.sample, WriteOptions(languages: ["fr"], encoding: encoding))
        #expect(Fixtures.compareGolden(files[0].bytes, "strings/write/encoding/\(encoding.rawValue).strings") == nil)
        let table = try Self.read(files[0].bytes, language: "fr")
        #expect(table.traits.encoding == encoding)
        #expect(table.entries.keys == ["greeting", "no comment"])
    }

    @Test("Everything the model holds comes back when read", arguments: TextEncoding.allCases)
    func roundTripModel(_ encoding: TextEncoding) throws {
        let (files, _) = try Self.write(Self.sample, WriteOptions(languages: ["en"], encoding: encoding))
        let table = try Self.read(files[0].bytes)
        #expect(table.entries.keys == Self.sample.entries.keys)
        for (key, entry) in Self.sample.entries {
            let value = entry.localization(for: "en")?.stringUnit?.value
            let readValue = table.entries[key]?.localization(for: "en")?.stringUnit?.value
            #expect(
                readValue?.unicodeScalars.elementsEqual(value?.unicodeScalars ?? "".unicodeScalars) == true, "\(key)")
            if key != "comment with end marker and lines" {
                #expect(table.entries[key]?.comment == entry.comment, "\(key)")
            }
        }
        #expect(table.entries["comment with end marker and lines"]?.comment == "First line\nsecond * / line")
    }

    @Test("Read, write, read gives the same model", arguments: StringsReaderTests.fixtures)
    func roundTripFixtures(_ name: String) throws {
        let (first, _) = try StringsReaderTests.read(name)
        let (files, diagnostics) = try Self.write(first)
        #expect(diagnostics.all.isEmpty)
        if first.entries.isEmpty {
            #expect(files.isEmpty)
            return
        }
        var diagnosticsAgain = Diagnostics()
        let second = try StringsReader().read(
            SourceFile(path: "strings/read/\(name).strings", bytes: files[0].bytes),
            options: ReadOptions(language: "en"),
            diagnostics: &diagnosticsAgain)
        #expect(second.entries == first.entries)
        #expect(diagnosticsAgain.all.filter { $0.message.contains("duplicate") }.isEmpty)
        if first.traits.encoding != nil {
            #expect(second.traits == first.traits)
        } else {
            #expect(second.traits == FileTraits(endsWithNewline: true, encoding: .utf8))
        }
    }

    @Test("A file our writer made is rewritten byte for byte", arguments: TextEncoding.allCases)
    func byteIdentical(_ encoding: TextEncoding) throws {
        for language in ["en", "fr"] {
            let (files, _) = try Self.write(Self.sample, WriteOptions(languages: [language], encoding: encoding))
            let table = try Self.read(files[0].bytes, language: language)
            let (again, _) = try Self.write(table)
            #expect(Fixtures.firstDifference(expected: files[0].bytes, actual: again[0].bytes) == nil)
        }
    }

    @Test("A .strings round trip keeps the input's encoding and missing final newline")
    func keepsTraits() throws {
        for name in ["no-final-newline", "encoding-utf16be", "encoding-utf8-bom", "line-endings"] {
            let (table, _) = try StringsReaderTests.read(name)
            let (files, _) = try Self.write(table)
            let again = try Self.read(files[0].bytes)
            #expect(again.traits == table.traits, "\(name)")
        }
        let (table, _) = try StringsReaderTests.read("no-final-newline")
        let (files, _) = try Self.write(table)
        #expect(files[0].bytes == Array("\"a\" = \"1\";\n\n\"b\" = \"2\";".utf8))
        let (utf8, _) = try Self.write(table, WriteOptions(encoding: .utf8))
        #expect(utf8[0].bytes == files[0].bytes)
    }

    @Test("A table that did not come from a .strings file ends with a newline")
    func finalNewlineForOtherSources() throws {
        var table = StringTable(
            name: "T", sourceLanguage: "en", entries: ["k": CatalogEntry(localizations: ["en": Localization("v")])])
        table.traits.endsWithNewline = false  // as a String Catalog without a final newline
        let (files, _) = try Self.write(table)
        #expect(files[0].bytes == Array("\"k\" = \"v\";\n".utf8))
    }

    @Test("Localizations that are more than a string are left out with a warning; missing ones silently")
    func unsupportedLocalizations() throws {
        var entries = OrderedMap<CatalogEntry>()
        entries["plain"] = CatalogEntry(localizations: ["en": Localization("Plain"), "fr": Localization("Simple")])
        entries["plural"] = CatalogEntry(localizations: [
            "en": Localization(
                variations: Variations(plural: ["one": Localization("1 item"), "other": Localization("%lld items")]))
        ])
        entries["device"] = CatalogEntry(localizations: [
            "en": Localization(
                stringUnit: StringUnit("Tap"),
                variations: Variations(device: ["mac": Localization("Click")], width: ["20": Localization("Tap")]))
        ])
        entries["substituted"] = CatalogEntry(localizations: [
            "en": Localization(
                stringUnit: StringUnit("%#@n@"),
                substitutions: ["n": Substitution(argNum: 1, formatSpecifier: "lld")])
        ])
        var phrases = Localization()
        phrases.stringSet = StringSet(["Open", "Show"])
        entries["phrases"] = CatalogEntry(localizations: ["en": phrases])
        entries["french only"] = CatalogEntry(localizations: ["fr": Localization("Seulement")])
        entries["no localizations"] = CatalogEntry()
        let table = StringTable(name: "Mixed", sourceLanguage: "en", entries: entries)

        let (files, diagnostics) = try Self.write(table, WriteOptions(languages: ["en", "de"]))
        #expect(files.map(\.relativePath) == ["en.lproj/Mixed.strings", "de.lproj/Mixed.strings"])
        #expect(files[0].bytes == Array("\"plain\" = \"Plain\";\n".utf8))
        #expect(files[1].bytes.isEmpty)
        #expect(
            diagnostics.all.map(\.description) == [
                #"warning: "plural" (en): plural variations cannot be written to a .strings file; the entry was left out"#,
                #"warning: "device" (en): device variations and width variations cannot be written to a .strings file; the entry was left out"#,
                #"warning: "substituted" (en): substitutions cannot be written to a .strings file; the entry was left out"#,
                #"warning: "phrases" (en): a string set cannot be written to a .strings file; the entry was left out"#,
            ])
    }

    @Test("Random strings survive write and read exactly")
    func randomStrings() throws {
        var random = SplitMix64(seed: 42)
        let interesting: [UInt32] = [
            0x0, 0x7, 0x8, 0x9, 0xA, 0xB, 0xC, 0xD, 0x1B, 0x22, 0x27, 0x2A, 0x2F, 0x3B, 0x3D, 0x5C, 0x55, 0x7F, 0x85,
            0xA0, 0xE9, 0x301, 0x2028, 0x2029, 0xFEFF, 0xFFFD, 0x1F600,
        ]
        var entries = OrderedMap<CatalogEntry>()
        for index in 0..<300 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int(random.next() % 12) {
                let pick = random.next()
                let value =
                    pick % 3 == 0
                    ? interesting[Int(pick / 3 % UInt64(interesting.count))] : UInt32(0x20 + pick / 3 % 0x5F)
                scalars.append(Unicode.Scalar(value) ?? "?")
            }
            let text = String(scalars)
            entries["\(index) \(text)"] = CatalogEntry(comment: text, localizations: ["en": Localization(text)])
        }
        let table = StringTable(name: "Random", sourceLanguage: "en", entries: entries)
        for encoding in [TextEncoding.utf8, .utf16LittleEndianWithBOM] {
            var diagnostics = Diagnostics()
            let (files, _) = try Self.write(table, WriteOptions(encoding: encoding))
            let read = try StringsReader().read(
                SourceFile(path: "en.lproj/Random.strings", bytes: files[0].bytes), options: ReadOptions(),
                diagnostics: &diagnostics)
            #expect(read.entries.keys == table.entries.keys)
            for (key, entry) in table.entries {
                let value = read.entries[key]?.localization(for: "en")?.stringUnit?.value ?? "<missing>"
                let expected = entry.localization(for: "en")?.stringUnit?.value ?? ""
                #expect(value.unicodeScalars.elementsEqual(expected.unicodeScalars), "\(key)")
            }
            #expect(diagnostics.all.isEmpty)
        }
    }
}

extension StringsWriterTests {
    @Test("A NUL in a comment is left out with a warning naming the key, in every encoding; the file reads back")
    func nulInComment() throws {
        var entries = OrderedMap<CatalogEntry>()
        entries["k"] = CatalogEntry(comment: "a\u{0}b", localizations: ["en": Localization("v\u{0}")])
        entries["plain"] = CatalogEntry(comment: "fine", localizations: ["en": Localization("w")])
        let table = StringTable(name: "T", sourceLanguage: "en", entries: entries)
        for encoding in TextEncoding.allCases {
            let (files, diagnostics) = try Self.write(table, WriteOptions(encoding: encoding))
            #expect(
                diagnostics.all.map(\.description) == [
                    #"warning: "k" (en): the comment holds U+0000, which a .strings comment cannot hold (a comment "#
                        + "has no escapes, and a NUL byte makes Foundation take the file for UTF-16); it was left out "
                        + "of the comment"
                ])
            var readDiagnostics = Diagnostics()
            let read = try StringsReader().read(
                SourceFile(path: "en.lproj/T.strings", bytes: files[0].bytes), options: ReadOptions(),
                diagnostics: &readDiagnostics)
            #expect(read.entries["k"]?.comment == "ab")
            #expect(read.entries["k"]?.localization(for: "en")?.stringUnit?.value == "v\u{0}")
            #expect(read.entries["plain"]?.comment == "fine")
        }
        let (utf8, _) = try Self.write(table, WriteOptions(encoding: .utf8))
        #expect(utf8[0].bytes == Array("/* ab */\n\"k\" = \"v\\U0000\";\n\n/* fine */\n\"plain\" = \"w\";\n".utf8))
    }
}

extension StringsWriterTests {
    /// Reads `bytes` as `en.lproj/T.strings` and writes the table again: the output and the write's warnings.
    static func rewrite(_ bytes: [UInt8]) throws -> (output: [UInt8], table: StringTable, warnings: [String]) {
        var readDiagnostics = Diagnostics()
        let table = try StringsReader().read(
            SourceFile(path: "en.lproj/T.strings", bytes: bytes), options: ReadOptions(), diagnostics: &readDiagnostics)
        let (files, diagnostics) = try write(table)
        return (files[0].bytes, table, diagnostics.all.map(\.description))
    }

    @Test("Comments of NUL bytes and `//` comments ending in a space: read → write is a fixpoint, with warnings")
    func nulCommentFixpoint() throws {
        // Reduced from Fuzz/findings/strings-roundtrip/nul-comment-not-fixpoint.strings.
        let (first, table, warnings) = try Self.rewrite(try Fixtures.bytes("strings/write/nul-comments.strings"))
        #expect(table.entries.keys == ["a", "", "d", "k"])
        #expect(table.entries[""]?.comment == "\u{0}")
        #expect(table.entries["d"]?.comment == "\u{0}\n  c")
        #expect(table.entries["k"]?.comment == "x*/y ")
        #expect(
            warnings == [
                #"en.lproj/T.strings:4:1: warning: "" (en): the comment holds only U+0000 and whitespace; U+0000 "#
                    + "cannot be in a .strings comment (a comment has no escapes, and a NUL byte makes Foundation "
                    + "take the file for UTF-16), and what is left reads back as no comment, so the comment was left out",
                #"en.lproj/T.strings:7:1: warning: "d" (en): the comment holds U+0000, which a .strings comment "#
                    + "cannot hold (a comment has no escapes, and a NUL byte makes Foundation take the file for "
                    + "UTF-16); it was left out of the comment",
            ])
        let expected = Array(
            """
            /* A NUL byte within the first 64 bytes would mean UTF-16: pad. */
            "a" = "b";

            "" = "";

            /* c */
            "d" = "e";

            // x*/y \(" ")
            "k" = "k";

            """.utf8)
        #expect(first == expected)
        // Read back: every entry is there, and writing it again gives the same bytes, without a warning.
        let (second, again, secondWarnings) = try Self.rewrite(first)
        #expect(again.entries.keys == ["a", "", "d", "k"])
        #expect(again.entries[""]?.comment == nil)
        #expect(again.entries["d"]?.comment == "c")
        #expect(again.entries["k"]?.comment == "x*/y ")
        #expect(secondWarnings.isEmpty)
        #expect(second == first)
    }
}
