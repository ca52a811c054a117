import LocalizationCatalog
import StringBridgeSupport

/// A `project.pbxproj` as read: its bytes, its values with their byte ranges, and its objects by id.
///
/// This is the one reader of old-style (OpenStep) property lists for project files: `sync` and `export` read
/// targets with it, `migrate` edits through it (``ProjectFileEditor``). Nesting is limited to
/// ``InputLimits/nesting`` levels before the reader recurses, so a hostile file gives a positioned error rather than
/// a crash; reading is linear in the file's size.
package struct ProjectFile: Sendable {
    /// The file's path, for diagnostics.
    package var path: String
    /// The file's bytes.
    package var bytes: [UInt8]
    /// The top-level dictionary.
    package var root: ProjectValue
    /// The objects of the `objects` dictionary, in file order.
    package var objects: [ProjectObject]
    /// The `objects` dictionary itself.
    package var objectsValue: ProjectValue?
    /// The block comments between the members of `objects` (`/* Begin PBXBuildFile section */`), in order.
    package var sectionComments: [(text: String, range: Range<Int>)]
    private var index: [String: Int]
    /// The offset where each line starts (after a CR, or an LF not after one), for ``location(_:)``.
    private var lineStarts: [Int]

    /// Reads `bytes`.
    /// - Throws: ``ConversionError`` at the place of the problem (`path:line:column`) when the file is not an
    ///   old-style property list or nests deeper than ``InputLimits/nesting``.
    package init(path: String, bytes: [UInt8]) throws {
        var parser = OpenStepParser(bytes: bytes, path: path)
        let root = try parser.document()
        self.path = path
        self.bytes = bytes
        self.root = root
        self.sectionComments = parser.sectionComments
        let objectsValue = root["objects"]
        self.objectsValue = objectsValue
        var objects: [ProjectObject] = []
        var index: [String: Int] = [:]
        for member in objectsValue?.members ?? [] where member.value.isDictionary {
            if index[member.key] == nil { index[member.key] = objects.count }
            objects.append(
                ProjectObject(
                    id: member.key, isa: member.value["isa"]?.string ?? "", value: member.value, range: member.range))
        }
        self.objects = objects
        self.index = index
        var lineStarts = [0]
        for (offset, byte) in bytes.enumerated()
        where byte == 0x0D || (byte == 0x0A && (offset == 0 || bytes[offset - 1] != 0x0D)) {
            lineStarts.append(offset + 1)
        }
        self.lineStarts = lineStarts
    }

    /// The object with this id (the first, should the file repeat one).
    package func object(_ id: String) -> ProjectObject? {
        index[id].map { objects[$0] }
    }

    /// Whether an object has this id.
    package func contains(_ id: String) -> Bool { index[id] != nil }

    /// The project object (`rootObject`).
    package var rootObject: ProjectObject? {
        root["rootObject"]?.string.flatMap(object)
    }

    /// The place of byte `offset`, for diagnostics: lines as ``FileLocation`` counts them, columns in scalars;
    /// a binary search of the line starts, so that many places of one large file cost little.
    package func location(_ offset: Int) -> FileLocation {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var start = lineStarts[low]
        // The LF of a CR LF starts no line of its own, and takes no column.
        if start < offset, bytes[start] == 0x0A, start > 0, bytes[start - 1] == 0x0D { start += 1 }
        let column = 1 + bytes[start..<min(max(offset, start), bytes.count)].filter { $0 & 0xC0 != 0x80 }.count
        return FileLocation(path: path, line: low + 1, column: column)
    }
}

/// Reads an old-style property list: `{ key = value; }`, `( a, b, )`, quoted and bare strings, `//` and `/* */`
/// comments, keeping each value's byte range.
struct OpenStepParser {
    private let bytes: [UInt8]
    private let path: String
    private var index = 0
    /// Block comments met where a key of the second-level dictionary (`objects`) was expected.
    private(set) var sectionComments: [(text: String, range: Range<Int>)] = []

