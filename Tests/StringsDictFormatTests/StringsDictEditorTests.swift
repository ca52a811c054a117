import LocalizationCatalog
import StringsDictFormat
import TestSupport
import Testing

/// The `.stringsdict` editor: an entry changed, added or removed; every other byte of the file kept
/// (goldens in `Fixtures/stringsdict/edit/`).
@Suite("StringsDict editor")
struct StringsDictEditorTests {
    static let path = "stringsdict/edit/layout.stringsdict"

    static func table(_ bytes: [UInt8]) throws -> StringTable {
        var diagnostics = Diagnostics()
        return try StringsDictReader().read(
            SourceFile(path: "fr.lproj/Plurals.stringsdict", bytes: bytes), options: ReadOptions(language: "fr"),
            diagnostics: &diagnostics)
    }

    static func replacing(_ old: String, with new: String, in bytes: [UInt8]) -> [UInt8] {
        Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: old, with: new).utf8)
    }

    static func edit(_ table: StringTable) throws -> (bytes: [UInt8], diagnostics: Diagnostics) {
        var diagnostics = Diagnostics()
        let output = try StringsDictEditor().edit(
            try Fixtures.source(path), toMatch: table, options: WriteOptions(languages: ["fr"]),
            diagnostics: &diagnostics)
        return (output.bytes, diagnostics)
    }

    @Test func unchangedTableKeepsEveryByte() throws {
        let original = try Fixtures.bytes(Self.path)
        let (bytes, diagnostics) = try Self.edit(try Self.table(original))
        #expect(bytes == original)
        #expect(diagnostics.all.isEmpty)
    }

    @Test func changedEntryLeavesTheRestByteIdentical() throws {
        let original = try Fixtures.bytes(Self.path)
        let wanted = try Self.table(Self.replacing("%d dossier<", with: "%d répertoire<", in: original))
        let (bytes, diagnostics) = try Self.edit(wanted)
        #expect(diagnostics.all.isEmpty)
        #expect(Fixtures.compareGolden(bytes, "stringsdict/edit/layout.changed.expected") == nil)
        // Everything before the entry's `<key>` line and after its value's line is the original's.
        let text = String(decoding: original, as: UTF8.self)
        let edited = String(decoding: bytes, as: UTF8.self)
        let head = text.components(separatedBy: "    <key>%d folders</key>")[0]
        let tail = text.components(separatedBy: "<string>%d dossiers</string>\n        </dict>\n    </dict>\n")[1]
        #expect(edited.hasPrefix(head))
        #expect(edited.hasSuffix(tail))
        #expect(try Self.table(bytes).entries == wanted.entries)
    }

    @Test func commentAfterAChangedEntryStays() throws {
        let original = try Fixtures.bytes(Self.path)
        let wanted = try Self.table(Self.replacing("%d fichiers<", with: "%d fichiers en tout<", in: original))
        let (bytes, diagnostics) = try Self.edit(wanted)
        #expect(diagnostics.all.isEmpty)
        let before = original.split(separator: 0x0A, omittingEmptySubsequences: false)
        let after = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        #expect(before.count == after.count)
        #expect(
            zip(before, after).filter { $0.0 != $0.1 }.map { String(decoding: $0.1, as: UTF8.self) } == [
                "            <string>%d fichiers en tout</string>"
            ])
    }

    @Test func removedAndAddedEntries() throws {
        let original = try Fixtures.bytes(Self.path)
        var wanted = try Self.table(original)
        let items = wanted.entries.removeValue(forKey: "%d items")
        wanted.entries["%d things"] = items
        let (bytes, _) = try Self.edit(wanted)
        #expect(Fixtures.compareGolden(bytes, "stringsdict/edit/layout.renamed.expected") == nil)
        #expect(try Self.table(bytes).entries.map(\.key) == ["%d files", "%d folders", "%d things"])
    }
}
