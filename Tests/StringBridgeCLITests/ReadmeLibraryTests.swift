import Foundation
import LocalizationCatalog
import LocalizationConverter
import TestSupport
import Testing
import XCStringsFormat

/// The README's library example, as written there, run over the fixture project.
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
        let report = try RoundTrip().run([app], options: RoundTrip.Options(vias: [.xcstrings]))

        #expect(String(decoding: bytes, as: UTF8.self).contains("\"Welcome\" : {\n      \"comment\" : \"Title of the first screen\""))
        #expect(plans.map(\.destination) == [app + "/Localizable.xcstrings", app + "/mul.lproj/Main.xcstrings"])
        #expect(!report.hasLosses, "\(report.text)")
    }
}
