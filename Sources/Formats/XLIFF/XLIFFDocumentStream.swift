import LocalizationCatalog
import XMLSupport

/// Writes an XLIFF document `<file>` by `<file>`, straight into UTF-8 bytes, in a document's ``XLIFFLayout``.
///
/// ``XLIFFWriter`` writes whole documents through it, so the bytes are the ones it documents. An export writes
/// each table as soon as it is made instead: ``writeCatalog(_:targetLanguage:tool:diagnostics:)`` streams a
/// prepared String Catalog without building its units first.
public struct XLIFFDocumentStream {
    private var bytes: [UInt8]
    let markup: XLIFFMarkup
    /// Whether `<xliff>` has content (its start tag is closed).
    private var hasFiles = false
    /// Whether the open `<body>` has units (its start tag is closed).
    private var bodyHasUnits = false

    /// Starts a document: the layout's prolog and the `<xliff>` start tag with `rootAttributes`.
    /// - Parameter minimumCapacity: The number of bytes to reserve, when the size is known roughly.
    public init(
        layout: XLIFFLayout = .xcode, rootAttributes: [XLIFFAttribute] = XLIFFAttribute.xcodeRoot,
        minimumCapacity: Int = 0
    ) {
        markup = XLIFFMarkup(layout: layout)
        bytes = []
        bytes.reserveCapacity(max(minimumCapacity, 1024))
        bytes.append(contentsOf: layout.prolog.utf8)
        bytes.append(contentsOf: "<xliff".utf8)
        for attribute in rootAttributes { markup.appendAttribute(attribute.name, attribute.value, to: &bytes) }
    }

    /// Writes a `<file>` with its header and units.
    public mutating func write(_ file: XLIFFFile) {
        startFile(file)
        for unit in file.units {
            openBody()
            markup.appendUnit(unit, to: &bytes)
        }
        endFile()
    }

    /// Ends the document and returns it: `</xliff>` and the layout's trailer.
    public mutating func finish() -> [UInt8] {
        if hasFiles {
            markup.appendLineBreak(depth: 0, to: &bytes)
            bytes.append(contentsOf: "</xliff>".utf8)
        } else {
            bytes.append(contentsOf: (markup.selfCloses ? "/>" : "></xliff>").utf8)
        }
        bytes.append(contentsOf: markup.layout.trailer.utf8)
        let result = bytes
        bytes = []
        return result
    }

    // MARK: - Pieces

    /// Writes the `<file>` start tag, its header, and the `<body>` start tag, left open.
    mutating func startFile(_ file: XLIFFFile) {
        if !hasFiles {
            bytes.append(UInt8(ascii: ">"))
            hasFiles = true
        }
        markup.appendLineBreak(depth: 1, to: &bytes)
        bytes.append(contentsOf: "<file".utf8)
        markup.appendFileAttributes(of: file, to: &bytes)
        bytes.append(UInt8(ascii: ">"))
        if let tool = file.tool {
            markup.appendLineBreak(depth: 2, to: &bytes)
            bytes.append(contentsOf: "<header>".utf8)
            markup.appendLineBreak(depth: 3, to: &bytes)
            bytes.append(contentsOf: "<tool".utf8)
            markup.appendAttribute("tool-id", tool.id, to: &bytes)
            markup.appendAttribute("tool-name", tool.name, to: &bytes)
            if let version = tool.version { markup.appendAttribute("tool-version", version, to: &bytes) }
            if let buildNumber = tool.buildNumber { markup.appendAttribute("build-num", buildNumber, to: &bytes) }
            bytes.append(contentsOf: (markup.selfCloses ? "/>" : "></tool>").utf8)
            markup.appendLineBreak(depth: 2, to: &bytes)
            bytes.append(contentsOf: "</header>".utf8)
        }
        markup.appendLineBreak(depth: 2, to: &bytes)
        bytes.append(contentsOf: "<body".utf8)
        bodyHasUnits = false
    }

    /// Closes the `<body>` start tag before its first unit.
    @inline(__always)
    mutating func openBody() {
        if !bodyHasUnits {
            bytes.append(UInt8(ascii: ">"))
            bodyHasUnits = true
        }
    }

