import LocalizationCatalog
import StringBridgeSupport

/// The first fast path of ``PropertyListParser``: the nodes read straight from the bytes of a document written as
/// the `.stringsdict` and `.strings` writers (and Xcode) write XML property lists, with no XML parser at all.
///
/// The rule: it reads only documents that ``PropertyListEventReader`` (and so the exact path) reads without a
/// word, and gives the same nodes at the same places. It accepts UTF-8 without a byte order mark, whose texts are
/// well-formed XML characters with no carriage return and no other control character than tab and line feed, and
/// without `]]>`, holding: the declaration `<?xml version="1.0" encoding="UTF-8"?>` or `<?xml version="1.0"?>` or
/// none, the DOCTYPE Apple writes or none, then `<plist version="1.0">` or `<plist>` holding one value; `dict`,
/// `array`, `string`, `integer`, `real`, `true`, `false`, `date` and `data` where a value may be, `key` where a key
/// may be, each without attributes (`<name>`, `</name>`, `<name/>`); text inside `key` and the text elements, with
/// the five predefined entities; spaces, tabs and line feeds between elements. Each element's place is its `<`:
/// the line (line feeds before it, plus one) and the column (the characters before it on its line, plus one), as
/// the XML layer counts them when a document has no carriage return. On anything else it gives up (`nil`): a
/// comment, CDATA, a processing instruction, a character reference, an attribute, other text, another
/// declaration or DOCTYPE, a bare value, nesting past 64 open elements, every structure problem, and a repeated
/// key when the dialect folds it with a warning; the next path reads the document then.
/// `PropertyListFastPathTests` holds it equal to the exact path.
struct PropertyListByteScanner {
    let bytes: [UInt8]
    let dialect: PropertyListDialect

