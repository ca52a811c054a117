import Foundation
import TestSupport
import Testing

/// `stringbridge import`, run as a process: tables written back in their own formats, the report, atomicity.
@Suite("stringbridge import")
struct ImportCommandTests {
    let folder: URL

    init() throws {
        folder = try CommandTestCase.folder(copying: [
            "xliff/export/project": "project", "xliff/import/fr.xliff": "fr.xliff",
        ])
    }

    var project: URL { folder.appendingPathComponent("project") }

    func bytes(_ relative: String) -> [UInt8]? {
        (try? Data(contentsOf: folder.appendingPathComponent(relative))).map { [UInt8]($0) }
    }

    static let tables = [
        "Localizable.xcstrings", "App/en.lproj/Main.strings", "App/en.lproj/Main.stringsdict",
        "App/fr.lproj/Main.strings", "App/fr.lproj/Main.stringsdict",
    ]

    func snapshot() -> [String: [UInt8]?] {
        Dictionary(uniqueKeysWithValues: Self.tables.map { ($0, bytes("project/" + $0)) })
    }

    func expectImported() {
        for (table, golden) in [
            ("Localizable.xcstrings", "Localizable.xcstrings"), ("App/fr.lproj/Main.strings", "Main.strings"),
            ("App/fr.lproj/Main.stringsdict", "Main.stringsdict"),
        ] {
            let difference = Fixtures.compareGolden(bytes("project/" + table) ?? [], "xliff/import/expected/\(golden)")
            #expect(difference == nil, "\(table): \(difference ?? "")")
        }
        #expect(
            bytes("project/App/en.lproj/Main.strings")
                == (try? Fixtures.bytes("xliff/export/project/App/en.lproj/Main.strings")))
    }

    @Test(
        "Targets go into the catalog and the fr.lproj files (created when missing); the report lists every unit not applied"
    )
    func imports() throws {
        let result = try StringBridgeProcess.run(["import", "../fr.xliff"], in: project)
        #expect(result.status == 0, "\(result.error)")
        // The catalog's version is raised for the machine_translated state the import gives it (issue 32, item 19).
        #expect(
            result.error.hasSuffix(
                "note: version 1.0 raised to 1.3: the import gave the catalog a machine_translated state, which needs 1.3 (as Xcode 27 writes it; an Xcode that knows only 1.0 refuses the file rather than lose the state)\n"
            ))
        expectImported()
        let difference = Fixtures.compareGolden(Array(result.output.utf8), "xliff/import/expected/report.txt")
        #expect(difference == nil, "\(difference ?? "")")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: project.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test("Importing the same XLIFF twice changes nothing the second time")
    func idempotent() throws {
        _ = try StringBridgeProcess.run(["import", "../fr.xliff"], in: project)
        let first = snapshot()
        let again = try StringBridgeProcess.run(["import", "../fr.xliff"], in: project)
        #expect(again.status == 0)
        #expect(snapshot() == first)
        #expect(again.output.contains("import: 0 units applied, 12 units unchanged, 5 units not applied"))
        #expect(again.output.hasSuffix("; changed 0 files\n"))
    }

    @Test("Two documents for the same language are applied in the order given: the later target wins")
    func sameLanguageTwice() throws {
        let original = try String(contentsOf: folder.appendingPathComponent("fr.xliff"), encoding: .utf8)
        let later = original.replacingOccurrences(
            of: "<target state=\"translated\">Salut</target>", with: "<target state=\"translated\">Coucou</target>")
        #expect(later != original)
        try later.write(to: folder.appendingPathComponent("fr-later.xliff"), atomically: true, encoding: .utf8)
        let result = try StringBridgeProcess.run(["import", "../fr.xliff", "../fr-later.xliff"], in: project)
        #expect(result.status == 0, "\(result.error)")
        let catalog = String(decoding: bytes("project/Localizable.xcstrings") ?? [], as: UTF8.self)
        #expect(catalog.contains("\"value\" : \"Coucou\""))
        #expect(!catalog.contains("\"value\" : \"Salut\""))
        let reversed = try StringBridgeProcess.run(["import", "../fr-later.xliff", "../fr.xliff"], in: project)
        #expect(reversed.status == 0)
        let after = String(decoding: bytes("project/Localizable.xcstrings") ?? [], as: UTF8.self)
        #expect(after.contains("\"value\" : \"Salut\""))
        #expect(!after.contains("\"value\" : \"Coucou\""))
    }

    @Test("A source-language document changes the sources the documents after it are checked against, as one by one")
    func sourceLanguageFirst() throws {
        let english = try String(contentsOf: Fixtures.url("xliff/export/en.xliff"), encoding: .utf8)
        let changed = english.replacingOccurrences(
            of: "<target state=\"new\">Untranslated</target>",
            with: "<target state=\"translated\">Not translated yet</target>")
        #expect(changed != english)
        try changed.write(to: folder.appendingPathComponent("en.xliff"), atomically: true, encoding: .utf8)
        let separate = folder.appendingPathComponent("separate")
        try FileManager.default.copyItem(at: project, to: separate)

        let together = try StringBridgeProcess.run(["import", "../en.xliff", "../fr.xliff"], in: project)
        #expect(together.status == 0, "\(together.error)")
        for document in ["../en.xliff", "../fr.xliff"] {
            let result = try StringBridgeProcess.run(["import", document], in: separate)
            #expect(result.status == 0, "\(result.error)")
        }
        func text(_ relative: String) -> String { String(decoding: bytes(relative) ?? [], as: UTF8.self) }
        for table in Self.tables {
            #expect(text("project/" + table) == text("separate/" + table), "\(table)")
        }
        let catalog = text("project/Localizable.xcstrings")
        #expect(catalog.contains("\"value\" : \"Not translated yet\""))
        #expect(catalog.contains("\"state\" : \"needs_review\",\n            \"value\" : \"Non traduit\""))

        // The other way round, the French document is checked against the sources as they were.
        let before = folder.appendingPathComponent("before")
        let after = folder.appendingPathComponent("after")
        try FileManager.default.copyItem(at: Fixtures.url("xliff/export/project"), to: before)
        try FileManager.default.copyItem(at: Fixtures.url("xliff/export/project"), to: after)
        let reversed = try StringBridgeProcess.run(["import", "../fr.xliff", "../en.xliff"], in: before)
        #expect(reversed.status == 0, "\(reversed.error)")
        for document in ["../fr.xliff", "../en.xliff"] {
            #expect(try StringBridgeProcess.run(["import", document], in: after).status == 0)
        }
        for table in Self.tables {
            #expect(text("before/" + table) == text("after/" + table), "\(table)")
        }
        #expect(
            text("before/Localizable.xcstrings").contains(
                "\"state\" : \"machine_translated\",\n            \"value\" : \"Non traduit\""))
    }

    @Test("--dry-run reports but writes nothing")
    func dryRun() throws {
        let before = snapshot()
        let result = try StringBridgeProcess.run(["import", "../fr.xliff", "--dry-run"], in: project)
        #expect(result.status == 0)
        #expect(snapshot() == before)
        #expect(result.output.contains("would change 3 files"))
    }

    @Test("--report json")
    func jsonReport() throws {
        let result = try StringBridgeProcess.run(
            ["import", "fr.xliff", "--root", "project", "--report", "json"], in: folder)
        #expect(result.status == 0)
        expectImported()
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(json["applied"] as? Int == 9)
        #expect(json["unchanged"] as? Int == 3)
        #expect(json["notApplied"] as? Int == 5)
        #expect(
            json["changedFiles"] as? [String] == [
                "project/App/fr.lproj/Main.strings", "project/App/fr.lproj/Main.stringsdict",
                "project/Localizable.xcstrings",
            ])
        let files = try #require(json["files"] as? [[String: Any]])
        let catalog = try #require(files.first { $0["original"] as? String == "Localizable.xcstrings" })
        let skipped = try #require(catalog["skipped"] as? [[String: Any]])
        #expect(skipped.compactMap { $0["reason"] as? String } == ["unknown-id", "no-target", "unfinished-state"])
        #expect(catalog["appliedWithChangedSource"] as? [String] == ["Hello"])
        #expect(files.last?["table"] is NSNull)
    }

    @Test("--skip-changed-source and --accept-unfinished")
    func flags() throws {
        let result = try StringBridgeProcess.run(
            ["import", "../fr.xliff", "--skip-changed-source", "--accept-unfinished"], in: project)
        #expect(result.status == 0)
        let catalog = String(decoding: bytes("project/Localizable.xcstrings") ?? [], as: UTF8.self)
        #expect(catalog.contains("\"value\" : \"Bonjour\""))  // the changed source was skipped
        #expect(catalog.contains("\"value\" : \"Adieu\""))  // the new target was taken
        #expect(result.output.contains("1 unit source-changed: ../fr.xliff:85:7: \"Hello\": the source changed"))
    }

    @Test("A malformed document fails the import and leaves every file as it was")
    func atomic() throws {
        try Data("<xliff version=\"1.2\"><file".utf8).write(to: folder.appendingPathComponent("bad.xliff"))
        let before = snapshot()
        let result = try StringBridgeProcess.run(["import", "../fr.xliff", "../bad.xliff"], in: project)
        #expect(result.status == 1)
        #expect(result.error.contains("../bad.xliff:1:"))
        #expect(snapshot() == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: project.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test("A table that cannot be written fails the import: the catalog written meanwhile is not put in place")
    func writeFailure() throws {
        // fr.lproj is a file, not a folder: the catalog's temporary file is written before the .strings file
        // fails. (A link leading out of the project is refused before anything is written; AddressingTests.)
        let french = project.appendingPathComponent("App/fr.lproj")
        try FileManager.default.removeItem(at: french)
        try Data("not a folder".utf8).write(to: french)
        let before = snapshot()
        let result = try StringBridgeProcess.run(["import", "../fr.xliff"], in: project)
        #expect(result.status == 1)
        #expect(result.error.contains("App/fr.lproj/Main.strings:1:1: error: cannot write the file"))
        #expect(snapshot() == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: project.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test("An exported .xcloc imports back without changing anything")
    func xclocRoundTrip() throws {
        let before = snapshot()
        let export = try StringBridgeProcess.run(
            ["export", ".", "--language", "fr", "-o", "../out", "--xcloc"], in: project)
        #expect(export.status == 0)
        let result = try StringBridgeProcess.run(["import", "../out/fr.xcloc"], in: project)
        #expect(result.status == 0, "\(result.error)")
        #expect(snapshot() == before)
        #expect(result.output.hasSuffix("; changed 0 files\n"))
    }

    @Test func missingInputAndUsage() throws {
        let missing = try StringBridgeProcess.run(["import", "nope.xliff"], in: folder)
        #expect(missing.status == 1)
        #expect(missing.error == "nope.xliff:1:1: error: cannot read the file: No such file or directory\n")
        let none = try StringBridgeProcess.run(["import"], in: folder)
        #expect(none.status == 64)
        let format = try StringBridgeProcess.run(["import", "fr.xliff", "--report", "xml"], in: folder)
        #expect(format.status == 64)
    }

    @Test("convert reads and writes .xliff/.xlf for one table and language")
    func convert() throws {
        let toXLIFF = try StringBridgeProcess.run(
            ["convert", "project/Localizable.xcstrings", "--language", "fr", "-o", "Localizable.xlf"], in: folder)
        #expect(toXLIFF.status == 0, "\(toXLIFF.error)")
        let difference = Fixtures.compareGolden(bytes("Localizable.xlf") ?? [], "xliff/export/convert-fr.xliff")
        #expect(difference == nil, "\(difference ?? "")")
        let back = try StringBridgeProcess.run(["convert", "Localizable.xlf", "-o", "Back.xcstrings"], in: folder)
        #expect(back.status == 0, "\(back.error)")
        let catalog = String(decoding: bytes("Back.xcstrings") ?? [], as: UTF8.self)
        for value in [
            "\"value\" : \"Bonjour\"", "\"state\" : \"needs_review\"", "\"state\" : \"machine_translated\"",
            "\"shouldTranslate\" : false", "\"formatSpecifier\" : \"lld\"", "\"value\" : \"%arg birds\"",
        ] {
            #expect(catalog.contains(value), "\(value)")
        }
        let several = try StringBridgeProcess.run(["convert", "fr.xliff", "-o", "x.xcstrings"], in: folder)
        #expect(several.status == 1)
        #expect(several.error.contains("convert reads exactly one table"))
    }
}
