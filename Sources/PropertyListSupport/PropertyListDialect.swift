import LocalizationCatalog
import XMLSupport

/// What can be wrong with a property list's structure, before any format looks at its values.
///
/// The readers find the problem and its place; the format says it in its own words (``PropertyListDialect``), so
/// that `.strings` and `.stringsdict` keep their messages.
package enum PropertyListProblem: Sendable, Equatable {
    /// The root element is neither `<plist>` nor (where allowed) a value element.
    case notPropertyList(root: String)
    /// `<plist>` holds no value.
    case empty
    /// `<plist>` holds a second value, this element.
    case secondValue(element: String)
    /// Text that is not whitespace between elements.
    case unexpectedText(String, in: String)
    /// An element where none may be (inside `<string>`, `<key>`, `<true/>`).
    case unexpectedElement(String, in: String)
    /// An element that is no property list type.
    case unknownElement(String)
    /// A dictionary member that does not start with `<key>`.
    case expectedKey(found: String)
    /// A `<key>` with no value after it.
    case keyWithoutValue(key: String)
    /// A dictionary key in a binary property list that is not a string, but this kind of object.
    case keyNotString(kind: String)
    /// A binary property list whose bytes do not hold together; the detail says where.
    case malformedBinary(String)
    /// A warning: a dictionary key that repeats one at `first` (the later value is used).
    case repeatedKey(String, first: TextPosition)
}

/// How a format reads property lists: its words for each ``PropertyListProblem`` and its rules.
package struct PropertyListDialect: Sendable {
    /// Whether a root element that is itself a value (a bare `<dict>`) is read as the document's value.
    package var acceptsBareValue: Bool
    /// Whether a repeated dictionary key is folded into its first place with a ``PropertyListProblem/repeatedKey``
    /// warning (the later value wins), instead of every member being kept for the format to judge.
    package var foldsRepeatedKeys: Bool
    /// The message for a problem.
    package var message: @Sendable (PropertyListProblem) -> String

    package init(
        acceptsBareValue: Bool, foldsRepeatedKeys: Bool, message: @escaping @Sendable (PropertyListProblem) -> String
    ) {
        self.acceptsBareValue = acceptsBareValue
        self.foldsRepeatedKeys = foldsRepeatedKeys
        self.message = message
    }
}

extension ConversionError {
    /// The error for malformed XML: XMLSupport's message at its position.
    ///
    /// Every XML property-list reader maps it here, once.
    package init(_ error: XMLParseError) {
        self.init(error.message, at: FileLocation(path: error.path, line: error.line, column: error.column))
    }
}

/// Reads a property list in either form, telling them apart by the bytes.
package enum PropertyListReader {
    /// The magic bytes of a binary property list.
    package static let binaryMagic: [UInt8] = Array("bplist".utf8)

    /// Whether `bytes` are a binary property list (they start with `bplist`).
    package static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: binaryMagic)
    }

    /// The document's value: a binary property list when the bytes start with `bplist`, else XML.
    /// - Throws: ``ConversionError`` with the dialect's message at the offending place.
    package static func read(
        _ bytes: [UInt8], path: String, dialect: PropertyListDialect, diagnostics: inout Diagnostics
    ) throws(ConversionError) -> PropertyListNode {
        if isBinary(bytes) {
            return try BinaryPropertyList(bytes: bytes, path: path, dialect: dialect).document(
                diagnostics: &diagnostics)
        }
        return try PropertyListParser(path: path, bytes: bytes, dialect: dialect).parseDocument(
            diagnostics: &diagnostics)
    }
}

/// Collects a dictionary's members in order, folding repeated keys when the dialect says so.
///
/// Keys are compared by their UTF-8 bytes (`String` equality is canonical equivalence, and `é` and `e` + U+0301
/// are two keys).
struct MemberCollector {
    private(set) var members: [PropertyListNode.Member] = []
    let folds: Bool
    /// The first position of each key, once the dictionary has 16 members (smaller ones are scanned).
    ///
    /// A hit is confirmed byte for byte, and a false hit falls back to a scan.
    private var positions: [String: Int] = [:]

    init(folds: Bool, capacity: Int) {
        self.folds = folds
        members.reserveCapacity(capacity)
    }

    /// Adds a member; a repeated key (when folding) replaces the earlier value in its place and is returned.
    mutating func add(_ member: PropertyListNode.Member) -> PropertyListProblem? {
        guard folds else {
            members.append(member)
            return nil
        }
        let key = member.key
        let usesIndex = members.count >= 16
        if usesIndex && positions.isEmpty {
            for (position, earlier) in members.enumerated() where positions[earlier.key] == nil {
                positions[earlier.key] = position
            }
        }
        var repeated: Int?
        if !usesIndex || positions[key] != nil {
            if let hit = positions[key], sameUTF8(members[hit].key, key) {
                repeated = hit
            } else {
                repeated = members.indices.first { sameUTF8(members[$0].key, key) }
            }
        }
        if let position = repeated {
            let first = members[position].keyLocation
            members[position] = member
            return .repeatedKey(key, first: first)
        }
        if usesIndex { positions[key] = members.count }
        members.append(member)
        return nil
    }
}
