import Foundation
import LocalizationCatalog
import TestSupport
import Testing

@testable import CodeExtraction

/// Reads `Fixtures/code/<relative>` with `reader`, the path in locations being `relative`.
func extract(
    _ relative: String, with reader: some CodeReader
) throws -> (strings: [ExtractedString], diagnostics: Diagnostics) {
    let bytes = try Fixtures.bytes("code/" + relative)
    var diagnostics = Diagnostics()
    let file = CodeFile(path: relative, text: String(decoding: bytes, as: UTF8.self))
    let strings = reader.strings(in: [file], diagnostics: &diagnostics)
    return (strings, diagnostics)
}

/// A stable text dump of extracted strings: one block per string, fields quoted as diagnostics quote them.
func dump(_ strings: [ExtractedString]) -> String {
    var text = ""
    for string in strings {
        text += "\(string.location) \(string.origin.rawValue) table=\(Diagnostic.quoted(string.table))\n"
        text += "  key: \(Diagnostic.quoted(string.key))\n"
        text += "  value: \(string.value.map { Diagnostic.quoted($0) } ?? "-")\n"
        text += "  comment: \(string.comment.map { Diagnostic.quoted($0) } ?? "-")\n"
    }
    return text
}

/// Compares the dump of `relative`'s strings with `<relative>.extracted` (or `<golden>` when given), and its
/// diagnostics with `<relative>.diagnostics` (an empty file when there are none).
func checkGolden(_ relative: String, with reader: some CodeReader, golden: String? = nil) throws {
    let (strings, diagnostics) = try extract(relative, with: reader)
    let base = "code/" + (golden ?? relative)
    let extracted = Fixtures.compareGolden(Array(dump(strings).utf8), base + ".extracted")
    #expect(extracted == nil, "\(relative): \(extracted ?? "")")
    let messages = diagnostics.all.map { $0.description + "\n" }.joined()
    let diagnosed = Fixtures.compareGolden(Array(messages.utf8), base + ".diagnostics")
    #expect(diagnosed == nil, "\(relative) diagnostics: \(diagnosed ?? "")")
}

@Suite("Objective-C and C")
struct ObjectiveCCodeReaderTests {
    let reader = ObjectiveCCodeReader()

    @Test("the four NSLocalizedString forms, nil and empty comments, joined literals, one string per call")
    func calls() throws { try checkGolden("objc/calls.m", with: reader) }

    @Test("CFCopyLocalizedString forms with CFSTR, in a C file; literals and character literals are not calls")
    func coreFoundation() throws { try checkGolden("objc/plain.c", with: reader) }

    @Test("C escapes resolved: simple, \\u and \\U with four digits, octal and hex bytes, line continuation")
    func escapes() throws { try checkGolden("objc/escapes.m", with: reader) }

    @Test("calls in #define bodies count, with no warning for macro parameters; other directives are skipped")
    func defines() throws { try checkGolden("objc/define.h", with: reader) }

    @Test("calls in comments count by default (genstrings), #if 0 blocks do not; unknown conditions keep every branch")
    func commentsSkipped() throws { try checkGolden("objc/comments.m", with: reader) }

    @Test("LOCALIZED_STRING_CODE_COMMENTS: calls in comments and #if 0 blocks are extracted")
    func commentsIncluded() throws {
        try checkGolden(
            "objc/comments.m", with: ObjectiveCCodeReader(includesCommentedOutCode: true),
            golden: "objc/comments-included.m")
    }

    @Test("LOCALIZED_STRING_MACRO_NAMES: each base name stands for its four forms")
    func macroNames() throws {
        try checkGolden("objc/macros.m", with: ObjectiveCCodeReader(macroBaseNames: ["MFLocalizedString"]))
    }

    @Test("without extra macro names only the built-in names are calls")
    func macroNamesNotConfigured() throws {
        let (strings, _) = try extract("objc/macros.m", with: reader)
        #expect(strings.map(\.key) == ["Built in"])
    }

    @Test("two or more format arguments get a value with numbered arguments, as genstrings writes it")
    func positional() throws { try checkGolden("objc/positional.m", with: reader) }

    @Test("-noPositionalParameters: values are left as written")
    func positionalOff() throws {
        let (strings, _) = try extract("objc/positional.m", with: ObjectiveCCodeReader(numbersFormatArguments: false))
        #expect(strings.map(\.value) == [nil, nil, nil, nil, nil, nil, "%ld of %ld", nil])
    }

    @Test("calls whose arguments are not literals are warnings and are not extracted")
    func warnings() throws { try checkGolden("objc/warnings.m", with: reader) }

    @Test("an unterminated string literal is an error at its quote, and the file gives nothing")
    func unterminatedLiteral() throws { try checkGolden("objc/invalid/unterminated.m", with: reader) }

    @Test("an unterminated comment is an error at its start")
    func unterminatedComment() throws { try checkGolden("objc/invalid/unterminated-comment.m", with: reader) }

