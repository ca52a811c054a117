import Foundation
import LocalizationCatalog
import TestSupport
import Testing

/// `stringbridge migrate` editing the Xcode project as Xcode's migration does, over the hand-made project in
/// `Fixtures/migration-project` (targets App and Widget; `Localizable` in a `.strings` and a `.stringsdict`
/// variant group, `Main.storyboard` with a German `.strings`).
@Suite("stringbridge migrate edits the Xcode project")
struct MigrateProjectTests {
    let folder: URL
    static let project = "App.xcodeproj/project.pbxproj"

    init() throws {
        folder = try CommandTestCase.folder(copying: ["migration-project": "Demo"])
    }

    var demo: URL { folder.appendingPathComponent("Demo") }

    func contents(_ path: String) -> [UInt8]? {
        (try? Data(contentsOf: demo.appendingPathComponent(path))).map { [UInt8]($0) }
    }

    func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: demo.appendingPathComponent(path))
    }

    func replaceInProject(_ old: String, _ new: String) throws {
        let text = String(decoding: contents(Self.project) ?? [], as: UTF8.self)
        #expect(text.contains(old))
        try write(text.replacingOccurrences(of: old, with: new), to: Self.project)
    }

    @Test("The variant groups give way to the catalog in the groups and Resources phases; the rest is byte-identical")
    func editsTheProject() throws {
        let result = try StringBridgeProcess.run(["migrate", "App"], in: demo)
        #expect(result.status == 0)
        #expect(
            result.output.hasSuffix(
                """
                edited App.xcodeproj/project.pbxproj:
                  the variant groups Localizable.strings, Localizable.stringsdict (4 files) replaced by \
                Localizable.xcstrings in 2 build phases
                  the 1 .strings file of the variant group "Main.storyboard" replaced by mul.lproj/Main.xcstrings
                  LOCALIZATION_PREFERS_STRING_CATALOGS = YES in the project's Debug, Release
                  SWIFT_EMIT_LOC_STRINGS = YES in target App's Debug, Release
                  SWIFT_EMIT_LOC_STRINGS = YES in target Widget's Release

                """))
        #expect(
            Fixtures.compareGolden(contents(Self.project) ?? [], "migration-project-expected/App.pbxproj") == nil)
        #expect(contents("App/Localizable.xcstrings") != nil)
        #expect(contents("App/mul.lproj/Main.xcstrings") != nil)
        // Run again (with --force, the catalogs exist): the project holds no legacy group any more; nothing changes.
        let edited = contents(Self.project)
        let again = try StringBridgeProcess.run(["migrate", "App", "--force"], in: demo)
        #expect(again.status == 0)
        #expect(!again.output.contains("edited"))
        #expect(contents(Self.project) == edited)
    }

    @Test("--no-project writes the catalogs and leaves the project alone")
    func noProject() throws {
        let before = contents(Self.project)
        let result = try StringBridgeProcess.run(["migrate", "App", "--no-project"], in: demo)
        #expect(result.status == 0)
        #expect(!result.output.contains("edited"))
        #expect(contents(Self.project) == before)
        #expect(contents("App/Localizable.xcstrings") != nil)
    }

    @Test("-o leaves the project alone, with a note")
    func outputFolder() throws {
        let before = contents(Self.project)
        let result = try StringBridgeProcess.run(["migrate", "App", "-o", "Out"], in: demo)
        #expect(result.status == 0)
        #expect(
            result.error.hasSuffix(
                "Out:1:1: note: the Xcode projects are left alone (App.xcodeproj/project.pbxproj): -o puts the "
                    + "catalogs outside the places Xcode gives them; without -o, migrate edits the projects as Xcode "
                    + "does\n"))
        #expect(contents(Self.project) == before)
        #expect(contents("Out/Localizable.xcstrings") != nil)
    }

    @Test("--dry-run says how the project would be edited and writes nothing")
    func dryRun() throws {
        let before = contents(Self.project)
        let result = try StringBridgeProcess.run(["migrate", "App", "--dry-run"], in: demo)
        #expect(result.status == 0)
        #expect(result.output.contains("would edit App.xcodeproj/project.pbxproj:\n"))
        // Found below the folder migrated rather than above it: named the same way.
        let fromRoot = try StringBridgeProcess.run(["migrate", ".", "--dry-run"], in: demo)
        #expect(fromRoot.status == 0)
        #expect(fromRoot.output.contains("would edit App.xcodeproj/project.pbxproj:\n"))
        #expect(contents(Self.project) == before)
        #expect(contents("App/Localizable.xcstrings") == nil)
    }

    @Test("A variant group that another group also lists is an error; nothing is written, catalogs included")
    func sharedVariantGroup() throws {
        try replaceInProject(
            "\t\t\t\tA30000000000000000000002 /* Localizable.stringsdict */,\n\t\t\t);\n\t\t\tpath = Plurals;",
            "\t\t\t\tA30000000000000000000002 /* Localizable.stringsdict */,\n"
                + "\t\t\t\tA30000000000000000000001 /* Localizable.strings */,\n\t\t\t);\n\t\t\tpath = Plurals;")
        let before = contents(Self.project)
        let result = try StringBridgeProcess.run(["migrate", "App"], in: demo)
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(
            result.error.contains(
                "App.xcodeproj/project.pbxproj:167:3: error: the variant group \"Localizable.strings\" is also named "
                    + "by PBXGroup A40000000000000000000003 (children); the project cannot be edited safely\n"
                    + "App.xcodeproj/project.pbxproj:1:1: note: nothing is written; pass --no-project to migrate without "
                    + "editing the project\n"))
        #expect(contents(Self.project) == before)
        #expect(contents("App/Localizable.xcstrings") == nil)
        #expect(contents("App/mul.lproj/Main.xcstrings") == nil)
    }

    @Test("A project file that cannot be read is an error at its place; nothing is written")
    func unreadableProject() throws {
        try replaceInProject(
            "\t\t\t\tA40000000000000000000002 /* App */,\n", "\t\t\t\tA40000000000000000000002 /* App */ = ,\n")
        let result = try StringBridgeProcess.run(["migrate", "App"], in: demo)
        #expect(result.status == 1)
        #expect(result.error.contains("App.xcodeproj/project.pbxproj:35:"))
        #expect(result.error.contains("note: the project file around the migrated folder cannot be read"))
        #expect(contents("App/Localizable.xcstrings") == nil)
    }

    @Test("A file left out of the migration but still in the variant group stops the edit; nothing is written")
    func leftOutFileInGroup() throws {
        try write("\"greeting\" = \"Hallo\" \"oops\";\n", to: "App/de.lproj/Localizable.strings")
        let result = try StringBridgeProcess.run(["migrate", "App"], in: demo)
        #expect(result.status == 1)
        #expect(
            result.error.contains(
                "error: the variant group \"Localizable.strings\" holds App/de.lproj/Localizable.strings, which is "
                    + "left out of the migration"))
        #expect(contents("App/Localizable.xcstrings") == nil)
    }

    @Test("sync --check fails when no catalog belongs to a target, and checks the catalogs once the project holds them")
    func syncCheckAfterMigration() throws {
        let noCatalog = try StringBridgeProcess.run(["sync", ".", "--check"], in: demo)
        #expect(noCatalog.status == 1)
        #expect(
            noCatalog.error.hasSuffix(
                ".:1:1: error: no catalog to check: there is no .xcstrings catalog below this folder; --check "
                    + "passes only when it checks a catalog\n"))
        // The code has strings: how to start is said too.
        #expect(noCatalog.error.contains("`stringbridge sync --create`"), "\(noCatalog.error)")
        _ = try StringBridgeProcess.run(["migrate", "App", "--no-project"], in: demo)
        let orphaned = try StringBridgeProcess.run(["sync", ".", "--check"], in: demo)
        #expect(orphaned.status == 1)
        #expect(
            orphaned.error.contains(
                ".:1:1: error: no catalog to check: none of the 2 .xcstrings catalogs below this folder belongs to a "
                    + "target; --check passes only when it checks a catalog\n"))
        _ = try StringBridgeProcess.run(["migrate", "App", "--force"], in: demo)
        let checked = try StringBridgeProcess.run(["sync", ".", "--check"], in: demo)
        #expect(!checked.error.contains("no catalog to check"))
        #expect(checked.output.contains("of 2") || checked.output.contains("2 catalogs in sync"))
    }

    @Test("export after migrate exports each table once, from the catalog, and says so")
    func exportAfterMigration() throws {
        _ = try StringBridgeProcess.run(["migrate", "App", "--keep-legacy-files"], in: demo)
        let result = try StringBridgeProcess.run(["export", "App", "--language", "de", "-o", "../out"], in: demo)
        #expect(result.status == 0)
        #expect(
            result.error.contains(
                "App/en.lproj/Localizable.strings:1:1: warning: the catalog App/Localizable.xcstrings holds this "
                    + "table (migrated); the table is exported once, from the catalog, and its legacy files are left "
                    + "out\n"))
        #expect(
            result.error.contains(
                "App/Plurals/en.lproj/Localizable.stringsdict:1:1: warning: the catalog App/Localizable.xcstrings "
                    + "holds this table (migrated)"))
        #expect(
            result.error.contains(
                "App/Base.lproj/Main.storyboard:1:1: warning: the catalog App/mul.lproj/Main.xcstrings holds this "
                    + "table (migrated)"))
        let xliff = try String(
            contentsOf: folder.appendingPathComponent("out/de.xliff"), encoding: .utf8)
        #expect(xliff.components(separatedBy: "<file original=\"App/Localizable.xcstrings\"").count == 2)
        #expect(!xliff.contains("original=\"App/en.lproj/Localizable.strings\""))
        #expect(!xliff.contains("Localizable.stringsdict"))
        #expect(xliff.components(separatedBy: "<file ").count == 1 + 2)
    }
}