    init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    /// The whole text: one value, then nothing but comments and white space.
    mutating func document() throws -> ProjectValue {
        let value = try self.value(depth: 0)
        skipSpace()
        guard index == bytes.count else { throw error("unexpected text after the end of the project file") }
        return value
    }

    private func error(_ message: String, at offset: Int? = nil) -> ConversionError {
        ConversionError(message, at: FileLocation(path: path, bytes: bytes, offset: offset ?? index))
    }

    /// Skips white space and comments; records block comments when `recording`.
    private mutating func skipSpace(recording: Bool = false) {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                let start = index
                index += 2
                while index + 1 < bytes.count,
                    !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    index += 1
                }
                index = min(index + 2, bytes.count)
                if recording {
                    let text = String(decoding: bytes[min(start + 2, index)..<max(start + 2, index - 2)], as: UTF8.self)
                    sectionComments.append((text: text, range: start..<index))
                }
            } else {
                return
            }
        }
    }

    private mutating func expect(_ byte: UInt8) throws {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else {
            throw error("expected '\(Character(Unicode.Scalar(byte)))' in project file")
        }
        index += 1
    }

    private mutating func value(depth: Int) throws -> ProjectValue {
        skipSpace()
        guard index < bytes.count else { throw error("unexpected end of project file") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "("):
            // The limit comes before the recursion: a file nested 70,000 deep is refused at its 513th level.
            guard depth < InputLimits.nesting else {
                throw error(
                    "the project file nests arrays and dictionaries deeper than \(InputLimits.nesting) levels; "
                        + "it is not read")
            }
            if bytes[index] == UInt8(ascii: "{") {
                index += 1
                var members: [ProjectMember] = []
                while true {
                    skipSpace(recording: depth == 1)
                    guard index < bytes.count else { throw error("unexpected end of project file") }
                    if bytes[index] == UInt8(ascii: "}") {
                        index += 1
                        return ProjectValue(kind: .dictionary(members), range: start..<index)
                    }
                    let keyStart = index
                    let key = try string()
                    try expect(UInt8(ascii: "="))
                    let value = try value(depth: depth + 1)
                    try expect(UInt8(ascii: ";"))
                    members.append(ProjectMember(key: key, value: value, range: keyStart..<index))
                }
            }
            index += 1
            var elements: [ProjectValue] = []
            while true {
                skipSpace()
                guard index < bytes.count else { throw error("unexpected end of project file") }
                if bytes[index] == UInt8(ascii: ")") {
                    index += 1
                    return ProjectValue(kind: .array(elements), range: start..<index)
                }
                elements.append(try value(depth: depth + 1))
                skipSpace()
                guard index < bytes.count else { throw error("unexpected end of project file") }
                if bytes[index] == UInt8(ascii: ",") { index += 1 }
            }
        default:
            let text = try string()
            return ProjectValue(kind: .string(text), range: start..<index)
        }
    }

    private mutating func string() throws -> String {
        skipSpace()
        guard index < bytes.count else { throw error("unexpected end of project file") }
        if bytes[index] == UInt8(ascii: "\"") {
            let start = index
            index += 1
            var result: [UInt8] = []
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    index += 1
                    switch bytes[index] {
                    case UInt8(ascii: "n"): result.append(0x0A)
                    case UInt8(ascii: "t"): result.append(0x09)
                    case UInt8(ascii: "r"): result.append(0x0D)
                    default: result.append(bytes[index])
                    }
                } else {
                    result.append(bytes[index])
                }
                index += 1
            }
            guard index < bytes.count else { throw error("unterminated string in project file", at: start) }
            index += 1
            return String(decoding: result, as: UTF8.self)
        }
        let start = index
        while index < bytes.count, Self.isBare(bytes[index]) { index += 1 }
        guard index > start else { throw error("unexpected character in project file") }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    static func isBare(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default: return "_$/:.-+".utf8.contains(byte) || byte >= 0x80
        }
    }
}
