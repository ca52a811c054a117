import XMLSupport

/// Finds where stray text sits in a well-formed document, for error messages: the XML tree gives elements a
/// position but not text.
///
/// Only used on the error path, so it rescans the bytes from the start of the element.
struct TextLocator {
    private let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The 1-based line and column (in characters) of the first non-whitespace character data directly inside
    /// `element` (a CDATA section counts from its `<`); the element's own position if none is found.
    func firstText(in element: XMLElementNode) -> (line: Int, column: Int) {
        guard let start = offset(line: element.line, column: element.column),
            var index = endOfTag(from: start)
        else { return (element.line, element.column) }
        if bytes[index - 2] == UInt8(ascii: "/") { return (element.line, element.column) }
        var depth = 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte != UInt8(ascii: "<") {
                if depth == 1 && !Self.isSpace(byte) { return position(of: index) }
                index += 1
                continue
            }
            if matches("<!--", at: index) {
                index = end(of: "-->", from: index + 4)
            } else if matches("<![CDATA[", at: index) {
                let close = end(of: "]]>", from: index + 9)
                let content = bytes[min(index + 9, close)..<max(index + 9, close - 3)]
                if depth == 1 && !content.allSatisfy(Self.isSpace) { return position(of: index) }
                index = close
            } else if matches("<?", at: index) {
                index = end(of: "?>", from: index + 2)
            } else if matches("</", at: index) {
                depth -= 1
                if depth == 0 { break }
                index = end(of: ">", from: index + 2)
            } else {
                guard let after = endOfTag(from: index) else { break }
                if bytes[after - 2] != UInt8(ascii: "/") { depth += 1 }
                index = after
            }
        }
        return (element.line, element.column)
    }

    /// The byte offset of a 1-based line and character column.
    private func offset(line: Int, column: Int) -> Int? {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var currentLine = 1
        while currentLine < line {
            guard let newline = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            index = newline + 1
            currentLine += 1
        }
        var characters = 1
        while characters < column, index < bytes.count {
            index += 1
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            characters += 1
        }
        return index < bytes.count && bytes[index] == UInt8(ascii: "<") ? index : nil
    }

    /// The offset just past the `>` that ends the tag starting at `start`, skipping quoted attribute values.
    private func endOfTag(from start: Int) -> Int? {
        var quote: UInt8?
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return index + 1
            }
            index += 1
        }
        return nil
    }

    private func matches(_ literal: StaticString, at index: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for position in 0..<count where bytes[index + position] != literal.utf8Start[position] { return false }
        return true
    }

    /// The offset just past the next `literal` at or after `start` (the end of the bytes if there is none).
    private func end(of literal: StaticString, from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            if matches(literal, at: index) { return index + literal.utf8CodeUnitCount }
            index += 1
        }
        return bytes.count
    }

    private func position(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for index in lineStart..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let column = bytes[lineStart..<offset].reduce(1) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
        return (line, column)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
