import Foundation
import StringBridgeRuntime
import Testing

/// A table that cannot be read gives each key itself, never a crash, and says why.
@Suite struct BadTableTests {
    func directory(with contents: String?, name: String = "T") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("runtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        if let contents {
            try Data(contents.utf8).write(to: url.appendingPathComponent(name + LocalizedTable.fileExtension))
        }
        return url
    }

    @Test(arguments: [
        "", "not json", "[]", "{}", #"{"serializationVersion": "1"}"#,
        #"{"serializationVersion": 1, "table": "T", "developmentLanguage": "en", "localizations": [{"language": 5}]}"#,
        String(repeating: "[", count: 100_000),
    ])
    func unreadableFilesGiveKeys(contents: String) throws {
        let url = try directory(with: contents)
        defer { try? FileManager.default.removeItem(at: url) }
        let table = LocalizedTable(name: "T", directory: url)
        guard case .unreadable(let path, _) = table.loadError else {
            Issue.record("expected an unreadable table, got \(String(describing: table.loadError))")
            return
        }
        #expect(path.hasSuffix("T.stringbridge-table.json"))
        #expect(table.string("Key %d", 3) == "Key %d")
    }

    /// Values nested deeper than JSON's reader allows are refused; nested within it but deeper than a lookup
    /// follows, they give the key.
    @Test func deepValuesNeverCrash() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: #"{"argument": 1, "plural": {"other": "#, count: depth) + #"{"text": "deep"}"#
                + String(repeating: "}}", count: depth)
        }
        for (depth, expected) in [(3, "deep"), (100, "key"), (100_000, "key")] {
            let json =
                #"{"serializationVersion": 1, "table": "T", "developmentLanguage": "en", "localizations": ["#
                + #"{"language": "en", "entries": [{"key": "key", "value": "# + nested(depth) + "}]}]}"
            let url = try directory(with: json)
            defer { try? FileManager.default.removeItem(at: url) }
            let table = LocalizedTable(name: "T", directory: url)
            #expect(table.string("key", 1, languages: ["en"]) == expected, "depth \(depth)")
            #expect((table.loadError == nil) == (depth < 1000), "depth \(depth)")
        }
    }

    @Test func otherVersionsAreRefused() throws {
        let url = try directory(with: #"{"serializationVersion": 99}"#)
        defer { try? FileManager.default.removeItem(at: url) }
        let table = LocalizedTable(name: "T", directory: url)
        #expect(
            table.loadError
                == .unsupportedVersion(path: url.appendingPathComponent("T.stringbridge-table.json").path, version: 99))
        #expect(table.string("Key") == "Key")
    }

    /// A language list with an identifier that names no language (``, `-`) skips it: the next language, then the
    /// development language, then the key (it crashed before, even for a table that did not load; found by the
    /// `runtime-table` fuzz target, Fuzz/findings/runtime-table/empty-language).
    @Test func languagesWithoutSubtagsAreSkipped() throws {
        let json = #"""
            {"serializationVersion": 1, "table": "T", "developmentLanguage": "en", "localizations": [
              {"language": "en", "entries": [{"key": "Hello", "value": {"text": "Hello!"}}]},
              {"language": "fr", "entries": [{"key": "Hello", "value": {"text": "Bonjour !"}}]}
            ]}
            """#
        let url = try directory(with: json)
        defer { try? FileManager.default.removeItem(at: url) }
        let table = LocalizedTable(name: "T", directory: url)
        #expect(table.loadError == nil)
        #expect(table.string("Hello", languages: [""]) == "Hello!")
        #expect(table.string("Hello", languages: ["-", "fr"]) == "Bonjour !")
        #expect(table.string("Missing %d", 3, languages: ["_"]) == "Missing %d")
        let unloaded = LocalizedTable(name: "T", directory: try directory(with: ""))
        #expect(unloaded.developmentLanguage == "")
        #expect(unloaded.string("Key", languages: [unloaded.developmentLanguage]) == "Key")
    }

    /// A value that names a substitution 100 times, whose case names it 100 times again, expands at most
    /// `PluralFormatting.substitutionLimit` substitutions, the others left as written (it expanded 100⁴ before: minutes
    /// and gigabytes for a 1 KB table; its reproducer for the `runtime-table` fuzz target:
    /// Fuzz/findings/runtime-table/substitution-fan-out.json).
    @Test func substitutionFanOutIsBounded() throws {
        let references = String(repeating: "%#@a@", count: 100)
        let json = """
            {"serializationVersion": 1, "table": "T", "developmentLanguage": "en", "localizations": [
              {"language": "en", "entries": [{"key": "fan", "value": {"text": "\(references)"},
                "substitutions": {"a": {"argument": 1, "plural": {"other": {"text": "x\(references)"}}}}}]}]}
            """
        let url = try directory(with: json)
        defer { try? FileManager.default.removeItem(at: url) }
        let table = LocalizedTable(name: "T", directory: url)
        #expect(table.loadError == nil)
        let text = table.string("fan", 1, languages: ["en"])
        // 256 expansions of 501 bytes at most, in the 500 bytes of the value.
        #expect(text.utf8.count <= 500 + 256 * 501)
        #expect(text.utf8.count >= 256)
        #expect(text.hasPrefix("xxxx%#@a@"))
        #expect(text.hasSuffix("%#@a@%#@a@"))
    }

    @Test func aMissingFileIsSaid() throws {
        let url = try directory(with: nil)
        defer { try? FileManager.default.removeItem(at: url) }
        let table = LocalizedTable(name: "T", directory: url)
        #expect(table.loadError == .missingTable(name: "T", searched: [url.path]))
        #expect(table.string("Key") == "Key")
        #expect(table.loadError?.description.contains("no compiled table T.stringbridge-table.json") == true)
    }

    @Test func oddValuesFallBackWithoutCrashing() throws {
        let json = #"""
            {"serializationVersion": 1, "table": "T", "developmentLanguage": "en", "localizations": [
              {"language": "en", "entries": [
                {"key": "empty", "value": {}},
                {"key": "no cases", "value": {"argument": 1, "plural": {}}},
                {"key": "bad argument", "value": {"argument": 99, "plural": {"one": {"text": "one"}, "other": {"text": "other %d"}}}},
                {"key": "unknown category", "value": {"argument": 1, "plural": {"sixty": {"text": "sixty"}}}},
                {"key": "loop", "value": {"text": "%#@a@"}, "substitutions": {"a": {"argument": 1, "plural": {"other": {"text": "%#@a@"}}}}},
                {"key": "dup", "value": {"text": "first"}},
                {"key": "dup", "value": {"text": "second"}}
              ]},
              {"language": "xx", "entries": [{"key": "empty", "value": {"text": "xx"}}]}
            ]}
            """#
        let url = try directory(with: json)
        defer { try? FileManager.default.removeItem(at: url) }
        let table = LocalizedTable(name: "T", directory: url)
        #expect(table.loadError == nil)
        #expect(table.string("empty", languages: ["en"]) == "empty")
        #expect(table.string("no cases", 1, languages: ["en"]) == "no cases")
        #expect(table.string("bad argument", 1, languages: ["en"]) == "other 1")
        #expect(table.string("unknown category", 1, languages: ["en"]) == "sixty")
        #expect(table.string("loop", 1, languages: ["en"]).hasPrefix(""))
        #expect(table.string("dup", languages: ["en"]) == "first")
        #expect(table.string("empty", 5, languages: ["xx"]) == "xx")
    }
}
