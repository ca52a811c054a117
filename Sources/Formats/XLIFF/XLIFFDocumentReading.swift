import LocalizationCatalog
import XMLSupport

/// Turns the XML tree of an XLIFF document into an ``XLIFFDocument``, collecting warnings.
///
/// Elements are matched by local name, whatever their namespace, so that prefixed and namespace-less files
/// read too. The tree is walked once; the common shapes (a text element with one text child, Xcode's
/// attributes) take the short paths.
struct XLIFFDocumentReading {
    let path: String
    var diagnostics: Diagnostics
    /// Whether empty elements were seen written as `<x/>` (`true`) or `<x></x>` (`false`); `nil` until one is seen.
    private var selfClosesEmptyElements: Bool?

    init(path: String, diagnostics: Diagnostics) {
        self.path = path
        self.diagnostics = diagnostics
    }

    mutating func document(from root: XMLElementNode) throws(ConversionError) -> XLIFFDocument {
        guard root.name == "xliff" else {
            throw ConversionError(XLIFFReadingMessage.notXLIFF(root: root.qualifiedName), at: location(of: root))
        }
        var attributes = root.attributes.map { XLIFFAttribute($0.qualifiedName, $0.value) }
        if let version = root.attribute("version"), version.hasPrefix("2") {
            throw ConversionError(XLIFFReadingMessage.unsupportedVersion(version), at: location(of: root))
        }
        if let namespace = root.namespaceURI, namespace.hasPrefix(Self.xliffNamespacePrefix + "2") {
            let version = String(namespace.dropFirst(Self.xliffNamespacePrefix.count))
            throw ConversionError(XLIFFReadingMessage.unsupportedVersion(version), at: location(of: root))
        }
        if let prefix = root.prefix {
            diagnostics.append(Diagnostic(.warning, XLIFFReadingMessage.prefixedNamespace(prefix), at: location(of: root)))
        }
        var files: [XLIFFFile] = []
        for case .element(let element) in root.children {
            if element.name == "file" {
                files.append(try file(from: element))
            } else {
                warnIgnored(element, in: "xliff")
            }
        }
        if let prefix = root.prefix {
            // Written back in the default namespace, as Xcode needs; the prefixed declaration stays only when a
            // kept attribute still uses the prefix.
            if !attributes.contains(where: { $0.name == "xmlns" }),
                let index = attributes.firstIndex(where: { $0.name == "xmlns:" + prefix })
            {
                let qualified = prefix + ":"
                let prefixStillUsed =
                    attributes.contains { $0.name.hasPrefix(qualified) }
                    || files.contains { file in
                        file.otherAttributes.contains { $0.name.hasPrefix(qualified) }
                            || file.units.contains { unit in unit.otherAttributes.contains { $0.name.hasPrefix(qualified) } }
                    }
                if prefixStillUsed {
                    attributes.insert(XLIFFAttribute("xmlns", attributes[index].value), at: index)
                } else {
                    attributes[index].name = "xmlns"
                }
            }
        }
        let layout = XLIFFLayout(
            indentation: Self.indentation(of: root),
            selfClosesEmptyElements: selfClosesEmptyElements ?? true)
        return XLIFFDocument(files: files, rootAttributes: attributes, layout: layout)
    }

    // MARK: - Files

    private mutating func file(from element: XMLElementNode) throws(ConversionError) -> XLIFFFile {
        var original: String?
        var sourceLanguage: String?
        var targetLanguage: String?
        var datatype: String?
        var others: [XLIFFAttribute] = []
        var order: [String] = []
        order.reserveCapacity(element.attributes.count)
        for attribute in element.attributes {
            let name = attribute.qualifiedName
            order.append(name)
            switch name {
            case "original": original = attribute.value
            case "source-language": sourceLanguage = attribute.value
            case "target-language": targetLanguage = attribute.value
            case "datatype": datatype = attribute.value
            default: others.append(XLIFFAttribute(name, attribute.value))
            }
        }
        guard let original else {
            throw ConversionError(XLIFFReadingMessage.fileWithoutOriginal, at: location(of: element))
        }
        guard let sourceLanguage else {
            throw ConversionError(
                XLIFFReadingMessage.fileWithoutSourceLanguage(original: original), at: location(of: element))
        }
        var file = XLIFFFile(
            original: original, sourceLanguage: sourceLanguage, targetLanguage: targetLanguage,
            datatype: datatype ?? "plaintext", tool: nil, location: location(of: element), otherAttributes: others,
            attributeOrder: order)
        var firstLines: [UnitID: Int] = [:]
        for case .element(let child) in element.children {
            switch child.name {
            case "header":
                readHeader(child, into: &file)
            case "body":
                try readUnits(in: child, into: &file, firstLines: &firstLines)
            default:
                warnIgnored(child, in: "file")
            }
        }
        return file
    }

