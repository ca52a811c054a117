import Foundation
import TestSupport
import Testing

/// The project root is the project that holds the inputs, not the current folder (issue 31, item 4): the commands
/// are run from a folder above the projects, or from a folder inside one.
@Suite("project root")
struct ProjectRootTests {
    /// `Workspace/`: loose code of its own (`Scratch.swift`), a project `App` (a git work tree) with a catalog and
    /// legacy tables but no code near them, and a project `Other` with code.
    let folder: URL

    init() throws {
        folder = try StringBridgeProcess.temporaryFolder()
        try write("import SwiftUI\nlet scratch = Text(\"Scratch\")\n", to: "Scratch.swift")
        try write(
            "import Foundation\nlet s = NSLocalizedString(\"Title\", comment: \"From outside the project\")\n",
            to: "Loose.swift")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("App/.git"), withIntermediateDirectories: true)
        try write(
            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"Hello\" : {\n\n    }\n  },\n  \"version\" : \"1.0\"\n}\n",
            to: "App/Resources/Localizable.xcstrings")
        try write("/* The title */\n\"Title\" = \"Title\";\n", to: "App/Legacy/en.lproj/Localizable.strings")
        try write("/* The title */\n\"Title\" = \"Titel\";\n", to: "App/Legacy/de.lproj/Localizable.strings")
        try write("// swift-tools-version: 5.9\nimport PackageDescription\n", to: "Other/Package.swift")
        try write("import SwiftUI\nlet other = Text(\"Other\")\n", to: "Other/Sources/Other/Other.swift")
    }

    func write(_ text: String, to relative: String) throws {
        let url = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ relative: String) throws -> String {
        String(decoding: try Data(contentsOf: folder.appendingPathComponent(relative)), as: UTF8.self)
    }

    @Test("export from a folder above the project reads no code outside it, and names the project")
    func exportFromAbove() throws {
        let result = try StringBridgeProcess.run(
            ["export", "App/Resources/Localizable.xcstrings", "--language", "de", "-o", "out"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "project root: App (.git)\nwrote out/de.xliff (1 table)\n")
        let xliff = try read("out/de.xliff")
        #expect(xliff.contains("<trans-unit id=\"Hello\""))
        // The current folder's code is another project's (or none's): its strings are not this catalog's.
        #expect(!xliff.contains("Scratch"), "\(xliff)")
        // Original paths are relative to the project, as Xcode writes them.
        #expect(xliff.contains("original=\"Resources/Localizable.xcstrings\""), "\(xliff)")
        // Imported from the folder the export ran in (out/ is in no project), the project below that holds the
        // table is the root.
        try write(
            xliff.replacingOccurrences(
                of: "<source>Hello</source>",
                with: "<source>Hello</source>\n        <target state=\"translated\">Hallo</target>"),
            to: "out/de.xliff")
        let back = try StringBridgeProcess.run(["import", "out/de.xliff", "--no-project"], in: folder)
        #expect(back.status == 0, "\(back.error)")
        #expect(
            back.output.hasPrefix("project root: App (.git)\nResources/Localizable.xcstrings [de] -> App/Resources/"),
            "\(back.output)")
        #expect(try read("App/Resources/Localizable.xcstrings").contains("\"value\" : \"Hallo\""))
    }

    @Test("migrate from a folder above the project takes no comment from code outside it")
    func migrateFromAbove() throws {
        let result = try StringBridgeProcess.run(["migrate", "App/Legacy", "--dry-run", "--no-project"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("project root: App (.git)\n"), "\(result.output)")
        #expect(!result.output.contains("comments from code"), "\(result.output)")
    }

    @Test("sync run from inside a project without a folder syncs the project, not the current folder")
    func fromInsideTheProject() throws {
        let inside = folder.appendingPathComponent("App/Resources")
        try write("import SwiftUI\nlet title = Text(\"Hello\")\nlet more = Text(\"More\")\n", to: "App/View.swift")
        let sync = try StringBridgeProcess.run(["sync", "--dry-run"], in: inside)
        #expect(sync.status == 0, "\(sync.error)")
        #expect(sync.output.hasPrefix("project root: .. (.git)\n"), "\(sync.output)")
        #expect(sync.output.contains("would sync ../Resources/Localizable.xcstrings: 1 added"), "\(sync.output)")
        // Named, the folder is the root, and its code alone (none) is the catalog's.
        let named = try StringBridgeProcess.run(["sync", ".", "--dry-run"], in: inside)
        #expect(named.status == 0, "\(named.error)")
        #expect(named.output.hasPrefix("would sync Localizable.xcstrings: 1 removed\n"), "\(named.output)")
    }
}
