import Foundation
import TestSupport
import Testing

/// `stringbridge convert`, run as a process: outputs, exit statuses, diagnostics, atomicity.
@Suite("stringbridge convert")
struct ConvertCommandTests {
    let folder: URL

    init() throws {
        folder = try StringBridgeProcess.temporaryFolder()
    }

    func copyFixture(_ relative: String, as name: String) throws -> URL {
        let destination = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: Fixtures.url(relative), to: destination)
        return destination
    }

    func contents(_ name: String) -> [UInt8]? {
        (try? Data(contentsOf: folder.appendingPathComponent(name))).map { [UInt8]($0) }
    }

    @Test func normalizesACatalog() throws {
        _ = try copyFixture("xcstrings/write/foreign-layout.input.json", as: "in.xcstrings")
        let result = try StringBridgeProcess.run(["convert", "in.xcstrings", "-o", "out.xcstrings"], in: folder)
        #expect(result.status == 0)
        #expect(result.error == "")
        #expect(contents("out.xcstrings") == (try Fixtures.bytes("xcstrings/write/foreign-layout.xcstrings")))
    }

    @Test func writesIntoNewFolders() throws {
        _ = try copyFixture("xcstrings/read/features.xcstrings", as: "features.xcstrings")
        let result = try StringBridgeProcess.run(
            ["convert", "features.xcstrings", "-o", "a/b/out.xcstrings"], in: folder)
        #expect(result.status == 0)
        #expect(contents("a/b/out.xcstrings") == (try Fixtures.bytes("xcstrings/read/features.xcstrings")))
    }

    @Test func invalidInputExitsOneAndLeavesTheOutputAlone() throws {
        _ = try copyFixture("xcstrings/invalid/duplicate-key.xcstrings", as: "bad.xcstrings")
        let previous = Array("previous content".utf8)
        try Data(previous).write(to: folder.appendingPathComponent("out.xcstrings"))
        let result = try StringBridgeProcess.run(["convert", "bad.xcstrings", "-o", "out.xcstrings"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.error == "bad.xcstrings:10:5: error: duplicate key \"Hello\"; first defined at line 4, column 5\n")
        #expect(contents("out.xcstrings") == previous)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(leftovers == ["bad.xcstrings", "out.xcstrings"])
    }

    @Test func missingInputIsAnInputError() throws {
        let result = try StringBridgeProcess.run(["convert", "missing.xcstrings", "-o", "out.xcstrings"], in: folder)
        #expect(result.status == 1)
        #expect(result.error == "missing.xcstrings:1:1: error: cannot read the file: No such file or directory\n")
        #expect(contents("out.xcstrings") == nil)
    }

    @Test func unwritableOutputFailsCleanly() throws {
        _ = try copyFixture("xcstrings/read/empty.xcstrings", as: "in.xcstrings")
        try Data().write(to: folder.appendingPathComponent("file"))
        let result = try StringBridgeProcess.run(["convert", "in.xcstrings", "-o", "file/out.xcstrings"], in: folder)
        #expect(result.status == 1)
        #expect(result.error == "file/out.xcstrings:1:1: error: cannot write the file: Not a directory\n")
        #expect(contents("file") == [])
    }

    @Test func usageErrorsExitSixtyFour() throws {
        let noOutput = try StringBridgeProcess.run(["convert", "in.xcstrings"], in: folder)
        #expect(noOutput.status == 64)
        #expect(noOutput.error.contains("Missing expected argument '--output <output>'"))
        let unknownExtension = try StringBridgeProcess.run(["convert", "in.txt", "-o", "out.xcstrings"], in: folder)
        #expect(unknownExtension.status == 64)
        #expect(unknownExtension.error.contains("in.txt:1:1: error: cannot tell the format from the file name"))
        let unknownFormat = try StringBridgeProcess.run(
            ["convert", "in.txt", "--from", "yaml", "-o", "o.xcstrings"], in: folder)
        #expect(unknownFormat.status == 64)
        #expect(unknownFormat.error.contains("unknown format 'yaml'"))
    }

    @Test func helpHasExamples() throws {
        let result = try StringBridgeProcess.run(["convert", "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("stringbridge convert Localizable.xcstrings -o Normalized.xcstrings"))
        let root = try StringBridgeProcess.run(["--help"])
        #expect(root.output.contains("convert"))
    }
}
