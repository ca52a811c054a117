/// Checks made on the bytes before libxml2 sees them, for input libxml2 2.9 would take far too long over, and the
/// position of a byte in a document that is not UTF-8.
enum MarkupLimits {
    /// The most attributes (namespace declarations included) one element may have.
    ///
    /// libxml2 2.9 compares each attribute of an element with every one before it (its duplicate check), so the
    /// time an element takes grows with the square of its attribute count: 100,000 attributes take seconds,
    /// 400,000 half a minute. At this limit a document made of such elements still reads at more than 10 MB/s.
    static let maximumAttributes = 1_000

    /// A start tag holding `n` attributes is at least this long: `<e` and, per attribute, a space and `a=""`.
    private static let shortestAttribute = 5

    /// The first start tag with more than ``maximumAttributes`` attributes: the offset of its `<` and its name.
    ///
    /// A start tag cannot contain `<` (not even in an attribute value), so such a tag is followed by a long run
    /// without `<`. The scan jumps from one `<` to the last `<` within the next few thousand bytes, looking at
    /// only a few bytes of ordinary markup; only a `<` followed by that many bytes without another is examined,
    /// and only a tag found too large is checked against comments, CDATA and the DOCTYPE.
    static func startTagWithTooManyAttributes(in bytes: XMLBytes) -> (offset: Int, name: String)? {
        let count = bytes.count
        let window = maximumAttributes * shortestAttribute
        // Confirms that a tag found too large is markup (not inside a comment, CDATA or the DOCTYPE).
        var locator: ElementLocator?
        var nextElement: Int?
        func isStartTag(_ offset: Int) -> Bool {
            if locator == nil {
                locator = ElementLocator(bytes)
                nextElement = locator?.nextElementStartOffset()
            }
            while let element = nextElement, element < offset { nextElement = locator?.nextElementStartOffset() }
            return nextElement == offset
        }
        var open = bytes.firstIndex(of: UInt8(ascii: "<"), from: 0, to: count)
        while let start = open {
            let windowEnd = min(start + window, count)
            if let next = bytes.lastIndex(of: UInt8(ascii: "<"), after: start, before: windowEnd) {
                open = next
                continue
            }
            if windowEnd == count && count - start < window { return nil }
            // A long run without `<` follows.
            if let tag = oversizedTag(at: start, in: bytes), isStartTag(start) { return tag }
            open = bytes.firstIndex(of: UInt8(ascii: "<"), from: windowEnd, to: count)
        }
        return nil
    }

    /// The name of the start tag at `start` if it has more than ``maximumAttributes`` attributes (counted as the
    /// `=` signs outside quotes before its `>`).
    private static func oversizedTag(at start: Int, in bytes: XMLBytes) -> (
        offset: Int, name: String
    )? {
        let count = bytes.count
        guard start + 1 < count else { return nil }
        switch bytes[start + 1] {
        case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "!"): return nil
        default: break
        }
        var nameEnd = start + 1
        while nameEnd < count {
            switch bytes[nameEnd] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ">"),
                UInt8(ascii: "/"), UInt8(ascii: "="):
                break
            default:
                nameEnd += 1
                continue
            }
            break
        }
        var attributes = 0
        var quote: UInt8 = 0
        var index = nameEnd
        while index < count {
            let byte = bytes[index]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "=") {
                attributes += 1
            } else if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "<") {
                break
            }
            index += 1
        }
        guard attributes > maximumAttributes else { return nil }
        let name = String(decoding: bytes[(start + 1)..<nameEnd], as: UTF8.self)
        return (start, name)
    }

    // MARK: - Positions in other encodings

    /// The 1-based line and column of the byte at `offset` of a document in `encoding` (an ASCII-compatible one,
    /// as every encoding libxml2 converts from is, but UTF-16 and UCS-4): lines count LF, columns count the
    /// characters before it on its line, decoded with libxml2's converter (UTF-8 scalars when that fails).
    static func position(of offset: Int, in bytes: XMLBytes, encoding: String) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let prefix = Array(bytes[lineStart..<offset])
        // Where libxml2 cannot convert the line's start either, the bytes are counted as the rest of the project
        // counts columns: Unicode scalars of UTF-8 (a byte count overshoots the line; fuzz finding
        // infoplist-code/undecodable-ucs4-column).
        let scalars = prefix.reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return (line, (characterCount(of: prefix, encoding: encoding) ?? scalars) + 1)
    }
}