    /// Writes `</body></file>` (`<body/>` when the body has no unit).
    mutating func endFile() {
        if bodyHasUnits {
            markup.appendLineBreak(depth: 2, to: &bytes)
            bytes.append(contentsOf: "</body>".utf8)
        } else {
            bytes.append(contentsOf: (markup.selfCloses ? "/>" : "></body>").utf8)
        }
        markup.appendLineBreak(depth: 1, to: &bytes)
        bytes.append(contentsOf: "</file>".utf8)
        bodyHasUnits = false
    }

    /// A point to come back to if the unit about to be written is left out.
    struct Mark {
        fileprivate let count: Int
        fileprivate let bodyHadUnits: Bool
    }

    /// Where the stream is now.
    var mark: Mark { Mark(count: bytes.count, bodyHadUnits: bodyHasUnits) }

    /// Removes everything written since `mark`.
    mutating func rewind(to mark: Mark) {
        bytes.removeSubrange(mark.count...)
        bodyHasUnits = mark.bodyHadUnits
    }

    /// Reserves room for `count` more bytes.
    mutating func reserve(_ count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }

    /// Runs `body` with the bytes and the layout, for writers that append pieces themselves.
    mutating func withBytes<Result>(_ body: (inout [UInt8], XLIFFMarkup) -> Result) -> Result {
        body(&bytes, markup)
    }
}

/// The markup of one layout, appended to a byte buffer: what an `XMLStreamWriter` with the layout's indentation
/// writes for XLIFF (see ``XLIFFWriter`` for the skeleton).
struct XLIFFMarkup: Sendable {
    let layout: XLIFFLayout
    /// Whether elements without content are written `<x/>`.
    let selfCloses: Bool
    /// The line break and indentation before an item nested `depth` elements deep, for depths 0 to 4; all
    /// empty when the layout has no indentation.
    private let lineBreaks: [[UInt8]]

    /// Xcode's current `<file>` attribute order.
    static let fileAttributeOrder = ["original", "source-language", "target-language", "datatype"]

    init(layout: XLIFFLayout) {
        self.layout = layout
        selfCloses = layout.selfClosesEmptyElements
        let indentation = Array(layout.indentation.utf8)
        lineBreaks = (0...4).map { depth in
            indentation.isEmpty ? [] : [UInt8(ascii: "\n")] + Array(repeating: indentation, count: depth).joined()
        }
    }

