import CodeExtraction
import LocalizationCatalog

/// Reads the localizable strings of Swift code (swift-syntax); see docs/extraction.md.
public struct SwiftCodeReader: CodeReader {
    /// Creates a reader.
    public init() {}

    /// `swift`.
    public var fileExtensions: Set<String> { ["swift"] }

    /// Not written yet: returns nothing.
    public func strings(in files: [CodeFile], diagnostics: inout Diagnostics) -> [ExtractedString] {
        []
    }
}
