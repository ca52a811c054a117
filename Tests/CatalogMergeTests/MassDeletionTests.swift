import Foundation
import LocalizationCatalog
import TestSupport
import Testing

@testable import CatalogMerge

/// A side that empties a table, deletes every key of it, or deletes more than half of its keys (at least 10) that
/// the other side kept, is a conflict, never a clean deletion (docs/merge.md, "Mass deletions").
@Suite("mass deletions")
struct MassDeletionTests {
    func table(_ keys: [String], changing changed: Set<String> = [], stale: Set<String> = []) -> StringTable {
        var entries: [(String, CatalogEntry)] = []
        for key in keys {
            var entry = CatalogEntry(
                localizations: OrderedMap([("fr", Localization(changed.contains(key) ? key + " (changed)" : key))]))
            if stale.contains(key) { entry.extractionState = .stale }
            entries.append((key, entry))
        }
        return StringTable(name: "Localizable", sourceLanguage: "en", version: "1.0", entries: OrderedMap(entries))
    }

    func keys(_ count: Int) -> [String] { (1...count).map { "key\($0)" } }

    @Test func deletingEveryKeyIsAConflictThatKeepsTheKeys() {
        let base = table(keys(3))
        let ours = table([])
        let theirs = table(keys(3) + ["new"])
        let result = TableMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(result.table.entries.keys == keys(3) + ["new"])
        #expect(
            result.conflicts.map(\.summary) == [
                "the table keys: ours (3 of 3 keys deleted), theirs (3 kept), base (3 keys); the file keeps the 3 "
                    + "keys ours deleted; to delete them, merge again with --allow-mass-deletion"
            ])
        #expect(result.conflicts.first?.key == nil)
    }

    @Test func theirChangesToTheKeysOursDeletedAreMergedAndCounted() {
        let base = table(keys(12))
        let ours = table(["key1", "key12"])
        let theirs = table(keys(12), changing: ["key5"])
        let result = TableMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(result.table == theirs)
        #expect(
            result.conflicts.map(\.summary) == [
                "the table keys: ours (10 of 12 keys deleted), theirs (9 kept, 1 changed), base (12 keys); the file "
                    + "keeps the 10 keys ours deleted; to delete them, merge again with --allow-mass-deletion"
            ])
    }

    @Test func theirsMassDeletingIsAConflictToo() {
        let base = table(keys(3))
        let ours = table(keys(3), changing: ["key2"])
        let theirs = table([])
        let result = TableMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(result.table == ours)
        #expect(
            result.conflicts.map(\.summary) == [
                "the table keys: ours (2 kept, 1 changed), theirs (3 of 3 keys deleted), base (3 keys); the file "
                    + "keeps the 3 keys theirs deleted; to delete them, merge again with --allow-mass-deletion"
            ])
    }

    /// The threshold: more than half of the base's keys and at least 10, or every key.
    @Test(arguments: [
        (12, 9, false),  // more than half, fewer than 10
        (12, 10, true),  // more than half, 10
        (20, 10, false),  // 10, exactly half
        (21, 11, true),  // 11 of 21
        (2, 1, false),  // half
        (1, 1, true),  // every key
    ])
    func threshold(_ count: Int, _ deleted: Int, _ isConflict: Bool) {
        let base = table(keys(count))
        let ours = table(Array(keys(count).dropFirst(deleted)))
        let theirs = table(keys(count) + ["new"])
        let result = TableMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(result.conflicts.isEmpty != isConflict)
        #expect(result.table.entries.count == (isConflict ? count + 1 : count - deleted + 1))
    }

    /// git takes a side without merging when the other side left the file alone, and so does the merge.
    @Test func anUnchangedOtherSideTakesTheDeletion() {
        let base = table(keys(12))
        let ours = table([])
        let result = TableMerge.merge(base: base, ours: ours, theirs: base)
        #expect(result.conflicts.isEmpty)
        #expect(result.table == ours)
    }

    /// Deleting keys Xcode marked stale on the other side is the cleanup Xcode suggests.
    @Test func keysStaleOnTheOtherSideAreNotCounted() {
        let base = table(keys(12))
        let ours = table(["key1", "key2"])
        let theirs = table(keys(12) + ["new"], stale: Set(keys(12).dropFirst(3)))
        let result = TableMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(result.conflicts.isEmpty)
        #expect(result.table.entries.keys == ["key1", "key2", "new"])
    }

    @Test func bothDeletingEveryKeyIsClean() {
        let base = table(keys(12))
        let result = TableMerge.merge(base: base, ours: table([]), theirs: table(["new"]))
        #expect(result.conflicts.isEmpty)
        #expect(result.table.entries.keys == ["new"])
    }

    @Test func allowedMassDeletionDeletes() {
        let base = table(keys(12))
        let theirs = table(keys(12) + ["new"])
        let result = TableMerge.merge(base: base, ours: table([]), theirs: theirs, allowsMassDeletion: true)
        #expect(result.conflicts.isEmpty)
        #expect(result.table.entries.keys == ["new"])
    }

    /// The deleted keys come back where the base had them, around the keys the side kept or added.
    @Test func restoredKeysKeepTheBasesOrder() {
        let base = table(keys(12))
        let ours = table(["key3", "added", "key9"])
        let theirs = table(keys(12), changing: ["key1"])
        let result = TableMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(
            result.table.entries.keys == [
                "key1", "key2", "key3", "key4", "key5", "key6", "key7", "key8", "added", "key9", "key10", "key11",
                "key12",
            ])
        #expect(result.table.entries["key1"] == theirs.entries["key1"])
    }

    @Test(arguments: [
        [UInt8](), [0xFF, 0xFE], [0xEF, 0xBB, 0xBF, 0x0A], [0xFE, 0xFF, 0x00, 0x0A], Array(" \n\t".utf8),
    ])
    func blankFiles(_ bytes: [UInt8]) {
        #expect(FileMerge.isBlank(bytes))
    }

    @Test func aFileOfACommentIsNotBlank() {
        #expect(!FileMerge.isBlank(Array("/* */".utf8)))
        #expect(!FileMerge.isBlank([0xFF, 0xFE, 0x2F, 0x00]))
    }

    // MARK: - In a real repository

    static let file = "App/de.lproj/Localizable.strings"

    /// The history of the issue, in a real repository.
    ///
    /// A merge on main committed the UTF-16 table empty (a botched resolution); the next merge brought a branch
    /// that kept the table and added a key. git reported a clean merge and the table kept the
    /// one key; now it is a conflict, and the file holds every key.
    @Test func anEmptiedTableIsAConflictInARealMerge() throws {
        let repository = try GitRepository()
        let base = try Fixtures.bytes("merge/emptied-strings-utf16/base.strings")
        let emptied = try Fixtures.bytes("merge/emptied-strings-utf16/ours.strings")
        let branch = try Fixtures.bytes("merge/emptied-strings-utf16/theirs.strings")
        try repository.commit(base, as: Self.file, message: "base")
        try repository.git(["checkout", "-q", "-b", "feature"])
        try repository.commit(branch, as: Self.file, message: "export")
        try repository.git(["checkout", "-q", "main"])
        try repository.commit(emptied, as: Self.file, message: "Merge branch 'translations' (resolved)")
        let result = try repository.git(["merge", "--no-edit", "feature"])
        #expect(result.status == 1, "\(result.output)\(result.error)")
        #expect(result.output.contains("CONFLICT (content): Merge conflict in \(Self.file)"))
        let conflict =
            "\(Self.file):1:1: error: conflict: the table content: ours (emptied), theirs (changed), base (present); "
            + "the file is merged as if ours had not emptied it (it holds theirs' changes); to empty it, merge "
            + "again with --allow-mass-deletion"
        #expect(result.error.split(separator: "\n").map(String.init).contains(conflict), "\(result.error)")
        #expect(try repository.unmerged() == "\(Self.file)\n")
        // Every key, with the branch's new one, in the file's UTF-16.
        #expect(
            try repository.contents(Self.file) == (try Fixtures.bytes("merge/emptied-strings-utf16/expected.strings")))
        #expect(try repository.contents(Self.file) == branch)
        // `merge --list` says it again.
        let listed = try StringBridgeProcess.run(["merge", "--list", Self.file], in: repository.folder)
        #expect(listed.status == 1)
        #expect(listed.error == conflict + "\n")
    }

    /// Each fixture of a mass deletion, merged by `git merge` with the README's driver: a conflict, the fixture's
    /// file in the working tree.
    @Test(arguments: [
        ("emptied-strings-utf16", "strings"), ("deleted-every-key-strings", "strings"),
        ("mass-deletion-xcstrings", "xcstrings"),
        ("deleted-every-key-stringsdict", "stringsdict"),
    ])
    func massDeletionsAreConflictsInARealMerge(_ name: String, _ ext: String) throws {
        let repository = try GitRepository()
        let file = ext == "xcstrings" ? "App/Localizable.xcstrings" : "App/fr.lproj/Localizable.\(ext)"
        let result = try repository.merge(
            base: try Fixtures.bytes("merge/\(name)/base.\(ext)"),
            ours: try Fixtures.bytes("merge/\(name)/ours.\(ext)"),
            theirs: try Fixtures.bytes("merge/\(name)/theirs.\(ext)"), file: file)
        #expect(result.status == 1, "\(result.output)\(result.error)")
        #expect(result.output.contains("CONFLICT (content): Merge conflict in \(file)"))
        let expected = String(decoding: try Fixtures.bytes("merge/\(name)/expected.report"), as: UTF8.self)
        let conflicts = result.error.split(separator: "\n").filter { $0.contains(": error: conflict: ") }
        #expect(
            conflicts.map(String.init)
                == expected.split(separator: "\n").map {
                    $0.replacingOccurrences(of: "merged.\(ext):", with: "\(file):")
                })
        #expect(try repository.unmerged() == "\(file)\n")
        #expect(try repository.contents(file) == (try Fixtures.bytes("merge/\(name)/expected.\(ext)")))
    }

    /// An emptied catalog (0 bytes: not a catalog) against their change: the conflict, and their catalog in the file.
    @Test func anEmptiedCatalogIsAConflictInARealMerge() throws {
        let repository = try GitRepository()
        let file = "App/Localizable.xcstrings"
        let theirs = try Fixtures.bytes("merge/mass-deletion-xcstrings/theirs.xcstrings")
        let result = try repository.merge(
            base: try Fixtures.bytes("merge/mass-deletion-xcstrings/base.xcstrings"), ours: [], theirs: theirs,
            file: file)
        #expect(result.status == 1, "\(result.output)\(result.error)")
        #expect(
            result.error.contains(
                "\(file):1:1: error: conflict: the table content: ours (emptied), theirs (changed), base (present);"))
        #expect(try repository.unmerged() == "\(file)\n")
        #expect(try repository.contents(file) == theirs)
    }

    /// With `--allow-mass-deletion` in the driver line, the deletion is merged as git would: clean.
    @Test func allowedMassDeletionMergesCleanly() throws {
        let repository = try GitRepository(driverArguments: " --allow-mass-deletion")
        let file = "App/Localizable.xcstrings"
        let result = try repository.merge(
            base: try Fixtures.bytes("merge/mass-deletion-xcstrings/base.xcstrings"),
            ours: try Fixtures.bytes("merge/mass-deletion-xcstrings/ours.xcstrings"),
            theirs: try Fixtures.bytes("merge/mass-deletion-xcstrings/theirs.xcstrings"), file: file)
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(try repository.unmerged() == "")
        let merged = String(decoding: try repository.contents(file), as: UTF8.self)
        #expect(merged.contains("\"undo\""))
        #expect(!merged.contains("\"paste\""))
    }
}
