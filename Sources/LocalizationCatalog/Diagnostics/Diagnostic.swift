import StringBridgeSupport

/// A message about an input or an output: an error that stops a conversion, or a warning about something a
/// format cannot express.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable {
        /// The input cannot be converted.
        case error
        /// The conversion goes on, but something is lost or suspicious.
        case warning
        /// Extra information attached to the previous diagnostic.
        case note
    }

    /// How serious it is.
    public var severity: Severity
    /// The message, without location or severity.
    public var message: String
    /// The file the message is about, when it is about a file.
    public var path: String?
    /// The line and column, when known.
    public var line: Int?
    /// The column, when known.
    public var column: Int?
    /// What it is about, for code that acts on it (never match ``message``); `nil` for most diagnostics.
    public var id: DiagnosticID?
    /// The key (or name) it is about, when it names one; set with ``id``.
    public var key: String?

    /// Creates a diagnostic at a location.
    public init(_ severity: Severity, _ message: String, at location: FileLocation) {
        self.severity = severity
        self.message = message
        self.path = location.path
        self.line = location.line
        self.column = location.column
    }

    /// Creates a diagnostic about a whole file, or about nothing in particular.
    public init(_ severity: Severity, _ message: String, path: String? = nil) {
        self.severity = severity
        self.message = message
        self.path = path
    }

    /// Creates a diagnostic at `location` when it is known (a key's ``CatalogEntry/origin``), else about the file
    /// `path`, else about nothing in particular.
    package init(_ severity: Severity, _ message: String, at location: FileLocation?, orPath path: String?) {
        if let location {
            self.init(severity, message, at: location)
        } else {
            self.init(severity, message, path: path)
        }
    }

    /// This diagnostic with an ``id`` and the ``key`` it names.
    public func identified(_ id: DiagnosticID, key: String? = nil) -> Diagnostic {
        var copy = self
        copy.id = id
        copy.key = key
        return copy
    }

    /// Compiler style: `path:line:column: error: message` (parts that are unknown are left out).
    public var description: String {
        var prefix = ""
        if let path {
            prefix = path
            if let line {
                prefix += ":\(line)"
                if let column { prefix += ":\(column)" }
            }
            prefix += ": "
        }
        return "\(prefix)\(severity.rawValue): \(message)"
    }
}

/// Diagnostics collected while reading or writing, in the order they were made.
public struct Diagnostics: Sendable, Equatable {
    /// All diagnostics, in order.
    public private(set) var all: [Diagnostic] = []

    /// Creates an empty collection.
    public init() {}

    /// Adds a diagnostic.
    public mutating func append(_ diagnostic: Diagnostic) {
        all.append(diagnostic)
    }

    /// Adds diagnostics.
    package mutating func append(contentsOf diagnostics: Diagnostics) {
        all.append(contentsOf: diagnostics.all)
    }

    /// Adds a warning.
    package mutating func warn(_ message: String, path: String? = nil) {
        all.append(Diagnostic(.warning, message, path: path))
    }

    /// Adds a warning at `location` (a key's ``CatalogEntry/origin``) when it is known, else about the file `path`.
    package mutating func warn(_ message: String, at location: FileLocation?, orPath path: String? = nil) {
        all.append(Diagnostic(.warning, message, at: location, orPath: path))
    }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { all.contains { $0.severity == .error } }

    /// The warnings.
    package var warnings: [Diagnostic] { all.filter { $0.severity == .warning } }
}

/// The error thrown when an input cannot be converted; its diagnostics say where and why.
public struct ConversionError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, with locations.
    public var diagnostics: [Diagnostic]

    /// Creates an error from diagnostics.
    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// Creates an error from one diagnostic.
    public init(_ diagnostic: Diagnostic) {
        self.diagnostics = [diagnostic]
    }

    /// Creates an error at a location.
    package init(_ message: String, at location: FileLocation) {
        self.init(Diagnostic(.error, message, at: location))
    }

    /// Creates an error about a whole file.
    package init(_ message: String, path: String?) {
        self.init(Diagnostic(.error, message, path: path))
    }

    /// This error with every diagnostic given ``Diagnostic/id`` `id` and the ``Diagnostic/key`` it names.
    public func identified(_ id: DiagnosticID, key: String? = nil) -> ConversionError {
        ConversionError(diagnostics.map { $0.identified(id, key: key) })
    }

    /// The diagnostics, one per line.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}

extension Diagnostic {
    /// A key or name as messages show it: in double quotes, with `"`, `\`, LF, CR and TAB escaped and the other
    /// control characters (and DEL) spelled by `control`, so that a message stays on one line.
    ///
    /// Each format spells control characters its own way (`\U0007` in `.strings`, `\u{7}` elsewhere); the
    /// default is Swift's lowercase `\u{7}`.
    package static func quoted(
        _ text: String, control: (Unicode.Scalar) -> String = { "\\u{\(String($0.value, radix: 16))}" }
    ) -> String {
        StringBridgeSupport.quoted(text, spellingControlsWith: control)
    }
}
