import LocalizationCatalog

/// Turns byte offsets of one file into `FileLocation`s without rescanning the file for each one.
///
/// A location costs a binary search for its line and a count of at most ``checkpointStride`` bytes: the number of
/// Unicode scalars before every ``checkpointStride``-th byte is kept, so that a column is the difference of two
/// counts, not a scan from the line's start (100,000 strings on one line made that quadratic).
package struct LineIndex: Sendable {
    private let path: String
    private let bytes: [UInt8]
    /// The offset where each line starts (LF, CR LF and a lone CR end lines, as `FileLocation` counts them).
    private let lineStarts: [Int]
    /// The number of scalars (bytes that are not UTF-8 continuation bytes) before byte `k × checkpointStride`.
    private let scalarCheckpoints: [Int]
    private static let checkpointStride = 64

    /// The lines of `bytes`, for locations in the file at `path`.
    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var lineStarts = [0]
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
        var checkpoints: [Int] = []
        checkpoints.reserveCapacity(bytes.count / Self.checkpointStride + 1)
        var scalars = 0
        for offset in 0...bytes.count {
            if offset % Self.checkpointStride == 0 { checkpoints.append(scalars) }
            if offset < bytes.count, bytes[offset] & 0xC0 != 0x80 { scalars += 1 }
        }
        self.lineStarts = lineStarts
        self.scalarCheckpoints = checkpoints
    }

    /// The lines of `text`, for locations in the file at `path`.
    package init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The location of byte `offset`: 1-based line, and column in Unicode scalars.
    package func location(of offset: Int) -> FileLocation {
        let offset = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let column = 1 + scalars(before: offset) - scalars(before: lineStarts[low])
        return FileLocation(path: path, line: low + 1, column: column)
    }

    /// The number of scalars in `bytes[..<offset]`.
    private func scalars(before offset: Int) -> Int {
        let checkpoint = offset / Self.checkpointStride
        var count = scalarCheckpoints[checkpoint]
        var index = checkpoint * Self.checkpointStride
        while index < offset {
            if bytes[index] & 0xC0 != 0x80 { count += 1 }
            index += 1
        }
        return count
    }
}
