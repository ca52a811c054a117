import Foundation
import LocalizationCatalog
import LocalizationConverter
import TestSupport
import Testing

@testable import CodeSync

/// What `export` takes from code for a legacy table: the code of the targets that contain the table, the strings
/// of its table name, comments joined as genstrings joins them.
@Suite("export: the strings code gives legacy tables")
struct ExportExtractionTests {
    /// The keys of each table, with their comment and value, relative to the folder.
    func extracted(_ sources: [Export.Source], in folder: ProjectFolder) -> [String: [String]] {
        var diagnostics = Diagnostics()
        let strings = ExportExtraction.codeStrings(
            for: sources, root: folder.path, sourceLanguage: "en", diagnostics: &diagnostics)
        #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
        var result: [String: [String]] = [:]
        for (path, code) in strings {
            result[String(path.dropFirst(folder.path.count + 1))] = code.table.entries.map { key, entry in
                let value = entry.localizations?["en"]?.stringUnit?.value
                return "\(key) | \(entry.comment ?? "-") | \(value ?? "-")"
            }
        }
        return result
    }

    /// The tables export finds at `relative` paths below the folder, storyboards included.
    func sources(_ folder: ProjectFolder, _ relative: [String]) throws -> [Export.Source] {
        var diagnostics = Diagnostics()
        return try Export().sources(
            for: relative.map { folder.path + "/" + $0 }, root: folder.path, sourceLanguage: "en",
            interfaceBuilderTables: true, diagnostics: &diagnostics)
    }