    @inline(__always)
    func appendLineBreak(depth: Int, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: lineBreaks[depth])
    }

    /// Appends ` name="value"`.
    /// - Returns: Whether the value holds a character that XML 1.0 cannot hold.
    @discardableResult
    func appendAttribute(_ name: String, _ value: String, to bytes: inout [UInt8]) -> Bool {
        bytes.append(UInt8(ascii: " "))
        bytes.append(contentsOf: name.utf8)
        bytes.append(contentsOf: "=\"".utf8)
        let unholdable = XMLEscaping.appendAttributeValue(value, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        return unholdable
    }

    /// The known attributes (in the order read, or Xcode's), then the other ones.
    func appendFileAttributes(of file: XLIFFFile, to bytes: inout [UInt8]) {
        func value(of name: String) -> String? {
            switch name {
            case "original": file.original
            case "source-language": file.sourceLanguage
            case "target-language": file.targetLanguage
            case "datatype": file.datatype
            default: file.otherAttributes.first { $0.name == name }?.value
            }
        }
        var written: [String] = []
        for name in file.attributeOrder ?? Self.fileAttributeOrder where !written.contains(name) {
            guard let value = value(of: name) else { continue }
            appendAttribute(name, value, to: &bytes)
            written.append(name)
        }
        for name in Self.fileAttributeOrder + file.otherAttributes.map(\.name) where !written.contains(name) {
            guard let value = value(of: name) else { continue }
            appendAttribute(name, value, to: &bytes)
            written.append(name)
        }
    }

    /// Appends a `<trans-unit>` and what is inside it, nested in `<body>`.
    /// - Returns: Whether anything written holds a character that XML 1.0 cannot hold.
    @discardableResult
    func appendUnit(_ unit: XLIFFUnit, to bytes: inout [UInt8]) -> Bool {
        var unholdable = appendUnitStart(id: unit.id, translate: unit.translate, otherAttributes: unit.otherAttributes,
            space: unit.space, to: &bytes)
        guard unit.source != nil || unit.target != nil || !unit.notes.isEmpty else {
            bytes.append(contentsOf: (selfCloses ? "/>" : "></trans-unit>").utf8)
            return unholdable
        }
        bytes.append(UInt8(ascii: ">"))
        if let source = unit.source {
            unholdable = appendSource(source, to: &bytes) || unholdable
        }
        if let target = unit.target {
            unholdable = appendTarget(target, state: unit.state, qualifier: unit.stateQualifier, to: &bytes) || unholdable
        }
        for note in unit.notes {
            unholdable = appendNote(note.text, from: note.from, to: &bytes) || unholdable
        }
        appendUnitEnd(to: &bytes)
        return unholdable
    }

    /// Appends `<trans-unit id=… translate=… … xml:space=…`, its start tag left open.
    func appendUnitStart(
        id: String, translate: Bool?, otherAttributes: [XLIFFAttribute] = [], space: String?, to bytes: inout [UInt8]
    ) -> Bool {
        appendLineBreak(depth: 3, to: &bytes)
        bytes.append(contentsOf: "<trans-unit".utf8)
        var unholdable = appendAttribute("id", id, to: &bytes)
        if let translate { unholdable = appendAttribute("translate", translate ? "yes" : "no", to: &bytes) || unholdable }
        for attribute in otherAttributes {
            unholdable = appendAttribute(attribute.name, attribute.value, to: &bytes) || unholdable
        }
        if let space { unholdable = appendAttribute("xml:space", space, to: &bytes) || unholdable }
        return unholdable
    }

    /// Appends `</trans-unit>` on its own line.
    func appendUnitEnd(to bytes: inout [UInt8]) {
        appendLineBreak(depth: 3, to: &bytes)
        bytes.append(contentsOf: "</trans-unit>".utf8)
    }

    /// Appends `<source>text</source>` on its own line.
    func appendSource(_ text: String, to bytes: inout [UInt8]) -> Bool {
        appendLineBreak(depth: 4, to: &bytes)
        bytes.append(contentsOf: "<source".utf8)
        return appendContent(text, end: "</source>", to: &bytes)
    }

    /// Appends `<target state=… state-qualifier=…>text</target>` on its own line.
    func appendTarget(_ text: String, state: String?, qualifier: String?, to bytes: inout [UInt8]) -> Bool {
        appendLineBreak(depth: 4, to: &bytes)
        bytes.append(contentsOf: "<target".utf8)
        var unholdable = false
        if let state { unholdable = appendAttribute("state", state, to: &bytes) }
        if let qualifier { unholdable = appendAttribute("state-qualifier", qualifier, to: &bytes) || unholdable }
        return appendContent(text, end: "</target>", to: &bytes) || unholdable
    }

    /// Appends `<note from=…>text</note>` on its own line.
    func appendNote(_ text: String, from: String?, to bytes: inout [UInt8]) -> Bool {
        appendLineBreak(depth: 4, to: &bytes)
        bytes.append(contentsOf: "<note".utf8)
        var unholdable = false
        if let from { unholdable = appendAttribute("from", from, to: &bytes) }
        return appendContent(text, end: "</note>", to: &bytes) || unholdable
    }

    /// Closes an inline element's start tag, and appends its text and end tag; an empty text gives `<x/>`.
    private func appendContent(_ text: String, end: StaticString, to bytes: inout [UInt8]) -> Bool {
        guard !text.isEmpty else {
            if selfCloses {
                bytes.append(contentsOf: "/>".utf8)
            } else {
                bytes.append(UInt8(ascii: ">"))
                bytes.append(contentsOf: UnsafeBufferPointer(start: end.utf8Start, count: end.utf8CodeUnitCount))
            }
            return false
        }
        bytes.append(UInt8(ascii: ">"))
        let unholdable = XMLEscaping.appendText(text, to: &bytes)
        bytes.append(contentsOf: UnsafeBufferPointer(start: end.utf8Start, count: end.utf8CodeUnitCount))
        return unholdable
    }
}
