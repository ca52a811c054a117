import LocalizationCatalog
import XMLSupport

/// Turns an XML property list into ``PropertyListNode`` values, checking its structure.
///
/// Comments and whitespace between elements are ignored. A repeated dictionary key is a warning, and the later
/// value is used, as Foundation and `plistlib` do.
struct PropertyListParser {
    let path: String
    /// The document's bytes (also used to place stray text, which the XML tree keeps no position for).
    let bytes: [UInt8]

    /// The document's one value: the child of `<plist>`, or a root element that is itself a value.
    /// - Throws: ``ConversionError`` at the offending element; malformed XML gives XMLSupport's error as is.
    func parseDocument(diagnostics: inout Diagnostics) throws(ConversionError) -> PropertyListNode {
        if bytes.starts(with: Array("bplist".utf8)) {
            throw ConversionError(StringsDictMessage.binaryPropertyList, at: FileLocation(path: path, line: 1, column: 1))
        }
        let document: XMLDocumentTree
        do {
            document = try XMLDocumentTree(parsing: bytes, path: path)
        } catch {
            throw ConversionError(error.message, at: FileLocation(path: path, line: error.line, column: error.column))
        }
        let root = document.root
        guard root.name == "plist" else {
            guard Self.valueElements.contains(root.name) else {
                throw failure(StringsDictMessage.notPropertyList(root: root.qualifiedName), root)
            }
            return try node(root, diagnostics: &diagnostics)
        }
        let values = try childElements(of: root)
        guard let first = values.first else { throw failure(StringsDictMessage.emptyPropertyList, root) }
        if values.count > 1 {
            throw failure(StringsDictMessage.secondRootValue(values[1].qualifiedName), values[1])
        }
        return try node(first, diagnostics: &diagnostics)
    }

    private static let valueElements: Set<String> = [
        "dict", "array", "string", "integer", "real", "true", "false", "date", "data",
    ]

    /// The value of a value element.
    func node(_ element: XMLElementNode, diagnostics: inout Diagnostics) throws(ConversionError) -> PropertyListNode {
        let location = FileLocation(path: path, line: element.line, column: element.column)
        let value: PropertyListNode.Value
        switch element.name {
        case "string": value = .string(try text(of: element))
        case "integer": value = .integer(trimmed(try text(of: element)))
        case "real": value = .real(trimmed(try text(of: element)))
        case "true", "false":
            if let child = try childElements(of: element).first {
                throw failure(StringsDictMessage.unexpectedElement(child.qualifiedName, in: element.name), child)
            }
            value = .boolean(element.name == "true")
        case "date": value = .date(trimmed(try text(of: element)))
        case "data": value = .data(try text(of: element))
        case "array":
            var items: [PropertyListNode] = []
            for child in try childElements(of: element) { items.append(try node(child, diagnostics: &diagnostics)) }
            value = .array(items)
        case "dict": value = .dictionary(try members(of: element, diagnostics: &diagnostics))
        default: throw failure(StringsDictMessage.unknownElement(element.qualifiedName), element)
        }
        return PropertyListNode(value: value, location: location)
    }

    /// The `<key>`/value pairs of a `<dict>`, in order; a repeated key is a warning and its later value wins.
    private func members(
        of element: XMLElementNode, diagnostics: inout Diagnostics
    ) throws(ConversionError) -> [PropertyListNode.Member] {
        let children = try childElements(of: element)
        var members: [PropertyListNode.Member] = []
        members.reserveCapacity(children.count / 2)
        // Positions by key, to find repeated keys; `String` equality is canonical equivalence, so the candidates
        // are then compared scalar for scalar (`é` and `e` + U+0301 are two keys). Small dictionaries scan instead.
        var positions: [String: [Int]] = [:]
        let usesIndex = children.count > 32
        var index = 0
        while index < children.count {
            let keyElement = children[index]
            guard keyElement.name == "key" else {
                throw failure(StringsDictMessage.expectedKey(found: keyElement.qualifiedName), keyElement)
            }
            let key = try text(of: keyElement)
            guard index + 1 < children.count, children[index + 1].name != "key" else {
                throw failure(StringsDictMessage.keyWithoutValue(key), keyElement)
            }
            let keyLocation = FileLocation(path: path, line: keyElement.line, column: keyElement.column)
            let member = PropertyListNode.Member(
                key: key, keyLocation: keyLocation, value: try node(children[index + 1], diagnostics: &diagnostics))
            let candidates = usesIndex ? positions[key, default: []] : Array(members.indices)
            if let position = candidates.first(where: { members[$0].key.utf8.elementsEqual(key.utf8) }) {
                let first = members[position].keyLocation
                diagnostics.append(
                    Diagnostic(
                        .warning, StringsDictMessage.duplicateKey(key, firstLine: first.line, firstColumn: first.column),
                        at: keyLocation))
                members[position] = member
            } else {
                if usesIndex { positions[key, default: []].append(members.count) }
                members.append(member)
            }
            index += 2
        }
        return members
    }

    /// The child elements, refusing text that is not whitespace; comments and processing instructions are skipped.
    private func childElements(of element: XMLElementNode) throws(ConversionError) -> [XMLElementNode] {
        var result: [XMLElementNode] = []
        result.reserveCapacity(element.children.count / 2)
        for child in element.children {
            switch child {
            case .element(let child):
                result.append(child)
            case .text(let text), .cdata(let text):
                if !Self.isWhitespace(text) {
                    let message = StringsDictMessage.unexpectedText(text, in: element.qualifiedName)
                    let place = TextLocator(bytes).firstText(in: element)
                    throw ConversionError(message, at: FileLocation(path: path, line: place.line, column: place.column))
                }
            case .comment, .processingInstruction:
                continue
            }
        }
        return result
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
                throw failure(StringsDictMessage.unexpectedElement(child.qualifiedName, in: element.name), child)
            case .comment, .processingInstruction:
                continue
            }
        }
        return result
    }

    private static func isWhitespace(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    private func trimmed(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }),
            let end = bytes.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(decoding: bytes[start...end], as: UTF8.self)
    }

    private func failure(_ message: String, _ element: XMLElementNode) -> ConversionError {
        ConversionError(message, at: FileLocation(path: path, line: element.line, column: element.column))
    }
}
