/// A parsed XML document: its root element plus the DOCTYPE line, if the document had one.
///
/// Comments and processing instructions outside the root element are not kept.
package struct XMLDocumentTree: Sendable, Equatable {
    package var root: XMLElementNode
    package var doctype: XMLDoctype?

    package init(root: XMLElementNode, doctype: XMLDoctype? = nil) {
        self.root = root
        self.doctype = doctype
    }
}

/// The `<!DOCTYPE name PUBLIC "publicID" "systemID">` line of a document.
///
/// The external DTD is never loaded; only the identifiers are recorded.
package struct XMLDoctype: Sendable, Hashable {
    package var name: String
    package var publicID: String?
    package var systemID: String?

    package init(name: String, publicID: String? = nil, systemID: String? = nil) {
        self.name = name
        self.publicID = publicID
        self.systemID = systemID
    }

    /// The DOCTYPE of Apple XML property lists.
    package static let applePropertyList = XMLDoctype(
        name: "plist",
        publicID: "-//Apple//DTD PLIST 1.0//EN",
        systemID: "http://www.apple.com/DTDs/PropertyList-1.0.dtd"
    )
}

/// An XML element as a plain value: names, attributes in document order, children in document order.
///
/// Namespace declarations (`xmlns`, `xmlns:p`) are kept as ordinary attributes so a tree can be written
/// back unchanged.
package struct XMLElementNode: Sendable, Equatable {
    /// The local name, without prefix.
    package var name: String
    package var prefix: String?
    package var namespaceURI: String?
    package var attributes: [XMLAttribute]
    package var children: [XMLContent]
    /// 1-based line of the `<` that starts the element (0 for elements built in code).
    package var line: Int
    /// 1-based column, in characters, of the `<` that starts the element (0 for elements built in code).
    package var column: Int

    package init(
        _ name: String,
        prefix: String? = nil,
        namespaceURI: String? = nil,
        attributes: [XMLAttribute] = [],
        children: [XMLContent] = [],
        line: Int = 0,
        column: Int = 0
    ) {
        self.name = name
        self.prefix = prefix
        self.namespaceURI = namespaceURI
        self.attributes = attributes
        self.children = children
        self.line = line
        self.column = column
    }

    /// `prefix:name`, or `name` when there is no prefix.
    package var qualifiedName: String {
        if let prefix { return prefix + ":" + name }
        return name
    }
}

/// One attribute of an element.
///
/// `name` is the local name.
package struct XMLAttribute: Sendable, Hashable {
    package var name: String
    package var prefix: String?
    package var namespaceURI: String?
    package var value: String

    package init(_ name: String, prefix: String? = nil, namespaceURI: String? = nil, value: String) {
        self.name = name
        self.prefix = prefix
        self.namespaceURI = namespaceURI
        self.value = value
    }

    /// `prefix:name`, or `name` when there is no prefix.
    package var qualifiedName: String {
        if let prefix { return prefix + ":" + name }
        return name
    }
}

/// One child of an element, in document order.
///
/// Text is stored after XML decoding: entity and character references are replaced and line ends are
/// normalized to LF. Whitespace-only text is kept.
package enum XMLContent: Sendable, Equatable {
    case element(XMLElementNode)
    case text(String)
    case cdata(String)
    case comment(String)
    case processingInstruction(target: String, data: String)
}

// MARK: - Navigation

extension XMLElementNode {
    /// The value of the attribute whose qualified name (`id`, `xml:space`) is `qualifiedName`.
    package func attribute(_ qualifiedName: String) -> String? {
        for attribute in attributes where attribute.qualifiedName == qualifiedName {
            return attribute.value
        }
        return nil
    }

    /// The value of the attribute with this local name in this namespace (`nil` means no namespace).
    package func attribute(_ name: String, namespaceURI: String?) -> String? {
        for attribute in attributes where attribute.name == name && attribute.namespaceURI == namespaceURI {
            return attribute.value
        }
        return nil
    }

    /// The child elements, skipping text, comments and processing instructions.
    package var childElements: [XMLElementNode] {
        children.compactMap { child in
            if case .element(let element) = child { return element }
            return nil
        }
    }

    /// The child elements with this local name.
    package func childElements(named name: String) -> [XMLElementNode] {
        children.compactMap { child in
            if case .element(let element) = child, element.name == name { return element }
            return nil
        }
    }

    /// The first child element with this local name.
    package func firstChild(named name: String) -> XMLElementNode? {
        for child in children {
            if case .element(let element) = child, element.name == name { return element }
        }
        return nil
    }

    /// The concatenated text and CDATA of all descendants, in document order.
    package var textContent: String {
        var result = ""
        appendText(to: &result)
        return result
    }

    private func appendText(to result: inout String) {
        for child in children {
            switch child {
            case .text(let text), .cdata(let text): result += text
            case .element(let element): element.appendText(to: &result)
            case .comment, .processingInstruction: break
            }
        }
    }
}
