import LocalizationCatalog
import StringBridgeSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A strict RFC 8259 JSON scanner over UTF-8 bytes, with byte offsets for diagnostics.
///
/// It is a pull scanner rather than a tree builder: the catalog reader asks for the value it expects at each
/// place, so a 30 MB catalog becomes model values directly, without an intermediate JSON tree.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let path: String
    var offset: Int = 0
    var depth: Int = 0
    /// The line breaks skipped so far (LF, CR LF or a lone CR, counted as ``FileLocation`` counts them): in a
    /// valid JSON text every line break is whitespace, so ``skipWhitespace()`` sees them all.
    var lineBreaks = 0
    /// Where the line after the last line break starts; -1 when unknown (a run of entries read from its middle).
    var lineStart = 0
    /// ``lineBreaks`` and ``lineStart`` at the name of the member ``forEachRemainingMember(stoppingAt:_:)`` is at.
    var memberLine = (lineBreaks: 0, lineStart: 0)
    /// The last column ``memberLocation(at:)`` counted: its line (as in ``memberLine``), offset and column.
    var memberColumn = (lineBreaks: -1, lineStart: 0, offset: 0, column: 1)

    /// Deeper nesting than this is refused instead of risking the stack.
    static let maximumDepth = InputLimits.nesting

    init(bytes: UnsafeBufferPointer<UInt8>, path: String) {
        self.bytes = bytes
        self.path = path
    }

    // MARK: - Start

    /// Scans the bytes of `file`, without copying a mapped file; the scanner is valid during the call only.
    static func scanning<Result>(
        _ file: SourceFile, _ body: (inout JSONScanner) throws(ConversionError) -> Result
    ) throws(ConversionError) -> Result {
        try file.withUnsafeBytes { (bytes) throws(ConversionError) -> Result in
            var scanner = JSONScanner(bytes: bytes, path: file.path)
            return try body(&scanner)
        }
    }

    /// Skips a UTF-8 byte-order mark at the start, and refuses a second one and UTF-16 or UTF-32 ones.
    mutating func skipByteOrderMark() throws(ConversionError) {
        // Foundation accepts a UTF-8 byte-order mark; so do we (it is not written back).
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            offset = 3
            if bytes[3...].starts(with: [0xEF, 0xBB, 0xBF]) {
                throw error(
                    "a second UTF-8 byte-order mark (EF BB BF) follows the first one; remove it", at: 3)
            }
        }
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            let order =
                bytes[0] == 0
                ? "big-endian byte-order mark (00 00 FE FF)" : "little-endian byte-order mark (FF FE 00 00)"
            throw error(
                "the file starts with a UTF-32 \(order); String Catalogs are UTF-8: save the file as UTF-8", at: 0)
        }
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            throw error("UTF-16 is not supported for String Catalogs; save the file as UTF-8", at: 0)
        }
    }

    // MARK: - Errors

    func location(at offset: Int) -> FileLocation {
        FileLocation(path: path, bytes: bytes, offset: offset)
    }

    /// The place of the member name at `offset` that ``forEachRemainingMember(stoppingAt:_:)`` is at, its line
    /// counted from where the scanner started counting (the file's start, or a run's), without reading the bytes
    /// before the line again.
    ///
    /// The column is counted from the previous member's when both are on one line, so a catalog written on a
    /// single line costs one pass over its bytes, not one per member (``memberColumn``).
    mutating func memberLocation(at offset: Int) -> FileLocation {
        let (line, column) = lineAndColumn(at: offset, onLine: memberLine)
        return FileLocation(path: path, line: line, column: column)
    }

    /// ``memberLocation(at:)``'s line and column, without a ``FileLocation``.
    mutating func memberLineAndColumn(at offset: Int) -> (line: Int, column: Int) {
        lineAndColumn(at: offset, onLine: memberLine)
    }

    /// The 1-based line and column of the value the scanner is at (after ``skipWhitespace()``), as
    /// ``memberLocation(at:)`` counts them.
    mutating func valueLineAndColumn() -> (line: Int, column: Int) {
        lineAndColumn(at: offset, onLine: (lineBreaks, lineStart))
    }

    /// The line and column of `offset` on `line` (its line breaks before and start), counting the column from the
    /// last one counted when both are on one line (``memberColumn``).
    private mutating func lineAndColumn(
        at offset: Int, onLine line: (lineBreaks: Int, lineStart: Int)
    ) -> (line: Int, column: Int) {
        var start: Int
        var column = 1
        if memberColumn.lineBreaks == line.lineBreaks, memberColumn.lineStart == line.lineStart,
            memberColumn.offset <= offset
        {
            start = memberColumn.offset
            column = memberColumn.column
        } else {
            start = line.lineStart
            if start < 0 {
                start = offset
                while start > 0, bytes[start &- 1] != 0x0A, bytes[start &- 1] != 0x0D { start &-= 1 }
            }
        }
        column &+= Self.scalarCount(bytes, start..<offset)
        memberColumn = (line.lineBreaks, line.lineStart, offset, column)
        return (line.lineBreaks &+ 1, column)
    }

    /// The number of bytes of `range` that start a UTF-8 sequence (are not `10xxxxxx`): its scalars, in valid
    /// UTF-8.
    ///
    /// Fast path: eight ASCII bytes at a time (none is a continuation byte); the rest byte by byte, as the exact
    /// form ``scalarCountByBytes(_:_:)`` counts all of them (`JSONScannerMemberNameTests` holds the two equal).
    static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var position = range.lowerBound
        var continuations = 0
        while position &+ 8 <= range.upperBound {
            // An ASCII word (indentation, most names) has none; another is looked at byte by byte.
            if UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self) & StringBytes.highBits != 0 {
                for index in position..<position &+ 8 where base[index] & 0xC0 == 0x80 { continuations &+= 1 }
            }
            position &+= 8
        }
        while position < range.upperBound {
            if base[position] & 0xC0 == 0x80 { continuations &+= 1 }
            position &+= 1
        }
        return range.count &- continuations
    }

    /// ``scalarCount(_:_:)``'s exact form, a byte at a time.
    static func scalarCountByBytes(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var count = 0
        for position in range where bytes[position] & 0xC0 != 0x80 { count += 1 }
        return count
    }

    func error(_ message: String, at offset: Int) -> ConversionError {
        ConversionError(message, at: location(at: offset))
    }

    func describeToken(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of file" }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "t") where hasLiteral("true", at: offset),
            UInt8(ascii: "f") where hasLiteral("false", at: offset):
            return "a boolean"
        case UInt8(ascii: "n") where hasLiteral("null", at: offset): return "null"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
        case let byte where byte >= 0x20 && byte < 0x7F:
            return "'\(Character(Unicode.Scalar(byte)))'"
        case let byte:
            return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }

    // MARK: - Structure

    /// Skips spaces, tabs and line breaks, counting the line breaks.
    @inline(__always)
    mutating func skipWhitespace() {
        // Most calls are at a token already, or at the one space of `"name" : value`: no call for them.
        if offset < bytes.count, bytes[offset] > 0x20 { return }
        if offset &+ 1 < bytes.count, bytes[offset] == 0x20, bytes[offset &+ 1] > 0x20 {
            offset &+= 1
            return
        }
        skipWhitespaceRun()
    }

    private mutating func skipWhitespaceRun() {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        var position = offset
        while position < count {
            switch base[position] {
            case 0x20:
                // Indentation: up to eight spaces at a time (the run's length is the count of zero bytes at the
                // low end of the word XOR eight spaces; the first byte is a space, so it is at least one).
                if position &+ 8 <= count {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                    let others = word ^ 0x2020_2020_2020_2020
                    position &+= others == 0 ? 8 : others.trailingZeroBitCount &>> 3
                } else {
                    position &+= 1
                }
            case 0x0A:
                if position == 0 || base[position &- 1] != 0x0D { lineBreaks &+= 1 }
                position &+= 1
                lineStart = position
            case 0x0D:
                lineBreaks &+= 1
                position &+= 1
                lineStart = position
            case 0x09: position &+= 1
            default:
                offset = position
                return
            }
        }
        offset = position
    }

    /// The next significant byte, or `nil` at the end.
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return offset < bytes.count ? bytes[offset] : nil
    }

    mutating func expect(_ byte: UInt8, _ what: String) throws(ConversionError) {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == byte else {
            throw error("expected \(what), found \(describeToken(at: offset))", at: offset)
        }
        offset += 1
    }

    /// Walks the members of an object, calling `member` with each key and the key's offset; the scanner is left at
    /// the member's value, which `member` must consume.
    mutating func forEachMember(
        _ member: (inout JSONScanner, String, Int) throws(ConversionError) -> Void
    ) throws(ConversionError) {
        try forEachMemberName { (scanner: inout JSONScanner, name: RawString) throws(ConversionError) in
            try member(&scanner, scanner.string(of: name), name.offset)
        }
    }

    /// How a run of members ended.
    enum MemberRunEnd {
        /// At the object's closing brace, which was consumed.
        case closed
        /// At the comma at the requested offset, which was not consumed.
        case stopped
        /// At a comma past the requested offset: that offset was not between two members of this object.
        case missed
    }

    /// Walks members from the current offset, which must be (after whitespace) at a member name, to the end of the
    /// object, as ``forEachMember(_:)`` does after the opening brace; or, given `stop`, until the comma after a
    /// member is at or past `stop`.
    mutating func forEachRemainingMember(
        stoppingAt stop: Int?,
        _ member: (inout JSONScanner, String, Int) throws(ConversionError) -> Void
    ) throws(ConversionError) -> MemberRunEnd {
        try forEachRemainingMemberName(stoppingAt: stop) {
            (scanner: inout JSONScanner, name: RawString) throws(ConversionError) in
            try member(&scanner, scanner.string(of: name), name.offset)
        }
    }

    /// ``forEachMember(_:)`` with each member's name as a ``RawString``, which is made a `String` only when asked
    /// (``string(of:)``): the reader compares the names it knows by their bytes (``matches(_:_:)``).
    mutating func forEachMemberName(
        _ member: (inout JSONScanner, RawString) throws(ConversionError) -> Void
    ) throws(ConversionError) {
        try expect(UInt8(ascii: "{"), "'{'")
        depth += 1
        if depth > Self.maximumDepth {
            throw error("nesting is deeper than \(Self.maximumDepth) levels", at: offset - 1)
        }
        defer { depth -= 1 }
        if peek() == UInt8(ascii: "}") {
            offset += 1
            return
        }
        _ = try forEachRemainingMemberName(stoppingAt: nil, member)
    }

    /// ``forEachRemainingMember(stoppingAt:_:)`` with each member's name as a ``RawString``.
    mutating func forEachRemainingMemberName(
        stoppingAt stop: Int?,
        _ member: (inout JSONScanner, RawString) throws(ConversionError) -> Void
    ) throws(ConversionError) -> MemberRunEnd {
        while true {
            skipWhitespace()
            memberLine = (lineBreaks, lineStart)
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                throw error("expected a member name in double quotes, found \(describeToken(at: offset))", at: offset)
            }
            let name = try readRawString()
            try expect(UInt8(ascii: ":"), "':' after a member name")
            skipWhitespace()
            try member(&self, name)
            switch peek() {
            case UInt8(ascii: ","):
                if let stop, offset >= stop { return offset == stop ? .stopped : .missed }
                offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                return .closed
            default:
                throw error(
                    "expected ',' or '}' after an object member, found \(describeToken(at: offset))", at: offset)
            }
        }
    }

    mutating func forEachElement(_ element: (inout JSONScanner) throws(ConversionError) -> Void) throws(ConversionError)
    {
        try expect(UInt8(ascii: "["), "'['")
        depth += 1
        if depth > Self.maximumDepth {
            throw error("nesting is deeper than \(Self.maximumDepth) levels", at: offset - 1)
        }
        defer { depth -= 1 }
        if peek() == UInt8(ascii: "]") {
            offset += 1
            return
        }
        while true {
            skipWhitespace()
            try element(&self)
            switch peek() {
            case UInt8(ascii: ","):
                offset += 1
            case UInt8(ascii: "]"):
                offset += 1
                return
            default:
                throw error(
                    "expected ',' or ']' after an array element, found \(describeToken(at: offset))", at: offset)
            }
        }
    }

    // MARK: - Strings read raw

    /// A JSON string read by ``readRawString()``: a member name, or a value the reader compares with known ones.
    struct RawString {
        /// The offset of the string's opening quote.
        let offset: Int
        /// The bytes between the quotes, when they are all ASCII and hold no escape (``made`` is then `nil`).
        let ascii: Range<Int>
        /// The string, when it has an escape or a byte past ASCII: made (decoded and checked) as it is read,
        /// exactly as ``readString()`` makes it.
        let made: String?
    }

    /// Reads a string as ``readString()`` does, without making a `String` of it when it is ASCII without escapes;
    /// the scanner must be at its opening quote.
    ///
    /// Fast path: a string of ASCII bytes without escapes (every member name the model knows) is only delimited;
    /// ASCII is valid UTF-8, so making it later (``string(of:)``) cannot fail. Any other string, or one that is
    /// malformed, is read by ``readString()`` from its quote: the same string, or the same diagnostic
    /// (`JSONScannerMemberNameTests` holds the two equal).
    mutating func readRawString() throws(ConversionError) -> RawString {
        let start = offset
        let contentStart = offset &+ 1
        let count = bytes.count
        if start < count, bytes[start] == UInt8(ascii: "\""), let base = bytes.baseAddress {
            var position = contentStart
            var seen: UInt64 = 0
            while true {
                StringBytes.skipRun(base, from: &position, count: count, seen: &seen)
                guard position < count else { break }
                let byte = base[position]
                if byte == UInt8(ascii: "\""), seen & StringBytes.highBits == 0 {
                    offset = position &+ 1
                    return RawString(offset: start, ascii: contentStart..<position, made: nil)
                }
                // A quote after a byte past ASCII, an escape, a control character or a byte past ASCII.
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
                position &+= 1
            }
        }
        let made = try readString()
        return RawString(offset: start, ascii: contentStart..<contentStart, made: made)
    }

    /// Whether `name` is `literal` (ASCII without escapes), as `==` on the `String`s would tell.
    @inline(__always)
    func matches(_ name: RawString, _ literal: StaticString) -> Bool {
        if let made = name.made { return made == String(describing: literal) }
        let length = literal.utf8CodeUnitCount
        guard name.ascii.count == length, let base = bytes.baseAddress else { return false }
        return memcmp(base + name.ascii.lowerBound, literal.utf8Start, length) == 0
    }

    /// The `String` of `name`.
    func string(of name: RawString) -> String {
        if let made = name.made { return made }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[name.ascii]), as: UTF8.self)
    }

    // MARK: - Scalars

    /// Reads a string value; the scanner must be at its opening quote.
    mutating func readString() throws(ConversionError) -> String {
        let start = offset
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
            throw error("expected a string, found \(describeToken(at: offset))", at: offset)
        }
        offset += 1
        let contentStart = offset
        // Fast path: no escapes. Eight bytes at a time while none of them is `"`, `\` or a control character;
        // `seen` collects every byte so that an all-ASCII string needs no UTF-8 check of its own.
        let count = bytes.count
        var seen: UInt64 = 0
        if let base = bytes.baseAddress {
            while true {
                StringBytes.skipRun(base, from: &offset, count: count, seen: &seen)
                guard offset < count else { break }
                let byte = base[offset]
                if byte == UInt8(ascii: "\"") {
                    let string = try makeString(contentStart..<offset, isASCII: seen & StringBytes.highBits == 0)
                    offset += 1
                    return string
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 {
                    throw error(controlCharacterMessage(byte), at: offset)
                }
                seen |= UInt64(byte)
                offset &+= 1
            }
        }
        guard offset < count else { throw error("unterminated string", at: start) }
        // Slow path: decode escapes into a byte buffer.
        var buffer = [UInt8](bytes[contentStart..<offset])
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return try makeString(buffer, startingAt: contentStart)
            case UInt8(ascii: "\\"):
                try readEscape(into: &buffer)
            case 0..<0x20:
                throw error(controlCharacterMessage(byte), at: offset)
            default:
                buffer.append(byte)
                offset += 1
            }
        }
        throw error("unterminated string", at: start)
    }

    private mutating func readEscape(into buffer: inout [UInt8]) throws(ConversionError) {
        let escapeOffset = offset
        offset += 1
        guard offset < bytes.count else { throw error("unterminated string", at: escapeOffset) }
        let byte = bytes[offset]
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4(escapeOffset)
            if (0xD800..<0xDC00).contains(scalar) {
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
                    bytes[offset + 1] == UInt8(ascii: "u")
                else { throw error("unpaired UTF-16 surrogate in \\u escape", at: escapeOffset) }
                offset += 2
                let low = try readHex4(escapeOffset)
                guard (0xDC00..<0xE000).contains(low) else {
                    throw error("unpaired UTF-16 surrogate in \\u escape", at: escapeOffset)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw error("unpaired UTF-16 surrogate in \\u escape", at: escapeOffset)
            }
            guard let unicodeScalar = Unicode.Scalar(scalar) else {
                throw error("invalid \\u escape", at: escapeOffset)
            }
            buffer.append(contentsOf: String(Character(unicodeScalar)).utf8)
        default:
            throw error("invalid escape sequence '\\\(Character(Unicode.Scalar(byte)))'", at: escapeOffset)
        }
    }

    private mutating func readHex4(_ escapeOffset: Int) throws(ConversionError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw error("invalid \\u escape", at: escapeOffset) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Hexadecimal.digitValue(bytes[offset]) else {
                throw error("invalid \\u escape", at: escapeOffset)
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    /// The string of the bytes in `range`, which hold no escape; `isASCII` says they were all seen to be ASCII.
    private func makeString(_ range: Range<Int>, isASCII: Bool) throws(ConversionError) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        let string = String(decoding: slice, as: UTF8.self)
        // Decoding validates, and replaces what is invalid: the string has the input's bytes exactly when the input
        // is valid UTF-8, which a comparison tells faster than validating once more (`String(validating:)` would
        // cost a generic lookup). Only invalid input is walked again, for the offset.
        if isASCII || Self.hasBytes(string, slice) { return string }
        throw error("invalid UTF-8", at: range.lowerBound + UTF8Validation.firstInvalidOffset(in: slice))
    }

    private static func hasBytes(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard string.utf8.count == bytes.count else { return false }
        let same = string.utf8.withContiguousStorageIfAvailable { stored in
            guard let stored = stored.baseAddress, let bytes = bytes.baseAddress else { return true }
            return memcmp(stored, bytes, string.utf8.count) == 0
        }
        return same ?? string.utf8.elementsEqual(bytes)
    }

    private func makeString(_ buffer: [UInt8], startingAt start: Int) throws(ConversionError) -> String {
        try buffer.withUnsafeBufferPointer { buffer throws(ConversionError) in
            if UTF8Validation.firstInvalidOffset(in: buffer) < buffer.count { throw error("invalid UTF-8", at: start) }
            return String(decoding: buffer, as: UTF8.self)
        }
    }

    /// Reads `true` or `false`.
    mutating func readBool() -> Bool? {
        if matchLiteral("true") { return true }
        if matchLiteral("false") { return false }
        return nil
    }

    mutating func matchLiteral(_ literal: StaticString) -> Bool {
        guard hasLiteral(literal, at: offset) else { return false }
        offset += literal.utf8CodeUnitCount
        return true
    }

    func hasLiteral(_ literal: StaticString, at offset: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        let pointer = literal.utf8Start
        for index in 0..<count where bytes[offset + index] != pointer[index] { return false }
        return true
    }

    /// Reads a number and returns its text.
    mutating func readNumberText() throws(ConversionError) -> String {
        let start = offset
        func digits(_ scanner: inout JSONScanner) -> Int {
            let from = scanner.offset
            while scanner.offset < scanner.bytes.count,
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(scanner.bytes[scanner.offset])
            {
                scanner.offset += 1
            }
            return scanner.offset - from
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let integerStart = offset
        let integerDigits = digits(&self)
        guard integerDigits > 0 else { throw error("invalid number", at: start) }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
            throw error("invalid number: leading zero", at: start)
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits(&self) > 0 else { throw error("invalid number", at: start) }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            guard digits(&self) > 0 else { throw error("invalid number", at: start) }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    }

    /// Reads any value as a ``JSONValue``.
    mutating func readValue() throws(ConversionError) -> JSONValue {
        skipWhitespace()
        guard offset < bytes.count else { throw error("expected a value, found end of file", at: offset) }
        switch bytes[offset] {
        case UInt8(ascii: "\""):
            return .string(try readString())
        case UInt8(ascii: "{"):
            var object = OrderedMap<JSONValue>()
            var keyOffsets: [Int] = []
            try forEachMember { (scanner: inout JSONScanner, key: String, keyOffset: Int) throws(ConversionError) in
                let value = try scanner.readValue()
                if let first = object.appendNew(value, forKey: key) {
                    throw scanner.duplicateKey(key, at: keyOffset, firstAt: keyOffsets[first])
                }
                keyOffsets.append(keyOffset)
            }
            return .object(object)
        case UInt8(ascii: "["):
            var array: [JSONValue] = []
            try forEachElement { (scanner: inout JSONScanner) throws(ConversionError) in
                array.append(try scanner.readValue())
            }
            return .array(array)
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            if let bool = readBool() { return .bool(bool) }
        case UInt8(ascii: "n"):
            if matchLiteral("null") { return .null }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try readNumberText())
        default:
            break
        }
        throw error("expected a value, found \(describeToken(at: offset))", at: offset)
    }

    func duplicateKey(_ key: String, at offset: Int, firstAt firstOffset: Int) -> ConversionError {
        let first = location(at: firstOffset)
        return error(
            "duplicate key \(quoted(key)); first defined at line \(first.line), column \(first.column)", at: offset
        ).identified(.duplicateKey, key: key)
    }
}

