import LocalizationCatalog
import TestSupport
import Testing

@testable import StringsFormat

/// The `.strings` editor: a table written over an existing file changes only what differs, byte for byte
/// (goldens in `Fixtures/strings/edit/`).
@Suite("Strings editor")
struct StringsEditorTests {
    /// The table the fixture `name` reads as (language `fr`).
    static func read(_ name: String) throws -> (file: SourceFile, table: StringTable) {
        let file = try Fixtures.source("strings/edit/\(name).strings")
        var diagnostics = Diagnostics()
        let table = try StringsReader().read(
            file, options: ReadOptions(language: "fr"), diagnostics: &diagnostics)
        return (file, table)
    }

    /// The fixture edited to hold `table`.
    static func edit(_ file: SourceFile, _ table: StringTable) throws -> (bytes: [UInt8], diagnostics: Diagnostics) {
        var diagnostics = Diagnostics()
        let output = try StringsEditor().edit(
            file, toMatch: table, options: WriteOptions(languages: ["fr"]), diagnostics: &diagnostics)
        return (output.bytes, diagnostics)
    }

    static func setValue(_ value: String, of key: String, in table: inout StringTable) {
        table.entries[key]?.localizations?["fr"] = Localization(value)
    }

    static func add(_ key: String, _ value: String, comment: String? = nil, to table: inout StringTable) {
        table.entries[key] = CatalogEntry(comment: comment, localizations: ["fr": Localization(value)])
    }

    /// The lines of `bytes` (split at LF) that differ from `original`'s, when both have as many lines.
    static func changedLines(_ original: [UInt8], _ edited: [UInt8]) -> [Int]? {
        let before = original.split(separator: 0x0A, omittingEmptySubsequences: false)
        let after = edited.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard before.count == after.count else { return nil }
        return zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map { $0.offset + 1 }
    }

    /// The table read back from edited bytes.
    static func readBack(_ bytes: [UInt8]) throws -> StringTable {
        var diagnostics = Diagnostics()
        return try StringsReader().read(
            SourceFile(path: "fr.lproj/Localizable.strings", bytes: bytes), options: ReadOptions(language: "fr"),
            diagnostics: &diagnostics)
    }

    @Test(arguments: ["layout", "crlf-utf16", "duplicates", "braces", "no-final-newline"])
    func unchangedTableKeepsEveryByte(_ name: String) throws {
        let (file, table) = try Self.read(name)
        let (bytes, diagnostics) = try Self.edit(file, table)
        #expect(bytes == file.bytes)
        #expect(diagnostics.all.isEmpty)
    }

    @Test func changedValueChangesOneLine() throws {
        var (file, table) = try Self.read("layout")
        Self.setValue("See you", of: "farewell", in: &table)
        let (bytes, diagnostics) = try Self.edit(file, table)
        #expect(diagnostics.all.isEmpty)
        #expect(Self.changedLines(file.bytes, bytes) == [10])
        #expect(Fixtures.compareGolden(bytes, "strings/edit/layout.value.expected") == nil)
    }

    @Test func changedValueKeepsTheTokensQuoting() throws {
        var (file, table) = try Self.read("layout")
        Self.setValue("Two words", of: "unquoted.key", in: &table)
        Self.setValue("It's \"new\"", of: "single", in: &table)
        Self.setValue("Renamed", of: "same", in: &table)
        let (bytes, _) = try Self.edit(file, table)
        #expect(Self.changedLines(file.bytes, bytes) == [12, 13, 18])
        #expect(Fixtures.compareGolden(bytes, "strings/edit/layout.quoting.expected") == nil)
        #expect(try Self.readBack(bytes).entries == table.entries)
    }

    @Test func changedValueKeepsItsEscapesWhereTheTextIsTheSame() throws {
        var (file, table) = try Self.read("layout")
        Self.setValue("Tab\tand é and \"quotes\" too", of: "escaped", in: &table)
        Self.setValue("Say \"hello\"", of: "single", in: &table)
        let (bytes, _) = try Self.edit(file, table)
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[12] == #"'single' = 'Say "hello"';"#)
        #expect(lines[16] == #""escaped" = "Tab\tand \U00e9 and \"quotes\" too";"#)
        #expect(Self.changedLines(file.bytes, bytes) == [13, 17])
        #expect(try Self.readBack(bytes).entries == table.entries)
    }

