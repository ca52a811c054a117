import LocalizationCatalog
import XMLSupport

/// Turns an XML property list into ``PropertyListNode`` values, checking its structure: the one XML property-list
/// reader of `.strings` and `.stringsdict`.
///
/// Comments and whitespace between elements are ignored. Malformed XML gives XMLSupport's message at its
/// position; a structure problem gives the dialect's message at the offending element (stray text at the text
/// itself). A repeated dictionary key is kept, or folded with a warning when the dialect says so (the later value
/// is used, as Foundation and `plistlib` do).
///
/// A regular document is read by a fast path: a document as the writers write it straight from its bytes
/// (``PropertyListByteScanner``), another one from the XML events (``PropertyListEventReader``; each doc comment
/// states its rule); anything else, and every document with an error or a warning, is read by the exact path,
/// which builds the XML tree first and walks it.
package struct PropertyListParser {
    let path: String
    /// The document's bytes (also used to place stray text, which the XML tree keeps no position for).
    let bytes: [UInt8]
    let dialect: PropertyListDialect
    /// Whether the fast path is tried first; tests turn it off to compare it with the exact path.
    package var usesFastPath = true
    /// Whether the fast path first scans the bytes (``PropertyListByteScanner``) before it reads the XML events;
    /// tests turn it off to compare the two.
    package var usesByteScanner = true

    package init(path: String, bytes: [UInt8], dialect: PropertyListDialect) {
        self.path = path
        self.bytes = bytes
        self.dialect = dialect
    }

    /// The document's one value: the child of `<plist>`, or (if the dialect accepts it) a root element that is
    /// itself a value.
    /// - Throws: ``ConversionError`` at the offending element; malformed XML gives XMLSupport's error as is.
    package func parseDocument(diagnostics: inout Diagnostics) throws(ConversionError) -> PropertyListNode {
        if usesFastPath, let node = fastDocument() { return node }
        return try exactDocument(diagnostics: &diagnostics)
    }

    /// The fast path alone: the document's value, or `nil` where it leaves the document to the exact path (it
    /// reports nothing, so it needs no diagnostics).
    package func fastDocument() -> PropertyListNode? {
        if usesByteScanner, let node = scannedDocument() { return node }
        return PropertyListEventReader(path: path, bytes: bytes, dialect: dialect).document()
    }

    /// The byte scanner alone (``PropertyListByteScanner``): the document's value, or `nil` where it leaves the
    /// document to the XML events.
    package func scannedDocument() -> PropertyListNode? {
        PropertyListByteScanner(bytes: bytes, dialect: dialect).document()
    }

    /// The exact path alone: the XML tree, then a walk over it.
    package func exactDocument(diagnostics: inout Diagnostics) throws(ConversionError) -> PropertyListNode {
        let document: XMLDocumentTree
        do {
            document = try XMLDocumentTree(parsing: bytes, path: path)
        } catch {
            throw ConversionError(error)
        }
        let root = document.root
        guard root.name == "plist" else {
            guard dialect.acceptsBareValue, Self.valueElements.contains(root.name) else {
                throw failure(.notPropertyList(root: root.qualifiedName), root)
            }
            return try node(root, diagnostics: &diagnostics)
        }
        var values: [XMLElementNode] = []
        try forEachChildElement(of: root) { child throws(ConversionError) in values.append(child) }
        guard let first = values.first else { throw failure(.empty, root) }
        if values.count > 1 {
            throw failure(.secondValue(element: values[1].qualifiedName), values[1])
        }
        return try node(first, diagnostics: &diagnostics)
    }

    private static let valueElements: Set<String> = [
        "dict", "array", "string", "integer", "real", "true", "false", "date", "data",
    ]

    /// The value of a value element.
    private func node(_ element: XMLElementNode, diagnostics: inout Diagnostics) throws(ConversionError)
        -> PropertyListNode
    {
        let location = TextPosition(line: element.line, column: element.column)
        let value: PropertyListNode.Value
        switch element.name {
        case "string": value = .string(try text(of: element))
        case "integer": value = .integer(Self.trimmed(try text(of: element)))
        case "real": value = .real(Self.trimmed(try text(of: element)))
        case "true", "false":
            try forEachChildElement(of: element) { child throws(ConversionError) in
                throw failure(.unexpectedElement(child.qualifiedName, in: element.name), child)
            }
            value = .boolean(element.name == "true")
        case "date": value = .date(Self.trimmed(try text(of: element)))
        case "data": value = .data(try text(of: element))
        case "array":
            var items: [PropertyListNode] = []
            try forEachChildElement(of: element) { child throws(ConversionError) in
                items.append(try node(child, diagnostics: &diagnostics))
            }
            value = .array(items)
        case "dict": value = .dictionary(try members(of: element, diagnostics: &diagnostics))
        default: throw failure(.unknownElement(element.qualifiedName), element)
        }
        return PropertyListNode(value: value, location: location)
    }

    /// The `<key>`/value pairs of a `<dict>`, in order; a repeated key is kept or folded as the dialect says.
    private func members(
        of element: XMLElementNode, diagnostics: inout Diagnostics
    ) throws(ConversionError) -> [PropertyListNode.Member] {
        var members = MemberCollector(folds: dialect.foldsRepeatedKeys, capacity: element.children.count / 4)
        var pendingKey: (text: String, element: XMLElementNode)?
        try forEachChildElement(of: element) { child throws(ConversionError) in
            guard let (key, keyElement) = pendingKey else {
                guard child.name == "key" else { throw failure(.expectedKey(found: child.qualifiedName), child) }
                pendingKey = (try text(of: child), child)
                return
            }
            pendingKey = nil
            guard child.name != "key" else { throw failure(.keyWithoutValue(key: key), keyElement) }
            let keyLocation = TextPosition(line: keyElement.line, column: keyElement.column)
            let member = PropertyListNode.Member(
                key: key, keyLocation: keyLocation, value: try node(child, diagnostics: &diagnostics))
            if let repeated = members.add(member) {
                diagnostics.append(
                    Diagnostic(.warning, dialect.message(repeated), at: keyLocation, in: path)
                        .identified(.duplicateKey, key: key))
            }
        }
        if let (key, keyElement) = pendingKey { throw failure(.keyWithoutValue(key: key), keyElement) }
        return members.members
    }

    /// Calls `body` with each child element in order, refusing text that is not whitespace; comments and
    /// processing instructions are skipped.
    private func forEachChildElement(
        of element: XMLElementNode, _ body: (XMLElementNode) throws(ConversionError) -> Void
    ) throws(ConversionError) {
        for child in element.children {
            switch child {
            case .element(let child):
                try body(child)
            case .text(let text), .cdata(let text):
                if !Self.isWhitespace(text) {
                    let message = dialect.message(.unexpectedText(text, in: element.qualifiedName))
                    let place = TextLocator(bytes).firstText(in: element)
                    throw ConversionError(message, at: FileLocation(path: path, line: place.line, column: place.column))
                }
            case .comment, .processingInstruction:
                continue
            }
        }
    }

    /// The text of a `<key>`, `<string>` or other text element; elements inside it are refused.
    private func text(of element: XMLElementNode) throws(ConversionError) -> String {
        if element.children.count == 1, case .text(let text) = element.children[0] { return text }
        var result = ""
        for child in element.children {
            switch child {
            case .text(let text), .cdata(let text):
                result += text
            case .element(let child):
                throw failure(.unexpectedElement(child.qualifiedName, in: element.name), child)
            case .comment, .processingInstruction:
                continue
            }
        }
        return result
    }

    private static func isWhitespace(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    /// `text` without the XML whitespace around it (the value of `<integer>`, `<real>` and `<date>`).
    static func trimmed(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }),
            let end = bytes.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(decoding: bytes[start...end], as: UTF8.self)
    }

    private func failure(_ problem: PropertyListProblem, _ element: XMLElementNode) -> ConversionError {
        ConversionError(
            dialect.message(problem), at: FileLocation(path: path, line: element.line, column: element.column))
    }
}
