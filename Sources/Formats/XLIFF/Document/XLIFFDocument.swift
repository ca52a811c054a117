import LocalizationCatalog

/// An XLIFF 1.2 document in Xcode's dialect, as values: what `xcodebuild -exportLocalizations` writes and
/// `-importLocalizations` reads.
///
/// This is the format's own model; ``XLIFFExport`` and ``XLIFFImport`` map between it and string tables.
@_spi(XLIFFDocuments) public struct XLIFFDocument: Sendable, Equatable {
    /// One `<file>` per table, in document order.
    @_spi(XLIFFDocuments) public var files: [XLIFFFile]
    /// The attributes of `<xliff>`, in the order they are written (namespace declarations included).
    package var rootAttributes: [XLIFFAttribute]
    /// How the document is laid out; ``XLIFFLayout/xcode`` for documents built in code.
    package var layout: XLIFFLayout

    /// Creates a document.
    package init(
        files: [XLIFFFile] = [], rootAttributes: [XLIFFAttribute] = XLIFFAttribute.xcodeRoot,
        layout: XLIFFLayout = .xcode
    ) {
        self.files = files
        self.rootAttributes = rootAttributes
        self.layout = layout
    }

    /// Documents are equal when their content is; ``layout`` is not compared.
    @_spi(XLIFFDocuments) public static func == (lhs: XLIFFDocument, rhs: XLIFFDocument) -> Bool {
        lhs.files == rhs.files && lhs.rootAttributes == rhs.rootAttributes
    }
}

/// An attribute kept as read: a qualified name (`xmlns:xsi`, `xsi:schemaLocation`) and its value.
package struct XLIFFAttribute: Sendable, Hashable {
    /// The qualified name.
    package var name: String
    /// The value, unescaped.
    package var value: String

    /// Creates an attribute.
    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// The `<xliff>` attributes Xcode writes, in Xcode's order (the same from Xcode 10 to Xcode 27).
    package static let xcodeRoot: [XLIFFAttribute] = [
        XLIFFAttribute("xmlns", "urn:oasis:names:tc:xliff:document:1.2"),
        XLIFFAttribute("xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance"),
        XLIFFAttribute("version", "1.2"),
        XLIFFAttribute(
            "xsi:schemaLocation",
            "urn:oasis:names:tc:xliff:document:1.2 http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd"),
    ]
}

/// The layout facts of a document that are not content, kept so that a document read from Xcode's output is
/// written back byte for byte.
///
/// Xcode always writes ``xcode``; the other values come from documents that other tools wrote or edited.
package struct XLIFFLayout: Sendable, Hashable {
    /// Everything before `<xliff`: the XML declaration and the line break after it.
    package var prolog: String
    /// The indentation added per level; empty writes everything on one line.
    package var indentation: String
    /// What follows `</xliff>`: a line break in Xcode's output, sometimes nothing.
    package var trailer: String
    /// Whether elements without content are written `<note/>` (Xcode) rather than `<note></note>`.
    package var selfClosesEmptyElements: Bool

    /// Creates a layout.
    package init(
        prolog: String = XLIFFLayout.xcodeProlog, indentation: String = "  ", trailer: String = "\n",
        selfClosesEmptyElements: Bool = true
    ) {
        self.prolog = prolog
        self.indentation = indentation
        self.trailer = trailer
        self.selfClosesEmptyElements = selfClosesEmptyElements
    }

    /// `<?xml version="1.0" encoding="UTF-8"?>` and a line break.
    package static let xcodeProlog = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"

    /// Xcode's layout: the standard declaration, two spaces per level, `<note/>`, and a final line break.
    package static let xcode = XLIFFLayout()
}

/// The tool that wrote a document (`<header><tool …/>`).
public struct XLIFFTool: Sendable, Equatable {
    /// `tool-id`.
    package var id: String
    /// `tool-name`.
    package var name: String
    /// `tool-version`.
    package var version: String?
    /// `build-num`.
    package var buildNumber: String?

    /// Creates tool information.
    public init(
        id: String = "com.apple.dt.xcode", name: String = "Xcode", version: String? = nil, buildNumber: String? = nil
    ) {
        self.id = id
        self.name = name
        self.version = version
        self.buildNumber = buildNumber
    }
}

