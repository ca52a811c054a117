/// Finds the layout facts the XML tree does not keep: the bytes before the root element and after it.
///
/// The bytes are any random-access collection indexed from 0 (the reader passes the document in place).
enum XLIFFLayoutReading {
    /// The text before the root element, when it is only a UTF-8 XML declaration (optionally after a UTF-8
    /// byte-order mark) and whitespace; `nil` otherwise (UTF-16, a DOCTYPE or comments before the root), which
    /// means "write Xcode's declaration".
    static func prolog<Bytes: RandomAccessCollection<UInt8>>(of bytes: Bytes) -> String? where Bytes.Index == Int {
        var index = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        if bytes[index...].starts(with: Array("<?xml".utf8)) {
            guard let end = firstIndex(of: Array("?>".utf8), in: bytes, from: index) else { return nil }
            let declaration = String(decoding: bytes[index..<end], as: UTF8.self)
            if let encoding = pseudoAttribute("encoding", in: declaration), encoding.lowercased() != "utf-8" {
                return nil
            }
            index = end + 2
        }
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "<"),
            bytes[index + 1] != UInt8(ascii: "!"), bytes[index + 1] != UInt8(ascii: "?")
        else { return nil }
        return String(decoding: bytes[..<index], as: UTF8.self)
    }

    /// The whitespace after the last `>` of the document (`"\n"` in Xcode's output), in UTF-8 or, after a
    /// byte-order mark, UTF-16.
    static func trailer<Bytes: RandomAccessCollection<UInt8>>(of bytes: Bytes) -> String where Bytes.Index == Int {
        if bytes.count >= 2, bytes.count % 2 == 0 {
            let unitOffset: Int?
            switch (bytes[0], bytes[1]) {
            case (0xFE, 0xFF): unitOffset = 1  // big endian: the low byte is the second of each pair
            case (0xFF, 0xFE): unitOffset = 0
            default: unitOffset = nil
            }
            if let unitOffset {
                var result: [UInt8] = []
                var index = bytes.count - 2
                while index >= 2, bytes[index + 1 - unitOffset] == 0, isSpace(bytes[index + unitOffset]) {
                    result.append(bytes[index + unitOffset])
                    index -= 2
                }
                return String(decoding: result.reversed(), as: UTF8.self)
            }
        }
        var index = bytes.count
        while index > 0, isSpace(bytes[index - 1]) { index -= 1 }
        return String(decoding: bytes[index...], as: UTF8.self)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
            || byte == UInt8(ascii: "\r")
    }

    private static func firstIndex<Bytes: RandomAccessCollection<UInt8>>(
        of needle: [UInt8], in bytes: Bytes, from start: Int
    ) -> Int? where Bytes.Index == Int {
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// The value of `name="…"` or `name='…'` inside an XML declaration.
    private static func pseudoAttribute(_ name: String, in declaration: String) -> String? {
        guard let nameRange = declaration.range(of: name + "=") else { return nil }
        let rest = declaration[nameRange.upperBound...]
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst()
        guard let end = value.firstIndex(of: quote) else { return nil }
        return String(value[..<end])
    }
}
