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

    @Test("A transaction writes a file from its pieces, in order")
    func transactionWritesChunks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stringbridge-chunks").path
        try? FileManager.default.removeItem(atPath: folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let parts: [[UInt8]] = [Array("{\n".utf8), [], Array("  \"a\" : 1".utf8), Array("\n}".utf8)]
        let buffers = parts.map { part -> UnsafeRawBufferPointer in
            let memory = malloc(max(part.count, 1))!
            part.withUnsafeBytes { memory.copyMemory(from: $0.baseAddress ?? UnsafeRawPointer(memory), byteCount: part.count) }
            return UnsafeRawBufferPointer(start: memory, count: part.count)
        }
        var transaction = FileTransaction()
        transaction.stage(ByteChunks(adoptingMallocBuffers: buffers), at: folder + "/out.json")
        transaction.stage(ByteChunks(Array("plain".utf8)), at: folder + "/sub/plain.txt")
        try transaction.commit()
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/out.json")) == Data(parts.joined()))
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
}
