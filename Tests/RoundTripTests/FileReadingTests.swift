import Foundation
import LocalizationCatalog
import LocalizationConverter
import Testing

/// `readSourceFile`: the bytes exactly, whatever size `fstat` reports, and the error for what cannot be read.
@Suite("Reading files")
struct FileReadingTests {
    @Test("A file is read byte for byte, empty, small or large", arguments: [0, 1, 4095, 4096, 1 << 20, (1 << 20) + 7])
    func exactBytes(_ size: Int) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stringbridge-read-\(size)").path
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try readSourceFile(path).bytes == bytes)
    }

    @Test("A large file is mapped, and reads the same through bytes and withUnsafeBytes")
    func mappedFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stringbridge-mapped").path
        let bytes = (0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 12) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try readSourceFile(path)
        #expect(file.count == bytes.count)
        #expect(file.withUnsafeBytes { Array($0) } == bytes)
        #expect(file.bytes == bytes)
        // Replacing the file by rename (as writers here do) leaves the mapping on the old file.
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path), options: .atomic)
        #expect(file.withUnsafeBytes { $0.count == bytes.count && $0.last == bytes.last })
        var copy = file
        copy.bytes = [9]
        #expect(copy.count == 1 && copy.withUnsafeBytes { Array($0) } == [9])
        #expect(file.count == bytes.count)
    }

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
        #expect(Self.listing(folder) == ["out.json"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: destination)) == Data("old".utf8))

        // Dropped before it was finished: removed.
        do {
            let dropped = try TemporaryFile(nextTo: destination)
            Array("new".utf8).withUnsafeBytes { dropped.write($0) }
            #expect(Self.listing(folder).count == 2)
        }
        #expect(Self.listing(folder) == ["out.json"])

        // Another file of the transaction cannot be written: neither is, and the temporary file is removed.
        var failing = FileTransaction()
        let second = try TemporaryFile(nextTo: destination)
        Array("new".utf8).withUnsafeBytes { second.write($0) }
        failing.stage(second)
        failing.stage(Array("x".utf8), at: destination + "/not-a-folder/file")
        #expect(throws: ConversionError.self) { try failing.commit() }
        #expect(Self.listing(folder) == ["out.json"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: destination)) == Data("old".utf8))

        // Committed: the pieces in order, with the usual permissions.
        var transaction = FileTransaction()
        let third = try TemporaryFile(nextTo: destination)
        for piece in ["{\n", "", "  \"a\" : 1", "\n}"] { Array(piece.utf8).withUnsafeBytes { third.write($0) } }
        transaction.stage(third)
        #expect(transaction.destinations == [destination])
        try transaction.commit()
        #expect(Self.listing(folder) == ["out.json"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: destination)) == Data("{\n  \"a\" : 1\n}".utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: destination)[.posixPermissions] as? Int
        let mask = umask(0)
        umask(mask)
        #expect(mode == 0o666 & ~Int(mask))
    }

    private static func listing(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test(
        "A file whose size fstat does not know (/proc) is read to its end",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
    func unknownSize() throws {
        let read = try readSourceFile("/proc/self/status")
        #expect(read.bytes.count > 100)
        #expect(String(decoding: read.bytes, as: UTF8.self).hasPrefix("Name:"))
    }

    @Test func missingAndFolder() {
        #expect(throws: ConversionError.self) { try readSourceFile("/nonexistent/stringbridge") }
        #expect(throws: ConversionError.self) { try readSourceFile("/tmp") }
    }

    private static func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as ConversionError {
            return error.description
        } catch {
            return "\(error)"
        }
    }

    private static func freshFolder(_ name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stringbridge-\(name)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("Only regular files are read: FIFOs, devices and sockets are refused without blocking; links to files are read")
    func specialFiles() throws {
        let folder = try Self.freshFolder("special")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/fifo", 0o644) == 0)
        #expect(
            Self.message { _ = try readSourceFile(folder + "/fifo") }
                == "\(folder)/fifo: error: is a FIFO, not a regular file; only regular files are read")
        #expect(
            Self.message { _ = try readSourceFile("/dev/zero") }
                == "/dev/zero: error: is a character device, not a regular file; only regular files are read")
        let socketPath = folder + "/socket"
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in socketPath.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        #expect(
            Self.message { _ = try readSourceFile(socketPath) }
                == "\(socketPath): error: is a socket, not a regular file; only regular files are read")
        try Data("text".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: "file")
        #expect(try readSourceFile(folder + "/link").bytes == Array("text".utf8))
    }

    @Test("A transaction writes through links (a dangling one creates its target) and keeps the replaced file's mode")
    func transactionThroughLinks() throws {
        let folder = try Self.freshFolder("links")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/shared", withIntermediateDirectories: true)
        try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/shared/a.txt"))
        chmod(folder + "/shared/a.txt", 0o640)
        try FileManager.default.createSymbolicLink(atPath: folder + "/a.txt", withDestinationPath: "shared/a.txt")
        try FileManager.default.createSymbolicLink(atPath: folder + "/b.txt", withDestinationPath: "shared/b.txt")
        var transaction = FileTransaction()
        transaction.stage(Array("new a".utf8), at: folder + "/a.txt")
        let streamed = try TemporaryFile(nextTo: folder + "/b.txt")
        Array("new b".utf8).withUnsafeBytes { streamed.write($0) }
        transaction.stage(streamed)
        try transaction.commit()
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/a.txt") == "shared/a.txt")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/b.txt") == "shared/b.txt")
        #expect(try String(contentsOfFile: folder + "/shared/a.txt", encoding: .utf8) == "new a")
        #expect(try String(contentsOfFile: folder + "/shared/b.txt", encoding: .utf8) == "new b")
        #expect((try FileManager.default.attributesOfItem(atPath: folder + "/shared/a.txt"))[.posixPermissions] as? Int == 0o640)
        #expect(Self.listing(folder + "/shared") == ["a.txt", "b.txt"])

        try FileManager.default.createSymbolicLink(atPath: folder + "/loop", withDestinationPath: "loop")
        var looping = FileTransaction()
        looping.stage([1], at: folder + "/loop")
        #expect(Self.message { try looping.commit() } == "\(folder)/loop: error: cannot write the file: too many levels of symbolic links")
    }

    @Test("A read-only destination is refused unless the transaction may replace it; a failed commit removes the folders it made")
    func readOnlyAndCreatedFolders() throws {
        let folder = try Self.freshFolder("readonly")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/locked.txt"))
        chmod(folder + "/locked.txt", 0o444)
        var refused = FileTransaction()
        refused.stage(Array("x".utf8), at: folder + "/new/deeper/file.txt")
        refused.stage(Array("new".utf8), at: folder + "/locked.txt")
        #expect(
            Self.message { try refused.commit() }
                == "\(folder)/locked.txt: error: the file is read-only; it is not replaced (--force replaces it)")
        #expect(Self.listing(folder) == ["locked.txt"])

        // Folders are made, then a write fails: they are removed again.
        try Data().write(to: URL(fileURLWithPath: folder + "/plain"))
        var failing = FileTransaction()
        failing.replacesReadOnlyFiles = true
        failing.stage(Array("x".utf8), at: folder + "/new/deeper/file.txt")
        failing.stageDirectory(folder + "/new/empty")
        failing.stage(Array("x".utf8), at: folder + "/plain/file.txt")
        #expect(Self.message { try failing.commit() } == "\(folder)/plain/file.txt: error: cannot write the file: Not a directory")
        #expect(Self.listing(folder) == ["locked.txt", "plain"])

        var forced = FileTransaction()
        forced.replacesReadOnlyFiles = true
        forced.stage(Array("new".utf8), at: folder + "/locked.txt")
        try forced.commit()
        #expect(try String(contentsOfFile: folder + "/locked.txt", encoding: .utf8) == "new")
        #expect((try FileManager.default.attributesOfItem(atPath: folder + "/locked.txt"))[.posixPermissions] as? Int == 0o444)
    }

    @Test("A file read for update: locked once per process, and a commit fails when it changed since")
    func readForUpdate() throws {
        let folder = try Self.freshFolder("update")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/table.txt"
        try Data("one".utf8).write(to: URL(fileURLWithPath: path))
        let (file, lock) = try readSourceFileForUpdate(path, waitingAtMost: 1)
        #expect(file.bytes == Array("one".utf8))
        // The same file under another name, in the same process: an error, not a wait for itself.
        try FileManager.default.createSymbolicLink(atPath: folder + "/alias.txt", withDestinationPath: "table.txt")
        #expect(
            Self.message { _ = try readSourceFileForUpdate(folder + "/alias.txt", waitingAtMost: 1) }
                == "\(folder)/alias.txt: error: this file is already being written by this command under another path "
                + "(a symbolic link?); nothing was written")
        // Another program replaces the file: the commit writes nothing.
        try Data("two".utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        var transaction = FileTransaction()
        transaction.require(lock)
        transaction.stage(Array("three".utf8), at: path)
        #expect(
            Self.message { try transaction.commit() }
                == "\(path): error: the file was changed by another program since it was read; nothing was written "
                + "(run the command again)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "two")
        #expect(Self.listing(folder) == ["alias.txt", "table.txt"])
        // The lock was released with the transaction: the file can be read for update again.
        let (_, again) = try readSourceFileForUpdate(path, waitingAtMost: 1)
        again.release()
    }

    @Test func temporaryNames() {
        #expect(TemporaryFile.isTemporaryName(".Localizable.xcstrings.stringbridge-Ab12Cd"))
        #expect(!TemporaryFile.isTemporaryName("Localizable.xcstrings.stringbridge-Ab12Cd"))
        #expect(!TemporaryFile.isTemporaryName(".Localizable.xcstrings"))
        #expect(!TemporaryFile.isTemporaryName(".a.stringbridge-toolong"))
    }
}