    @Test func keptEscapeThatWouldReadOtherwiseIsWrittenAfresh() throws {
        // `\12` is a line feed: kept before a new digit it would read as `\123`, another octal escape.
        let file = SourceFile(path: "fr.lproj/Localizable.strings", bytes: Array(#""k" = "x\12";"#.utf8))
        var diagnostics = Diagnostics()
        var table = try StringsReader().read(file, options: ReadOptions(language: "fr"), diagnostics: &diagnostics)
        #expect(table.entries["k"]?.localizations?["fr"]?.stringUnit?.value == "x\n")
        Self.setValue("x\n3", of: "k", in: &table)
        #expect(String(decoding: try Self.edit(file, table).bytes, as: UTF8.self) == #""k" = "x\n3";"#)
    }

    @Test func newKeyGoesAfterTheLastEntryWithItsComment() throws {
        var (file, table) = try Self.read("layout")
        Self.add("added", "Ajouté", comment: "A new key", to: &table)
        let (bytes, diagnostics) = try Self.edit(file, table)
        #expect(diagnostics.all.isEmpty)
        #expect(Fixtures.compareGolden(bytes, "strings/edit/layout.added.expected") == nil)
        #expect(try Self.readBack(bytes).entries == table.entries)
    }

    @Test func removedKeyGoesWithItsAttachedCommentsNotTheSectionTitle() throws {
        var (file, table) = try Self.read("layout")
        _ = table.entries.removeValue(forKey: "greeting")
        _ = table.entries.removeValue(forKey: "escaped")
        let (bytes, diagnostics) = try Self.edit(file, table)
        #expect(diagnostics.all.isEmpty)
        #expect(Fixtures.compareGolden(bytes, "strings/edit/layout.removed.expected") == nil)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("// MARK: - Greetings"))
        #expect(!text.contains("Keep it short"))
        #expect(!text.contains("Shown on the start screen"))
        #expect(!text.contains("Escapes stay"))
    }

    @Test func changedCommentKeepsItsStyle() throws {
        var (file, table) = try Self.read("layout")
        table.entries["unquoted.key"]?.comment = "A changed line comment"
        table.entries["greeting"]?.comment = "Changed"
        table.entries["farewell"]?.comment = "New comment"
        let (bytes, _) = try Self.edit(file, table)
        #expect(Fixtures.compareGolden(bytes, "strings/edit/layout.comments.expected") == nil)
        #expect(try Self.readBack(bytes).entries == table.entries)
    }

    @Test func utf16FileWithCRLFStaysSo() throws {
        var (file, table) = try Self.read("crlf-utf16")
        Self.setValue("Bien", of: "ok", in: &table)
        Self.add("new", "Nouveau", comment: "Added", to: &table)
        let (bytes, _) = try Self.edit(file, table)
        #expect(bytes.starts(with: [0xFF, 0xFE]))
        #expect(Fixtures.compareGolden(bytes, "strings/edit/crlf-utf16.expected") == nil)
        let text = String(decoding: try StringsText.decode(bytes, path: "x").utf8, as: UTF8.self)
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(try Self.readBack(bytes).entries == table.entries)
    }

    @Test func repeatedKeyEditsTheDefinitionThatCounts() throws {
        var (file, table) = try Self.read("duplicates")
        Self.setValue("three", of: "key", in: &table)
        let (bytes, diagnostics) = try Self.edit(file, table)
        #expect(Fixtures.compareGolden(bytes, "strings/edit/duplicates.expected") == nil)
        #expect(
            diagnostics.all.map(\.description) == [
                "strings/edit/duplicates.strings:7:1: note: key \"key\" is defined 2 times; the last definition is "
                    + "edited and the earlier ones (line 2) are left as they are"
            ])
        _ = table.entries.removeValue(forKey: "key")
        let (removed, _) = try Self.edit(file, table)
        #expect(String(decoding: removed, as: UTF8.self) == "\"other\" = \"Other\";\n")
    }

    @Test func bracesAndMissingFinalNewlineAreKept() throws {
        var (file, table) = try Self.read("braces")
        Self.add("country", "Pays", to: &table)
        var (bytes, _) = try Self.edit(file, table)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "{\n\t/* Name */\n\t\"name\" = \"Nom\";\n\t\"city\" = \"Ville\";\n\t\"country\" = \"Pays\";\n}\n")
        (file, table) = try Self.read("no-final-newline")
        Self.add("c", "C", to: &table)
        _ = table.entries.removeValue(forKey: "a")
        (bytes, _) = try Self.edit(file, table)
        #expect(String(decoding: bytes, as: UTF8.self) == "\"b\" = \"B\";\n\n\"c\" = \"C\";")
    }

    @Test func fileOfWhitespaceStaysUnlessKeysAreAdded() throws {
        let file = SourceFile(path: "fr.lproj/Localizable.strings", bytes: [0x0A])
        let empty = StringTable(name: "Localizable", sourceLanguage: "fr")
        #expect(try Self.edit(file, empty).bytes == [0x0A])
        var table = empty
        Self.add("a", "A", comment: "First", to: &table)
        #expect(String(decoding: try Self.edit(file, table).bytes, as: UTF8.self) == "/* First */\n\"a\" = \"A\";\n")
    }

