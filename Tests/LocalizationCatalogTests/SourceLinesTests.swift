import Testing

@testable import LocalizationCatalog

/// The one offset → line:column table: LF, CR LF and a lone CR end lines; columns count Unicode scalars from the
/// line's start, whatever the distance from a checkpoint.
@Suite struct SourceLinesTests {
    /// Lines of growing length, of one- to four-byte scalars, ended by CR LF, LF and CR in turn.
    static let bytes: [UInt8] = {
        var text = ""
        for line in 0..<40 {
            text += String(repeating: "aé€😀", count: line * 3) + (line % 3 == 0 ? "\r\n" : line % 3 == 1 ? "\n" : "\r")
        }
        return Array(text.utf8)
    }()

    @Test("every offset's line and column equal a count from the line's start")
    func columns() {
        let bytes = Self.bytes
        let lines = SourceLines(path: "p", bytes: bytes)
        var starts = [0]
        for offset in bytes.indices
        where bytes[offset] == 0x0A
            || (bytes[offset] == 0x0D && (offset + 1 == bytes.count || bytes[offset + 1] != 0x0A))
        {
            starts.append(offset + 1)
        }
        for offset in 0...bytes.count {
            let line = starts.lastIndex { $0 <= offset } ?? 0
            let column = 1 + bytes[starts[line]..<offset].filter { $0 & 0xC0 != 0x80 }.count
            let location = lines.location(of: offset)
            #expect(location.line == line + 1 && location.column == column, "offset \(offset)")
            #expect(location.path == "p")
        }
    }

    /// The table agrees with ``FileLocation``'s count from the file's start at every offset a reader records (a
    /// token's first byte: never the LF of a CR LF).
    @Test func agreesWithACountFromTheStart() {
        let bytes = Self.bytes
        let lines = SourceLines(path: "p", bytes: bytes)
        for offset in 0...bytes.count where offset == 0 || bytes[offset - 1] != 0x0D || bytes[offset] != 0x0A {
            #expect(lines.location(of: offset) == FileLocation(path: "p", bytes: bytes, offset: offset), "\(offset)")
        }
    }

    @Test func offsetsOutsideTheFileAreClamped() {
        let lines = SourceLines(path: "p", text: "ab\ncd")
        #expect(lines.lineAndColumn(of: -3) == (1, 1))
        #expect(lines.lineAndColumn(of: 99) == (2, 3))
        #expect(SourceLines(path: "e", bytes: []).location(of: 0) == FileLocation(path: "e", line: 1, column: 1))
    }
}
