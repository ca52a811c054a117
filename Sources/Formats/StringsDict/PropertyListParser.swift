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
            throw ConversionError(
                StringsDictMessage.binaryPropertyList, at: FileLocation(path: path, line: 1, column: 1))
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
        var values: [XMLElementNode] = []
        try forEachChildElement(of: root) { child throws(ConversionError) in values.append(child) }
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
        let location = TextPosition(line: element.line, column: element.column)
        let value: PropertyListNode.Value
        switch element.name {
        case "string": value = .string(try text(of: element))
        case "integer": value = .integer(trimmed(try text(of: element)))
        case "real": value = .real(trimmed(try text(of: element)))
        case "true", "false":
            try forEachChildElement(of: element) { child throws(ConversionError) in
                throw failure(StringsDictMessage.unexpectedElement(child.qualifiedName, in: element.name), child)
            }
            value = .boolean(element.name == "true")
        case "date": value = .date(trimmed(try text(of: element)))
        case "data": value = .data(try text(of: element))
        case "array":
            var items: [PropertyListNode] = []
            try forEachChildElement(of: element) { child throws(ConversionError) in
                items.append(try node(child, diagnostics: &diagnostics))
            }
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
        var members: [PropertyListNode.Member] = []
        members.reserveCapacity(element.children.count / 4)
        // The first position of each key, to find repeated keys, once the dictionary is large enough for a
        // lookup to pay off (small ones scan). `String` equality is canonical equivalence, so a hit is confirmed
        // scalar for scalar (`é` and `e` + U+0301 are two keys), and a false hit falls back to a scan.
        var positions: [String: Int] = [:]
        var pendingKey: (text: String, element: XMLElementNode)?
        try forEachChildElement(of: element) { child throws(ConversionError) in
            guard let (key, keyElement) = pendingKey else {
                guard child.name == "key" else {
                    throw failure(StringsDictMessage.expectedKey(found: child.qualifiedName), child)
                }
                pendingKey = (try text(of: child), child)
                return
            }
            pendingKey = nil
            guard child.name != "key" else { throw failure(StringsDictMessage.keyWithoutValue(key), keyElement) }
            let keyLocation = TextPosition(line: keyElement.line, column: keyElement.column)
            let member = PropertyListNode.Member(
                key: key, keyLocation: keyLocation, value: try node(child, diagnostics: &diagnostics))
            let usesIndex = members.count >= 16
            if usesIndex && positions.isEmpty {
                for (position, earlier) in members.enumerated() where positions[earlier.key] == nil {
                    positions[earlier.key] = position
                }
            }
            var repeated: Int?
            if !usesIndex || positions[key] != nil {
                if let hit = positions[key], members[hit].key.utf8.elementsEqual(key.utf8) {
                    repeated = hit
                } else {
                    repeated = members.indices.first { members[$0].key.utf8.elementsEqual(key.utf8) }
                }
            }
            if let position = repeated {
                let first = members[position].keyLocation
                diagnostics.append(
                    Diagnostic(
                        .warning,
                        StringsDictMessage.duplicateKey(key, firstLine: first.line, firstColumn: first.column),
                        at: keyLocation.in(path)))
                members[position] = member
            } else {
                if usesIndex { positions[key] = members.count }
                members.append(member)
            }
        }
        if let (key, keyElement) = pendingKey { throw failure(StringsDictMessage.keyWithoutValue(key), keyElement) }
        return members
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
                    let message = StringsDictMessage.unexpectedText(text, in: element.qualifiedName)
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
