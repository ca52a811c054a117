import LocalizationCatalog
import StringBridgeSupport
import XMLSupport

/// The fast path of ``PropertyListParser``: builds the node tree straight from the XML events, without the
/// document tree the exact path walks.
///
/// The rule: it reads only documents the exact path reads without a word, and gives the same nodes at the same
/// places. The events come from the same reader with the same limits (nesting depth, attributes, no DTD, no
/// network, no entities but the predefined ones), and each element's place is the one that reader gives the
/// tree. It accepts `<plist>` (or, where the dialect allows, a bare value) holding one value; `dict`, `array`,
/// `string`, `integer`, `real`, `true`, `false`, `date` and `data` where a value may be, `key` where a key may
/// be; text and CDATA inside `key` and the text elements (concatenated, as the exact path concatenates them);
/// whitespace, comments and processing instructions between elements. Attributes and the DOCTYPE are ignored,
/// as the exact path ignores them. On anything else it gives up, and the exact path reads the document from the
/// start: malformed XML, every structure problem (a second value, stray text, an unknown or misplaced element,
/// an empty `<plist>`, a key without a value) and a repeated key when the dialect folds it with a warning. So it
/// never reports anything itself: every error and warning is the exact path's. `PropertyListFastPathTests`
/// holds the two equal.
struct PropertyListEventReader {
    let path: String
    let bytes: [UInt8]
    let dialect: PropertyListDialect

    /// The document's value, or `nil` when the exact path must read it.
    func document() -> PropertyListNode? {
        var handler = Handler(dialect: dialect)
        do {
            try XMLEventParser.parse(bytes, path: path, handler: &handler)
        } catch {
            return nil
        }
        return handler.result
    }
}

/// Thrown by the handler to stop the parse where the fast path gives up.
private struct GiveUp: Error {}

private struct Handler: XMLEventHandler {
    enum Kind {
        case plist, dict, array, string, integer, real, boolean, date, data, key

        /// Whether the element's content is text (and no element may be in it).
        var holdsText: Bool {
            switch self {
            case .string, .integer, .real, .date, .data, .key: true
            case .plist, .dict, .array, .boolean: false
            }
        }
    }

    /// An open element.
    struct Frame {
        var kind: Kind
        var location: TextPosition
        /// `true` or `false`, for a boolean.
        var flag = false
        /// The text so far, for a text element.
        var text = ""
        /// The items so far, for an array (and the value, for `<plist>`).
        var items: [PropertyListNode] = []
        /// The members so far, for a dictionary.
        var members: MemberCollector?
        /// The key waiting for its value, for a dictionary.
        var key: (text: String, location: TextPosition)?
    }

    let dialect: PropertyListDialect
    var frames: [Frame] = []
    var result: PropertyListNode?

    init(dialect: PropertyListDialect) {
        self.dialect = dialect
        frames.reserveCapacity(8)
    }

    /// The kind of a value element, `nil` for any other name.
    private static func valueKind(_ element: XMLStartElement) -> (Kind, flag: Bool)? {
        if element.hasName("string") { return (.string, false) }
        if element.hasName("dict") { return (.dict, false) }
        if element.hasName("key") { return nil }
        if element.hasName("integer") { return (.integer, false) }
        if element.hasName("array") { return (.array, false) }
        if element.hasName("true") { return (.boolean, true) }
        if element.hasName("false") { return (.boolean, false) }
        if element.hasName("real") { return (.real, false) }
        if element.hasName("date") { return (.date, false) }
        if element.hasName("data") { return (.data, false) }
        return nil
    }

    mutating func startElement(_ element: XMLStartElement) throws {
        // Asked for every element in document order, as the tree asks for it.
        let location = TextPosition(line: element.line, column: element.column)
        let kind: Kind
        var flag = false
        if let last = frames.indices.last {
            // Read in place: a copy of the parent frame would retain its text, items and members.
            let parent = frames.withElement(at: last) {
                (kind: $0.kind, isEmpty: $0.items.isEmpty, hasKey: $0.key != nil)
            }
            switch parent.kind {
            case .plist:
                guard parent.isEmpty, let value = Self.valueKind(element) else { throw GiveUp() }
                (kind, flag) = value
            case .array:
                guard let value = Self.valueKind(element) else { throw GiveUp() }
                (kind, flag) = value
            case .dict:
                if !parent.hasKey {
                    guard element.hasName("key") else { throw GiveUp() }
                    kind = .key
                } else {
                    guard let value = Self.valueKind(element) else { throw GiveUp() }
                    (kind, flag) = value
                }
            case .string, .integer, .real, .boolean, .date, .data, .key:
                throw GiveUp()
            }
        } else if element.hasName("plist") {
            kind = .plist
        } else {
            guard dialect.acceptsBareValue, let value = Self.valueKind(element) else { throw GiveUp() }
            (kind, flag) = value
        }
        var frame = Frame(kind: kind, location: location, flag: flag)
        if kind == .dict { frame.members = MemberCollector(folds: dialect.foldsRepeatedKeys, capacity: 8) }
        frames.append(frame)
    }

    mutating func endElement(_ element: XMLEndElement) throws {
        let frame = frames.removeLast()
        let value: PropertyListNode.Value
        switch frame.kind {
        case .plist:
            guard let node = frame.items.first else { throw GiveUp() }
            result = node
            return
        case .key:
            frames[frames.count - 1].key = (frame.text, frame.location)
            return
        case .string: value = .string(frame.text)
        case .integer: value = .integer(PropertyListParser.trimmed(frame.text))
        case .real: value = .real(PropertyListParser.trimmed(frame.text))
        case .date: value = .date(PropertyListParser.trimmed(frame.text))
        case .data: value = .data(frame.text)
        case .boolean: value = .boolean(frame.flag)
        case .array: value = .array(frame.items)
        case .dict:
            guard frame.key == nil, let members = frame.members else { throw GiveUp() }
            value = .dictionary(members.members)
        }
        let node = PropertyListNode(value: value, location: frame.location)
        guard !frames.isEmpty else {
            result = node
            return
        }
        let last = frames.count - 1
        switch frames.withElement(at: last, \.kind) {
        case .dict:
            guard let key = frames[last].key else { throw GiveUp() }
            frames[last].key = nil
            let member = PropertyListNode.Member(key: key.text, keyLocation: key.location, value: node)
            // A folded repeated key comes with a warning: the exact path gives it.
            guard frames[last].members?.add(member) == nil else { throw GiveUp() }
        default:
            frames[last].items.append(node)
        }
    }

    mutating func text(_ text: XMLText) throws {
        try characters(text)
    }

    mutating func cdata(_ text: XMLText) throws {
        try characters(text)
    }

    /// Text or CDATA: part of a text element's value, or whitespace between elements.
    private mutating func characters(_ text: XMLText) throws {
        guard let last = frames.indices.last else { return }
        if frames.withElement(at: last, \.kind.holdsText) {
            if frames.withElement(at: last, \.text.isEmpty) {
                frames[last].text = text.string
            } else {
                frames[last].text += text.string
            }
        } else {
            let isWhitespace = text.bytes.withContiguousStorageIfAvailable { bytes in
                bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
            }
            guard isWhitespace == true else { throw GiveUp() }
        }
    }
}
