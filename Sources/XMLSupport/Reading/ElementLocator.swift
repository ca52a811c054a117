/// Finds where each element starts, in document order, by scanning the UTF-8 source alongside libxml2.
///
/// `xmlTextReader` parses ahead of the node it reports, and a node only remembers a 16-bit line and no column,
/// so positions come from here instead. The document is well-formed up to every element libxml2 has reported,
/// so the next `<` that opens a start tag (skipping end tags, comments, CDATA, processing instructions and the
/// DOCTYPE) is that element. Lines count LF; columns count characters (not bytes) from 1, like libxml2's own.
struct ElementLocator {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the search for the next start tag resumes.
    private var searchOffset = 0
    /// Everything before `countedOffset` has been folded into `line` and `charactersIntoLine`.
    private var countedOffset = 0
    private var line = 1
    private var charactersIntoLine = 0

    init(_ view: XMLBytes) {
        self.bytes = view.buffer
        // A UTF-8 byte order mark is not a character of the first line.
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            searchOffset = 3
            countedOffset = 3
        }
    }

    /// The bytes scanned, as a view.
    var view: XMLBytes { XMLBytes(bytes) }

    /// The number of bytes scanned.
    var count: Int { bytes.count }

    /// Where the search for the next start tag resumes.
    var searchStart: Int { searchOffset }

    /// A locator over the same bytes, back at the start.
    func restarted() -> ElementLocator {
        ElementLocator(XMLBytes(bytes))
    }

    /// The 1-based line and column of the next start tag (the end of input if there is none).
    mutating func nextElementStart() -> (line: Int, column: Int) {
        nextElementStartIfAny() ?? position(of: bytes.count)
    }

    /// The position just past the last byte.
    mutating func endPosition() -> (line: Int, column: Int) {
        position(of: bytes.count)
    }

    /// The 1-based line and column of the next start tag, or `nil` if no start tag is left.
    mutating func nextElementStartIfAny() -> (line: Int, column: Int)? {
        guard let offset = nextElementStartOffset() else { return nil }
        return position(of: offset)
    }

    /// The byte offset of the `<` of the next start tag, or `nil` if no start tag is left.
    ///
    /// Turn it into a line and column with ``position(of:)`` (offsets must be asked for in increasing order).
    mutating func nextElementStartOffset() -> Int? {
        let count = bytes.count
        var index = searchOffset
        while let open = firstIndex(of: UInt8(ascii: "<"), from: index) {
            let next = open + 1 < count ? bytes[open + 1] : 0
            switch next {
            case UInt8(ascii: "/"):
                index = open + 2
            case UInt8(ascii: "?"):
                index = end(of: "?>", from: open + 2)
            case UInt8(ascii: "!"):
                if matches("<!--", at: open) {
                    index = end(of: "-->", from: open + 4)
                } else if matches("<![CDATA[", at: open) {
                    index = end(of: "]]>", from: open + 9)
                } else {
                    index = endOfDeclaration(from: open + 2)
                }
            default:
                searchOffset = open + 1
                return open
            }
        }
        searchOffset = count
        return nil
    }

    /// Goes on as if the start tag at `offset` had just been found by ``nextElementStartOffset()`` (the caller
    /// found it another way).
    mutating func resume(afterElementAt offset: Int) {
        searchOffset = offset + 1
    }

    /// The number of bytes of a UTF-8 byte order mark at the start (0 or 3).
    var byteOrderMarkLength: Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// The position of the first `needle` after the last element start, without moving the scanner.
    ///
    /// Used only to place errors (such as an entity reference) inside text.
    func position(ofNext needle: String) -> (line: Int, column: Int) {
        var copy = self
        let utf8 = Array(needle.utf8)
        var index = searchOffset
        while let first = firstIndex(of: utf8[0], from: index) {
            if matches(needle, at: first) { return copy.position(of: first) }
            index = first + 1
        }
        return copy.position(of: searchOffset)
    }

    // MARK: - Counting

    /// The position of a byte offset at or after the last one asked for.
    mutating func position(of offset: Int) -> (line: Int, column: Int) {
        precondition(offset >= countedOffset, "positions must be asked for in document order")
        // Find the last LF before `offset`; only the characters after it make up the column.
        var lineStart = offset
        while lineStart > countedOffset && bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        // Branch-free counting loops over a local buffer with wrapping adds, so the compiler vectorizes them.
        if lineStart > countedOffset {
            line += newlines(from: countedOffset, to: lineStart)
            charactersIntoLine = 0
        }
        let characters = Self.count(UnsafeBufferPointer(rebasing: bytes[lineStart..<offset])) { $0 & 0xC0 != 0x80 }
        charactersIntoLine += characters
        countedOffset = offset
        return (line, charactersIntoLine + 1)
    }

    /// The number of LF bytes in `start..<end`, eight bytes at a time.
    private func newlines(from start: Int, to end: Int) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let pattern: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
        var result = 0
        var index = start
        while index + 8 <= end {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) ^ pattern
            // The high bit of each byte of `zero` is set exactly where `word` has a zero byte.
            let zero = ~(((word & low7) &+ low7) | word | low7)
            result &+= zero.nonzeroBitCount
            index += 8
        }
        while index < end {
            if base[index] == UInt8(ascii: "\n") { result &+= 1 }
            index += 1
        }
        return result
    }

    @inline(__always)
    private static func count(_ bytes: UnsafeBufferPointer<UInt8>, where predicate: (UInt8) -> Bool) -> Int {
        var result = 0
        for byte in bytes { result &+= predicate(byte) ? 1 : 0 }
        return result
    }

    // MARK: - Scanning

    /// `memchr`, eight bytes at a time.
    private func firstIndex(of byte: UInt8, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        return XMLSupport.firstIndex(of: byte, in: base, from: start, to: bytes.count)
    }

    private func matches(_ literal: StaticString, at offset: Int) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard offset + length <= bytes.count else { return false }
        let start = literal.utf8Start
        for i in 0..<length where bytes[offset + i] != start[i] { return false }
        return true
    }

    private func matches(_ string: String, at offset: Int) -> Bool {
        var index = offset
        for byte in string.utf8 {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
        }
        return true
    }

    /// The offset just past the first `terminator` at or after `start` (or the end of input).
    private func end(of terminator: StaticString, from start: Int) -> Int {
        let first = terminator.utf8Start[0]
        var index = start
        while let candidate = firstIndex(of: first, from: index) {
            if matches(terminator, at: candidate) { return candidate + terminator.utf8CodeUnitCount }
            index = candidate + 1
        }
        return bytes.count
    }

    /// Skips `<!DOCTYPE …>` including an internal subset, whose declarations may quote `<` and `>`.
    private func endOfDeclaration(from start: Int) -> Int {
        var index = start
        var depth = 0
        var quote: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "<") && matches("<!--", at: index) {
                index = end(of: "-->", from: index + 4)
                continue
            } else if byte == UInt8(ascii: "<") && matches("<?", at: index) {
                index = end(of: "?>", from: index + 2)
                continue
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth -= 1
            } else if byte == UInt8(ascii: ">") && depth <= 0 {
                return index + 1
            }
            index += 1
        }
        return index
    }
}

