import Foundation
import TestSupport
import Testing

/// `stringbridge sync` and `stringbridge extract`, run as processes over temporary projects.
@Suite("sync and extract commands")
struct SyncCommandTests {
    /// A Swift package whose code says nothing localizable, and a catalog with an extracted key that has a
    /// translation (it becomes stale), one without (removed) and a manual key (left alone).
    func project() throws -> ProjectFolder {
        let folder = try ProjectFolder()
        try folder.write(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "App", targets: [.executableTarget(name: "App")])
            """, to: "Package.swift")
        try folder.write("let answer = 42\n", to: "Sources/App/main.swift")
        try folder.write(Self.catalog, to: "Sources/App/Resources/Localizable.xcstrings")
        try folder.write(ProjectFolder.emptyCatalog, to: "Exports/de.xcloc/Localized Contents/Localizable.xcstrings")
        return folder
    }

    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Bare" : {

            },
            "Old" : {
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Alt"
                  }
                }
              }
            },
            "Typed" : {
              "extractionState" : "manual"
            }
          },
          "version" : "1.0"
        }
        """

    static let synced = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Old" : {
              "extractionState" : "stale",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Alt"
                  }
                }
              }
            },
            "Typed" : {
              "extractionState" : "manual"
            }
          },
          "version" : "1.0"
        }
        """

    let catalogPath = "Sources/App/Resources/Localizable.xcstrings"

    @Test("--check lists each key at the catalog and exits 1; nothing is written")
    func checkOutOfSync() throws {
        let folder = try project()
        let result = try StringBridgeProcess.run(["sync", ".", "--check"], in: folder.url)
        #expect(result.status == 1)
        #expect(
            result.error == """
                \(catalogPath):4:5: error: "Bare" is no longer in the code (sync removes it)
                \(catalogPath):7:5: error: "Old" is no longer in the code (sync marks it stale)

                """)
        #expect(result.output == "1 catalog of 1 not in sync\n")
        #expect(try folder.read(catalogPath) == Self.catalog)
    }

    @Test("--dry-run says what would change and writes nothing")
    func dryRun() throws {
        let folder = try project()
        let result = try StringBridgeProcess.run(["sync", ".", "--dry-run"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.error == "")
        #expect(
            result.output == """
                would sync \(catalogPath): 1 stale, 1 removed
                  removed: "Bare"
                  stale: "Old"

                """)
        #expect(try folder.read(catalogPath) == Self.catalog)
    }

    @Test("sync writes the catalog; then --check passes and a second sync writes nothing")
    func syncThenCheck() throws {
        let folder = try project()
        let result = try StringBridgeProcess.run(["sync", "."], in: folder.url)
        #expect(result.status == 0)
        #expect(result.error == "")
        #expect(result.output == "synced \(catalogPath): 1 stale, 1 removed\n")
        #expect(try folder.read(catalogPath) == Self.synced)
        #expect(
            try folder.read("Exports/de.xcloc/Localized Contents/Localizable.xcstrings") == ProjectFolder.emptyCatalog)
        let check = try StringBridgeProcess.run(["sync", ".", "--check"], in: folder.url)
        #expect(check.status == 0)
        #expect(check.output == "1 catalog in sync\n")
        let again = try StringBridgeProcess.run(["sync", "."], in: folder.url)
        #expect(again.output == "1 catalog in sync; nothing to write\n")
    }

    @Test("a read-only catalog is refused (nothing written) unless --force")
    func readOnly() throws {
        let folder = try project()
        let path = folder.url.appendingPathComponent(catalogPath).path
        #expect(chmod(path, 0o444) == 0)
        let refused = try StringBridgeProcess.run(["sync", "."], in: folder.url)
        #expect(refused.status == 1)
        #expect(
            refused.error
                == "\(catalogPath):1:1: error: the file is read-only; it is not replaced (--force replaces it)\n")
        #expect(try folder.read(catalogPath) == Self.catalog)
        let forced = try StringBridgeProcess.run(["sync", ".", "--force"], in: folder.url)
        #expect(forced.status == 0)
        #expect(try folder.read(catalogPath) == Self.synced)
    }

    @Test("a catalog no target contains is named in a note and left alone")
    func leftOut() throws {
        let folder = try project()
        try folder.write(Self.catalog, to: "Stray.xcstrings")
        let result = try StringBridgeProcess.run(["sync", ".", "--dry-run"], in: folder.url)
        #expect(result.status == 0)
        #expect(
            result.error
                == "Stray.xcstrings:1:1: note: not synced: no target of the enclosing Xcode project or package contains it\n"
        )
    }

    @Test("bad input: a missing root, an invalid catalog (nothing written), --check with --dry-run")
    func badInput() throws {
        let folder = try project()
        let missing = try StringBridgeProcess.run(["sync", "nothere"], in: folder.url)
        #expect(missing.status == 1)
        #expect(missing.error == "nothere:1:1: error: no such folder\n")
        try folder.write("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : [\n", to: "Sources/App/Broken.xcstrings")
        let invalid = try StringBridgeProcess.run(["sync", "."], in: folder.url)
        #expect(invalid.status == 1)
        #expect(invalid.error.hasPrefix("Sources/App/Broken.xcstrings:3:"))
        #expect(invalid.output == "")
        #expect(try folder.read(catalogPath) == Self.catalog)
        let usage = try StringBridgeProcess.run(["sync", ".", "--check", "--dry-run"], in: folder.url)
        #expect(usage.status == 64)
    }

    @Test("extract writes one catalog per table")
    func extract() throws {
        let folder = try ProjectFolder()
        try folder.write(
            """
            import SwiftUI
            let a = Text("Hello", comment: "Greeting")
            let b = String(localized: "Foxglove", table: "Plants", comment: "Plant name")
            """, to: "Code/View.swift")
        let result = try StringBridgeProcess.run(["extract", "Code", "-o", "Out"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.output == "wrote Out/Localizable.xcstrings: 1 key\nwrote Out/Plants.xcstrings: 1 key\n")
        #expect(
            try folder.read("Out/Plants.xcstrings") == """
                {
                  "sourceLanguage" : "en",
                  "strings" : {
                    "Foxglove" : {
                      "comment" : "Plant name"
                    }
                  },
                  "version" : "1.0"
                }

                """)
    }

    @Test("extract with nothing to extract writes nothing; a missing path is an error")
    func extractNothing() throws {
        let folder = try ProjectFolder()
        try folder.write("let answer = 42\n", to: "Code/main.swift")
        let result = try StringBridgeProcess.run(["extract", "Code", "-o", "Out"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.output == "no localizable strings found; nothing written\n")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Out").path))
        let missing = try StringBridgeProcess.run(["extract", "Nope", "-o", "Out"], in: folder.url)
        #expect(missing.status == 1)
        #expect(missing.error == "Nope:1:1: error: no such file or folder\n")
    }

    @Test("a project file nested 70,000 deep is skipped with a warning at its place; the rest is synced")
    func deepProjectFile() throws {
        let folder = try project()
        let deep = "{ a = " + String(repeating: "(", count: 70_000) + String(repeating: ")", count: 70_000) + "; }\n"
        try folder.write(deep, to: "Deep/Deep.xcodeproj/project.pbxproj")
        let start = Date()
        let result = try StringBridgeProcess.run(["sync", "."], in: folder.url)
        #expect(result.status == 0)
        #expect(
            result.error.contains(
                "Deep/Deep.xcodeproj/project.pbxproj:1:518: warning: the project file nests arrays and dictionaries "
                    + "deeper than 512 levels; it is not read; its targets are not used\n"))
        #expect(result.output.contains("synced Sources/App/Resources/Localizable.xcstrings"))
        #expect(Date().timeIntervalSince(start) < 20)
    }
}
