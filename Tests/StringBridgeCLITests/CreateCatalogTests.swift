import Foundation
import TestSupport
import Testing

/// `sync --create` (issue 31, item 10).
///
/// A project with no catalog gets its first ones as Xcode's File ▸ New ▸ String Catalog and a build make them. The
/// CLI is run from a folder above the projects.
@Suite("sync --create")
struct CreateCatalogTests {
    let folder: URL

    init() throws {
        folder = try CommandTestCase.folder(copying: [
            "code/create/xcode": "xcode", "code/create/package": "package",
            "code/create/synchronized": "synchronized",
        ])
    }

    func read(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(relative)))
    }

    func text(_ relative: String) throws -> String {
        String(decoding: try read(relative), as: UTF8.self)
    }

    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(relative).path)
    }

    @Test("Without --create, sync on a project with code strings and no catalog says how to start")
    func howToStart() throws {
        let result = try StringBridgeProcess.run(["sync", "xcode"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "0 catalogs in sync; nothing to write\n")
        #expect(result.error.contains("xcode:1:1: note: the code has 4 localizable strings"), "\(result.error)")
        #expect(result.error.contains("`stringbridge sync xcode --create`"), "\(result.error)")
        #expect(!exists("xcode/Notes/Localizable.xcstrings"))
        let check = try StringBridgeProcess.run(["sync", "xcode", "--check"], in: folder)
        #expect(check.status == 1)
        #expect(check.error.contains("--create"), "\(check.error)")
    }

    @Test("An Xcode project's target gets Localizable and Settings catalogs, registered as Xcode adds a file")
    func xcodeProject() throws {
        let before = try read("xcode/Notes.xcodeproj/project.pbxproj")
        let dryRun = try StringBridgeProcess.run(["sync", "xcode", "--create", "--dry-run"], in: folder)
        #expect(dryRun.status == 0, "\(dryRun.error)")
        #expect(
            dryRun.output.hasPrefix(
                "would create xcode/Notes/Localizable.xcstrings for Xcode project xcode/Notes.xcodeproj, target "
                    + "Notes: 3 keys\n"), "\(dryRun.output)")
        #expect(
            dryRun.output.contains("\n  would be registered in xcode/Notes.xcodeproj/project.pbxproj: "),
            "\(dryRun.output)")
        #expect(dryRun.output.hasSuffix("Resources phase\n"), "\(dryRun.output)")
        #expect(try read("xcode/Notes.xcodeproj/project.pbxproj") == before)
        #expect(!exists("xcode/Notes/Localizable.xcstrings"))

        let result = try StringBridgeProcess.run(["sync", "xcode", "--create"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output == """
                created xcode/Notes/Localizable.xcstrings for Xcode project xcode/Notes.xcodeproj, target Notes: 3 keys
                  registered in xcode/Notes.xcodeproj/project.pbxproj: Localizable.xcstrings: a file reference in \
                group Notes and a build file in target Notes's Resources phase
                created xcode/Notes/Settings.xcstrings for Xcode project xcode/Notes.xcodeproj, target Notes: 1 key
                  registered in xcode/Notes.xcodeproj/project.pbxproj: Settings.xcstrings: a file reference in group \
                Notes and a build file in target Notes's Resources phase
                2 catalogs in sync; nothing to write

                """, "\(result.output)")
        // The test target's string gets no catalog.
        #expect(!exists("xcode/NotesTests/Localizable.xcstrings"))
        let pbxproj = try read("xcode/Notes.xcodeproj/project.pbxproj")
        if let failure = Fixtures.compareGolden(pbxproj, "code/create/xcode.created.pbxproj") {
            Issue.record("\(failure)")
        }
        let catalog = try read("xcode/Notes/Localizable.xcstrings")
        if let failure = Fixtures.compareGolden(catalog, "code/create/xcode.Localizable.xcstrings") {
            Issue.record("\(failure)")
        }
        #expect(try text("xcode/Notes/Settings.xcstrings").contains("\"Sync now\""))
        // Created, the catalogs are in sync: a second --create has nothing to do.
        let again = try StringBridgeProcess.run(["sync", "xcode", "--create"], in: folder)
        #expect(again.status == 0, "\(again.error)")
        #expect(again.output.hasPrefix("no catalog to create"), "\(again.output)")
        #expect(try read("xcode/Notes.xcodeproj/project.pbxproj") == pbxproj)
        let check = try StringBridgeProcess.run(["sync", "xcode", "--check"], in: folder)
        #expect(check.status == 0, "\(check.error)")
    }

    @Test("A synchronized folder takes the catalog as it is: the project file is not changed")
    func synchronizedFolder() throws {
        let before = try read("synchronized/Birds.xcodeproj/project.pbxproj")
        let result = try StringBridgeProcess.run(["sync", "synchronized", "--create"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("created synchronized/Birds/Localizable.xcstrings"), "\(result.output)")
        #expect(result.output.contains("in the synchronized folder synchronized/Birds"), "\(result.output)")
        #expect(try read("synchronized/Birds.xcodeproj/project.pbxproj") == before)
        #expect(try text("synchronized/Birds/Localizable.xcstrings").contains("\"Birds\""))
    }

    @Test("A Swift package's target gets its catalog, and the missing defaultLocalization is said")
    func swiftPackage() throws {
        let result = try StringBridgeProcess.run(["sync", "package", "--create"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output.hasPrefix(
                "created package/Sources/Greeter/Localizable.xcstrings for package package, target Greeter: 1 key\n"),
            "\(result.output)")
        #expect(
            result.error.contains(
                "package/Package.swift:1:1: warning: the package declares no defaultLocalization"), "\(result.error)")
        #expect(try text("package/Sources/Greeter/Localizable.xcstrings").contains("\"Hello, %@!\""))
        #expect(!exists("package/Tests/GreeterTests/Localizable.xcstrings"))
    }
}