/// One `<file>`: one table of the project, in one target language.
@_spi(XLIFFDocuments) public struct XLIFFFile: Sendable, Equatable {
    /// `original`: the table's path relative to the project root (`MyApp/Localizable.xcstrings`,
    /// `MyApp/en.lproj/Localizable.strings`); it identifies the table.
    package var original: String
    /// `source-language`.
    package var sourceLanguage: String
    /// `target-language` (absent in some old exports).
    package var targetLanguage: String?
    /// `datatype`, `plaintext` in Xcode's exports.
    package var datatype: String
    /// `<header><tool>`.
    package var tool: XLIFFTool?
    /// The units, in document order.
    package var units: [XLIFFUnit]
    /// Where the `<file>` element starts, when read from a document.
    package var location: FileLocation?
    /// Attributes of `<file>` other than the four above, in document order.
    package var otherAttributes: [XLIFFAttribute]
    /// The order of the `<file>` attributes as read (qualified names).
    ///
    /// `nil` writes Xcode's current order, `original source-language target-language datatype`. Older Xcode
    /// versions wrote other orders, sometimes several within one document.
    package var attributeOrder: [String]?

    /// Creates a file.
    package init(
        original: String, sourceLanguage: String, targetLanguage: String?, datatype: String = "plaintext",
        tool: XLIFFTool? = XLIFFTool(), units: [XLIFFUnit] = [], location: FileLocation? = nil,
        otherAttributes: [XLIFFAttribute] = [], attributeOrder: [String]? = nil
    ) {
        self.original = original
        self.sourceLanguage = sourceLanguage
        self.targetLanguage = targetLanguage
        self.datatype = datatype
        self.tool = tool
        self.units = units
        self.location = location
        self.otherAttributes = otherAttributes
        self.attributeOrder = attributeOrder
    }

    /// Files are equal when their content is; ``location`` and ``attributeOrder`` are not compared.
    @_spi(XLIFFDocuments) public static func == (lhs: XLIFFFile, rhs: XLIFFFile) -> Bool {
        lhs.original == rhs.original && lhs.sourceLanguage == rhs.sourceLanguage
            && lhs.targetLanguage == rhs.targetLanguage && lhs.datatype == rhs.datatype && lhs.tool == rhs.tool
            && lhs.otherAttributes == rhs.otherAttributes && lhs.units == rhs.units
    }
}

/// A `<note>`.
package struct XLIFFNote: Sendable, Equatable {
    /// The text.
    package var text: String
    /// `from` (`auto-generated` for comments Xcode generated).
    package var from: String?

    /// Creates a note.
    package init(_ text: String, from: String? = nil) {
        self.text = text
        self.from = from
    }
}

/// One `<trans-unit>`.
package struct XLIFFUnit: Sendable, Equatable {
    /// `id`: the key, or the key and a variation path (`key|==|plural.one`), or a legacy plist path
    /// (`/key:dict/NSStringLocalizedFormatKey:dict/:string`).
    package var id: String
    /// `<source>`; `nil` when the unit has none (some Xcode exports write a target without a source).
    package var source: String?
    /// `<target>`; `nil` when there is no target element (an untranslated unit).
    package var target: String?
    /// The target's `state` (`new`, `translated`, `needs-review-l10n`, …).
    package var state: String?
    /// The target's `state-qualifier` (`leveraged-mt` for machine translations).
    package var stateQualifier: String?
    /// The notes; Xcode writes one, empty (`<note/>`) when there is no comment.
    package var notes: [XLIFFNote]
    /// `translate="no"` is `false`; `nil` when the attribute is absent.
    package var translate: Bool?
    /// Where the unit starts, when read from a document.
    package var location: FileLocation?
    /// `xml:space`: `preserve` in Xcode's exports; `nil` when absent (Xcode 10 did not write it).
    package var space: String?
    /// Attributes of `<trans-unit>` other than `id`, `translate` and `xml:space`, in document order; written
    /// after `translate`.
    package var otherAttributes: [XLIFFAttribute]

    /// Creates a unit.
    package init(
        id: String, source: String?, target: String? = nil, state: String? = nil, stateQualifier: String? = nil,
        notes: [XLIFFNote] = [XLIFFNote("")], translate: Bool? = nil, location: FileLocation? = nil,
        space: String? = "preserve", otherAttributes: [XLIFFAttribute] = []
    ) {
        self.id = id
        self.source = source
        self.target = target
        self.state = state
        self.stateQualifier = stateQualifier
        self.notes = notes
        self.translate = translate
        self.location = location
        self.space = space
        self.otherAttributes = otherAttributes
    }

    /// Units are equal when their content is; ``location`` is not compared.
    package static func == (lhs: XLIFFUnit, rhs: XLIFFUnit) -> Bool {
        lhs.id == rhs.id && lhs.source == rhs.source && lhs.target == rhs.target && lhs.state == rhs.state
            && lhs.stateQualifier == rhs.stateQualifier && lhs.notes == rhs.notes && lhs.translate == rhs.translate
            && lhs.space == rhs.space && lhs.otherAttributes == rhs.otherAttributes
    }
}
