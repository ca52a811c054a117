import Foundation
import TestSupport
import Testing

/// What a newcomer met around the commands (issue 31): extract replacing a translated catalog, pseudo-languages
/// counted as languages, gates that passed while checking nothing, and the help screens.
@Suite("newcomer gates")
struct NewcomerGatesTests {
    let folder: URL

    init() throws {
        folder = try StringBridgeProcess.temporaryFolder()
    }

    func write(_ text: String, to relative: String) throws {
        let url = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ relative: String) throws -> String {
        String(decoding: try Data(contentsOf: folder.appendingPathComponent(relative)), as: UTF8.self)
    }

    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(relative).path)
    }

    /// A catalog in Xcode's layout: `Hello` translated into `de`, `Bye` into nothing, and `en-XA` for both.
    static let translated = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Bye" : {
              "localizations" : {
                "en-XA" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "[Ɓýé]"
                  }
                }
              }
            },
            "Hello" : {
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Hallo"
                  }
                },
                "en-XA" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "[Ĥéļļö]"
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }

        """

    // MARK: extract -o (item 3)

    @Test("extract -o into a project refuses a catalog holding translations, points at sync and names no --force")
    func extractRefusesTranslatedCatalog() throws {
        try write("import SwiftUI\nlet a = Text(\"Hello\")\nlet b = Text(\"Bye\")\n", to: "App/View.swift")
        try write(Self.translated, to: "App/Localizable.xcstrings")
        let result = try StringBridgeProcess.run(["extract", "App", "-o", "App"], in: folder)
        #expect(result.status == 1)
        #expect(result.error.contains("App/Localizable.xcstrings:1:1: error: "), "\(result.error)")
        #expect(result.error.contains("3 translations (de, en-XA)"), "\(result.error)")
        #expect(result.error.contains("run `stringbridge sync App` to update it with the code"), "\(result.error)")
        #expect(!result.error.contains("--force"), "\(result.error)")
        #expect(try read("App/Localizable.xcstrings") == Self.translated)
    }

    @Test("extract -o replaces its own earlier output, and refuses a read-only one without naming --force")
    func extractReplacesItsOwnOutput() throws {
        try write("import SwiftUI\nlet a = Text(\"Hello\")\n", to: "App/View.swift")
        let first = try StringBridgeProcess.run(["extract", "App", "-o", "out"], in: folder)
        #expect(first.status == 0, "\(first.error)")
        try write(
            "import SwiftUI\nlet a = Text(\"Hello\")\nlet b = Text(\"Bye\", comment: \"Leaving\")\n",
            to: "App/View.swift")
        let second = try StringBridgeProcess.run(["extract", "App", "-o", "out"], in: folder)
        #expect(second.status == 0, "\(second.error)")
        #expect(second.output == "wrote out/Localizable.xcstrings: 2 keys\n")
        // A comment only the catalog has is work extract would drop.
        try write(
            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"Hello\" : {\n      \"comment\" : \"Mine\"\n"
                + "    }\n  },\n  \"version\" : \"1.0\"\n}\n", to: "out/Localizable.xcstrings")
        let third = try StringBridgeProcess.run(["extract", "App", "-o", "out"], in: folder)
        #expect(third.status == 1)
        #expect(third.error.contains("1 comment the code does not give"), "\(third.error)")
        // Read-only: said without --force, which extract lacks.
        let path = folder.appendingPathComponent("out/Localizable.xcstrings").path
        try FileManager.default.removeItem(atPath: path)
        #expect(try StringBridgeProcess.run(["extract", "App", "-o", "out"], in: folder).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let readOnly = try StringBridgeProcess.run(["extract", "App", "-o", "out"], in: folder)
        #expect(readOnly.status == 1)
        #expect(readOnly.error.contains("read-only"), "\(readOnly.error)")
        #expect(!readOnly.error.contains("--force"), "\(readOnly.error)")
    }

    // MARK: Pseudo-languages (item 12)

    @Test("stats, check and export --all-languages leave en-XA out unless it is named")
    func pseudoLanguagesAreNotLanguages() throws {
        try write(Self.translated, to: "App/Localizable.xcstrings")
        let stats = try StringBridgeProcess.run(["stats", "App", "--format", "json"], in: folder)
        #expect(stats.status == 0, "\(stats.error)")
        #expect(!stats.output.contains("en-XA"), "\(stats.output)")
        #expect(stats.output.contains("\"de\""))
        let named = try StringBridgeProcess.run(
            ["stats", "App", "--language", "en-XA", "--format", "json"], in: folder)
        #expect(named.output.contains("en-XA"), "\(named.output)")
        #expect(!named.output.contains("\"de\""), "\(named.output)")

        let check = try StringBridgeProcess.run(["check", "App", "--format", "json"], in: folder)
        #expect(!check.output.contains("en-XA"), "\(check.output)")
        #expect(check.output.contains("has no de translation"), "\(check.output)")

        let export = try StringBridgeProcess.run(
            ["export", "App", "--all-languages", "-o", "out", "--no-sync"], in: folder)
        #expect(export.status == 0, "\(export.error)")
        #expect(export.output == "wrote out/de.xliff (1 table)\n")
        #expect(!exists("out/en-XA.xliff"))
        let asked = try StringBridgeProcess.run(
            ["export", "App", "--language", "en-XA", "-o", "pseudo", "--no-sync"], in: folder)
        #expect(asked.status == 0, "\(asked.error)")
        #expect(exists("pseudo/en-XA.xliff"))
    }

    // MARK: check's gates (item 13)

    @Test("check on a tree with no table exits 1, as sync --check does")
    func checkWithoutTables() throws {
        try write("nothing here\n", to: "Empty/README.txt")
        let result = try StringBridgeProcess.run(["check", "Empty"], in: folder)
        #expect(result.status == 1)
        #expect(result.error.contains("Empty:1:1: error: no table to check"), "\(result.error)")
    }

    @Test("check --language de fails on de's missing translations and leaves the others warnings")
    func checkRequiredLanguage() throws {
        try write(
            """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "Bye" : {

                },
                "Hello" : {
                  "localizations" : {
                    "de" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Hallo"
                      }
                    },
                    "fr" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Bonjour"
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }

            """, to: "App/Localizable.xcstrings")
        let plain = try StringBridgeProcess.run(["check", "App"], in: folder)
        #expect(plain.status == 0, "\(plain.output)")
        #expect(
            plain.output.contains("warning: \"Bye\" has no de translation [missing-translation]"), "\(plain.output)")
        let required = try StringBridgeProcess.run(["check", "App", "--language", "de"], in: folder)
        #expect(required.status == 1, "\(required.output)")
        #expect(required.output.contains("error: \"Bye\" has no de translation [missing-translation]"))
        #expect(required.output.contains("warning: \"Bye\" has no fr translation [missing-translation]"))
        // Named explicitly, a rule's severity still wins.
        let lowered = try StringBridgeProcess.run(
            ["check", "App", "--language", "de", "--severity", "missing-translation=warning"], in: folder)
        #expect(lowered.status == 0, "\(lowered.output)")
    }

    // MARK: Help (item 19)

    @Test("The top-level help lists every command and shows the everyday ones in its examples")
    func topLevelHelp() throws {
        let help = try StringBridgeProcess.run(["--help"]).output
        let purposes = try #require(help.components(separatedBy: "What each command is for:").last)
            .components(separatedBy: "Exit status:")[0]
        for command in [
            "convert", "migrate", "compile", "export", "import", "roundtrip", "extract", "sync", "check", "stats",
            "pseudo", "merge", "generate",
        ] {
            #expect(purposes.contains("\n  \(command) "), "\(command) is missing from the list")
        }
        let examples = try #require(help.components(separatedBy: "Examples:").last)
        for command in ["sync", "check", "stats", "pseudo", "merge", "generate"] {
            #expect(examples.contains("stringbridge \(command) "), "no example of \(command)")
        }
    }

    @Test("No help screen ends with a doubled blank line")
    func helpEndings() throws {
        for command in CommandGatesTests.commands {
            let help = try StringBridgeProcess.run([command, "--help"]).output
            #expect(!help.hasSuffix("\n\n\n"), "\(command)")
        }
    }
}