    @Test func propertyListIsWrittenWholeWithANote() throws {
        let xml = Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>a</key><string>A</string></dict></plist>
            """.utf8)
        let file = SourceFile(path: "fr.lproj/Localizable.strings", bytes: xml)
        var diagnostics = Diagnostics()
        var table = try StringsReader().read(file, options: ReadOptions(language: "fr"), diagnostics: &diagnostics)
        Self.setValue("B", of: "a", in: &table)
        let (bytes, notes) = try Self.edit(file, table)
        #expect(String(decoding: bytes, as: UTF8.self) == "\"a\" = \"B\";\n")
        #expect(
            notes.all.map(\.description) == [
                "fr.lproj/Localizable.strings: note: an XML property list is not edited in place; the file is "
                    + "written whole"
            ])
    }
}

/// Random edits of the fixtures: whatever is changed, added or removed, the edited file reads back as the table,
/// is never written whole, and keeps every comment of the entries left alone.
@Suite("Strings editor: random edits")
struct StringsEditorPropertyTests {
    @Test(arguments: ["layout", "crlf-utf16", "duplicates", "braces", "no-final-newline"])
    func randomEditsReadBackAsTheTable(_ name: String) throws {
        let (file, original) = try StringsEditorTests.read(name)
        var random = SplitMix64(seed: 23)
        for round in 0..<200 {
            var table = original
            for (key, _) in original.entries {
                switch random.next() % 6 {
                case 0: _ = table.entries.removeValue(forKey: key)
                case 1: StringsEditorTests.setValue("v\(round) \"q\" \\ é\n", of: key, in: &table)
                case 2: table.entries[key]?.comment = random.next() % 2 == 0 ? nil : "c\(round) */ x"
                case 3: StringsEditorTests.add("new \(round) \(key)", "n", comment: "added", to: &table)
                case 4:
                    let old = original.entries[key]?.localizations?["fr"]?.stringUnit?.value ?? ""
                    let cut = old.index(old.startIndex, offsetBy: Int(random.next() % UInt64(old.count + 1)))
                    StringsEditorTests.setValue(old[..<cut] + "\\\(round)\"" + old[cut...], of: key, in: &table)
                default: break
                }
            }
            let (bytes, diagnostics) = try StringsEditorTests.edit(file, table)
            // A file that cannot be edited in place is written whole with a warning.
            #expect(diagnostics.warnings.isEmpty, "\(name) round \(round): \(diagnostics.all)")
            let read = try StringsEditorTests.readBack(bytes)
            #expect(read.entries.count == table.entries.count, "\(name) round \(round)")
            for (key, entry) in table.entries {
                #expect(
                    read.entries[key]?.localizations?["fr"] == entry.localizations?["fr"], "\(name) round \(round)")
            }
        }
    }
}

/// A NUL in a comment the editor writes (a key added with its source comment) cannot be written: it is left out
/// with a warning, as the writer does (issue 31, item 19); a NUL in a comment the edit does not touch is kept.
@Suite("Strings editor: NUL in comments")
struct StringsEditorNULTests {
    @Test func addedKeysCommentLosesTheNULWithAWarning() throws {
        let file = SourceFile(path: "fr.lproj/Localizable.strings", bytes: Array("\"Hello\" = \"Bonjour\";\n".utf8))
        var table = StringTable(name: "Localizable", sourceLanguage: "en")
        table.entries["Hello"] = CatalogEntry(localizations: ["fr": Localization("Bonjour")])
        table.entries["Bye"] = CatalogEntry(comment: "B\u{0}ye", localizations: ["fr": Localization("Au revoir")])
        var diagnostics = Diagnostics()
        let output = try StringsEditor().edit(
            file, toMatch: table, options: WriteOptions(languages: ["fr"]), diagnostics: &diagnostics)
        #expect(
            String(decoding: output.bytes, as: UTF8.self)
                == "\"Hello\" = \"Bonjour\";\n\n/* Bye */\n\"Bye\" = \"Au revoir\";\n")
        #expect(
            diagnostics.all.map(\.description) == [
                "warning: \"Bye\" (fr): the comment holds U+0000, which a .strings comment cannot hold (a comment has "
                    + "no escapes, and a NUL byte makes Foundation take the file for UTF-16); it was left out of the "
                    + "comment"
            ])
    }

    @Test func untouchedCommentKeepsItsNUL() throws {
        let text =
            "\"Hello\" = \"Bonjour\";\n" + String(repeating: "\n", count: 64) + "/* a\u{0}b */\n\"Bye\" = \"Salut\";\n"
        let file = SourceFile(path: "fr.lproj/Localizable.strings", bytes: Array(text.utf8))
        var diagnostics = Diagnostics()
        var table = try StringsReader().read(file, options: ReadOptions(language: "fr"), diagnostics: &diagnostics)
        table.entries["Bye"]?.localizations?["fr"] = Localization("Au revoir")
        let output = try StringsEditor().edit(
            file, toMatch: table, options: WriteOptions(languages: ["fr"]), diagnostics: &diagnostics)
        #expect(
            String(decoding: output.bytes, as: UTF8.self) == text.replacingOccurrences(of: "Salut", with: "Au revoir"))
        #expect(diagnostics.all.isEmpty)
    }
}
