import LocalizationCatalog

/// An XLIFF 1.2 document in Xcode's dialect, as values: what `xcodebuild -exportLocalizations` writes and
/// `-importLocalizations` reads.
///
/// This is the format's own model; ``XLIFFExport`` and ``XLIFFImport`` map between it and string tables.
public struct XLIFFDocument: Sendable, Equatable {
    /// One `<file>` per table, in document order.
    public var files: [XLIFFFile]

    /// Creates a document.
    public init(files: [XLIFFFile] = []) {
        self.files = files
    }
}

/// The tool that wrote a document (`<header><tool …/>`).
public struct XLIFFTool: Sendable, Equatable {
    /// `tool-id`.
    public var id: String
    /// `tool-name`.
    public var name: String
    /// `tool-version`.
    public var version: String?
    /// `build-num`.
    public var buildNumber: String?

    /// Creates tool information.
    public init(id: String = "com.apple.dt.xcode", name: String = "Xcode", version: String? = nil, buildNumber: String? = nil) {
        self.id = id
        self.name = name
        self.version = version
        self.buildNumber = buildNumber
    }
}

/// One `<file>`: one table of the project, in one target language.
public struct XLIFFFile: Sendable, Equatable {
    /// `original`: the table's path relative to the project root (`MyApp/Localizable.xcstrings`,
    /// `MyApp/en.lproj/Localizable.strings`); it identifies the table.
    public var original: String
    /// `source-language`.
    public var sourceLanguage: String
    /// `target-language` (absent in some old exports).
    public var targetLanguage: String?
    /// `datatype`, `plaintext` in Xcode's exports.
    public var datatype: String
    /// `<header><tool>`.
    public var tool: XLIFFTool?
    /// The units, in document order.
    public var units: [XLIFFUnit]
    /// Where the `<file>` element starts, when read from a document.
    public var location: FileLocation?

    /// Creates a file.
    public init(
        original: String, sourceLanguage: String, targetLanguage: String?, datatype: String = "plaintext",
        tool: XLIFFTool? = XLIFFTool(), units: [XLIFFUnit] = [], location: FileLocation? = nil
    ) {
        self.original = original
        self.sourceLanguage = sourceLanguage
        self.targetLanguage = targetLanguage
        self.datatype = datatype
        self.tool = tool
        self.units = units
        self.location = location
    }

    /// Files are equal when their content is; ``location`` is not compared.
    public static func == (lhs: XLIFFFile, rhs: XLIFFFile) -> Bool {
        lhs.original == rhs.original && lhs.sourceLanguage == rhs.sourceLanguage
            && lhs.targetLanguage == rhs.targetLanguage && lhs.datatype == rhs.datatype && lhs.tool == rhs.tool
            && lhs.units == rhs.units
    }
}

/// A `<note>`.
public struct XLIFFNote: Sendable, Equatable {
    /// The text.
    public var text: String
    /// `from` (`auto-generated` for comments Xcode generated).
    public var from: String?

    /// Creates a note.
    public init(_ text: String, from: String? = nil) {
        self.text = text
        self.from = from
    }
}

/// One `<trans-unit>`.
public struct XLIFFUnit: Sendable, Equatable {
    /// `id`: the key, or the key and a variation path (`key|==|plural.one`), or a legacy plist path
    /// (`/key:dict/NSStringLocalizedFormatKey:dict/:string`).
    public var id: String
    /// `<source>`; `nil` when the unit has none (some Xcode exports write a target without a source).
    public var source: String?
    /// `<target>`; `nil` when there is no target element (an untranslated unit).
    public var target: String?
    /// The target's `state` (`new`, `translated`, `needs-review-l10n`, …).
    public var state: String?
    /// The target's `state-qualifier` (`leveraged-mt` for machine translations).
    public var stateQualifier: String?
    /// The notes; Xcode writes one, empty (`<note/>`) when there is no comment.
    public var notes: [XLIFFNote]
    /// `translate="no"` is `false`; `nil` when the attribute is absent.
    public var translate: Bool?
    /// Where the unit starts, when read from a document.
    public var location: FileLocation?

    /// Creates a unit.
    public init(
        id: String, source: String?, target: String? = nil, state: String? = nil, stateQualifier: String? = nil,
        notes: [XLIFFNote] = [XLIFFNote("")], translate: Bool? = nil, location: FileLocation? = nil
    ) {
        self.id = id
        self.source = source
        self.target = target
        self.state = state
        self.stateQualifier = stateQualifier
        self.notes = notes
        self.translate = translate
        self.location = location
    }

    /// Units are equal when their content is; ``location`` is not compared.
    public static func == (lhs: XLIFFUnit, rhs: XLIFFUnit) -> Bool {
        lhs.id == rhs.id && lhs.source == rhs.source && lhs.target == rhs.target && lhs.state == rhs.state
            && lhs.stateQualifier == rhs.stateQualifier && lhs.notes == rhs.notes && lhs.translate == rhs.translate
    }
}
