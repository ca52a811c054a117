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
