// swift-format-ignore-file
// (The README's library example is quoted here word for word: see readmeSnippetIsThisTest.)
import Foundation
import LocalizationCatalog
import LocalizationConverter
import TestSupport
import Testing
import XCStringsFormat

/// The README's library example, as written there, run over the fixture project. `readmeSnippetIsThisTest`
/// checks that the README still shows these lines.
@Suite("README library example")
struct ReadmeLibraryTests {
    @Test func exampleRuns() throws {
        let folder = try StringBridgeProcess.temporaryFolder()
        try FileManager.default.copyItem(at: Fixtures.url("migration/MyApp"), to: folder.appendingPathComponent("MyApp"))
        try FileManager.default.copyItem(
            at: Fixtures.url("migration/expected/Localizable.xcstrings"),
            to: folder.appendingPathComponent("Localizable.xcstrings"))
        // The paths are absolute here (tests run in parallel and must not change the current folder).
        let catalog = folder.appendingPathComponent("Localizable.xcstrings").path
        let app = folder.appendingPathComponent("MyApp").path

        // From README.md, "Library".
        var diagnostics = Diagnostics()
        var table = try XCStringsReader().read(try readSourceFile(catalog), options: ReadOptions(),
                                               diagnostics: &diagnostics)
        table.entries["Welcome"] = CatalogEntry(comment: "Title of the first screen",
                                                localizations: ["en": Localization("Welcome"), "fr": Localization("Bienvenue")])
        let bytes = XCStringsWriter().encode(table, diagnostics: &diagnostics)  // sorted and laid out as Xcode does

        let plans = try Migration().plan(directory: app, options: Migration.Options(), diagnostics: &diagnostics)
        // The fixture holds one malformed file (an unreadable input): the README's check is made on the trip
        // that leaves it out, and on the whole project, where it must fail.
        let report = try RoundTrip().run([app], options: RoundTrip.Options(vias: [.xcstrings]))
        if !report.isClean { print(report.text(expected: false)) }  // as `stringbridge roundtrip` fails: a loss or an unreadable input
        let whole = try RoundTrip().run([app])

        #expect(String(decoding: bytes, as: UTF8.self).contains("\"Welcome\" : {\n      \"comment\" : \"Title of the first screen\""))
        #expect(plans.map(\.destination) == [app + "/Localizable.xcstrings", app + "/mul.lproj/Main.xcstrings"])
        #expect(report.isClean, "\(report.text)")
        #expect(!whole.isClean)
        #expect(whole.text(expected: false).contains(": error: "))
    }

    @Test func readmeSnippetIsThisTest() throws {
        let readme = String(decoding: try Data(contentsOf: Fixtures.root.appendingPathComponent("README.md")), as: UTF8.self)
        let test = String(decoding: try Data(contentsOf: URL(fileURLWithPath: #filePath)), as: UTF8.self)
        let lines = [
            "var table = try XCStringsReader().read(try readSourceFile(",
            "table.entries[\"Welcome\"] = CatalogEntry(comment: \"Title of the first screen\",",
            "let bytes = XCStringsWriter().encode(table, diagnostics: &diagnostics)  // sorted and laid out as Xcode does",
            "let plans = try Migration().plan(directory: ",
            "if !report.isClean { print(report.text(expected: false)) }  // as `stringbridge roundtrip` fails: a loss or an unreadable input",
            ".product(name: \"StringBridge\", package: \"stringbridge\")",
        ]
        for line in lines {
            #expect(readme.contains(line), "README.md lacks: \(line)")
        }
        for line in lines.dropLast() {
            #expect(test.contains(line), "this test lacks: \(line)")
        }
    }
}