    private static let declarations: [[UInt8]] = [
        Array(#"<?xml version="1.0" encoding="UTF-8"?>"#.utf8), Array(#"<?xml version="1.0"?>"#.utf8),
    ]
    private static let doctype = Array(
        #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#
            .utf8)
    private static let plistStarts: [[UInt8]] = [Array(#"<plist version="1.0">"#.utf8), Array("<plist>".utf8)]
    private static let maximumDepth = 64

    /// An element the scanner reads, by its name.
    private enum Kind: String, CaseIterable {
        case plist, dict, array, string, integer, real, date, data, key
        case yes = "true"
        case no = "false"

        /// Each kind with its name's bytes, looked up as a tag is read.
        private static let names = allCases.map { (bytes: Array($0.rawValue.utf8), kind: $0) }

        /// The kind named by the `count` bytes at `offset` of `bytes`.
        init?(_ bytes: Span<UInt8>, at offset: Int, count: Int) {
            for (name, kind) in Self.names where name.count == count {
                if name.withSpan({ bytes.bytesEqual(at: offset, $0, at: 0, count: count) }) {
                    self = kind
                    return
                }
            }
            return nil
        }
    }

    /// An open container.
    private struct Frame {
        var kind: Kind
        var location: TextPosition
        /// The items so far, for an array (and the value, for `<plist>`).
        var items: [PropertyListNode] = []
        /// The members so far, for a dictionary.
        var members: MemberCollector?
        /// The key waiting for its value, for a dictionary.
        var key: (text: String, location: TextPosition)?
    }

    /// The document's value, or `nil` when another path must read it.
    func document() -> PropertyListNode? {
        // Valid UTF-8 throughout: each text is then made without a second check.
        guard UTF8Validation.firstInvalidOffset(in: bytes) == bytes.count else { return nil }
        var scan = Scan(bytes: bytes)
        return scan.document(dialect: dialect)
    }

    /// How ``Scan`` looks at each byte of a text: 1 ends it (`<`), 2 starts an entity (`&`), 3 needs a closer look
    /// (a control character other than tab and line feed, the first byte of U+FFFE and U+FFFF, `]`), 4 is a line
    /// feed (counted); 0 is text.
    private static let textBytes = ByteTable { byte in
        switch byte {
        case UInt8(ascii: "<"): 1
        case UInt8(ascii: "&"): 2
        case 0x0A: 4
        case 0x09: 0
        case 0..<0x20, 0xEF, UInt8(ascii: "]"): 3
        default: 0
        }
    }

    /// The scan itself: where it is, and the line and column counted so far.
    ///
    /// Line feeds are counted as the scan passes them (only whitespace between elements and texts hold any: the
    /// markup it accepts is ASCII names and the fixed declaration and DOCTYPE), so no byte is looked at twice for
    /// the places of elements.
    private struct Scan {
        let bytes: [UInt8]
        var offset = 0
        /// The line the scan is on, and where it starts.
        var line = 1
        var lineStart = 0
        /// The last column worked out, and where: the next on the same line is counted on from there.
        var columnOffset = 0
        var column = 1

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func document(dialect: PropertyListDialect) -> PropertyListNode? {
            if let declaration = PropertyListByteScanner.declarations.first(where: { starts(with: $0) }) {
                offset += declaration.count
            }
            skipWhitespace()
            if starts(with: PropertyListByteScanner.doctype) {
                offset += PropertyListByteScanner.doctype.count
                skipWhitespace()
            }
            guard let plist = PropertyListByteScanner.plistStarts.first(where: { starts(with: $0) }) else { return nil }
            var frames = [Frame(kind: .plist, location: position(of: offset))]
            offset += plist.count
            while true {
                skipWhitespace()
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "<") else { return nil }
                if bytes[offset + 1] == UInt8(ascii: "/") {
                    // The end of the innermost container.
                    guard let frame = frames.popLast(), endTag(frame.kind) else { return nil }
                    let value: PropertyListNode.Value
                    switch frame.kind {
                    case .plist:
                        guard frame.items.count == 1 else { return nil }
                        skipWhitespace()
                        return offset == bytes.count ? frame.items[0] : nil
                    case .array: value = .array(frame.items)
                    case .dict:
                        guard frame.key == nil, let members = frame.members else { return nil }
                        value = .dictionary(members.members)
                    default: return nil
                    }
                    guard add(PropertyListNode(value: value, location: frame.location), to: &frames) else {
                        return nil
                    }
                    continue
                }
                let location = position(of: offset)
                guard let (kind, isEmpty) = startTag(), !frames.isEmpty else { return nil }
                // What the parent takes here (read in place: a copy of the frame retains all it holds).
                let parent = frames.count - 1
                switch frames[parent].kind {
                case .plist: guard frames[parent].items.isEmpty, kind != .key, kind != .plist else { return nil }
                case .array: guard kind != .key, kind != .plist else { return nil }
                case .dict:
                    if case .none = frames[parent].key {
                        guard kind == .key else { return nil }
                    } else {
                        guard kind != .key, kind != .plist else { return nil }
                    }
                default: return nil
                }
                let value: PropertyListNode.Value
                switch kind {
                case .dict, .array:
                    if isEmpty {
                        value = kind == .dict ? .dictionary([]) : .array([])
                    } else {
                        guard frames.count < PropertyListByteScanner.maximumDepth else { return nil }
                        var frame = Frame(kind: kind, location: location)
                        if kind == .dict {
                            frame.members = MemberCollector(folds: dialect.foldsRepeatedKeys, capacity: 8)
                        }
                        frames.append(frame)
                        continue
                    }
                case .yes, .no:
                    guard isEmpty || endTag(kind) else { return nil }
                    value = .boolean(kind == .yes)
                case .key:
                    guard let text = isEmpty ? "" : text(endingWith: kind) else { return nil }
                    frames[frames.count - 1].key = (text, location)
                    continue
                case .string, .integer, .real, .date, .data:
                    guard let text = isEmpty ? "" : text(endingWith: kind) else { return nil }
                    switch kind {
                    case .string: value = .string(text)
                    case .integer: value = .integer(PropertyListParser.trimmed(text))
                    case .real: value = .real(PropertyListParser.trimmed(text))
                    case .date: value = .date(PropertyListParser.trimmed(text))
                    default: value = .data(text)
                    }
                case .plist: return nil
                }
                guard add(PropertyListNode(value: value, location: location), to: &frames) else { return nil }
            }
        }

        /// Adds a finished value to the innermost container; `false` where the fast path gives up.
        private func add(_ node: PropertyListNode, to frames: inout [Frame]) -> Bool {
            let last = frames.count - 1
            guard last >= 0 else { return false }
            switch frames[last].kind {
            case .dict:
                guard let key = frames[last].key else { return false }
                frames[last].key = nil
                let member = PropertyListNode.Member(key: key.text, keyLocation: key.location, value: node)
                // A folded repeated key comes with a warning: the exact path gives it.
                return frames[last].members?.add(member) == nil
            case .array, .plist:
                frames[last].items.append(node)
                return true
            default: return false
            }
        }

        private func starts(with prefix: [UInt8]) -> Bool {
            guard bytes.count - offset >= prefix.count else { return false }
            return bytes[offset..<offset + prefix.count].elementsEqual(prefix)
        }

        private mutating func skipWhitespace() {
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == 0x0A {
                    line += 1
                    lineStart = offset + 1
                } else if byte != 0x20 && byte != 0x09 {
                    return
                }
                offset += 1
            }
        }

        /// `<name>` or `<name/>` at `offset` (known to be `<` followed by more): the element and whether it is
        /// empty; the scan moves past it.
        private mutating func startTag() -> (Kind, isEmpty: Bool)? {
            var end = offset + 1
            while end < bytes.count, bytes[end] >= UInt8(ascii: "a"), bytes[end] <= UInt8(ascii: "z") { end += 1 }
            guard end < bytes.count, let kind = bytes.withSpan({ Kind($0, at: offset + 1, count: end - offset - 1) })
            else { return nil }
            if bytes[end] == UInt8(ascii: ">") {
                offset = end + 1
                return (kind, false)
            }
            guard bytes[end] == UInt8(ascii: "/"), end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: ">") else {
                return nil
            }
            offset = end + 2
            return (kind, true)
        }

        /// Whether `</name>` is at `offset`; the scan moves past it.
        private mutating func endTag(_ kind: Kind) -> Bool {
            let name = kind.rawValue
            let length = name.utf8.count
            let end = offset + 2 + length
            guard end < bytes.count, bytes[offset] == UInt8(ascii: "<"), bytes[offset + 1] == UInt8(ascii: "/"),
                bytes[end] == UInt8(ascii: ">"),
                bytes.withSpan({ bytes in
                    name.withUTF8Span { bytes.bytesEqual(at: offset + 2, $0, at: 0, count: length) }
                })
            else { return false }
            offset = end + 1
            return true
        }

        /// The text of an element up to its end tag, entities replaced.
        ///
        /// `nil` when anything else comes first (an element, a comment, CDATA, an entity other than the five
        /// predefined ones) or a byte is no part of a well-formed XML character (a control character other than
        /// tab and line feed, U+FFFE, U+FFFF) or of `]]>`. The document is valid UTF-8 (``document()`` checks it)
        /// and its markup is checked byte for byte against ASCII, so texts are all there is to check.
        private mutating func text(endingWith kind: Kind) -> String? {
            let start = offset
            var hasEntity = false
            let count = bytes.count
            let textBytes = PropertyListByteScanner.textBytes
            scan: while offset < count {
                switch textBytes[bytes[offset]] {
                case 0: break
                case 1: break scan
                case 2: hasEntity = true
                case 4:
                    line += 1
                    lineStart = offset + 1
                default:
                    let byte = bytes[offset]
                    guard byte >= 0x20, offset + 2 < count else { return nil }
                    if byte == 0xEF {
                        if bytes[offset + 1] == 0xBF, bytes[offset + 2] == 0xBE || bytes[offset + 2] == 0xBF {
                            return nil
                        }
                    } else if bytes[offset + 1] == UInt8(ascii: "]"), bytes[offset + 2] == UInt8(ascii: ">") {
                        return nil
                    }
                }
                offset += 1
            }
            let end = offset
            guard endTag(kind) else { return nil }
            guard hasEntity else { return String(decoding: bytes[start..<end], as: UTF8.self) }
            var decoded: [UInt8] = []
            decoded.reserveCapacity(end - start)
            var index = start
            while index < end {
                let byte = bytes[index]
                guard byte == UInt8(ascii: "&") else {
                    decoded.append(byte)
                    index += 1
                    continue
                }
                guard let semicolon = bytes[index..<end].firstIndex(of: UInt8(ascii: ";")) else { return nil }
                let name = bytes[(index + 1)..<semicolon]
                if name.elementsEqual("amp".utf8) {
                    decoded.append(UInt8(ascii: "&"))
                } else if name.elementsEqual("lt".utf8) {
                    decoded.append(UInt8(ascii: "<"))
                } else if name.elementsEqual("gt".utf8) {
                    decoded.append(UInt8(ascii: ">"))
                } else if name.elementsEqual("quot".utf8) {
                    decoded.append(UInt8(ascii: "\""))
                } else if name.elementsEqual("apos".utf8) {
                    decoded.append(UInt8(ascii: "'"))
                } else {
                    return nil
                }
                index = semicolon + 1
            }
            return String(decoding: decoded, as: UTF8.self)
        }

        /// The line and column of the byte at `target` (at or after every place asked before, on the line the scan
        /// is on).
        private mutating func position(of target: Int) -> TextPosition {
            if columnOffset < lineStart {
                columnOffset = lineStart
                column = 1
            }
            while columnOffset < target {
                // A character is counted at its first byte.
                if bytes[columnOffset] & 0xC0 != 0x80 { column += 1 }
                columnOffset += 1
            }
            return TextPosition(line: line, column: column)
        }
    }
}
