import Foundation
import LocalizationCatalog
import LocalizationConverter
import Testing

/// `FileTransaction.stageDeletion`: files deleted with the writes, all or nothing (migrate deletes the legacy
/// tables it migrated so).
@Suite("Deleting files in a transaction")
struct FileTransactionDeletionTests {
    let folder: String

    init() throws {
        folder =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("stringbridge-deletions-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/de.lproj", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/en.lproj", withIntermediateDirectories: true)
        try Data("\"a\" = \"A\";\n".utf8).write(to: URL(fileURLWithPath: folder + "/de.lproj/L.strings"))
        try Data("\"a\" = \"A\";\n".utf8).write(to: URL(fileURLWithPath: folder + "/en.lproj/L.strings"))
        try Data("other".utf8).write(to: URL(fileURLWithPath: folder + "/en.lproj/Other.txt"))
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: folder + "/" + path) }

    @Test("A committed deletion removes the file with the writes, and a folder it leaves empty; not one still used")
    func deletesWithTheWrites() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var transaction = FileTransaction()
        transaction.stage(Array("{}".utf8), at: folder + "/L.xcstrings")
        for language in ["de", "en"] {
            _ = try transaction.readForUpdate(folder + "/\(language).lproj/L.strings")
            transaction.stageDeletion(folder + "/\(language).lproj/L.strings")
            transaction.stageRemovalIfEmpty(folder + "/\(language).lproj")
        }
        try transaction.commit()
        #expect(exists("L.xcstrings"))
        #expect(!exists("de.lproj/L.strings") && !exists("de.lproj"))
        #expect(!exists("en.lproj/L.strings") && exists("en.lproj/Other.txt"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/en.lproj") == ["Other.txt"])
    }

    @Test("A file the transaction did not read is not deleted, and nothing is written")
    func refusesUnreadFile() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var transaction = FileTransaction()
        transaction.stage(Array("{}".utf8), at: folder + "/L.xcstrings")
        transaction.stageDeletion(folder + "/de.lproj/L.strings")
        #expect(throws: ConversionError.self) { try transaction.commit() }
        #expect(!exists("L.xcstrings"))
        #expect(exists("de.lproj/L.strings"))
    }

    @Test("When the writes fail, the files to delete stay")
    func failedWritesKeepTheFiles() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var transaction = FileTransaction()
        _ = try transaction.readForUpdate(folder + "/de.lproj/L.strings")
        transaction.stageDeletion(folder + "/de.lproj/L.strings")
        transaction.stageRemovalIfEmpty(folder + "/de.lproj")
        transaction.stage(Array("{}".utf8), at: folder + "/L.xcstrings")
        // A folder where a file goes: refused, nothing written or deleted.
        transaction.stage(Array("x".utf8), at: folder + "/en.lproj/Other.txt/inside")
        #expect(throws: ConversionError.self) { try transaction.commit() }
        #expect(exists("de.lproj/L.strings"))
        #expect(!exists("L.xcstrings"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/de.lproj") == ["L.strings"])
    }

    @Test("A file changed after it was read is not deleted, and nothing is written")
    func changedFileStays() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var transaction = FileTransaction()
        _ = try transaction.readForUpdate(folder + "/de.lproj/L.strings")
        transaction.stageDeletion(folder + "/de.lproj/L.strings")
        transaction.stage(Array("{}".utf8), at: folder + "/L.xcstrings")
        try Data("\"a\" = \"B, changed\";\n".utf8).write(to: URL(fileURLWithPath: folder + "/de.lproj/L.strings"))
        #expect(throws: ConversionError.self) { try transaction.commit() }
        #expect(exists("de.lproj/L.strings"))
        #expect(!exists("L.xcstrings"))
    }
}
