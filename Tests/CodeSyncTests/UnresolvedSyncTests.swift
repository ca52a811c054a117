import CodeExtraction
import Foundation
import LocalizationCatalog
import TestSupport
import Testing

@testable import CodeSync

/// An interpolation whose type the reader cannot tell (docs/sync.md, "Interpolations of unknown type"): a correct
/// catalog keeps its key, and `sync --check` says "unresolved" instead of a stale key plus a new `%@` key.
@Suite("interpolations of unknown type in sync")
struct UnresolvedSyncTests {
    static let code = """
        import SwiftUI
        struct Cart: View {
            var body: some View {
                Text("Total \\(model.total)")
                Text("Done")
            }
        }
        """

    /// A translated catalog Xcode wrote for `code`: the compiler knew `model.total` is an `Int`.
    static func catalog(_ key: String) -> String {
        """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Done" : {

            },
            "\(key)" : {
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Summe %lld"
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """
    }

    let catalogPath = "Sources/App/Resources/Localizable.xcstrings"

    func project(catalogKey: String) throws -> ProjectFolder {
        let folder = try ProjectFolder()
        try folder.write(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "App", targets: [.executableTarget(name: "App")])
            """, to: "Package.swift")
        try folder.write(Self.code, to: "Sources/App/Cart.swift")
        try folder.write(Self.catalog(catalogKey), to: catalogPath)
        return folder
    }

    @Test("a correct catalog passes --check: the %lld key is kept and found, the string is reported unresolved")
    func checkPassesWithCatalogKey() throws {
        let folder = try project(catalogKey: "Total %lld")
        let check = try StringBridgeProcess.run(["sync", ".", "--check"], in: folder.url)
        #expect(check.status == 0)
        #expect(
            check.error == """
                Sources/App/Cart.swift:4:21: warning: unresolved: the type of this interpolation is not known without \
                a type checker; "Total %@" is taken as the key "Total %lld" of \(catalogPath)

                """)
        #expect(check.output == "1 catalog in sync (1 string unresolved)\n")
        let report = try StringBridgeProcess.run(["sync", ".", "--dry-run", "--report", "json"], in: folder.url)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(report.output.utf8)) as? [String: Any])
        #expect(json["changed"] as? Int == 0)
        let unresolved = try #require(json["unresolved"] as? [[String: Any]])
        #expect(unresolved.count == 1)
        #expect(unresolved.first?["key"] as? String == "Total %@")
        #expect(unresolved.first?["takenAs"] as? [String] == ["Total %lld"])
        #expect((unresolved.first?["unresolved"] as? [String: Any])?["column"] as? Int == 21)
        // sync neither marks the translated key stale nor adds "Total %@".
        let sync = try StringBridgeProcess.run(["sync", "."], in: folder.url)
        #expect(sync.status == 0)
        #expect(sync.output == "1 catalog in sync; nothing to write\n")
        #expect(try folder.read(catalogPath) == Self.catalog("Total %lld"))
    }

    @Test("no catalog key matches in any specifier: --check fails and says unresolved at the interpolation")
    func checkFailsWithoutMatch() throws {
        let folder = try project(catalogKey: "Sum %lld")
        let check = try StringBridgeProcess.run(["sync", ".", "--check"], in: folder.url)
        #expect(check.status == 1)
        #expect(
            check.error == """
                \(catalogPath):7:5: error: "Sum %lld" is no longer in the code (sync marks it stale)
                Sources/App/Cart.swift:4:14: error: "Total %@" is not in \(catalogPath); unresolved: the type of the \
                interpolation at 4:21 is not known without a type checker, and no key of the catalog has another \
                specifier there

                """)
        #expect(check.output == "1 catalog of 1 not in sync\n")
    }

    @Test("the merge: a resolved specifier must match exactly; the unknown one matches any specifier")
    func merge() throws {
        let folder = try project(catalogKey: "Total %lld")
        let path = folder.url.appendingPathComponent(catalogPath).path
        var string = ExtractedString(
            key: "Total %@", location: FileLocation(path: "C.swift", line: 4, column: 14), origin: .swift)
        string.unresolvedSpecifiers = [
            .init(range: 6..<8, location: FileLocation(path: "C.swift", line: 4, column: 21))
        ]
        let done = ExtractedString(
            key: "Done", location: FileLocation(path: "C.swift", line: 5, column: 14), origin: .swift)
        let workflow = SyncWorkflow(readers: [])
        let result = try workflow.plan(catalog: path, strings: [string, done], forUpdate: false).result
        #expect(result.changes == [])
        #expect(
            result.unresolved == [
                UnresolvedString(
                    codeKey: "Total %@", catalogKeys: ["Total %lld"],
                    location: FileLocation(path: "C.swift", line: 4, column: 21))
            ])
        // Known specifiers are not loosened: "Total %@" without a mark is a new key, and the old one goes stale.
        let certain = ExtractedString(key: "Total %@", location: string.location, origin: .swift)
        let plain = try workflow.plan(catalog: path, strings: [certain, done], forUpdate: false).result
        #expect(plain.changes.map(\.kind) == [.markedStale, .added])
        #expect(plain.unresolved == [])
        // With both "Total %@" and "Total %lld" in the catalog, neither goes stale; "Total %@" alone says nothing.
        let both = try ProjectFolder()
        try both.write(
            Self.catalog("Total %lld").replacingOccurrences(
                of: "\"Done\" : {", with: "\"Total %@\" : {\n\n    },\n    \"Done\" : {"),
            to: "Localizable.xcstrings")
        let bothPath = both.url.appendingPathComponent("Localizable.xcstrings").path
        let kept = try workflow.plan(catalog: bothPath, strings: [string, done], forUpdate: false).result
        #expect(kept.changes == [])
        #expect(kept.unresolved.map(\.catalogKeys) == [["Total %@", "Total %lld"]])
        let alone = try ProjectFolder()
        try alone.write(Self.catalog("Total %@"), to: "Localizable.xcstrings")
        let alonePath = alone.url.appendingPathComponent("Localizable.xcstrings").path
        let own = try workflow.plan(catalog: alonePath, strings: [string, done], forUpdate: false).result
        #expect(own.changes == [])
        #expect(own.unresolved == [])
        // Text around the specifier must match: "Totals %lld" is not "Total %@".
        string.key = "Totals %@"
        string.unresolvedSpecifiers[0].range = 7..<9
        let other = try workflow.plan(catalog: path, strings: [string, done], forUpdate: false).result
        #expect(other.changes.map(\.kind) == [.markedStale, .added])
        #expect(other.changes.last?.unresolvedLocation == FileLocation(path: "C.swift", line: 4, column: 21))
    }

    @Test("hostile: a string is matched against at most InputLimits.typeCandidates keys of one shape")
    func boundedMatching() throws {
        let folder = try ProjectFolder()
        let keys = (1...300).map { "\"Total %\($0)d\" : {\n\n    }" }.joined(separator: ",\n    ")
        try folder.write(
            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \(keys)\n  },\n  \"version\" : \"1.0\"\n}\n",
            to: "Localizable.xcstrings")
        var string = ExtractedString(
            key: "Total %@", location: FileLocation(path: "C.swift", line: 1, column: 1), origin: .swift)
        string.unresolvedSpecifiers = [.init(range: 6..<8, location: FileLocation(path: "C.swift", line: 1, column: 7))]
        let path = folder.url.appendingPathComponent("Localizable.xcstrings").path
        let result = try SyncWorkflow(readers: []).plan(catalog: path, strings: [string], forUpdate: false).result
        #expect(result.unresolved.map(\.catalogKeys) == [[]])
        #expect(result.changes.filter { $0.kind == .added }.map(\.key) == ["Total %@"])
    }

    /// A string from code whose specifiers at `unknown` (UTF-8 ranges of its key) have no known type.
    func unresolved(_ key: String, _ unknown: [Range<Int>], comment: String? = nil, line: Int) -> ExtractedString {
        var string = ExtractedString(
            key: key, comment: comment, location: FileLocation(path: "Code.swift", line: line, column: 5),
            origin: .swift)
        string.unresolvedSpecifiers = unknown.map {
            .init(range: $0, location: FileLocation(path: "Code.swift", line: line, column: 12))
        }
        return string
    }

    @Test("golden: matched keys are found (comment from code), a known specifier stays exact, no match is added")
    func golden() throws {
        let path = Fixtures.url("code/sync/unresolved-interpolation.before.xcstrings").path
        let strings = [
            unresolved("Total %@", [6..<8], comment: "Cart total", line: 1),
            // The first specifier is known (%lld), the second is not: "%lld of %lld done" matches (and gets the
            // positional source value every key with two arguments gets).
            unresolved("%lld of %@ done", [8..<10], line: 2),
            // "Left %lld" is a known specifier elsewhere: "Left %@" of unknown type matches it too, but not here:
            // this string's text differs.
            unresolved("Remaining %@", [10..<12], line: 3),
        ]
        let planned = try SyncWorkflow(readers: []).plan(catalog: path, strings: strings)
        let bytes = try #require(planned.bytes)
        #expect(Fixtures.compareGolden(bytes, "code/sync/unresolved-interpolation.after.xcstrings") == nil)
        #expect(
            planned.result.changes.map { "\($0.kind.rawValue) \($0.key)" } == [
                "updated %lld of %lld done", "stale Left %lld", "updated Total %lld", "added Remaining %@",
            ])
        #expect(planned.result.unresolved.map(\.catalogKeys) == [["Total %lld"], ["%lld of %lld done"], []])
        #expect(
            SyncWorkflow.checkDiagnostics(planned).map(\.description).last
                == "Code.swift:3:5: error: \"Remaining %@\" is not in \(path); unresolved: the type of the "
                + "interpolation at 3:12 is not known without a type checker, and no key of the catalog has another "
                + "specifier there")
    }
}
