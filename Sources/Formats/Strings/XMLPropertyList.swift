import LocalizationCatalog
internal import XMLSupport

/// Reads the dictionary of strings that an XML property list named `.strings` holds.
///
/// The document must be `<plist>` with one `<dict>` of `<key>`/`<string>` pairs; comments and whitespace are
/// ignored. Anything else is an error at the element's line and column.
struct XMLPropertyList {
    let bytes: [UInt8]
    let path: String

    /// A key-value pair with the place of its `<key>` element.
    struct Pair {
        var key: String
        var value: String
        var location: FileLocation
    }

    /// The key-value pairs of the dictionary, in document order.
    func stringPairs() throws(ConversionError) -> [Pair] {
        let document: XMLDocumentTree
        do {
            document = try XMLDocumentTree(parsing: bytes, path: path)
        } catch {
            throw ConversionError(error.message, at: FileLocation(path: path, line: error.line, column: error.column))
        }
        let root = document.root
        guard root.name == "plist" else {
            throw failure(StringsMessage.unexpectedXML("root element <\(root.qualifiedName)>"), root)
        }
        let topElements = try elements(of: root)
        guard let dictionary = topElements.first else {
            throw failure(StringsMessage.propertyListNotDictionary(kind: "empty"), root)
        }
        guard dictionary.name == "dict" else {
            throw failure(StringsMessage.propertyListNotDictionary(kind: kind(dictionary)), dictionary)
        }
        if topElements.count > 1 {
            throw failure(
                StringsMessage.unexpectedXML("second element <\(topElements[1].qualifiedName)>"), topElements[1])
        }
        var pairs: [Pair] = []
        let members = try elements(of: dictionary)
        var index = 0
        while index < members.count {
            let keyElement = members[index]
            guard keyElement.name == "key" else {
                throw failure(
                    StringsMessage.unexpectedXML("<\(keyElement.qualifiedName)> where a <key> belongs"), keyElement)
            }
            let key = keyElement.textContent
            guard index + 1 < members.count else {
                throw failure(StringsMessage.valueNotString(key: key, kind: "missing"), keyElement)
            }
            let valueElement = members[index + 1]
            guard valueElement.name == "string" else {
                throw failure(StringsMessage.valueNotString(key: key, kind: kind(valueElement)), valueElement)
            }
            pairs.append(
                Pair(
                    key: key, value: valueElement.textContent,
                    location: FileLocation(path: path, line: keyElement.line, column: keyElement.column)))
            index += 2
        }
        return pairs
    }

    /// The child elements of `element`, refusing text other than whitespace.
    private func elements(of element: XMLElementNode) throws(ConversionError) -> [XMLElementNode] {
        var result: [XMLElementNode] = []
        for child in element.children {
            switch child {
            case .element(let child):
                result.append(child)
            case .text(let text), .cdata(let text):
                if text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) {
                    throw failure(StringsMessage.unexpectedXML("text inside <\(element.qualifiedName)>"), element)
                }
            case .comment, .processingInstruction:
                continue
            }
        }
        return result
    }

    /// What a value element is, as messages name it.
    private func kind(_ element: XMLElementNode) -> String {
        switch element.name {
        case "dict": return "a dictionary"
        case "array": return "an array"
        case "integer": return "an integer"
        case "real": return "a real number"
        case "true", "false": return "a boolean"
        case "date": return "a date"
        case "data": return "data"
        case "string": return "a string"
        default: return "<\(element.qualifiedName)>"
        }
    }

    private func failure(_ message: String, _ element: XMLElementNode) -> ConversionError {
        ConversionError(message, at: FileLocation(path: path, line: element.line, column: element.column))
    }
}
