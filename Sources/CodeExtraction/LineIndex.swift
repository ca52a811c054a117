import LocalizationCatalog

/// Turns byte offsets of one file into `FileLocation`s without rescanning the file for each one.
struct LineIndex {
    private let path: String
    private let bytes: [UInt8]
    /// The offset where each line starts (LF, CR LF and a lone CR end lines, as `FileLocation` counts them).
    private var lineStarts: [Int] = [0]

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\r") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
                lineStarts.append(index + 1)
            } else if bytes[index] == UInt8(ascii: "\n") {
                lineStarts.append(index + 1)
            }
            index += 1
        }
    }

    /// The location of byte `offset`: 1-based line, and column in Unicode scalars.
    func location(of offset: Int) -> FileLocation {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        var index = lineStarts[low]
        while index < min(offset, bytes.count) {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return FileLocation(path: path, line: low + 1, column: column)
    }
}
