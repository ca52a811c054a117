import LocalizationCatalog

/// A strict RFC 8259 JSON scanner over UTF-8 bytes, with byte offsets for diagnostics.
///
/// It is a pull scanner rather than a tree builder: the catalog reader asks for the value it expects at each
/// place, so a 30 MB catalog becomes model values directly, without an intermediate JSON tree.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let path: String
    var offset: Int = 0
    var depth: Int = 0

    /// Deeper nesting than this is refused instead of risking the stack.
    static let maximumDepth = 512

    init(bytes: UnsafeBufferPointer<UInt8>, path: String) {
        self.bytes = bytes
        self.path = path
    }

    // MARK: - Errors

    func location(at offset: Int) -> FileLocation {
        FileLocation(path: path, bytes: bytes, offset: offset)
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
        case UInt8(ascii: "t") where hasLiteral("true", at: offset), UInt8(ascii: "f") where hasLiteral("false", at: offset):
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

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
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
        try expect(UInt8(ascii: "{"), "'{'")
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting is deeper than \(Self.maximumDepth) levels", at: offset - 1) }
        defer { depth -= 1 }
        if peek() == UInt8(ascii: "}") {
            offset += 1
            return
        }
        while true {
            skipWhitespace()
            let keyOffset = offset
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                throw error("expected a member name in double quotes, found \(describeToken(at: offset))", at: offset)
            }
            let key = try readString()
            try expect(UInt8(ascii: ":"), "':' after a member name")
            skipWhitespace()
            try member(&self, key, keyOffset)
            switch peek() {
            case UInt8(ascii: ","):
                offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                return
            default:
                throw error("expected ',' or '}' after an object member, found \(describeToken(at: offset))", at: offset)
            }
        }
    }

    mutating func forEachElement(_ element: (inout JSONScanner) throws(ConversionError) -> Void) throws(ConversionError) {
        try expect(UInt8(ascii: "["), "'['")
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting is deeper than \(Self.maximumDepth) levels", at: offset - 1) }
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
                throw error("expected ',' or ']' after an array element, found \(describeToken(at: offset))", at: offset)
            }
        }
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
        // Fast path: no escapes.
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let string = try makeString(contentStart..<offset)
                offset += 1
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character U+00\(hex2(byte)) must be escaped in a string", at: offset) }
            offset += 1
        }
        guard offset < bytes.count else { throw error("unterminated string", at: start) }
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
                throw error("control character U+00\(hex2(byte)) must be escaped in a string", at: offset)
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
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
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
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid \\u escape", at: escapeOffset)
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    private func makeString(_ range: Range<Int>) throws(ConversionError) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        if let string = String(validating: slice, as: UTF8.self) { return string }
        throw error("invalid UTF-8", at: range.lowerBound + firstInvalidUTF8(slice))
    }

    private func makeString(_ buffer: [UInt8], startingAt start: Int) throws(ConversionError) -> String {
        if let string = String(validating: buffer, as: UTF8.self) { return string }
        throw error("invalid UTF-8", at: start)
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
        return error("duplicate key \(quoted(key)); first defined at line \(first.line), column \(first.column)", at: offset)
    }
}

/// `"key"` with control characters and quotes escaped, for messages.
func quoted(_ key: String) -> String {
    Diagnostic.quoted(key)
}

private func hex2(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
}

/// The offset of the first byte that makes `bytes` invalid UTF-8.
private func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var index = 0
    while index < bytes.count {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0..<0x80: length = 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return index
        }
        guard index + length <= bytes.count else { return index }
        if length > 1 {
            let sequence = UnsafeBufferPointer(rebasing: bytes[index..<index + length])
            if String(validating: sequence, as: UTF8.self) == nil { return index }
        }
        index += length
    }
    return index
}
