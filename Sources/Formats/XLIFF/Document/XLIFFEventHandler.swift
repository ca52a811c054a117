import LocalizationCatalog
import XMLSupport

/// Builds an ``XLIFFDocument`` from the events of an XLIFF document, collecting warnings.
///
/// Elements are matched by local name, whatever their namespace, so that prefixed and namespace-less files
/// read too. No XML tree is built: each `<trans-unit>` becomes an ``XLIFFUnit`` as its elements go by, and
/// strings are made only for the values the model keeps.
///
/// The first XLIFF error does not stop the parse: reading goes on, building nothing, so that an XML error
/// later in the document is reported instead, as it is for a document that cannot be read at all.
struct XLIFFEventHandler: XMLEventHandler {
    let path: String
    var diagnostics: Diagnostics
    /// The first error, once the document is known not to be XLIFF Xcode could read.
    private(set) var failure: ConversionError?

    /// What the open elements are, innermost last.
    private enum Level {
        case root, file, header, tool, body, group, unit, part, inline
        /// An element whose content is not read (it was warned about, or it cannot hold anything the model keeps).
        case skipped
    }

    private enum Part {
        case source, target, note
    }

    private var levels: [Level] = []

    private var rootAttributes: [XLIFFAttribute] = []
    private var rootPrefix: String?
    private var files: [XLIFFFile] = []
    /// The indentation of the root's children; `nil` until the root's first child is seen.
    private var indentation: String?
    /// Whether empty elements were seen written as `<x/>` (`true`) or `<x></x>` (`false`); `nil` until one is seen.
    private var selfClosesEmptyElements: Bool?

    /// The open `<file>`.
    private var file = XLIFFFile(original: "", sourceLanguage: "", targetLanguage: nil, tool: nil)
    /// The units of the open `<file>` by the hash of their id's bytes: the index of the first unit with that hash.
    private var unitsByHash = FirstPositions(capacity: 0)
    /// The first line of the ids whose hash was already taken by another id.
    private var collidingFirstLines: [UnitID: Int] = [:]

    /// The open `<trans-unit>`: the last of the open file's units, built in place (a unit of its own, moved into the
    /// array when it ends, costs a copy of every unit).
    ///
    /// Where its first `<source>` and `<target>` start.
    private var unit: XLIFFUnit {
        _read { yield file.units[file.units.count - 1] }
        _modify { yield &file.units[file.units.count - 1] }
    }
    private var unitLine = 0
    /// The document's lines as a FileLocation counts them, when a lone CR makes them differ from the XML layer's.
    var lines: XMLLinePositions?
    private var sourceLine: Int?
    private var targetLine: Int?

    /// The open `<source>`, `<target>` or `<note>`: its flattened text and whether it has any content at all.
    private var part = Part.source
    private var partText = ""
    private var partHasContent = false
    private var noteFrom: String?

    /// Whether the first `<tool>` has any content.
    private var toolHasContent = false

    /// Room for this many units is made in the first `<file>`.
    private var expectedUnits: Int

    /// Whether `<note>` texts are kept (``XLIFFDocumentReader/keepsNotes``).
    private let keepsNotesEverywhere: Bool
    /// Whether the notes of a `<file>` whose `original` is no String Catalog are kept
    /// (``XLIFFDocumentReader/keepsNotesOutsideCatalogs``).
    private let keepsNotesOutsideCatalogs: Bool
    /// Whether the notes of the current `<file>` are kept.
    private var keepsNotes: Bool

    /// Starts reading a document.
    ///
    /// - Parameters:
    ///   - path: The path to name in diagnostics.
    ///   - diagnostics: The diagnostics so far, which the warnings are added to.
    ///   - size: The document's size in bytes, to estimate how many units it has.
    ///   - keepsNotes: Whether `<note>` texts are kept.
    ///   - keepsNotesOutsideCatalogs: Whether `<note>` texts are kept in a `<file>` whose `original` is no String
    ///     Catalog (`.xcstrings`), when `keepsNotes` is `false`.
    init(
        path: String, diagnostics: Diagnostics, size: Int = 0, keepsNotes: Bool = true,
        keepsNotesOutsideCatalogs: Bool = false
    ) {
        self.path = path
        self.diagnostics = diagnostics
        self.keepsNotesEverywhere = keepsNotes
        self.keepsNotesOutsideCatalogs = keepsNotesOutsideCatalogs
        self.keepsNotes = keepsNotes
        // An Xcode unit takes about 300 bytes (less without a comment). Estimating low costs a doubling, which copies
        // the units and touches fresh memory for all of them; room never used is never touched.
        expectedUnits = size / 240
        levels.reserveCapacity(16)
    }

