import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `stringbridge import` without `--root`: the project that holds the XLIFF, else the current folder's, is the root.
///
/// The `original` paths are resolved against it, as export writes them and as Xcode resolves them against the
/// project's folder (issue 31, item 4). `Fixtures/xliff/import-project`: `project/App.xcodeproj` with
/// `App/Localizable.xcstrings`; `fr.xliff` names it `App/Localizable.xcstrings`.
@Suite("stringbridge import: the project root")
struct ImportRootTests {
    let folder: URL

    init() throws {
        folder = try CommandTestCase.folder(copying: ["xliff/import-project": "work"])
    }

    var work: URL { folder.appendingPathComponent("work") }

    func text(_ relative: String) -> String? {
        (try? Data(contentsOf: work.appendingPathComponent(relative))).map { String(decoding: $0, as: UTF8.self) }
    }

    func write(_ text: String, to relative: String) throws {
        let target = work.appendingPathComponent(relative)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: target)
    }

    func french() throws -> String {
        try #require(text("fr.xliff"))
    }

    static let catalog = "project/App/Localizable.xcstrings"

    @Test("Run from the folder above the project, an XLIFF inside it imports into the project's tables")
    func fromAbove() throws {
        try write(try french(), to: "project/Localizations/fr.xliff")
        let result = try StringBridgeProcess.run(["import", "project/Localizations/fr.xliff"], in: work)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == "")
        #expect(
            result.output == """
                project root: project (App.xcodeproj)
                App/Localizable.xcstrings [fr] -> project/App/Localizable.xcstrings: 2 units applied, 0 units \
                unchanged, 0 units not applied
                import: 2 units applied, 0 units unchanged, 0 units not applied; changed 2 files
                  changed: project/App/Localizable.xcstrings
                  changed: project/App.xcodeproj/project.pbxproj
                  added fr to the knownRegions of project/App.xcodeproj/project.pbxproj (--no-project leaves the \
                project alone)

                """)
        #expect(text(Self.catalog)?.contains("\"value\" : \"Au revoir\"") == true)
        // The JSON report names the root too.
        try write(
            try french().replacingOccurrences(of: "Au revoir", with: "Salut"), to: "project/Localizations/fr.xliff")
        let json = try StringBridgeProcess.run(
            ["import", "project/Localizations/fr.xliff", "--dry-run", "--report", "json"], in: work)
        #expect(json.status == 0, "\(json.error)")
        #expect(
            json.output.contains(
                """
                  "roots" : [
                    {
                      "documents" : [
                        "project/Localizations/fr.xliff"
                      ],
                      "found" : true,
                      "marker" : "App.xcodeproj",
                      "path" : "project"
                    }
                  ],
                """), "\(json.output)")
    }

    @Test("Run from a subfolder of the project, an XLIFF outside any project imports into the current folder's project")
    func fromSubfolder() throws {
        let result = try StringBridgeProcess.run(
            ["import", "../../fr.xliff"], in: work.appendingPathComponent("project/App"))
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("project root: .. (App.xcodeproj)\nApp/Localizable.xcstrings [fr] -> ../App/"))
        #expect(result.output.contains("  changed: ../App/Localizable.xcstrings\n"))
        #expect(text(Self.catalog)?.contains("\"value\" : \"Au revoir\"") == true)
    }

    @Test("An .xcloc bundle inside the project imports into the project from anywhere")
    func xclocInsideProject() throws {
        try write(try french(), to: "project/Localizations/fr.xcloc/Localized Contents/fr.xliff")
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let result = try StringBridgeProcess.run(
            ["import", "../work/project/Localizations/fr.xcloc", "--no-project"], in: elsewhere)
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output.hasPrefix(
                "project root: ../work/project (App.xcodeproj)\nApp/Localizable.xcstrings [fr] -> "
                    + "../work/project/App/Localizable.xcstrings: 2 units applied"))
        #expect(text(Self.catalog)?.contains("\"value\" : \"Au revoir\"") == true)
    }

    @Test(
        "An XLIFF outside any project, run from the folder above the project: the project below that holds its tables")
    func projectBelow() throws {
        let found = try StringBridgeProcess.run(["import", "fr.xliff", "--dry-run"], in: work)
        #expect(found.status == 0, "\(found.error)")
        #expect(found.error == "")
        #expect(
            found.output.hasPrefix(
                "project root: project (App.xcodeproj)\nApp/Localizable.xcstrings [fr] -> "
                    + "project/App/Localizable.xcstrings: 2 units would apply"), "\(found.output)")
        // An explicit --root works as before, and is not printed.
        let rooted = try StringBridgeProcess.run(["import", "fr.xliff", "--root", "project"], in: work)
        #expect(rooted.status == 0, "\(rooted.error)")
        #expect(rooted.error == "")
        #expect(rooted.output.hasPrefix("App/Localizable.xcstrings [fr] -> project/App/Localizable.xcstrings: 2 units"))
        #expect(text(Self.catalog)?.contains("\"value\" : \"Au revoir\"") == true)
        // Originals relative to the current folder still import (a folder of tables without a project).
        try write(
            try french().replacingOccurrences(
                of: "\"App/Localizable.xcstrings\"", with: "\"project/App/Localizable.xcstrings\""),
            to: "here.xliff")
        let here = try StringBridgeProcess.run(["import", "here.xliff"], in: work)
        #expect(here.status == 0, "\(here.error)")
        #expect(here.error == "")
        #expect(here.output.hasPrefix("project/App/Localizable.xcstrings [fr] -> project/App/Localizable.xcstrings: 0"))
    }

    @Test("A document none of whose tables exists anywhere tried applies nothing: an error at its first <file>, exit 1")
    func noTableAnywhere() throws {
        let before = text(Self.catalog)
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let result = try StringBridgeProcess.run(["import", "../work/fr.xliff"], in: elsewhere)
        #expect(result.status == 1)
        #expect(
            result.error
                == "../work/fr.xliff:3:3: error: none of the tables this document names (\"App/Localizable.xcstrings\") "
                + "exists under the current folder: nothing was imported; run import in the project it was exported "
                + "from, or pass --root DIR, the folder its original paths are relative to\n")
        #expect(result.output == "")
        #expect(text(Self.catalog) == before)
        // With --root naming the wrong folder, the same.
        let wrong = try StringBridgeProcess.run(["import", "fr.xliff", "--root", "project/App"], in: work)
        #expect(wrong.status == 1)
        #expect(
            wrong.error
                == "fr.xliff:3:3: error: none of the tables this document names (\"App/Localizable.xcstrings\") exists "
                + "under the project root project/App: nothing was imported; run import in the project it was "
                + "exported from, or pass --root DIR, the folder its original paths are relative to\n")
        #expect(text(Self.catalog) == before)
    }

    @Test("Two projects below the current folder that both hold the tables: refused, naming both")
    func twoProjectsBelow() throws {
        try write(try #require(text(Self.catalog)), to: "second/App/Localizable.xcstrings")
        try write("// swift-tools-version: 5.9\nimport PackageDescription\n", to: "second/Package.swift")
        let result = try StringBridgeProcess.run(["import", "fr.xliff"], in: work)
        #expect(result.status == 1)
        #expect(
            result.error
                == "fr.xliff:3:3: error: the tables this document names (\"App/Localizable.xcstrings\") are in more than "
                + "one project below the current folder (project, second): nothing was imported; pass --root DIR to "
                + "name the one it was exported from\n")
        #expect(text("second/App/Localizable.xcstrings") == text(Self.catalog))
    }

    @Test("An original that climbs out of the project found is refused at its <file>, nothing written")
    func escapingProject() throws {
        try write(AddressingTests.catalog, to: "Other/Localizable.xcstrings")
        try write(
            AddressingTests.xliff([("../Other/Localizable.xcstrings", "fr", "Bonjour")]),
            to: "project/Localizations/fr.xliff")
        let result = try StringBridgeProcess.run(["import", "project/Localizations/fr.xliff"], in: work)
        #expect(result.status == 1)
        let real = try #require(realpath(work.path, nil).map { String(cString: $0) })
        #expect(
            result.error
                == "project/Localizations/fr.xliff:3:3: error: original \"../Other/Localizable.xcstrings\" reaches "
                + "\(real)/Other/Localizable.xcstrings, outside the root (\(real)/project); refused (--boundary DIR "
                + "allows another folder)\n")
        #expect(result.output == "")
        #expect(text("Other/Localizable.xcstrings") == AddressingTests.catalog)
    }

    @Test("export then import, both run from the folder above the project: originals relative to the project")
    func exportThenImport() throws {
        let export = try StringBridgeProcess.run(
            ["export", "project/App/Localizable.xcstrings", "--language", "fr", "-o", "project/Localizations"], in: work
        )
        #expect(export.status == 0, "\(export.error)")
        #expect(export.output.hasPrefix("project root: project (App.xcodeproj)\n"), "\(export.output)")
        let exported = try #require(text("project/Localizations/fr.xliff"))
        // export writes original relative to the project, as Xcode does; the document's project holds the table.
        #expect(exported.contains("<file original=\"App/Localizable.xcstrings\""), "\(exported)")
        try write(
            exported.replacingOccurrences(
                of: "<source>Hello</source>",
                with: "<source>Hello</source>\n        <target state=\"translated\">Allô</target>"),
            to: "project/Localizations/fr.xliff")
        let result = try StringBridgeProcess.run(
            ["import", "project/Localizations/fr.xliff", "--no-project", "--report", "json"], in: work)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == "")
        #expect(text(Self.catalog)?.contains("\"value\" : \"Allô\"") == true)
        #expect(
            result.output.contains(
                """
                  "roots" : [
                    {
                      "documents" : [
                        "project/Localizations/fr.xliff"
                      ],
                      "found" : true,
                      "marker" : "App.xcodeproj",
                      "path" : "project"
                    }
                  ],
                """), "\(result.output)")
    }
}
