import CodeGeneration
import Foundation
import LocalizationCatalog
import TestSupport
import Testing

/// The symbols Xcode 26 writes (issue 32, items 9–11; issue 31, item 16), on synthetic catalogs of their shapes.
@Suite("generate: Xcode 26's types, overloads, named placeholders and catalogs without symbols")
struct XcodeSymbolsTests {
    /// A catalog of manual keys, each with its English value (or none).
    static func catalog(_ keys: [(key: String, value: String?)], sourceLanguage: String = "en") -> String {
        var members: [String] = []
        for (key, value) in keys {
            var entry = "    \(SwiftIdentifiers.stringLiteral(key)) : {\n      \"extractionState\" : \"manual\""
            if let value {
                entry += """
                    ,
                          "localizations" : {
                            "en" : {
                              "stringUnit" : {
                                "state" : "translated",
                                "value" : \(SwiftIdentifiers.stringLiteral(value))
                              }
                            }
                          }
                    """
            }
            members.append(entry + "\n    }")
        }
        return "{\n  \"sourceLanguage\" : \"\(sourceLanguage)\",\n  \"strings\" : {\n"
            + members.joined(separator: ",\n") + "\n  },\n  \"version\" : \"1.0\"\n}\n"
    }

    /// The Xcode flavour's file for `text` (a catalog), and the diagnostics.
    static func generate(_ text: String, flavor: AccessorGenerator.Flavor = .xcode) throws -> (String, String) {
        var diagnostics = Diagnostics()
        let source = SourceFile(path: "Localizable.xcstrings", bytes: Array(text.utf8))
        let table = try AccessorGenerator.readCatalogAsXcode(source, diagnostics: &diagnostics)
        let file = try AccessorGenerator(flavor: flavor).generate(
            table, path: "Localizable.xcstrings", diagnostics: &diagnostics)
        return (String(decoding: file.bytes, as: UTF8.self), diagnostics.all.map { "\($0)\n" }.joined())
    }

