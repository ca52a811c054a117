import LocalizationCatalog
import Testing

@testable import CodeExtraction

/// Calls in comments are extracted by default, as genstrings reads them (docs/extraction.md, "Objective-C and C").
@Suite("Objective-C calls in comments")
struct CommentCallsTests {
    static let source = """
        // MFLocalizedString(@"Retired label", @"Old tab")
        /* NSLocalizedStringFromTable(@"Retired title", @"Menus", nil); */
        #if 0
        NSString *gone = NSLocalizedString(@"Disabled block", nil);
        #endif
        NSString *kept = NSLocalizedString(@"Kept", nil); // NSLocalizedString(@"Trailing note", nil)
        """

    func read(_ reader: ObjectiveCCodeReader) -> (strings: [ExtractedString], diagnostics: [String]) {
        var diagnostics = Diagnostics()
        let strings = reader.strings(in: [CodeFile(path: "T.m", text: Self.source)], diagnostics: &diagnostics)
        return (strings, diagnostics.all.map(\.description))
    }

    @Test("by default: calls in // and /* */ comments count (macro names too), #if 0 blocks do not")
    func commentsCount() {
        let (strings, diagnostics) = read(ObjectiveCCodeReader(macroBaseNames: ["MFLocalizedString"]))
        #expect(strings.map(\.key) == ["Retired label", "Retired title", "Kept", "Trailing note"])
        #expect(strings.map(\.table) == ["Localizable", "Menus", "Localizable", "Localizable"])
        #expect(strings.map(\.comment) == ["Old tab", nil, nil, nil])
        #expect(
            strings.map(\.location) == [
                FileLocation(path: "T.m", line: 1, column: 22), FileLocation(path: "T.m", line: 2, column: 31),
                FileLocation(path: "T.m", line: 6, column: 36), FileLocation(path: "T.m", line: 6, column: 72),
            ])
        #expect(diagnostics == [])
    }

    @Test("LOCALIZED_STRING_CODE_COMMENTS adds #if 0 blocks; includesComments off reads neither")
    func settings() {
        let all = read(ObjectiveCCodeReader(macroBaseNames: ["MFLocalizedString"], includesCommentedOutCode: true))
        #expect(
            all.strings.map(\.key) == ["Retired label", "Retired title", "Disabled block", "Kept", "Trailing note"])
        var reader = ObjectiveCCodeReader(macroBaseNames: ["MFLocalizedString"])
        reader.includesComments = false
        #expect(read(reader).strings.map(\.key) == ["Kept"])
    }
}