    /// Keeps the first `<tool>`; the other header elements (`<note>`, `<skl>`, `<phase-group>`, …) are not kept.
    private mutating func readHeader(_ header: XMLElementNode, into file: inout XLIFFFile) {
        for case .element(let child) in header.children {
            if child.name == "tool", file.tool == nil {
                file.tool = tool(from: child)
            } else {
                warnIgnored(child, in: "header")
            }
        }
    }

    private mutating func tool(from element: XMLElementNode) -> XLIFFTool {
        noteEmptiness(of: element)
        var tool = XLIFFTool(id: "", name: "")
        for attribute in element.attributes where attribute.prefix == nil {
            switch attribute.name {
            case "tool-id": tool.id = attribute.value
            case "tool-name": tool.name = attribute.value
            case "tool-version": tool.version = attribute.value
            case "build-num": tool.buildNumber = attribute.value
            default: continue
            }
        }
        return tool
    }

    /// Reads the units of `<body>`, and of `<group>` elements inside it.
    private mutating func readUnits(
        in container: XMLElementNode, into file: inout XLIFFFile, firstLines: inout [UnitID: Int]
    ) throws(ConversionError) {
        // Children alternate with the whitespace between them.
        file.units.reserveCapacity(file.units.count + container.children.count / 2)
        firstLines.reserveCapacity(file.units.count + container.children.count / 2)
        for case .element(let element) in container.children {
            switch element.name {
            case "trans-unit":
                let unit = try unit(from: element, original: file.original)
                if let firstLine = firstLines.updateValue(element.line, forKey: UnitID(unit.id)) {
                    throw ConversionError(
                        XLIFFReadingMessage.duplicateUnitID(unit.id, original: file.original, firstLine: firstLine),
                        at: location(of: element))
                }
                file.units.append(unit)
            case "group":
                try readUnits(in: element, into: &file, firstLines: &firstLines)
            default:
                warnIgnored(element, in: container.name)
            }
        }
    }

    // MARK: - Units

    private mutating func unit(from element: XMLElementNode, original: String) throws(ConversionError) -> XLIFFUnit {
        var id: String?
        var translate: String?
        var space: String?
        var others: [XLIFFAttribute] = []
        for attribute in element.attributes {
            if attribute.prefix == nil {
                switch attribute.name {
                case "id":
                    id = attribute.value
                    continue
                case "translate":
                    translate = attribute.value
                    continue
                default:
                    break
                }
            } else if attribute.prefix == "xml" && attribute.name == "space" {
                space = attribute.value
                continue
            }
            others.append(XLIFFAttribute(attribute.qualifiedName, attribute.value))
        }
        guard let id else {
            throw ConversionError(XLIFFReadingMessage.unitWithoutID(original: original), at: location(of: element))
        }
        var unit = XLIFFUnit(
            id: id, source: nil, notes: [], location: location(of: element), space: space, otherAttributes: others)
        switch translate {
        case nil: break
        case "no": unit.translate = false
        case "yes": unit.translate = true
        case let value?:
            diagnostics.append(
                Diagnostic(.warning, XLIFFReadingMessage.unknownTranslateValue(value, unit: id), at: location(of: element)))
        }

        var sourceLine: Int?
        var targetLine: Int?
        for case .element(let child) in element.children {
            switch child.name {
            case "source":
                if let sourceLine {
                    warnExtra(child, unit: id, firstLine: sourceLine)
                    continue
                }
                sourceLine = child.line
                unit.source = text(of: child, part: "source", unit: id)
            case "target":
                if let targetLine {
                    warnExtra(child, unit: id, firstLine: targetLine)
                    continue
                }
                targetLine = child.line
                unit.target = text(of: child, part: "target", unit: id)
                for attribute in child.attributes where attribute.prefix == nil {
                    switch attribute.name {
                    case "state": unit.state = attribute.value
                    case "state-qualifier": unit.stateQualifier = attribute.value
                    default: continue
                    }
                }
            case "note":
                var from: String?
                for attribute in child.attributes where attribute.prefix == nil && attribute.name == "from" {
                    from = attribute.value
                }
                unit.notes.append(XLIFFNote(text(of: child, part: "note", unit: id), from: from))
            default:
                warnIgnored(child, in: "trans-unit", unit: id)
            }
        }
        return unit
    }

