import Foundation
import TestSupport
import Testing

/// `stringbridge generate` run as a process on copies of `Fixtures/generate`.
@Suite("stringbridge generate")
struct GenerateCommandTests {
    let folder: URL

    init() throws {
        folder = try StringBridgeProcess.temporaryFolder()
        for name in ["catalogs", "legacy", "bad-name", "invalid"] {
            try FileManager.default.copyItem(
                at: Fixtures.url("generate/\(name)"), to: folder.appendingPathComponent(name))
        }
    }

    func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(relative)))
    }

    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(relative).path)
    }

    @Test("writes one file per catalog, equal to the goldens, with each skipped key's warning at its place")
    func writes() throws {
        let result = try StringBridgeProcess.run(
            ["generate", "catalogs/Localizable.xcstrings", "catalogs/Shop.xcstrings", "-o", "Generated"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        for name in ["Localizable", "Shop"] {
            let file = "GeneratedStringSymbols_\(name).swift"
            #expect(Fixtures.compareGolden(try bytes("Generated/\(file)"), "generate/expected/xcode/\(file)") == nil)
        }
        let expected = String(
            decoding: try Fixtures.bytes("generate/expected/xcode/Localizable.warnings"), as: UTF8.self)
        #expect(result.error == expected.replacingOccurrences(of: "generate/catalogs/", with: "catalogs/"))
        #expect(
            result.error.hasPrefix("catalogs/Localizable.xcstrings:15:5: warning: key \"100%% sure\" gets no symbol"))
    }

    @Test("--xcode-version 26.1 writes the preamble without nonisolated; a version before 26 is a usage error")
    func xcodeVersion() throws {
        let result = try StringBridgeProcess.run(
            ["generate", "catalogs/Shop.xcstrings", "--xcode-version", "26.1.1", "-o", "Generated"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        let file = "GeneratedStringSymbols_Shop.swift"
        #expect(Fixtures.compareGolden(try bytes("Generated/\(file)"), "generate/expected/xcode-26.1/\(file)") == nil)
        let old = try StringBridgeProcess.run(
            ["generate", "catalogs/Shop.xcstrings", "--xcode-version", "15.4", "-o", "Old"], in: folder)
        #expect(old.status == 64)
        #expect(old.error.contains("--xcode-version is a version of Xcode 26 or later"))
        #expect(!exists("Old"))
    }

    @Test("an invalid catalog among the inputs: its error at path:line:column, exit 1, nothing written")
    func invalidInput() throws {
        let result = try StringBridgeProcess.run(
            ["generate", "catalogs/Shop.xcstrings", "invalid/Broken.xcstrings", "-o", "Generated"], in: folder)
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("invalid/Broken.xcstrings:5:3: error: "), "\(result.error)")
        #expect(!exists("Generated"))
    }

    @Test("a catalog whose name makes no type name is an error (the namespace enum), nothing written")
    func badTableName() throws {
        let result = try StringBridgeProcess.run(
            ["generate", "catalogs/Shop.xcstrings", "bad-name/My Table.xcstrings", "-o", "Generated"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.error
                == "bad-name/My Table.xcstrings:1:1: error: table name \"My Table\" is not a Swift identifier; "
                + "rename the catalog\n")
        #expect(!exists("Generated"))
    }

    @Test("two catalogs of one name would write one file: an error, nothing written")
    func sameName() throws {
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("other"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("catalogs/Shop.xcstrings"),
            to: folder.appendingPathComponent("other/Shop.xcstrings"))
        let result = try StringBridgeProcess.run(
            ["generate", "catalogs/Shop.xcstrings", "other/Shop.xcstrings", "-o", "Generated"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.error
                == "other/Shop.xcstrings:1:1: error: generates Generated/GeneratedStringSymbols_Shop.swift, as "
                + "catalogs/Shop.xcstrings does; generate them into different folders\n")
        #expect(!exists("Generated"))
    }

    @Test("--dry-run prints the files and writes nothing")
    func dryRun() throws {
        let result = try StringBridgeProcess.run(
            ["generate", "catalogs/Shop.xcstrings", "--flavor", "runtime", "-o", "Generated", "--dry-run"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "would write Generated/GeneratedStringSymbols_Shop.swift\n")
        #expect(!exists("Generated"))
    }

    @Test("--flavor legacy: one L10n.swift for a .strings and its .stringsdict, equal to the golden")
    func legacy() throws {
        let result = try StringBridgeProcess.run(
            [
                "generate", "legacy/en.lproj/Localizable.strings", "legacy/en.lproj/Localizable.stringsdict",
                "--flavor", "legacy", "-o", "Generated",
            ], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(Fixtures.compareGolden(try bytes("Generated/L10n.swift"), "generate/expected/legacy/L10n.swift") == nil)
        if let difference = Fixtures.compareGolden(Array(result.error.utf8), "generate/expected/legacy/L10n.warnings") {
            Issue.record("warnings: \(difference)")
        }
    }

    @Test("the Xcode and runtime flavours read String Catalogs only; an unknown flavour is a usage error")
    func wrongInput() throws {
        let result = try StringBridgeProcess.run(
            ["generate", "legacy/en.lproj/Localizable.strings", "-o", "Generated"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.error
                == "legacy/en.lproj/Localizable.strings:1:1: error: generate reads String Catalogs (.xcstrings); "
                + "--flavor legacy reads .strings and .stringsdict\n")
        let flavor = try StringBridgeProcess.run(
            ["generate", "catalogs/Shop.xcstrings", "--flavor", "swiftgen", "-o", "Generated"], in: folder)
        #expect(flavor.status == 64)
        #expect(!exists("Generated"))
    }
}
