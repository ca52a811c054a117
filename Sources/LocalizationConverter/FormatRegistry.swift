import LocalizationCatalog
import StringsDictFormat
import StringsFormat
import XCStringsFormat
@_spi(XLIFFDocuments) import XLIFFFormat

/// The formats a conversion can choose from, looked up by name or file extension.
public struct FormatRegistry: Sendable {
    /// The formats, in lookup priority.
    public let formats: [FormatDescriptor]

    /// Creates a registry; two formats may not claim the same name or extension.
    public init(_ formats: [FormatDescriptor]) {
        var claimed = Set<String>()
        for format in formats {
            for name in [format.name] + format.fileExtensions.map({ "." + $0 }) {
                precondition(claimed.insert(name).inserted, "two formats claim '\(name)'")
            }
        }
        self.formats = formats
    }

    /// Every format this package provides.
    public static let standard = FormatRegistry([.xcstrings, .strings, .stringsdict, .xliff])

    /// The format called `name` (`xcstrings`, `strings`, …), ignoring case.
    public func format(named name: String) -> FormatDescriptor? {
        formats.first { $0.name == name.lowercased() }
    }

    /// The format whose identity is `id`.
    package func format(_ id: FormatID) -> FormatDescriptor? {
        formats.first { $0.id == id }
    }

    /// The file extensions of the formats `ids` (formats the registry lacks have none).
    package func fileExtensions(of ids: [FormatID]) -> Set<String> {
        Set(ids.flatMap { format($0)?.fileExtensions ?? [] })
    }

    /// The format for a path's extension, ignoring case.
    public func format(forPath path: String) -> FormatDescriptor? {
        guard let ext = fileExtension(path) else { return nil }
        return formats.first { $0.fileExtensions.contains(ext) }
    }

    /// The names of all formats, for messages.
    package var names: [String] { formats.map(\.name) }
}

/// The lowercased extension of a path, without the dot.
func fileExtension(_ path: String) -> String? {
    let base = path.split(separator: "/").last ?? Substring(path)
    guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return nil }
    return base[base.index(after: dot)...].lowercased()
}