    @Test("A table gets the strings of its targets' code only; a storyboard table its storyboard's texts")
    func targets() throws {
        let folder = try ProjectFolder()
        try folder.write(projectFile, to: "App.xcodeproj/project.pbxproj")
        try folder.write(#"let a = NSLocalizedString("App only", comment: "")"#, to: "App/App.swift")
        try folder.write(
            """
            let a = NSLocalizedString("Shared", comment: "Widget title")
            let b = NSLocalizedString("Other table", tableName: "Errors", comment: "")
            """, to: "Widgets/Widget.swift")
        try folder.write(
            """
            let a = NSLocalizedString("Shared", comment: "Intent title")
            let b = Text("\\(count) of \\(total)")
            let c = NSLocalizedString("Shared", comment: "Widget title")
            """, to: "Widgets/Deep/Intent.swift")
        try folder.write(#"let a = NSLocalizedString("Excluded", comment: "")"#, to: "Widgets/Deep/Excluded.swift")
        try folder.write("\"Shared\" = \"Shared\";\n", to: "Widgets/en.lproj/Localizable.strings")
        try folder.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                <scenes><scene sceneID="s"><objects>
                    <viewController title="Home" id="Hom-e1-vc1" sceneMemberID="viewController"/>
                </objects></scene></scenes>
            </document>
            """, to: "App/Base.lproj/Main.storyboard")
        let got = extracted(try sources(folder, ["Widgets", "App"]), in: folder)
        #expect(
            got == [
                "Widgets/en.lproj/Localizable.strings": [
                    "Shared | Intent title\n   Widget title | -",
                    // Read as genstrings reads Swift (no SWIFT_EMIT_LOC_STRINGS): `\(` kept as `(`.
                    "(count) of (total) | - | -",
                ],
                "App/Base.lproj/Main.strings": [
                    #"Hom-e1-vc1.title | Class = "UIViewController"; title = "Home"; ObjectID = "Hom-e1-vc1"; | Home"#
                ],
            ], "\(got)")
    }

    @Test("A table outside the root gets nothing from code, with a warning; unreadable code is a warning")
    func outsideRoot() throws {
        let folder = try ProjectFolder()
        try folder.write("\"A\" = \"A\";\n", to: "Project/en.lproj/Localizable.strings")
        try folder.write("\"A\" = \"A\";\n", to: "Other/en.lproj/Localizable.strings")
        try folder.write("NSString *a = NSLocalizedString(@\"A\", @\"unterminated);\n", to: "Project/Broken.m")
        var diagnostics = Diagnostics()
        let strings = ExportExtraction.codeStrings(
            for: try sources(
                folder, ["Project/en.lproj/Localizable.strings", "Other/en.lproj/Localizable.strings"]),
            root: folder.path + "/Project", sourceLanguage: "en", diagnostics: &diagnostics)
        #expect(strings.count == 1)
        #expect(diagnostics.all.map(\.severity) == [.warning, .warning])
        #expect(
            diagnostics.all.map(\.message).contains(
                "this table is outside the project root \(folder.path)/Project; no strings from code are added to it"))
        #expect(diagnostics.all.contains { $0.message.hasSuffix("; its strings are not exported") })
    }

    @Test("A table of an Xcode target is read as a build of the target reads it (platforms, macros, Info.plist keys)")
    func buildSettings() throws {
        let folder = try ProjectFolder()
        let fixture = "code/sync/build-settings/project"
        let source = Fixtures.url(fixture)
        for file in Fixtures.files(below: fixture) where !file.hasSuffix(".xcstrings") {
            try folder.write(
                String(decoding: try Data(contentsOf: source.appendingPathComponent(file)), as: UTF8.self), to: file)
        }
        try folder.write("\"CFBundleName\" = \"Birds\";\n", to: "App/en.lproj/InfoPlist.strings")
        try folder.write("\"On iOS\" = \"On iOS\";\n", to: "App/en.lproj/Localizable.strings")
        let got = extracted(
            try sources(folder, ["App/en.lproj/InfoPlist.strings", "App/en.lproj/Localizable.strings"]), in: folder)
        // The target's LOCALIZED_STRING_MACRO_NAMES and LOCALIZED_STRING_CODE_COMMENTS, its generated Info.plist
        // keys and `$(…)` expanded. Its Swift is read as genstrings reads it (no SWIFT_EMIT_LOC_STRINGS): as text,
        // every `#if` clause included.
        #expect(
            got == [
                "App/en.lproj/InfoPlist.strings": [
                    "NSHumanReadableCopyright | Copyright (human-readable) | © Birds App ${UNKNOWN_SETTING}",
                    "CFBundleName | Bundle name | Birds App",
                    "CFBundleDisplayName | Bundle display name | Birds App",
                    "NSCameraUsageDescription | Privacy - Camera Usage Description | Scans the bands of birds.",
                ],
                "App/en.lproj/Localizable.strings": [
                    "Swift macro key | A macro of the target | -", "On the watch | - | -",
                    "Other Bird Food | - | -", "On iOS | - | -", "On macOS | - | -", "On visionOS | - | -",
                    "Debug, not on the watch | - | -", "Everywhere | - | -",
                    "Objective-C macro key | A macro's FromTable form | -",
                    "Commented out | Read with LOCALIZED_STRING_CODE_COMMENTS | -",
                ],
            ], "\(got)")
    }

    @Test(
        "Without SWIFT_EMIT_LOC_STRINGS an export reads only NSLocalizedString-like calls and Text() literals",
        arguments: [
            ("", ["Seeds", "Nuts"]),
            ("SWIFT_EMIT_LOC_STRINGS = YES;", ["Buy", "Seeds", "Nuts", "Suet"]),
            ("LOCALIZED_STRING_SWIFTUI_SUPPORT = NO;", ["Nuts"]),
        ])
    func compilerSetting(setting: String, expected: [String]) throws {
        let folder = try ProjectFolder()
        let fixture = "code/sync/build-settings/project"
        let source = Fixtures.url(fixture)
        for file in Fixtures.files(below: fixture) where !file.hasSuffix(".xcstrings") {
            var text = String(decoding: try Data(contentsOf: source.appendingPathComponent(file)), as: UTF8.self)
            if file.hasSuffix("project.pbxproj") {
                // The app target's Debug configuration.
                text = text.replacingOccurrences(
                    of: "LOCALIZED_STRING_CODE_COMMENTS = YES;",
                    with: "LOCALIZED_STRING_CODE_COMMENTS = YES; \(setting)")
            }
            try folder.write(text, to: file)
        }
        try folder.write(
            """
            import SwiftUI

            struct Feeder: View {
                var body: some View {
                    Button("Buy") {}
                    Text("Seeds")
                    let nuts = NSLocalizedString("Nuts", comment: "")
                    let suet = String(localized: "Suet")
                }
            }
            """, to: "App/Feeder.swift")
        try folder.write("\"Nuts\" = \"Nuts\";\n", to: "App/en.lproj/Localizable.strings")
        let got = extracted(try sources(folder, ["App/en.lproj/Localizable.strings"]), in: folder)
        let keys = got["App/en.lproj/Localizable.strings"]?.map { String($0.prefix { $0 != " " }) } ?? []
        let feeder = keys.filter { ["Buy", "Seeds", "Nuts", "Suet"].contains($0) }
        #expect(feeder == expected, "\(keys)")
    }

    @Test("Several comments of one key: trimmed, sorted case-insensitively, joined as genstrings joins them")
    func joinedComments() {
        #expect(
            ExportExtraction.joinedComments(["Title for Attach Pod screen", " navigation bar title attach pod\n"])
                == "navigation bar title attach pod\n   Title for Attach Pod screen")
        #expect(ExportExtraction.joinedComments(["b", "B", "a", "b "]) == "a\n   B\n   b")
        #expect(ExportExtraction.joinedComments(["  ", ""]) == nil)
    }
}