    private mutating func warnExtra(_ element: XMLElementNode, unit: String, firstLine: Int) {
        diagnostics.append(
            Diagnostic(
                .warning, XLIFFReadingMessage.extraElement(element.name, unit: unit, firstLine: firstLine),
                at: location(of: element)))
    }

    /// An element the model has no place for: XLIFF 1.2 elements Xcode neither writes nor reads (`<alt-trans>`,
    /// `<context-group>`, `<count-group>`, a header `<note>`, …) and foreign ones.
    private mutating func warnIgnored(_ element: XMLElementNode, in parent: String, unit: String? = nil) {
        diagnostics.append(
            Diagnostic(
                .warning, XLIFFReadingMessage.ignoredElement(element.qualifiedName, in: parent, unit: unit),
                at: location(of: element)))
    }

    // MARK: - Text

    /// The text of `<source>`, `<target>` or `<note>`, with inline markup flattened.
    private mutating func text(of element: XMLElementNode, part: String, unit: String) -> String {
        switch element.children.count {
        case 0:
            noteEmptiness(of: element)
            return ""
        case 1:
            switch element.children[0] {
            case .text(let text):
                if text.isEmpty { noteEmptiness(of: element) }
                return text
            case .cdata(let text):
                return text
            default:
                break
            }
        default:
            break
        }
        var result = ""
        appendFlattened(element, part: part, unit: unit, to: &result)
        return result
    }

    private mutating func appendFlattened(
        _ element: XMLElementNode, part: String, unit: String, to result: inout String
    ) {
        for child in element.children {
            switch child {
            case .text(let text), .cdata(let text):
                result += text
            case .element(let inline):
                let at = location(of: inline)
                switch inline.name {
                case "x", "bx", "ex":
                    diagnostics.append(
                        Diagnostic(
                            .warning, XLIFFReadingMessage.inlineElementRemoved(inline.name, in: part, unit: unit), at: at))
                default:
                    diagnostics.append(
                        Diagnostic(
                            .warning, XLIFFReadingMessage.inlineElementFlattened(inline.name, in: part, unit: unit),
                            at: at))
                    appendFlattened(inline, part: part, unit: unit, to: &result)
                }
            case .comment, .processingInstruction:
                continue
            }
        }
    }

    // MARK: - Layout

    /// Records how the first element without content was written.
    private mutating func noteEmptiness(of element: XMLElementNode) {
        guard selfClosesEmptyElements == nil else { return }
        if element.children.isEmpty {
            selfClosesEmptyElements = true
        } else if element.children == [.text("")] {
            selfClosesEmptyElements = false
        }
    }

    /// The indentation of the root's first child: what follows the last line break of the whitespace before it
    /// (`"  "` in Xcode's output), or `""` when the children are not on lines of their own.
    private static func indentation(of root: XMLElementNode) -> String {
        guard case .text(let whitespace)? = root.children.first,
            let lineBreak = whitespace.lastIndex(of: "\n")
        else { return "" }
        return String(whitespace[whitespace.index(after: lineBreak)...])
    }

    /// The XLIFF namespaces without their version (`1.2`, `2.0`).
    private static let xliffNamespacePrefix = "urn:oasis:names:tc:xliff:document:"

    private func location(of element: XMLElementNode) -> FileLocation {
        FileLocation(path: path, line: element.line, column: element.column)
    }
}

/// A unit id that hashes and compares by its UTF-8 bytes: ids are keys, and Xcode keeps canonically equivalent
/// keys (`é` and `e` + U+0301) apart, where `String` equality would call them duplicates.
struct UnitID: Hashable {
    let id: String

    init(_ id: String) { self.id = id }

    static func == (lhs: UnitID, rhs: UnitID) -> Bool {
        lhs.id.utf8.elementsEqual(rhs.id.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var id = id
        id.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