    /// The document read, once the parse has ended without error.
    func document() -> XLIFFDocument {
        var attributes = rootAttributes
        if let prefix = rootPrefix {
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
                            || file.units.contains { unit in
                                unit.otherAttributes.contains { $0.name.hasPrefix(qualified) }
                            }
                    }
                if prefixStillUsed {
                    attributes.insert(XLIFFAttribute("xmlns", attributes[index].value), at: index)
                } else {
                    attributes[index].name = "xmlns"
                }
            }
        }
        let layout = XLIFFLayout(
            indentation: indentation ?? "", selfClosesEmptyElements: selfClosesEmptyElements ?? true)
        return XLIFFDocument(files: files, rootAttributes: attributes, layout: layout)
    }

    // MARK: - Elements

    mutating func startElement(_ element: XMLStartElement) {
        guard failure == nil else { return }
        guard let level = levels.last else {
            startRoot(element)
            return
        }
        switch level {
        case .root:
            if indentation == nil { indentation = "" }
            if element.hasName("file") {
                startFile(element)
            } else {
                skip(element, in: "xliff")
            }
        case .file:
            if element.hasName("header") {
                levels.append(.header)
            } else if element.hasName("body") {
                levels.append(.body)
            } else {
                skip(element, in: "file")
            }
        case .header:
            // Keeps the first `<tool>`; the other header elements (`<note>`, `<skl>`, `<phase-group>`, …) are
            // not kept.
            if element.hasName("tool"), file.tool == nil {
                file.tool = tool(from: element)
                toolHasContent = false
                levels.append(.tool)
            } else {
                skip(element, in: "header")
            }
        case .tool:
            toolHasContent = true
            levels.append(.skipped)
        case .body, .group:
            if element.hasName("trans-unit") {
                startUnit(element)
            } else if element.hasName("group") {
                levels.append(.group)
            } else {
                skip(element, in: level == .body ? "body" : "group")
            }
        case .unit:
            startUnitChild(element)
        case .part, .inline:
            partHasContent = true
            startInline(element)
        case .skipped:
            levels.append(.skipped)
        }
    }

    mutating func endElement(_ element: XMLEndElement) {
        guard failure == nil, let level = levels.popLast() else { return }
        switch level {
        case .part:
            if !partHasContent { noteEmptiness(selfClosing: element.isEmpty) }
            switch part {
            case .source: unit.source = partText
            case .target: unit.target = partText
            case .note: if keepsNotes { unit.notes.append(XLIFFNote(partText, from: noteFrom)) }
            }
        case .tool:
            if !toolHasContent { noteEmptiness(selfClosing: element.isEmpty) }
        case .unit:
            if let firstLine = firstLineOfUnit(at: file.units.count - 1) {
                fail(
                    XLIFFReadingMessage.duplicateUnitID(unit.id, original: file.original, firstLine: firstLine),
                    at: unit.location)
                return
            }
        case .file:
            files.append(file)
        case .root, .header, .body, .group, .inline, .skipped:
            break
        }
    }

    // MARK: - Content

    mutating func text(_ text: XMLText) {
        guard failure == nil, let level = levels.last else { return }
        switch level {
        case .root:
            if indentation == nil { indentation = Self.indentation(after: text) }
        case .part, .inline:
            partHasContent = true
            if keepsNotes || part != .note { partText += text.string }
        case .tool:
            toolHasContent = true
        default:
            break
        }
    }

    mutating func cdata(_ text: XMLText) {
        guard failure == nil, let level = levels.last else { return }
        switch level {
        case .part, .inline:
            partHasContent = true
            partText += text.string
        default:
            otherContent(in: level)
        }
    }

    mutating func comment(_ text: XMLText) {
        guard failure == nil, let level = levels.last else { return }
        otherContent(in: level)
    }

    mutating func processingInstruction(target: String, data: XMLText) {
        guard failure == nil, let level = levels.last else { return }
        otherContent(in: level)
    }

    /// Content that adds no text but makes its element non-empty.
    private mutating func otherContent(in level: Level) {
        switch level {
        case .root: if indentation == nil { indentation = "" }
        case .part, .inline: partHasContent = true
        case .tool: toolHasContent = true
        default: break
        }
    }

    // MARK: - Root and files

    private mutating func startRoot(_ element: XMLStartElement) {
        let at = location(of: element)
        guard element.hasName("xliff") else {
            fail(XLIFFReadingMessage.notXLIFF(root: element.qualifiedName), at: at)
            return
        }
        rootAttributes = element.attributes.map { XLIFFAttribute($0.qualifiedName, $0.value) }
        if let version = rootAttributes.first(where: { $0.name == "version" })?.value, version.hasPrefix("2") {
            fail(XLIFFReadingMessage.unsupportedVersion(version), at: at)
            return
        }
        if let namespace = element.namespaceURI, namespace.hasPrefix(Self.xliffNamespacePrefix + "2") {
            let version = String(namespace.dropFirst(Self.xliffNamespacePrefix.count))
            fail(XLIFFReadingMessage.unsupportedVersion(version), at: at)
            return
        }
        rootPrefix = element.prefix
        if let prefix = rootPrefix {
            diagnostics.append(Diagnostic(.warning, XLIFFReadingMessage.prefixedNamespace(prefix), at: at))
        }
        levels.append(.root)
    }

    private mutating func startFile(_ element: XMLStartElement) {
        var original: String?
        var sourceLanguage: String?
        var targetLanguage: String?
        var datatype: String?
        var others: [XLIFFAttribute] = []
        let attributes = element.attributes
        var order: [String] = []
        order.reserveCapacity(attributes.count)
        for attribute in attributes {
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
        let at = location(of: element)
        guard let original else { return fail(XLIFFReadingMessage.fileWithoutOriginal, at: at) }
        guard let sourceLanguage else {
            return fail(XLIFFReadingMessage.fileWithoutSourceLanguage(original: original), at: at)
        }
        keepsNotes = keepsNotesEverywhere || (keepsNotesOutsideCatalogs && !original.hasSuffix(".xcstrings"))
        file = XLIFFFile(
            original: original, sourceLanguage: sourceLanguage, targetLanguage: targetLanguage,
            datatype: datatype ?? "plaintext", tool: nil, location: at, otherAttributes: others, attributeOrder: order)
        file.units.reserveCapacity(expectedUnits)
        unitsByHash = FirstPositions(capacity: expectedUnits)
        collidingFirstLines = [:]
        expectedUnits = 0
        levels.append(.file)
    }

    private func tool(from element: XMLStartElement) -> XLIFFTool {
        var tool = XLIFFTool(id: "", name: "")
        for attribute in element.attributes where attribute.hasNoPrefix {
            if attribute.hasName("tool-id") {
                tool.id = attribute.value
            } else if attribute.hasName("tool-name") {
                tool.name = attribute.value
            } else if attribute.hasName("tool-version") {
                tool.version = attribute.value
            } else if attribute.hasName("build-num") {
                tool.buildNumber = attribute.value
            }
        }
        return tool
    }

    // MARK: - Units

    private mutating func startUnit(_ element: XMLStartElement) {
        var id: String?
        var translate: String?
        var space: String?
        var others: [XLIFFAttribute] = []
        for attribute in element.attributes {
            if attribute.hasNoPrefix {
                if attribute.hasName("id") {
                    id = attribute.value
                    continue
                }
                if attribute.hasName("translate") {
                    translate = attribute.value
                    continue
                }
            } else if attribute.hasPrefix("xml") && attribute.hasName("space") {
                space = attribute.value(orShared: Self.commonSpaces)
                continue
            }
            others.append(XLIFFAttribute(attribute.qualifiedName, attribute.value))
        }
        let at = location(of: element)
        guard let id else { return fail(XLIFFReadingMessage.unitWithoutID(original: file.original), at: at) }
        // An empty unit filled in place: appending a unit made here copies it once more.
        file.units.append(Self.emptyUnit)
        unit.id = id
        unit.location = at
        unit.space = space
        if !others.isEmpty { unit.otherAttributes = others }
        switch translate {
        case nil: break
        case "no": unit.translate = false
        case "yes": unit.translate = true
        case let value?:
            diagnostics.append(Diagnostic(.warning, XLIFFReadingMessage.unknownTranslateValue(value, unit: id), at: at))
        }
        unitLine = at.line
        sourceLine = nil
        targetLine = nil
        levels.append(.unit)
    }

    /// The line of an earlier unit of the open file with the same id as the unit at `position`, if there is one;
    /// otherwise records the id as that unit's.
    ///
    /// Ids are compared by their UTF-8 bytes (see ``UnitID``).
    private mutating func firstLineOfUnit(at position: Int) -> Int? {
        let hash = UnitID.bytesHash(of: file.units[position].id)
        guard let index = unitsByHash.first(forHash: hash, orRecording: position) else { return nil }
        if file.units[index].id.utf8.elementsEqual(file.units[position].id.utf8) {
            return file.units[index].location?.line ?? 0
        }
        return collidingFirstLines.updateValue(unitLine, forKey: UnitID(file.units[position].id))
    }

    private mutating func startUnitChild(_ element: XMLStartElement) {
        if element.hasName("source") {
            if let sourceLine { return skipExtra(element, firstLine: sourceLine) }
            sourceLine = location(of: element).line
            startPart(.source)
        } else if element.hasName("target") {
            if let targetLine { return skipExtra(element, firstLine: targetLine) }
            targetLine = location(of: element).line
            for attribute in element.attributes where attribute.hasNoPrefix {
                if attribute.hasName("state") {
                    unit.state = attribute.value(orShared: Self.commonStates)
                } else if attribute.hasName("state-qualifier") {
                    unit.stateQualifier = attribute.value(orShared: Self.commonStateQualifiers)
                }
            }
            startPart(.target)
        } else if element.hasName("note") {
            noteFrom = nil
            for attribute in element.attributes where attribute.hasNoPrefix && attribute.hasName("from") {
                noteFrom = attribute.value(orShared: Self.commonNoteSources)
            }
            startPart(.note)
        } else {
            skip(element, in: "trans-unit", unit: unit.id)
        }
    }

    private mutating func startPart(_ part: Part) {
        self.part = part
        partText = ""
        partHasContent = false
        levels.append(.part)
    }

    /// Inline markup inside `<source>`, `<target>` or `<note>`: flattened to its text, or removed.
    private mutating func startInline(_ element: XMLStartElement) {
        let name = element.name
        let partName: String
        switch part {
        case .source: partName = "source"
        case .target: partName = "target"
        case .note: partName = "note"
        }
        if element.hasName("x") || element.hasName("bx") || element.hasName("ex") {
            warn(XLIFFReadingMessage.inlineElementRemoved(name, in: partName, unit: unit.id), at: element)
            levels.append(.skipped)
        } else {
            warn(XLIFFReadingMessage.inlineElementFlattened(name, in: partName, unit: unit.id), at: element)
            levels.append(.inline)
        }
    }

    private mutating func skipExtra(_ element: XMLStartElement, firstLine: Int) {
        warn(XLIFFReadingMessage.extraElement(element.name, unit: unit.id, firstLine: firstLine), at: element)
        levels.append(.skipped)
    }

    /// An element the model has no place for: XLIFF 1.2 elements Xcode neither writes nor reads (`<alt-trans>`,
    /// `<context-group>`, `<count-group>`, a header `<note>`, …) and foreign ones.
    private mutating func skip(_ element: XMLStartElement, in parent: String, unit: String? = nil) {
        warn(XLIFFReadingMessage.ignoredElement(element.qualifiedName, in: parent, unit: unit), at: element)
        levels.append(.skipped)
    }

    // MARK: - Diagnostics

    private mutating func warn(_ message: String, at element: XMLStartElement) {
        diagnostics.append(Diagnostic(.warning, message, at: location(of: element)))
    }

    private mutating func fail(_ message: String, at location: FileLocation?) {
        failure = ConversionError(message, at: location ?? FileLocation(path: path, line: 1, column: 1))
    }

    private func location(of element: XMLStartElement) -> FileLocation {
        guard let lines else { return FileLocation(path: path, line: element.line, column: element.column) }
        let position = lines.position(line: element.line, column: element.column)
        return FileLocation(path: path, line: position.line, column: position.column)
    }

    // MARK: - Layout

    /// Records how the first element without content was written.
    private mutating func noteEmptiness(selfClosing: Bool) {
        if selfClosesEmptyElements == nil { selfClosesEmptyElements = selfClosing }
    }

    /// The indentation of the root's first child: what follows the last line break of the whitespace before it
    /// (`"  "` in Xcode's output), or `""` when the children are not on lines of their own.
    ///
    /// Only spaces and tabs are indentation: text that is not white space there (`\n &amp; <file>`, which the
    /// document does not keep) ends it, so that the writer never writes it back unescaped (a fuzz finding,
    /// Fuzz/findings/xliff-roundtrip/text-in-root-indentation.xliff).
    private static func indentation(after whitespace: XMLText) -> String {
        let text = whitespace.string
        guard let lineBreak = text.lastIndex(of: "\n") else { return "" }
        return String(text[text.index(after: lineBreak)...].prefix { $0 == " " || $0 == "\t" })
    }

    private static let emptyUnit = XLIFFUnit(id: "", source: nil, notes: [], space: nil)

    /// Attribute values common enough to be shared rather than made again for every unit.
    private static let commonSpaces = ["preserve"]
    private static let commonStateQualifiers = ["leveraged-mt"]
    private static let commonNoteSources = ["auto-generated", "developer"]
    private static let commonStates = [
        "translated", "new", "needs-review-translation", "needs-review-l10n", "final", "signed-off",
        "needs-translation",
    ]

    /// The XLIFF namespaces without their version (`1.2`, `2.0`).
    private static let xliffNamespacePrefix = "urn:oasis:names:tc:xliff:document:"
}
