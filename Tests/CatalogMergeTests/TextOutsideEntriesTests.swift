import Foundation
import LocalizationCatalog
import TestSupport
import Testing

@testable import CatalogMerge

/// The text outside entries of a `.strings` or `.stringsdict` file (a header, section comments, blank lines, XML
/// comments) is merged three-way by the entry it precedes, so that a merge `git merge-file` makes cleanly gives its
/// bytes (`Fixtures/merge/text-outside-entries*/`: their side changes the header and a section title, adds a
/// section before every key of ours and deletes one; ours changes values and adds a key).
@Suite("text outside entries")
struct TextOutsideEntriesTests {
    static let cases = [
        ("text-outside-entries", "strings"), ("text-outside-entries-utf16", "strings"),
        ("text-outside-entries-stringsdict", "stringsdict"),
    ]

    func side(_ name: String, _ side: String, _ ext: String) throws -> [UInt8] {
        try Fixtures.bytes("merge/\(name)/\(side).\(ext)")
    }

    /// UTF-16 (with its byte-order mark) as UTF-8, for `git merge-file`, which refuses UTF-16.
    static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.starts(with: [0xFF, 0xFE]) else { return bytes }
        let units = stride(from: 2, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8 }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    /// The fixture's expected file is what `git merge-file` makes of the case, without a conflict.
    @Test(arguments: cases)
    func expectedIsGitMergeFile(_ name: String, _ ext: String) throws {
        let folder = try StringBridgeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for part in ["base", "ours", "theirs"] {
            try Data(Self.utf8(try side(name, part, ext))).write(to: folder.appendingPathComponent(part))
        }
        let result = try StringBridgeProcess.runExecutable(
            URL(fileURLWithPath: "/usr/bin/env"), ["git", "merge-file", "-p", "ours", "base", "theirs"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(Array(result.output.utf8) == Self.utf8(try side(name, "expected", ext)))
    }

    /// `git merge` with the README's driver: clean, and the bytes of `git merge-file`.
    @Test(arguments: cases)
    func realMergeGivesGitsBytes(_ name: String, _ ext: String) throws {
        let repository = try GitRepository()
        let file = "App/fr.lproj/Localizable.\(ext)"
        let result = try repository.merge(
            base: try side(name, "base", ext), ours: try side(name, "ours", ext), theirs: try side(name, "theirs", ext),
            file: file)
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.error == "")
        #expect(try repository.contents(file) == (try side(name, "expected", ext)))
        #expect(try repository.git(["status", "--porcelain"]).output == "")
    }

    // MARK: - The merge of the text, in memory

    func merge(_ base: String, _ ours: String, _ theirs: String, name: String = "fr.lproj/Localizable.strings")
        throws -> (text: String, report: FileMergeReport)
    {
        var diagnostics = Diagnostics()
        let planned = try FileMerge.plan(
            base: SourceFile(path: "base", bytes: Array(base.utf8)),
            ours: SourceFile(path: "ours", bytes: Array(ours.utf8)),
            theirs: SourceFile(path: "theirs", bytes: Array(theirs.utf8)), output: name, name: name, format: nil,
            diagnostics: &diagnostics)
        #expect(diagnostics.all.isEmpty)
        return (String(decoding: planned.bytes, as: UTF8.self), planned.report)
    }

    @Test func theirHeaderChangeIsTaken() throws {
        let base = "/* Header 2023 */\n\n/* Hi */\n\"a\" = \"A\";\n\"b\" = \"B\";\n"
        let ours = "/* Header 2023 */\n\n/* Hi */\n\"a\" = \"A\";\n\"b\" = \"Bee\";\n"
        let theirs = "/* Header 2024 */\n\n/* Hi */\n\"a\" = \"A\";\n\"b\" = \"B\";\n"
        let merged = try merge(base, ours, theirs)
        #expect(merged.text == "/* Header 2024 */\n\n/* Hi */\n\"a\" = \"A\";\n\"b\" = \"Bee\";\n")
        #expect(merged.report.conflicts.isEmpty)
    }

    /// A header the reader gives the first key as its comment (no comment of its own) is text outside the entry:
    /// changed by one side, it is changed once, not added again above the key.
    @Test func aHeaderThatIsTheFirstKeysCommentIsText() throws {
        let base = "/* Header 2023 */\n\n\"a\" = \"A\";\n"
        let ours = "/* Header 2023 */\n\n\"a\" = \"A\";\n\"b\" = \"B\";\n"
        let theirs = "/* Header 2024 */\n\n\"a\" = \"A\";\n"
        let merged = try merge(base, ours, theirs)
        #expect(merged.text == "/* Header 2024 */\n\n\"a\" = \"A\";\n\"b\" = \"B\";\n")
        #expect(merged.report.conflicts.isEmpty)
    }

    @Test func aSectionTheyAddWithTheirKeyIsKept() throws {
        let base = "\"a\" = \"A\";\n"
        let ours = "\"a\" = \"Ah\";\n"
        let theirs = "\"a\" = \"A\";\n\n// MARK: - More\n\n\"b\" = \"B\";\n"
        let merged = try merge(base, ours, theirs)
        #expect(merged.text == "\"a\" = \"Ah\";\n\n// MARK: - More\n\n\"b\" = \"B\";\n")
    }

    @Test func aSectionTheyDeleteWithItsKeyGoes() throws {
        let base = "\"a\" = \"A\";\n\n// MARK: - Old\n\n\"old\" = \"Old\";\n\n// MARK: - Rest\n\n\"b\" = \"B\";\n"
        let ours = base.replacingOccurrences(of: "\"B\"", with: "\"Bee\"")
        let theirs = "\"a\" = \"A\";\n\n// MARK: - Rest\n\n\"b\" = \"B\";\n"
        let merged = try merge(base, ours, theirs)
        #expect(merged.text == "\"a\" = \"A\";\n\n// MARK: - Rest\n\n\"b\" = \"Bee\";\n")
    }

    @Test func bothChangingTheSameTextDifferentlyIsAConflictThatKeepsOurs() throws {
        let base = "/* Section */\n\n\"a\" = \"A\";\n"
        let ours = "/* Section one */\n\n\"a\" = \"A\";\n"
        let theirs = "/* Section 1 */\n\n\"a\" = \"A\";\n"
        let merged = try merge(base, ours, theirs)
        #expect(merged.text == ours)
        #expect(
            merged.report.diagnostics.map(\.description) == [
                #"fr.lproj/Localizable.strings:3:1: error: conflict: key "a" text above: ours "/* Section one */\n", "#
                    + #"theirs "/* Section 1 */\n", base "/* Section */\n""#
            ])
    }

