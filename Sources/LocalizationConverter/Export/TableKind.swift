@_spi(XLIFFDocuments) import XLIFFFormat

/// The kinds of table an XLIFF `<file>` can stand for, by the extension of its `original`
/// (``XLIFFTableKind/init(path:)`` decides, for export and import alike).
package typealias TableKind = XLIFFTableKind
