/// One file's lines: turns byte offsets into 1-based lines and columns without rescanning the file for each one,
/// as swift-syntax's `SourceLocationConverter` does.
///
/// The one offset → line:column table of the package: a reader records offsets (a key's, a localization's), and a
/// consumer asks this table for the line and column when it prints one. LF, CR LF and a lone CR end lines, and
/// columns count Unicode scalars (bytes that are not UTF-8 continuation bytes), as ``FileLocation`` counts them.
///
/// A location costs a binary search for its line and a count of at most ``checkpointStride`` bytes: the number of
/// scalars before every ``checkpointStride``-th byte is kept, so that a column is the difference of two counts, not
/// a scan from the line's start (100,000 strings on one line made that quadratic).
package struct SourceLines: Sendable {
    /// The file's path, for the locations.
    package let path: String
    private let bytes: [UInt8]
    /// The offset where each line starts.
    private let lineStarts: [Int]
    /// The number of scalars before byte `k × checkpointStride`.
    private let scalarCheckpoints: [Int]
    private static let checkpointStride = 64

    /// The lines of the UTF-8 `bytes`, for locations in the file at `path`.
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

    /// The lines of `file`'s bytes.
    package init(_ file: SourceFile) {
        self.init(path: file.path, bytes: file.bytes)
    }

    /// The 1-based line and column (in Unicode scalars) of byte `offset`, clamped to the file.
    package func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        let offset = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, 1 + scalars(before: offset) - scalars(before: lineStarts[low]))
    }

    /// The location of byte `offset`: 1-based line, and column in Unicode scalars.
    package func location(of offset: Int) -> FileLocation {
        let (line, column) = lineAndColumn(of: offset)
        return FileLocation(path: path, line: line, column: column)
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