    @Test("integers take the Swift type of their C length as Xcode 26.1 writes them: %d Int32, %lld Int, %u UInt32")
    func integerTypes() throws {
        let (text, _) = try Self.generate(
            Self.catalog([
                ("mixed", "%d %lld %llu %@ %i %ld %u %lu %hd %hhu %x %.1f")
            ]))
        #expect(
            text.contains(
                "static func mixed(_ arg1: Int32, _ arg2: Int, _ arg3: UInt, _ arg4: String, _ arg5: Int32, "
                    + "_ arg6: Int, _ arg7: UInt32, _ arg8: UInt, _ arg9: Int16, _ arg10: UInt8, _ arg11: UInt32, "
                    + "_ arg12: Double) -> LocalizedStringResource"))
        #expect(text.contains(#"defaultValue: "\(arg1, specifier: "%d")\(arg2, specifier: "%lld")"#))
    }

    @Test("keys whose names collide with other parameter types are Swift overloads")
    func overloads() throws {
        let (text, diagnostics) = try Self.generate(
            Self.catalog([
                ("starred.unstar.batch.partial", "Unstarred %d of %d"),
                ("starred_unstar_batch_partial", "Unstarred %lld of %lld"),
                ("Starred", nil),
                ("starred", "%@ starred"),
            ]))
        #expect(diagnostics.isEmpty)
        #expect(text.contains("static func starredUnstarBatchPartial(_ arg1: Int32, _ arg2: Int32) ->"))
        #expect(text.contains("static func starredUnstarBatchPartial(_ arg1: Int, _ arg2: Int) ->"))
        #expect(text.contains("static var starred: LocalizedStringResource {"))
        #expect(text.contains("static func starred(_ arg1: String) ->"))
    }

    @Test("two keys that make the same declaration are an error naming both, at the later key's place")
    func identicalSignatures() throws {
        let text = Self.catalog([("Adults", nil), ("adults", nil), ("a.b %lld", nil), ("a_b %lld", nil)])
        var thrown: ConversionError?
        do {
            _ = try Self.generate(text)
        } catch let error as ConversionError {
            thrown = error
        }
        #expect(
            thrown?.diagnostics.map(\.description) == [
                "Localizable.xcstrings:7:5: error: key \"adults\" would generate the same symbol as key \"Adults\" "
                    + "(line 4, column 5): static var adults; rename one of the keys or set \"generatesSymbol\" : "
                    + "false on one",
                "Localizable.xcstrings:13:5: error: key \"a_b %lld\" would generate the same symbol as key "
                    + "\"a.b %lld\" (line 10, column 5): static func aB(_:); rename one of the keys or set "
                    + "\"generatesSymbol\" : false on one",
            ])
    }

    @Test("named placeholders label their parameters; a key without specifiers takes its value's")
    func namedPlaceholders() throws {
        let (text, diagnostics) = try Self.generate(
            Self.catalog([("greeting", "Hello %(name)@, you are %2$(age)llu; bye %(name)@")]))
        #expect(diagnostics.isEmpty)
        #expect(text.contains("static func greeting(name: String, age: UInt) -> LocalizedStringResource {"))
        #expect(
            text.contains(
                #"LocalizedStringResource("greeting", defaultValue: "\(name)\(age, specifier: "%llu")", "#))
        let (runtime, _) = try Self.generate(
            Self.catalog([("greeting", "Hello %(name)@, you are %2$(age)llu")]), flavor: .runtime)
        #expect(runtime.contains("static func greeting(name: String, age: UInt) -> String {"))
        #expect(runtime.contains(#"_localizedTable.string("greeting", name, age)"#))
    }

    @Test("a substitution labels its parameter with its name: %#@completed@ gives completed: Int")
    func substitutionLabels() throws {
        let text = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "tasks.completed" : {
                  "extractionState" : "manual",
                  "localizations" : {
                    "en" : {
                      "stringUnit" : { "state" : "translated", "value" : "%@: %#@completed@" },
                      "substitutions" : {
                        "completed" : {
                          "argNum" : 2,
                          "formatSpecifier" : "lld",
                          "variations" : {
                            "plural" : {
                              "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg task done" } },
                              "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg tasks done" } }
                            }
                          }
                        }
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        let (file, _) = try Self.generate(text)
        #expect(file.contains("static func tasksCompleted(_ arg1: String, completed: Int) -> LocalizedStringResource"))
    }

    @Test("a key the JSON holds twice: a warning naming both places, the last definition wins (as Xcode reads it)")
    func repeatedKey() throws {
        let text = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "count" : {
                  "extractionState" : "manual",
                  "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "%@ é" } } }
                },
                "other" : {
                  "extractionState" : "manual"
                },
                "count" : {
                  "extractionState" : "manual",
                  "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "%lld" } } }
                }
              },
              "version" : "1.0"
            }
            """
        var strict = Diagnostics()
        #expect(throws: ConversionError.self) {
            try AccessorGenerator.readCatalog(
                SourceFile(path: "L.xcstrings", bytes: Array(text.utf8)), diagnostics: &strict)
        }
        let (file, diagnostics) = try Self.generate(text)
        #expect(file.contains("static func count(_ arg1: Int) -> LocalizedStringResource"))
        #expect(file.contains("static var other: LocalizedStringResource"))
        #expect(
            diagnostics
                == "Localizable.xcstrings:4:5: warning: duplicate key \"count\"; the definition at line 11, column 5 "
                + "replaces this one, as Xcode reads the file (the last definition wins)\n")
    }

    @Test("the blanked definition keeps every later line and column")
    func blankingKeepsPlaces() throws {
        let bytes = Array(#"{"a":{"x":"é"},"b":1,"a":2}"#.utf8)
        let (blanked, replaced) = try #require(LastDefinitionWins.blankingEarlierDefinitions(bytes))
        #expect(String(decoding: blanked, as: UTF8.self) == #"{              "b":1,"a":2}"#)
        // Offsets are bytes (`é` is two); the blanked `é` is one space.
        #expect(replaced == [LastDefinitionWins.Replaced(key: "a", offset: 1, replacedBy: 22)])
        #expect(LastDefinitionWins.blankingEarlierDefinitions(Array(#"{"a":["#.utf8)) == nil)
    }
}

/// `stringbridge generate` and `stringbridge-generate` on the same synthetic catalogs.
@Suite("generate: catalogs without symbols and repeated keys, as commands")
struct XcodeSymbolsCommandTests {
    let folder: URL

    init() throws {
        folder = try StringBridgeProcess.temporaryFolder()
    }

    func write(_ text: String, _ name: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    @Test("a catalog with no manually managed key writes no file and says so; the others are written")
    func noManualKeys() throws {
        try write(
            #"{"sourceLanguage":"en","strings":{"Hello":{},"Stale":{"extractionState":"stale"}},"version":"1.0"}"#,
            "Extracted.xcstrings")
        try write(XcodeSymbolsTests.catalog([("Settings", nil)]), "Localizable.xcstrings")
        let result = try StringBridgeProcess.run(
            ["generate", "Extracted.xcstrings", "Localizable.xcstrings", "-o", "Generated"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.error
                == "Extracted.xcstrings:1:1: note: no manually managed key generates a symbol: "
                + "GeneratedStringSymbols_Extracted.swift is not written (Xcode generates no file either)\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Generated").path)
                == ["GeneratedStringSymbols_Localizable.swift"])
        let alone = try StringBridgeProcess.run(["generate", "Extracted.xcstrings", "-o", "Alone"], in: folder)
        #expect(alone.status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Alone").path))
    }

    @Test("two keys making the same symbol: exit 1 with both named at path:line:column, nothing written")
    func sameSymbol() throws {
        try write(XcodeSymbolsTests.catalog([("Adults", nil), ("adults", nil)]), "Localizable.xcstrings")
        let result = try StringBridgeProcess.run(["generate", "Localizable.xcstrings", "-o", "Generated"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.error
                == "Localizable.xcstrings:7:5: error: key \"adults\" would generate the same symbol as key "
                + "\"Adults\" (line 4, column 5): static var adults; rename one of the keys or set "
                + "\"generatesSymbol\" : false on one\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated").path))
    }

    static let repeated = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Hello" : {
              "extractionState" : "manual",
              "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "Old" } } }
            },
            "Hello" : {
              "extractionState" : "manual",
              "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "New" } } }
            }
          },
          "version" : "1.0"
        }
        """

    @Test("stringbridge-generate reads a catalog holding a key twice as Xcode does: warns, the last wins")
    func toolRepeatedKey() throws {
        try write(Self.repeated, "Localizable.xcstrings")
        let tool = StringBridgeProcess.productsFolder.appendingPathComponent("stringbridge-generate")
        let catalog = folder.appendingPathComponent("Localizable.xcstrings").path
        let warning =
            "\(catalog):4:5: warning: duplicate key \"Hello\"; the definition at line 8, column 5 replaces this "
            + "one, as Xcode reads the file (the last definition wins)\n"
        let output = folder.appendingPathComponent("tables")
        let tables = try StringBridgeProcess.runExecutable(tool, ["tables", catalog, "--output", output.path])
        #expect(tables.status == 0)
        #expect(tables.error == warning)
        let compiled = try JSONDecoder().decode(
            StringBridgeRuntimeTableProbe.self,
            from: Data(contentsOf: output.appendingPathComponent("Localizable.stringbridge-table.json")))
        #expect(compiled.localizations.first?.entries.map(\.value.text) == ["New"])
        let file = folder.appendingPathComponent("Accessors.swift").path
        let accessors = try StringBridgeProcess.runExecutable(
            tool, ["accessors", catalog, "--flavor", "runtime", "--output", file])
        #expect(accessors.status == 0)
        #expect(accessors.error == warning)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self).contains("hello"))
    }
}

/// The parts of a compiled table these tests read.
struct StringBridgeRuntimeTableProbe: Decodable {
    struct Localization: Decodable {
        struct Entry: Decodable {
            struct Value: Decodable { var text: String? }
            var key: String
            var value: Value
        }
        var entries: [Entry]
    }
    var localizations: [Localization]
}