    @Test func bothChangingTheTrailingTextDifferentlyIsAConflict() throws {
        let base = "\"a\" = \"A\";\n// end\n"
        let merged = try merge(base, "\"a\" = \"A\";\n// the end\n", "\"a\" = \"A\";\n// fin\n")
        #expect(merged.text == "\"a\" = \"A\";\n// the end\n")
        #expect(
            merged.report.diagnostics.map(\.description) == [
                #"fr.lproj/Localizable.strings:1:1: error: conflict: the table text after the last entry: "#
                    + #"ours "// the end\n", theirs "// fin\n", base "// end\n""#
            ])
    }

    /// A section title ours changed while theirs deleted it with its key: ours is kept, with a conflict.
    @Test func textChangedWhereTheOtherSideDeletedItIsKept() throws {
        let base = "\"a\" = \"A\";\n\n// Old\n\n\"old\" = \"Old\";\n\"b\" = \"B\";\n"
        let ours = "\"a\" = \"A\";\n\n// Old, going\n\n\"old\" = \"Old\";\n\"b\" = \"B\";\n"
        let theirs = "\"a\" = \"A\";\n\"b\" = \"B\";\n"
        let merged = try merge(base, ours, theirs)
        #expect(merged.text == "\"a\" = \"A\";\n\n// Old, going\n\n\"b\" = \"B\";\n")
        #expect(
            merged.report.diagnostics.map(\.description) == [
                #"fr.lproj/Localizable.strings:5:1: error: conflict: key "b" text above: ours "\n// Old, going\n\n", "#
                    + #"theirs (deleted), base "\n// Old\n\n""#
            ])
    }

    /// Their header change reaches the file when ours deleted the first key, whose text above it the header was,
    /// and when ours added a key right under it.
    @Test func theirHeaderChangeSurvivesOurChangesAroundIt() throws {
        let base = "/* Header\n   2023 */\n\n\"a\" = \"A\";\n\n\"b\" = \"B\";\n"
        let theirs = "/* Header\n   2024 */\n\n\"a\" = \"A\";\n\n\"b\" = \"B\";\n"
        let deleted = try merge(base, "/* Header\n   2023 */\n\n\"b\" = \"B\";\n", theirs)
        #expect(deleted.text == "/* Header\n   2024 */\n\n\"b\" = \"B\";\n")
        let added = try merge(
            base, "/* Header\n   2023 */\n\n\"new\" = \"N\";\n\"a\" = \"A\";\n\n\"b\" = \"B\";\n", theirs)
        #expect(added.text == "/* Header\n   2024 */\n\n\"new\" = \"N\";\n\"a\" = \"A\";\n\n\"b\" = \"B\";\n")
        #expect(deleted.report.conflicts.isEmpty && added.report.conflicts.isEmpty)
    }

    /// Two lines of one stretch of text, each changed by one side, merge as `git merge-file` merges them.
    @Test func changesToDifferentLinesOfOneStretchMerge() throws {
        let base = "/* Header\n   App\n   2023 */\n\n// MARK: - Main\n\n\"a\" = \"A\";\n"
        let ours = base.replacingOccurrences(of: "2023", with: "2024")
        let theirs = base.replacingOccurrences(of: "Main", with: "Start")
        let merged = try merge(base, ours, theirs)
        #expect(merged.text == "/* Header\n   App\n   2024 */\n\n// MARK: - Start\n\n\"a\" = \"A\";\n")
        #expect(merged.report.conflicts.isEmpty)
    }

    /// Both sides append keys under the last one: both kept, theirs first (as the tables order them), no conflict.
    @Test func keysBothAppendedAreKeptWithTheirText() throws {
        let base = "\"a\" = \"A\";\n"
        let merged = try merge(
            base, "\"a\" = \"A\";\n\n// Ours\n\"o\" = \"O\";\n", "\"a\" = \"A\";\n\n// Theirs\n\"t\" = \"T\";\n")
        #expect(merged.text == "\"a\" = \"A\";\n\n// Theirs\n\"t\" = \"T\";\n\n// Ours\n\"o\" = \"O\";\n")
        #expect(merged.report.conflicts.isEmpty)
    }

    /// A key ours deleted and theirs changed stays (a conflict of the entries), with its text above it.
    @Test func aKeyKeptForADeletionAgainstAnEditComesBackInItsPlace() throws {
        let base = "\"a\" = \"A\";\n\n\"k\" = \"K\";\n\n\"b\" = \"B\";\n"
        let ours = "\"a\" = \"A\";\n\n\"b\" = \"B\";\n"
        let theirs = "\"a\" = \"A\";\n\n\"k\" = \"Kay\";\n\n\"b\" = \"B\";\n"
        let merged = try merge(base, ours, theirs)
        #expect(merged.text == theirs)
        #expect(merged.report.conflicts.map(\.path) == [""])
    }

    /// Line breaks: their text in CR LF goes into our LF file in LF; a change of line breaks alone is no change.
    @Test func theirTextTakesOurLineBreaks() throws {
        let base = "/* 2023 */\n\n\"a\" = \"A\";\n"
        let ours = "/* 2023 */\n\n\"a\" = \"Ah\";\n"
        let theirs = "/* 2024 */\r\n\r\n\"a\" = \"A\";\r\n"
        let merged = try merge(base, ours, theirs)
        #expect(merged.text == "/* 2024 */\n\n\"a\" = \"Ah\";\n")
        #expect(merged.report.conflicts.isEmpty)
    }

    @Test func aKeyTheyAddBeforeEveryKeyOfOursGoesFirst() throws {
        let base = "\"b\" = \"B\";\n"
        let ours = "\"b\" = \"Bee\";\n"
        let theirs = "\"a\" = \"A\";\n\"b\" = \"B\";\n"
        #expect(try merge(base, ours, theirs).text == "\"a\" = \"A\";\n\"b\" = \"Bee\";\n")
    }

    @Test func aFileWithoutAFinalLineBreakKeepsItsEntriesOnTheirLines() throws {
        let base = "\"b\" = \"B\";"
        let ours = "\"b\" = \"Bee\";"
        let theirs = "\"a\" = \"A\";\n\"b\" = \"B\";"
        #expect(try merge(base, ours, theirs).text == "\"a\" = \"A\";\n\"b\" = \"Bee\";")
    }

    @Test func stringsdictCommentsAreMerged() throws {
        let name = "text-outside-entries-stringsdict"
        var diagnostics = Diagnostics()
        let planned = try FileMerge.plan(
            base: SourceFile(path: "base", bytes: try side(name, "base", "stringsdict")),
            ours: SourceFile(path: "ours", bytes: try side(name, "ours", "stringsdict")),
            theirs: SourceFile(path: "theirs", bytes: try side(name, "theirs", "stringsdict")),
            output: "fr.lproj/Localizable.stringsdict", name: nil, format: nil, diagnostics: &diagnostics)
        #expect(planned.bytes == (try side(name, "expected", "stringsdict")))
    }

    @Test func tokens() throws {
        let text = "/* h */\r\n\r\n/* a */\r\n\"a\" = \"A\";\r\n\r\n  \"b\" = \"B\"; // b\r\n"
        let layout = try #require(
            EntryLayout(SourceFile(path: "x.strings", bytes: Array(text.utf8)), format: "strings"))
        #expect(layout.keys == ["a", "b"])
        #expect(
            layout.tokens(in: [0x0A]) == [
                .text(Array("/* h */\n".utf8)), .text([0x0A]), .entry(ExactString("a")), .text([0x0A]),
                .entry(ExactString("b")), .text(Array(" // b\n".utf8)),
            ])
        #expect(layout.attachedComments == [ExactString("a")])
        // A key defined twice has no one place: the text is not merged.
        #expect(
            EntryLayout(
                SourceFile(path: "x.strings", bytes: Array("\"a\" = \"1\";\n\"a\" = \"2\";\n".utf8)), format: "strings")
                == nil)
        #expect(EntryLayout(SourceFile(path: "x.xcstrings", bytes: Array("{}".utf8)), format: "xcstrings") == nil)
    }
}