/// The first `byte` in `base[from..<end]`, eight bytes at a time.
func firstIndex(of byte: UInt8, in base: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int? {
    var index = from
    while index + 8 <= end {
        let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        let matches = matchingBytes(equalTo: byte, in: word)
        if matches != 0 { return index + matches.trailingZeroBitCount / 8 }
        index += 8
    }
    while index < end {
        if base[index] == byte { return index }
        index += 1
    }
    return nil
}

/// The bytes of `word` (read little-endian) that equal `byte`: the high bit of each is set, and of no byte below the
/// first match (bytes after the first match may be marked wrongly, so only the lowest set bit can be trusted).
@inline(__always)
func matchingBytes(equalTo byte: UInt8, in word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let difference = word ^ (ones &* UInt64(byte))
    return (difference &- ones) & ~difference & 0x8080_8080_8080_8080
}

// MARK: - Scans for other readers of the bytes

extension XMLBytes {
    /// The first `byte` in `self[start..<end]`, eight bytes at a time.
    func firstIndex(of byte: UInt8, from start: Int, to end: Int) -> Int? {
        precondition(start >= 0 && end <= buffer.count, "XMLBytes range out of bounds")
        guard let base = buffer.baseAddress, start < end else { return nil }
        return XMLSupport.firstIndex(of: byte, in: base, from: start, to: end)
    }

    /// The last `byte` in `self[(after + 1)..<before]`, eight bytes at a time from the end.
    func lastIndex(of byte: UInt8, after: Int, before end: Int) -> Int? {
        precondition(after >= -1 && end <= buffer.count, "XMLBytes range out of bounds")
        guard let base = buffer.baseAddress else { return nil }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var index = end
        while index - 8 > after {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index - 8).loadUnaligned(as: UInt64.self))
            let difference = word ^ (ones &* UInt64(byte))
            // Exactly the bytes of `difference` that are zero get their high bit set.
            let zeros = ~(((difference & high) &+ high) | difference | high)
            if zeros != 0 { return index - 8 + (63 - zeros.leadingZeroBitCount) / 8 }
            index -= 8
        }
        while index - 1 > after {
            index -= 1
            if base[index] == byte { return index }
        }
        return nil
    }
}
