import LocalizationCatalog
import StringsDictFormat
import StringsFormat
import XCStringsFormat
import XLIFFFormat

/// The kinds of table an XLIFF `<file>` can stand for, by the extension of its `original`.
public typealias TableKind = XLIFFTableKind

extension XLIFFTableKind {
    /// The kind for a path's extension, if it is a table.
    init?(path: String) {
        switch FormatRegistry.standard.format(forPath: path)?.id {
        case .xcstrings?: self = .catalog
        case .strings?: self = .strings
        case .stringsdict?: self = .stringsDict
        default: return nil
        }
    }
}