private func controlCharacterMessage(_ byte: UInt8) -> String {
    "control character U+\(Hexadecimal.uppercase(byte, digits: 4)) must be escaped in a string"
}

/// Word-at-a-time tests on the bytes of a JSON string.
enum StringBytes {
    static let lowBits: UInt64 = 0x0101_0101_0101_0101
    static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Moves `position` past the bytes of `base` that cannot end a string's run, eight at a time, adding them to
    /// `seen`: to the first byte that is `"`, `\` or a control character (straight to it, the bytes before it being
    /// content), or to where fewer than eight bytes are left before `count`; the caller looks at the bytes from there
    /// one by one.
    @inline(__always)
    static func skipRun(_ base: UnsafePointer<UInt8>, from position: inout Int, count: Int, seen: inout UInt64) {
        while position &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            let ends = runEnds(word)
            if ends == 0 {
                seen |= word
                position &+= 8
                continue
            }
            let skipped = bytesBefore(ends)
            seen |= word & lowBytes(skipped)
            position &+= skipped
            return
        }
    }

    /// Whether one of the eight bytes of `word` may be `"`, `\` or a control character.
    ///
    /// Never wrong when it says no; may say yes for a byte next to one that is (the caller then looks byte by byte).
    @inline(__always)
    static func mayEndRun(_ word: UInt64) -> Bool {
        runEnds(word) != 0
    }

    /// The high bit of each byte of `word` (the bytes in memory order, `word` loaded little-endian) that may be
    /// `"`, `\` or a control character; zero when none is.
    ///
    /// Each test subtracts one from every byte, so a borrow may mark a byte after one that is such a byte, never
    /// one before it: the first byte marked is exact (``bytesBefore(_:)``).
    @inline(__always)
    static func runEnds(_ word: UInt64) -> UInt64 {
        let quote = word ^ (lowBits &* 0x22)
        let backslash = word ^ (lowBits &* 0x5C)
        let hasQuote = (quote &- lowBits) & ~quote
        let hasBackslash = (backslash &- lowBits) & ~backslash
        let hasControl = (word &- lowBits &* 0x20) & ~word
        return (hasQuote | hasBackslash | hasControl) & highBits
    }

    /// The number of bytes before the first one marked in `ends` (not zero), which is `"`, `\` or a control
    /// character.
    @inline(__always)
    static func bytesBefore(_ ends: UInt64) -> Int {
        ends.trailingZeroBitCount &>> 3
    }

    /// The mask of the first `count` bytes (0 to 7) of a word loaded little-endian.
    @inline(__always)
    static func lowBytes(_ count: Int) -> UInt64 {
        (1 &<< UInt64(count &* 8)) &- 1
    }
}

