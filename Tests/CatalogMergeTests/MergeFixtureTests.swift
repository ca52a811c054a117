import Foundation
import TestSupport
import Testing

/// `stringbridge merge` over the three-file cases of `Fixtures/merge/<case>/`: the merged file, the text report
/// (standard error) and the JSON report, each compared byte for byte with `expected.*`.
@Suite("merge fixtures")
struct MergeFixtureTests {
    static let cases: [String] = {
        let folder = Fixtures.url("merge").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { name in
            ["xcstrings", "strings", "stringsdict"].contains {
                FileManager.default.fileExists(atPath: "\(folder)/\(name)/base.\($0)")
            }
        }.sorted()
    }()

    static func fileExtension(of name: String) -> String {
        for ext in ["xcstrings", "stringsdict", "strings"]
        where FileManager.default.fileExists(atPath: Fixtures.url("merge/\(name)/base.\(ext)").path) {
            return ext
        }
        return "xcstrings"
    }

    static func copySides(of name: String, ext: String, to folder: URL) throws {
        for side in ["base", "ours", "theirs"] {
            try FileManager.default.copyItem(
                at: Fixtures.url("merge/\(name)/\(side).\(ext)"), to: folder.appendingPathComponent("\(side).\(ext)"))
        }
    }

    @Test func everyRuleHasACase() {
        #expect(Self.cases.count >= 16)
    }

    @Test(arguments: cases)
    func mergesAsExpected(_ name: String) throws {
        let ext = Self.fileExtension(of: name)
        let folder = try StringBridgeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.copySides(of: name, ext: ext, to: folder)
        let output = "merged.\(ext)"
        let text = try StringBridgeProcess.run(
            ["merge", "base.\(ext)", "ours.\(ext)", "theirs.\(ext)", "-o", output], in: folder)
        let merged = [UInt8](try Data(contentsOf: folder.appendingPathComponent(output)))
        #expect(Fixtures.compareGolden(merged, "merge/\(name)/expected.\(ext)") == nil)
        #expect(Fixtures.compareGolden(Array(text.error.utf8), "merge/\(name)/expected.report") == nil)
        #expect(text.status == (text.error.isEmpty ? 0 : 1))
        #expect(text.output == "")

        try FileManager.default.removeItem(at: folder.appendingPathComponent(output))
        let json = try StringBridgeProcess.run(
            ["merge", "base.\(ext)", "ours.\(ext)", "theirs.\(ext)", "-o", output, "--format", "json"], in: folder)
        #expect(json.status == text.status)
        #expect(json.error == "")
        #expect(Fixtures.compareGolden(Array(json.output.utf8), "merge/\(name)/expected.json") == nil)
        #expect([UInt8](try Data(contentsOf: folder.appendingPathComponent(output))) == merged)
    }

    /// With the sides swapped, a case without conflicts gives the same content.
    @Test(arguments: cases)
    func cleanCasesAreSymmetric(_ name: String) throws {
        let ext = Self.fileExtension(of: name)
        guard (try Fixtures.bytes("merge/\(name)/expected.report")).isEmpty else { return }
        let folder = try StringBridgeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.copySides(of: name, ext: ext, to: folder)
        let result = try StringBridgeProcess.run(
            ["merge", "base.\(ext)", "theirs.\(ext)", "ours.\(ext)", "-o", "swapped.\(ext)"], in: folder)
        #expect(result.status == 0)
        let swapped = [UInt8](try Data(contentsOf: folder.appendingPathComponent("swapped.\(ext)")))
        let expected = try Fixtures.bytes("merge/\(name)/expected.\(ext)")
        // A catalog's writer decides the key order; a legacy file keeps ours' order, so its lines are compared sorted.
        // The output keeps ours' final newline (or its absence).
        if ext == "xcstrings" {
            #expect(swapped.split(separator: 10) == expected.split(separator: 10))
        } else {
            #expect(
                String(decoding: swapped, as: UTF8.self).split(separator: "\n").sorted()
                    == String(decoding: expected, as: UTF8.self).split(separator: "\n").sorted())
        }
    }
}
