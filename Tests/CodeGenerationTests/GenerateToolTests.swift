import Foundation
import TestSupport
import Testing

/// `stringbridge-generate`, run as a process (the build plugin runs it so).
@Suite struct GenerateToolTests {
    let tool = StringBridgeProcess.productsFolder.appendingPathComponent("stringbridge-generate")

    @Test func tablesWritesOneFilePerTable() throws {
        let folder = try StringBridgeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let result = try StringBridgeProcess.runExecutable(
            tool,
            [
                "tables", runtimeFixtures.appendingPathComponent("Greeter.xcstrings").path,
                runtimeFixtures.appendingPathComponent("legacy/en.lproj").path,
                runtimeFixtures.appendingPathComponent("legacy/ru.lproj").path, "--output", output.path,
            ])
        #expect(result.status == 0)
        #expect(result.output.isEmpty && result.error.isEmpty)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: output.path).sorted() == [
                "Greeter.stringbridge-table.json", "Legacy.stringbridge-table.json",
            ])
        #expect(
            try Data(contentsOf: output.appendingPathComponent("Greeter.stringbridge-table.json"))
                == Data(contentsOf: runtimeFixtures.appendingPathComponent("Greeter.stringbridge-table.json")))
    }

    @Test func anErrorWritesNothing() throws {
        let folder = try StringBridgeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let broken = runtimeFixtures.appendingPathComponent("invalid/Broken.xcstrings").path
        let result = try StringBridgeProcess.runExecutable(
            tool,
            [
                "tables", runtimeFixtures.appendingPathComponent("Greeter.xcstrings").path, broken, "--output",
                output.path,
            ])
        #expect(result.status == 1)
        #expect(result.error == broken + ":4:11: error: the entry \"a\" must be an object, found a number\n")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func usageErrorsExitWithTwo() throws {
        let missingOutput = try StringBridgeProcess.runExecutable(tool, ["tables", "a.xcstrings"])
        #expect(missingOutput.status == 2)
        #expect(missingOutput.error.hasPrefix("stringbridge-generate: --output is required\n"))
        #expect(try StringBridgeProcess.runExecutable(tool, ["tables", "--output"]).status == 2)
        #expect(try StringBridgeProcess.runExecutable(tool, ["tables", "--bogus", "--output", "x"]).status == 2)
        #expect(try StringBridgeProcess.runExecutable(tool, []).status == 2)
        #expect(try StringBridgeProcess.runExecutable(tool, ["--help"]).status == 0)
    }
}
