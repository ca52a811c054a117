import Foundation
import LocalizationCatalog
import LocalizationConverter
import Testing

/// `FileTransaction` and `TemporaryFile`: all or nothing, through links, keeping modes, refusing what it must.
@Suite("Writing files")
struct FileTransactionTests {
    @Test("A transaction writes its staged bytes, creating folders")
    func transactionWritesBytes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stringbridge-chunks").path
        try? FileManager.default.removeItem(atPath: folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var transaction = FileTransaction()
        transaction.stage(Array("{\n  \"a\" : 1\n}".utf8), at: folder + "/out.json")
        transaction.stage(Array("plain".utf8), at: folder + "/sub/plain.txt")
        try transaction.commit()
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/out.json")) == Data("{\n  \"a\" : 1\n}".utf8))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/sub/plain.txt")) == Data("plain".utf8))
    }

    @Test("A file written while it is made is renamed into place on commit, and leaves nothing when discarded")
    func temporaryFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stringbridge-streamed").path
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let destination = folder + "/out.json"
        try Data("old".utf8).write(to: URL(fileURLWithPath: destination))

        // Discarded: the destination is as it was, no temporary file is left.
        var abandoned = FileTransaction()
        let first = try TemporaryFile(nextTo: destination)
        Array("new".utf8).withUnsafeBytes { first.write($0) }
        abandoned.stage(first)
        abandoned.discard()
        #expect(FileTests.listing(folder) == ["out.json"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: destination)) == Data("old".utf8))

        // Dropped before it was finished: removed.
        do {
            let dropped = try TemporaryFile(nextTo: destination)
            Array("new".utf8).withUnsafeBytes { dropped.write($0) }
            #expect(FileTests.listing(folder).count == 2)
        }
        #expect(FileTests.listing(folder) == ["out.json"])

        // Another file of the transaction cannot be written: neither is, and the temporary file is removed.
        var failing = FileTransaction()
        let second = try TemporaryFile(nextTo: destination)
        Array("new".utf8).withUnsafeBytes { second.write($0) }
        failing.stage(second, as: .replacingUnread)
        failing.stage(Array("x".utf8), at: destination + "/not-a-folder/file")
        #expect(throws: ConversionError.self) { try failing.commit() }
        #expect(FileTests.listing(folder) == ["out.json"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: destination)) == Data("old".utf8))

        // Committed: the pieces in order, with the usual permissions.
        var transaction = FileTransaction()
        let third = try TemporaryFile(nextTo: destination)
        for piece in ["{\n", "", "  \"a\" : 1", "\n}"] { Array(piece.utf8).withUnsafeBytes { third.write($0) } }
        transaction.stage(third, as: .replacingUnread)
        #expect(transaction.destinations == [destination])
        try transaction.commit()
        #expect(FileTests.listing(folder) == ["out.json"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: destination)) == Data("{\n  \"a\" : 1\n}".utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: destination)[.posixPermissions] as? Int
        let mask = umask(0)
        umask(mask)
        #expect(mode == 0o666 & ~Int(mask))
    }

    @Test("A transaction writes through links (a dangling one creates its target) and keeps the replaced file's mode")
    func transactionThroughLinks() throws {
        let folder = try FileTests.freshFolder("links")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/shared", withIntermediateDirectories: true)
        try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/shared/a.txt"))
        chmod(folder + "/shared/a.txt", 0o640)
        try FileManager.default.createSymbolicLink(atPath: folder + "/a.txt", withDestinationPath: "shared/a.txt")
        try FileManager.default.createSymbolicLink(atPath: folder + "/b.txt", withDestinationPath: "shared/b.txt")
        var transaction = FileTransaction()
        transaction.stage(Array("new a".utf8), at: folder + "/a.txt", as: .replacingUnread)
        let streamed = try TemporaryFile(nextTo: folder + "/b.txt")
        Array("new b".utf8).withUnsafeBytes { streamed.write($0) }
        transaction.stage(streamed)
        try transaction.commit()
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/a.txt") == "shared/a.txt")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/b.txt") == "shared/b.txt")
        #expect(try String(contentsOfFile: folder + "/shared/a.txt", encoding: .utf8) == "new a")
        #expect(try String(contentsOfFile: folder + "/shared/b.txt", encoding: .utf8) == "new b")
        #expect(
            (try FileManager.default.attributesOfItem(atPath: folder + "/shared/a.txt"))[.posixPermissions] as? Int
                == 0o640)
        #expect(FileTests.listing(folder + "/shared") == ["a.txt", "b.txt"])

        try FileManager.default.createSymbolicLink(atPath: folder + "/loop", withDestinationPath: "loop")
        var looping = FileTransaction()
        looping.stage([1], at: folder + "/loop")
        #expect(
            FileTests.message { try looping.commit() }
                == "\(folder)/loop: error: cannot write the file: too many levels of symbolic links")
    }

    @Test(
        "A read-only destination is refused unless the transaction may replace it; a failed commit removes the folders it made"
    )
    func readOnlyAndCreatedFolders() throws {
        let folder = try FileTests.freshFolder("readonly")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/locked.txt"))
        chmod(folder + "/locked.txt", 0o444)
        var refused = FileTransaction()
        refused.stage(Array("x".utf8), at: folder + "/new/deeper/file.txt")
        refused.stage(Array("new".utf8), at: folder + "/locked.txt")
        #expect(
            FileTests.message { try refused.commit() }
                == "\(folder)/locked.txt: error: the file is read-only; it is not replaced (--force replaces it)")
        #expect(FileTests.listing(folder) == ["locked.txt"])

        // Folders are made, then a write fails: they are removed again.
        try Data().write(to: URL(fileURLWithPath: folder + "/plain"))
        var failing = FileTransaction()
        failing.replacesReadOnlyFiles = true
        failing.stage(Array("x".utf8), at: folder + "/new/deeper/file.txt")
        failing.stageDirectory(folder + "/new/empty")
        failing.stage(Array("x".utf8), at: folder + "/plain/file.txt")
        #expect(
            FileTests.message { try failing.commit() }
                == "\(folder)/plain/file.txt: error: cannot write the file: Not a directory")
        #expect(FileTests.listing(folder) == ["locked.txt", "plain"])

        var forced = FileTransaction()
        forced.replacesReadOnlyFiles = true
        forced.stage(Array("new".utf8), at: folder + "/locked.txt", as: .replacingUnread)
        try forced.commit()
        #expect(try String(contentsOfFile: folder + "/locked.txt", encoding: .utf8) == "new")
        #expect(
            (try FileManager.default.attributesOfItem(atPath: folder + "/locked.txt"))[.posixPermissions] as? Int
                == 0o444)
    }

    @Test("A file read for update: locked once per process, released by the commit, and replaced")
    func readForUpdate() throws {
        let folder = try FileTests.freshFolder("update")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/table.txt"
        try Data("one".utf8).write(to: URL(fileURLWithPath: path))
        var transaction = FileTransaction()
        #expect(try transaction.readForUpdate(path).bytes == Array("one".utf8))
        #expect(transaction.readPaths == [path])
        // The same file under another name, in the same process: an error, not a wait for itself.
        try FileManager.default.createSymbolicLink(atPath: folder + "/alias.txt", withDestinationPath: "table.txt")
        var other = FileTransaction()
        other.lockTimeout = 1
        #expect(
            FileTests.message { _ = try other.readForUpdate(folder + "/alias.txt") }
                == "\(folder)/alias.txt: error: this file is already being written by this command under another path "
                + "(a symbolic link?); nothing was written")
        // Written through the link too: the file read is the file the link leads to.
        transaction.stage(Array("two".utf8), at: folder + "/alias.txt")
        try transaction.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "two")
        #expect(FileTests.listing(folder) == ["alias.txt", "table.txt"])
        // The commit released the file: it can be read for update again.
        var again = FileTransaction()
        #expect(try again.readForUpdate(folder + "/alias.txt").bytes == Array("two".utf8))
        again.discard()
    }

    @Test(
        "A file changed by another program between the read and the commit is not replaced", arguments: [true, false])
    func changedSinceRead(_ replaced: Bool) throws {
        let folder = try FileTests.freshFolder("changed")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/table.txt"
        try Data("one".utf8).write(to: URL(fileURLWithPath: path))
        var transaction = FileTransaction()
        _ = try transaction.readForUpdate(path)
        if replaced {
            // Another program renames its own file into place (a new inode).
            try Data("two".utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } else {
            // Another program writes into the file itself (the same inode, another size).
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(" and two".utf8))
            try handle.close()
        }
        let expected = replaced ? "two" : "one and two"
        transaction.stage(Array("three".utf8), at: path)
        transaction.stage(Array("new".utf8), at: folder + "/new/other.txt")
        #expect(
            FileTests.message { try transaction.commit() }
                == "\(path): error: the file was changed by another program while this command worked on it; nothing "
                + "was written (run the command again)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
        #expect(FileTests.listing(folder) == ["table.txt"])
        // Released with the failed commit.
        var again = FileTransaction()
        _ = try again.readForUpdate(path)
        again.discard()
    }

    @Test("A destination that exists is replaced only when read for update, or staged replacing it unread")
    func unreadDestinations() throws {
        let folder = try FileTests.freshFolder("unread")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/table.txt"
        try Data("one".utf8).write(to: URL(fileURLWithPath: path))
        var refused = FileTransaction()
        refused.stage(Array("new".utf8), at: folder + "/new.txt")
        refused.stage(Array("two".utf8), at: path)
        let message =
            "\(path): error: the file exists but this command did not read it before replacing it (another program "
            + "may have created it meanwhile); nothing was written"
        #expect(FileTests.message { try refused.commit() } == message)
        #expect(FileTests.listing(folder) == ["table.txt"])

        // Read by another transaction: not this one's to replace.
        var reader = FileTransaction()
        _ = try reader.readForUpdate(path)
        var writer = FileTransaction()
        writer.stage(Array("two".utf8), at: path)
        #expect(FileTests.message { try writer.commit() } == message)
        // Taken over (a part planned on its own): replaced.
        writer.include(reader)
        try writer.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "two")

        // An output the command makes replaces the file unread.
        var output = FileTransaction()
        output.stage(Array("three".utf8), at: path, as: .replacingUnread)
        try output.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "three")
        #expect(FileTests.listing(folder) == ["table.txt"])
    }

    @Test func temporaryNames() {
        #expect(TemporaryFile.isTemporaryName(".Localizable.xcstrings.stringbridge-Ab12Cd"))
        #expect(!TemporaryFile.isTemporaryName("Localizable.xcstrings.stringbridge-Ab12Cd"))
        #expect(!TemporaryFile.isTemporaryName(".Localizable.xcstrings"))
        #expect(!TemporaryFile.isTemporaryName(".a.stringbridge-toolong"))
    }
}