/// Finds where to split a `"strings"` object between entries without parsing it.
struct EntrySplitter {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the object's `{`.
    let objectStart: Int

    /// The offsets of up to `chunks - 1` commas that look like they separate two members of the object, in
    /// increasing order and about evenly spread over the rest of the file; empty when the object's members are
    /// not each on a line of their own.
    func splits(_ chunks: Int) -> [Int] {
        guard chunks > 1, let indent = memberIndent() else { return [] }
        var splits: [Int] = []
        var from = objectStart + 1
        for chunk in 1..<chunks {
            let target = objectStart + (bytes.count - objectStart) / chunks * chunk
            guard let split = commaBeforeMember(from: max(target, from), indent: indent) else { break }
            splits.append(split)
            from = split + 1
        }
        return splits
    }

    /// The whitespace between the last line break before the object's first member and that member's quote.
    func memberIndent() -> Range<Int>? {
        var offset = objectStart + 1
        var lineStart: Int?
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: "\n"): lineStart = offset + 1
            case 0x20, 0x09, 0x0D: break
            case UInt8(ascii: "\""):
                guard let lineStart else { return nil }
                return lineStart..<offset
            default: return nil
            }
            offset += 1
        }
        return nil
    }

    /// The first comma at or after `from` that ends a line whose next line is `indent` and a quote.
    func commaBeforeMember(from: Int, indent: Range<Int>) -> Int? {
        let width = indent.count
        var offset = from
        while offset < bytes.count {
            defer { offset += 1 }
            guard bytes[offset] == UInt8(ascii: "\n") else { continue }
            let memberStart = offset + 1 + width
            guard memberStart < bytes.count, bytes[memberStart] == UInt8(ascii: "\"") else { continue }
            var same = true
            for index in 0..<width where bytes[offset + 1 + index] != bytes[indent.lowerBound + index] {
                same = false
                break
            }
            guard same else { continue }
            var comma = offset - 1
            if comma > objectStart, bytes[comma] == 0x0D { comma -= 1 }
            if comma > objectStart, bytes[comma] == UInt8(ascii: ",") { return comma }
        }
        return nil
    }
}
