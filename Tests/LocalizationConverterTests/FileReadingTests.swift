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
    @Test(
        "Only regular files are read: FIFOs, devices and sockets are refused without blocking; links to files are read")
    func specialFiles() throws {
        let folder = try FileTests.freshFolder("special")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/fifo", 0o644) == 0)
        #expect(
            FileTests.message { _ = try readSourceFile(folder + "/fifo") }
                == "\(folder)/fifo: error: is a FIFO, not a regular file; only regular files are read")
        #expect(
            FileTests.message { _ = try readSourceFile("/dev/zero") }
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
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0)
        #expect(
            FileTests.message { _ = try readSourceFile(socketPath) }
                == "\(socketPath): error: is a socket, not a regular file; only regular files are read")
        try Data("text".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: "file")
        #expect(try readSourceFile(folder + "/link").bytes == Array("text".utf8))
    }
}
