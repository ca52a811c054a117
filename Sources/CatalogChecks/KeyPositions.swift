import LocalizationCatalog

/// Where each key of a file is written, found by one cheap scan of the bytes (the readers keep no positions for
/// `.xcstrings` and `.strings` entries).
///
/// - A String Catalog: the member names of the object that is the value of the top-level `"strings"` member, their
///   JSON escapes decoded; the position is the name's opening quote.
/// - A `.strings` file: the first token of each `key = value;` statement (quoted or not, comments skipped), its
///   escapes decoded; UTF-16 files are scanned as UTF-8 after conversion (columns count scalars, so they agree).
///   A key written twice is placed at its last statement, the one whose value Foundation (and every reader) uses.
/// A key the scan misses (an XML property list `.strings`) is placed at the file's first line.
package struct KeyPositions: Sendable {
    package let file: String
    private var offsets: [String: Int] = [:]
    private var lineStarts: [Int] = [0]
    private let bytes: [UInt8]

    /// The positions of the keys of a String Catalog.
    package static func catalog(file: String, bytes: [UInt8]) -> KeyPositions {
        var result = KeyPositions(file: file, bytes: bytes)
        result.scanCatalog()
        return result
    }

    /// The positions of the keys of a `.strings` file.
    package static func strings(file: String, bytes: [UInt8]) -> KeyPositions {
        var result = KeyPositions(file: file, bytes: utf8(bytes))
        result.scanStrings()
        return result
    }

    private init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(index + 1) }
    }

    /// Where `key` is, or the file's start.
    package func position(of key: String) -> KeyPosition {
        guard let offset = offsets[key] else { return KeyPosition(file: file) }
        return position(atOffset: offset)
    }

    /// The 1-based line and column of a byte offset.
    package func position(atOffset offset: Int) -> KeyPosition {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        var index = lineStarts[low]
        while index < offset, index < bytes.count {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return KeyPosition(file: file, line: low + 1, column: column)
    }

    // MARK: - String Catalogs

    private mutating func scanCatalog() {
        // Containers open at each depth: `true` for an object.
        var objects: [Bool] = []
        var expectingName = false
        var stringsObjectDepth = -1
        var pendingStrings = false
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"):
                objects.append(true)
                if pendingStrings, objects.count == 2 { stringsObjectDepth = 2 }
                pendingStrings = false
                expectingName = true
                index += 1
            case UInt8(ascii: "["):
                objects.append(false)
                pendingStrings = false
                expectingName = false
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if objects.count == stringsObjectDepth { stringsObjectDepth = -1 }
                if !objects.isEmpty { objects.removeLast() }
                expectingName = false
                index += 1
            case UInt8(ascii: ","):
                expectingName = objects.last ?? false
                index += 1
            case UInt8(ascii: "\""):
                let start = index
                let (end, hasEscape) = Self.endOfString(bytes, from: index)
                if expectingName {
                    if objects.count == 1 {
                        pendingStrings =
                            !hasEscape && end - start == 9 && bytes[start + 1..<end - 1].elementsEqual("strings".utf8)
                    } else if objects.count == stringsObjectDepth {
                        let name =
                            hasEscape
                            ? Self.decodeJSON(bytes[start + 1..<end - 1])
                            : String(decoding: bytes[start + 1..<end - 1], as: UTF8.self)
                        if offsets[name] == nil { offsets[name] = start }
                    }
                } else {
                    pendingStrings = false
                }
                expectingName = false
                index = end
            default:
                index += 1
            }
        }
    }

    /// The offset after the string starting at `start` (its quote), and whether it holds a backslash.
    private static func endOfString(_ bytes: [UInt8], from start: Int) -> (Int, Bool) {
        var index = start + 1
        var hasEscape = false
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                hasEscape = true
                index += 2
            case UInt8(ascii: "\""):
                return (index + 1, hasEscape)
            default:
                index += 1
            }
        }
        return (bytes.count, hasEscape)
    }

    private static func hexValue(_ bytes: ArraySlice<UInt8>, _ index: Int, _ digits: Int) -> UInt32? {
        guard index + digits <= bytes.endIndex else { return nil }
        var value: UInt32 = 0
        for byte in bytes[index..<index + digits] {
            guard let digit = hexDigit(byte) else { return nil }
            value = value * 16 + digit
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// The text of a JSON string's content (between the quotes).
    private static func decodeJSON(_ bytes: ArraySlice<UInt8>) -> String {
        var units: [UInt16] = []
        var index = bytes.startIndex
        var text = ""
        func flush() {
            if !units.isEmpty {
                text += String(decoding: units, as: UTF16.self)
                units.removeAll()
            }
        }
        var plainStart = index
        while index < bytes.endIndex {
            guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.endIndex else {
                index += 1
                continue
            }
            if plainStart < index {
                flush()
                text += String(decoding: bytes[plainStart..<index], as: UTF8.self)
            }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "n"): units.append(0x0A)
            case UInt8(ascii: "t"): units.append(0x09)
            case UInt8(ascii: "r"): units.append(0x0D)
            case UInt8(ascii: "b"): units.append(0x08)
            case UInt8(ascii: "f"): units.append(0x0C)
            case UInt8(ascii: "u"):
                if let value = hexValue(bytes, index, 4) {
                    units.append(UInt16(value))
                    index += 4
                }
            default: units.append(UInt16(escape))
            }
            plainStart = index
        }
        flush()
        if plainStart < bytes.endIndex { text += String(decoding: bytes[plainStart...], as: UTF8.self) }
        return text
    }

    // MARK: - .strings

    /// UTF-16 (with or without a byte-order mark, as the `.strings` reader accepts) converted to UTF-8.
    private static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 2 else { return bytes }
        var littleEndian: Bool?
        var start = 0
        if bytes[0] == 0xFF, bytes[1] == 0xFE {
            littleEndian = true
            start = 2
        } else if bytes[0] == 0xFE, bytes[1] == 0xFF {
            littleEndian = false
            start = 2
        } else if bytes[0] != 0, bytes[1] == 0 {
            littleEndian = true
        } else if bytes[0] == 0, bytes[1] != 0 {
            littleEndian = false
        }
        guard let littleEndian else { return bytes }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = start
        while index + 1 < bytes.count {
            let pair = littleEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(UInt16(pair.0) | UInt16(pair.1) << 8)
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    private mutating func scanStrings() {
        var index = 0
        var expectingKey = true
        let count = bytes.count
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                index += 2
                continue
            }
            if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            }
            switch byte {
            case UInt8(ascii: ";"):
                expectingKey = true
                index += 1
            case UInt8(ascii: "\""):
                let start = index
                let (end, hasEscape) = Self.endOfString(bytes, from: index)
                if expectingKey {
                    let content = bytes[start + 1..<max(start + 1, end - 1)]
                    let key = hasEscape ? Self.decodeStrings(content) : String(decoding: content, as: UTF8.self)
                    offsets[key] = start
                    expectingKey = false
                }
                index = end
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "="),
                UInt8(ascii: "{"), UInt8(ascii: "}"):
                index += 1
            default:
                let start = index
                while index < count, Self.isUnquoted(bytes[index]) { index += 1 }
                if index == start {
                    index += 1
                } else if expectingKey {
                    let key = String(decoding: bytes[start..<index], as: UTF8.self)
                    offsets[key] = start
                    expectingKey = false
                }
            }
        }
    }

    private static func isUnquoted(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "$"),
            UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "-"):
            true
        default: byte >= 0x80
        }
    }

    /// The text of a `.strings` quoted string's content: `\n \t \r \" \\ \UXXXX` and octal escapes.
    private static func decodeStrings(_ bytes: ArraySlice<UInt8>) -> String {
        var units: [UInt16] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < bytes.endIndex else {
                // Plain bytes: decode the run up to the next backslash.
                var end = index
                while end < bytes.endIndex, bytes[end] != UInt8(ascii: "\\") || end + 1 == bytes.endIndex { end += 1 }
                units += Array(String(decoding: bytes[index..<end], as: UTF8.self).utf16)
                index = end
                continue
            }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "n"): units.append(0x0A)
            case UInt8(ascii: "t"): units.append(0x09)
            case UInt8(ascii: "r"): units.append(0x0D)
            case UInt8(ascii: "a"): units.append(0x07)
            case UInt8(ascii: "b"): units.append(0x08)
            case UInt8(ascii: "f"): units.append(0x0C)
            case UInt8(ascii: "v"): units.append(0x0B)
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                if let value = hexValue(bytes, index, 4) {
                    units.append(UInt16(value))
                    index += 4
                }
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt16(escape - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, index < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index])
                {
                    value = value * 8 + UInt16(bytes[index] - UInt8(ascii: "0"))
                    index += 1
                    digits += 1
                }
                units.append(value)
            default: units.append(UInt16(escape))
            }
        }
        return String(decoding: units, as: UTF16.self)
    }
}