    @Test("a bad file does not stop the other files")
    func otherFilesGoOn() throws {
        var diagnostics = Diagnostics()
        let files = [
            CodeFile(path: "a.m", text: "NSLocalizedString(@\"A\", @\"\");\n"),
            CodeFile(path: "b.m", text: "NSLocalizedString(@\"B, @\"\");\n"),
            CodeFile(path: "c.m", text: "NSLocalizedString(@\"C\", @\"\");\n"),
        ]
        let strings = reader.strings(in: files, diagnostics: &diagnostics)
        #expect(strings.map(\.key) == ["A", "C"])
        #expect(diagnostics.all.map(\.description) == ["b.m:1:26: error: unterminated string literal"])
    }

    @Test("positional numbering rules")
    func numbering() {
        #expect(PositionalSpecifiers.numbered("%@ %@") == "%1$@ %2$@")
        #expect(PositionalSpecifiers.numbered("%-5.2lf and %hhd") == "%1$-5.2lf and %2$hhd")
        #expect(PositionalSpecifiers.numbered("%@") == nil)
        #expect(PositionalSpecifiers.numbered("%% %@") == nil)
        #expect(PositionalSpecifiers.numbered("%2$@ %1$@") == nil)
        #expect(PositionalSpecifiers.numbered("50% and 60%") == nil)
    }
}

@Suite("Interface Builder")
struct InterfaceBuilderReaderTests {
    let reader = InterfaceBuilderReader()

    @Test("iOS storyboard: text, titles, button states, configuration, placeholders, segments, accessibility, notes")
    func iOSStoryboard() throws { try checkGolden("ib/Main.storyboard", with: reader) }

    @Test("a lone CR ends a line: texts and errors after one are placed as a FileLocation counts lines")
    func loneCR() throws {
        try checkGolden("ib/LoneCR.storyboard", with: reader)
        try checkGolden("ib/invalid/LoneCR.storyboard", with: reader)
    }

    @Test("macOS xib: menu items, cells, header cells, tab items, tool tips, segment labels, multi-fragment notes")
    func macOSXib() throws { try checkGolden("ib/MainMenu.xib", with: reader) }

    @Test(
        "macOS xib: a control's note goes to its cell, toolbar tool tips, header tool tips, accessibility descriptions; no pop-up cell title, table placeholders"
    )
    func macOSControls() throws { try checkGolden("ib/Settings.xib", with: reader) }

    @Test("watchOS storyboard: WKInterface classes")
    func watchStoryboard() throws { try checkGolden("ib/Interface.storyboard", with: reader) }

    @Test("malformed XML is an error at libxml2's position, and the file gives nothing")
    func malformed() throws { try checkGolden("ib/invalid/Broken.storyboard", with: reader) }

    @Test("an Interface Builder 3 archive is an error")
    func archive() throws { try checkGolden("ib/invalid/Archive.xib", with: reader) }

    @Test("the table is the file name without folder and extension")
    func tableName() {
        #expect(InterfaceBuilderReader.tableName(of: "App/Base.lproj/Main.storyboard") == "Main")
        #expect(InterfaceBuilderReader.tableName(of: "LaunchScreen.xib") == "LaunchScreen")
        #expect(InterfaceBuilderReader.tableName(of: "a.b/My.View.xib") == "My.View")
    }
}

@Suite("Info.plist")
struct InfoPlistReaderTests {
    let reader = InfoPlistReader()

    @Test("localizable keys with Xcode's comments, values as written, type descriptions as keys, no document types")
    func infoPlist() throws { try checkGolden("plist/Info.plist", with: reader) }

    @Test("a lone CR ends a line: values and errors after one are placed as a FileLocation counts lines")
    func loneCR() throws {
        try checkGolden("plist/LoneCR.plist", with: reader)
        try checkGolden("plist/invalid/LoneCR.plist", with: reader)
    }

    @Test("malformed XML is an error at libxml2's position")
    func malformed() throws { try checkGolden("plist/invalid/Broken.plist", with: reader) }

    @Test("a file that declares UCS-4 but is not: the error's column counts the line's scalars, inside the file")
    func undecodable() throws { try checkGolden("plist/invalid/UCS4.plist", with: reader) }

    @Test("libxml2's byte column after undecodable bytes is given in the line's scalars, inside the line")
    func byteColumn() throws { try checkGolden("plist/invalid/ExtraContent.plist", with: reader) }

    @Test("a binary property list is an error")
    func binary() throws { try checkGolden("plist/invalid/Binary.plist", with: reader) }

    @Test("a plist whose top level is not a dictionary is an error")
    func notDictionary() throws { try checkGolden("plist/invalid/NotDict.plist", with: reader) }

    @Test("Xcode's comments for the keys of the gold exports; keys not in the table are not localized")
    func comments() {
        #expect(
            InfoPlistKeys.comment(for: "NSAppleEventsUsageDescription")
                == "Privacy - AppleEvents Sending Usage Description")
        #expect(
            InfoPlistKeys.comment(for: "NSPhotoLibraryAddUsageDescription")
                == "Privacy - Photo Library Additions Usage Description")
        #expect(InfoPlistKeys.comment(for: "NSHumanReadableDescription") == "Human readable description")
        #expect(InfoPlistKeys.comment(for: "NSUserNotificationsUsageDescription") == nil)
        #expect(InfoPlistKeys.comment(for: "CFBundleShortVersionString") == nil)
    }
}
