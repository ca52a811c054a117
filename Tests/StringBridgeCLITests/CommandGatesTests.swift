import Foundation
import TestSupport
import Testing

/// The gates a newcomer meets around the commands: `--dry-run` writing nothing, JSON reports, `--quiet`, sorted
/// language lists, export's table count, and the help screens.
@Suite("command gates")
struct CommandGatesTests {
    let folder: URL

    init() throws {
        folder = try CommandTestCase.folder(copying: [
            "xliff/export/project": "project", "export/extraction/project": "extraction",
            "migration/MyApp": "legacy", "xliff/import/fr.xliff": "fr.xliff",
            "merge/independent-changes": "merge", "check/gates": "gates",
        ])
    }

    /// Every file below `relative`, relative to it, sorted.
    func files(below relative: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.appendingPathComponent(relative).path)
        var result: [String] = []
        while let path = enumerator?.nextObject() as? String { result.append(path) }
        return result.sorted()
    }

    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(relative).path)
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    // MARK: --dry-run

    @Test("export --dry-run names what it would write, languages sorted, and writes nothing")
    func exportDryRun() throws {
        let before = files(below: ".")
        let result = try StringBridgeProcess.run(
            ["export", "project", "--language", "fr", "--language", "de", "-o", "out", "--dry-run"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "would write out/de.xliff (3 tables)\nwould write out/fr.xliff (3 tables)\n")
        #expect(files(below: ".") == before)
        #expect(!exists("out"))
    }

    @Test("compile --dry-run names every file it would write and writes nothing")
    func compileDryRun() throws {
        let result = try StringBridgeProcess.run(
            ["compile", "project/Localizable.xcstrings", "-o", "out", "--dry-run"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(!exists("out"))
        let real = try StringBridgeProcess.run(["compile", "project/Localizable.xcstrings", "-o", "real"], in: folder)
        #expect(real.status == 0)
        #expect(real.output == "")
        let written = files(below: "real").filter { $0.hasSuffix(".strings") || $0.hasSuffix(".stringsdict") }
        #expect(!written.isEmpty)
        #expect(result.output == written.map { "would write out/\($0)\n" }.joined())
        #expect(
            result.output == """
                would write out/en.lproj/Localizable.strings
                would write out/en.lproj/Localizable.stringsdict
                would write out/fr.lproj/Localizable.strings
                would write out/fr.lproj/Localizable.stringsdict

                """)
    }

    @Test("merge --dry-run reports the merge and writes nothing")
    func mergeDryRun() throws {
        let result = try StringBridgeProcess.run(
            [
                "merge", "merge/base.xcstrings", "merge/ours.xcstrings", "merge/theirs.xcstrings", "-o",
                "merged.xcstrings",
                "--dry-run",
            ], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "would write merged.xcstrings\n")
        #expect(!exists("merged.xcstrings"))
        let ours = try Data(contentsOf: folder.appendingPathComponent("merge/ours.xcstrings"))
        #expect(ours == (try Data(contentsOf: Fixtures.url("merge/independent-changes/ours.xcstrings"))))
        let usage = try StringBridgeProcess.run(["merge", "--list", "merge/ours.xcstrings", "--dry-run"], in: folder)
        #expect(usage.status == 64)
    }

    // MARK: export's count and JSON

    /// A storyboard without texts gives no `<file>`: the count is of the tables written, not of those found.
    @Test("export counts the tables it writes: the <file> elements of each document")
    func exportCountsTablesWritten() throws {
        let result = try StringBridgeProcess.run(
            ["export", ".", "--language", "fr", "-o", "../out"],
            in:
                folder
                .appendingPathComponent("extraction"))
        #expect(result.status == 0, "\(result.error)")
        let document = try String(contentsOf: folder.appendingPathComponent("out/fr.xliff"), encoding: .utf8)
        let fileElements = document.components(separatedBy: "<file ").count - 1
        #expect(fileElements == 5)
        #expect(result.output == "wrote ../out/fr.xliff (5 tables)\n")
    }

    @Test("export --report json: each language's document with its tables, and every file written")
    func exportJSON() throws {
        let result = try StringBridgeProcess.run(
            ["export", "project", "--language", "fr", "--language", "de", "-o", "out", "--xcloc", "--report", "json"],
            in: folder)
        #expect(result.status == 0, "\(result.error)")
        let report = try json(result.output)
        #expect(report["dryRun"] as? Bool == false)
        #expect(report["languages"] as? Int == 2)
        let documents = try #require(report["documents"] as? [[String: Any]])
        #expect(documents.compactMap { $0["language"] as? String } == ["de", "fr"])
        #expect(documents.compactMap { $0["tables"] as? Int } == [3, 3])
        #expect(documents.first?["path"] as? String == "out/de.xcloc/Localized Contents/de.xliff")
        let written = try #require(report["files"] as? [String])
        #expect(written.contains("out/fr.xcloc/contents.json"))
        #expect(written.allSatisfy { exists($0) })
        let dry = try StringBridgeProcess.run(
            ["export", "project", "--language", "ja", "-o", "dry", "--report", "json", "--dry-run"], in: folder)
        let dryReport = try json(dry.output)
        #expect(dryReport["dryRun"] as? Bool == true)
        #expect(dryReport["files"] as? [String] == ["dry/ja.xliff"])
        #expect(!exists("dry"))
    }

    // MARK: migrate

    @Test("migrate --report json: per catalog its keys, sorted languages and sources")
    func migrateJSON() throws {
        let dry = try StringBridgeProcess.run(
            ["migrate", "legacy", "-o", "out", "--dry-run", "--report", "json"], in: folder)
        #expect(dry.status == 0, "\(dry.error)")
        #expect(!exists("out"))
        let report = try json(dry.output)
        #expect(report["dryRun"] as? Bool == true)
        let catalogs = try #require(report["catalogs"] as? [[String: Any]])
        #expect(catalogs.compactMap { $0["path"] as? String } == ["out/Localizable.xcstrings", "out/Main.xcstrings"])
        #expect(catalogs.compactMap { $0["keys"] as? Int } == [11, 1])
        #expect(catalogs.first?["languages"] as? [String] == ["de", "en", "it"])
        #expect(
            catalogs.first?["leftOut"] as? [[String: String]] == [
                ["language": "fr", "path": "legacy/fr.lproj/Localizable.strings", "reason": "cannot be read"]
            ])
        #expect((catalogs.first?["sources"] as? [String])?.count == 5)
        var keys = 0
        for catalog in catalogs {
            let languages = try #require(catalog["languages"] as? [String])
            #expect(languages == languages.sorted())
            #expect(catalog["existing"] is NSNull)
            keys += catalog["keys"] as? Int ?? 0
        }
        #expect(report["keys"] as? Int == keys)
        #expect(keys == 12)
        let real = try StringBridgeProcess.run(["migrate", "legacy", "-o", "out", "--report", "json"], in: folder)
        #expect(real.status == 0, "\(real.error)")
        let written = try #require(try json(real.output)["catalogs"] as? [[String: Any]])
        #expect(written.compactMap { $0["path"] as? String }.allSatisfy { exists($0) })
        #expect(written.count == catalogs.count)
    }

    @Test("migrate's summary lists the languages sorted")
    func migrateLanguagesSorted() throws {
        let result = try StringBridgeProcess.run(["migrate", "legacy", "-o", "out", "--dry-run"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        let lists = result.output.split(separator: "\n").filter { $0.hasPrefix("would write") }.compactMap {
            line -> [String]? in
            guard let open = line.firstIndex(of: "("), let close = line.firstIndex(of: ")") else { return nil }
            return line[line.index(after: open)..<close].components(separatedBy: ", ")
        }
        #expect(!lists.isEmpty)
        #expect(lists.contains { $0.count > 1 })
        for list in lists { #expect(list == list.sorted()) }
    }

    @Test("stats lists the development language first, then the others sorted, whatever order the keys give")
    func statsLanguagesSorted() throws {
        let catalog = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "a" : {
                  "localizations" : {
                    "fr" : { "stringUnit" : { "state" : "translated", "value" : "A" } }
                  }
                },
                "b" : {
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "B" } }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        try Data(catalog.utf8).write(to: folder.appendingPathComponent("Order.xcstrings"))
        let result = try StringBridgeProcess.run(["stats", "Order.xcstrings"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        let languages = result.output.split(separator: "\n").dropFirst(2).dropLast().compactMap {
            $0.split(separator: " ").first.map(String.init)
        }
        #expect(languages == ["en", "de", "fr"])
    }

    // MARK: --quiet

    @Test("check --quiet prints the summary line alone, with the same exit status")
    func checkQuiet() throws {
        let full = try StringBridgeProcess.run(["check", "gates", "--no-config"], in: folder)
        let quiet = try StringBridgeProcess.run(["check", "gates", "--no-config", "--quiet"], in: folder)
        #expect(full.status == 1)
        #expect(quiet.status == full.status)
        let summary = try #require(full.output.split(separator: "\n").last)
        #expect(full.output.split(separator: "\n").count > 1)
        #expect(quiet.output == summary + "\n")
        let json = try StringBridgeProcess.run(["check", "gates", "--quiet", "--format", "json"], in: folder)
        #expect(json.status == 64)
    }

    @Test("import --quiet prints no report, only errors")
    func importQuiet() throws {
        let quiet = try StringBridgeProcess.run(
            ["import", "../fr.xliff", "--quiet", "--dry-run"],
            in:
                folder
                .appendingPathComponent("project"))
        #expect(quiet.status == 0, "\(quiet.error)")
        #expect(quiet.output == "")
        #expect(quiet.error == "")
        let strict = try StringBridgeProcess.run(
            ["import", "../fr.xliff", "--quiet", "--strict", "--dry-run"],
            in:
                folder
                .appendingPathComponent("project"))
        #expect(strict.status == 1)
        #expect(strict.output == "")
        #expect(strict.error.hasPrefix("../fr.xliff:90:7: error: --strict: "))
        let missing = try StringBridgeProcess.run(["import", "nowhere.xliff", "--quiet"], in: folder)
        #expect(missing.status == 1)
        #expect(missing.error == "nowhere.xliff:1:1: error: cannot read the file: No such file or directory\n")
    }

    @Test("import --quiet leaves out the placeholder warnings, and imports as without it")
    func importQuietWarnings() throws {
        let loud = try CommandTestCase.folder(copying: [
            "xliff/import-units/Units.xcstrings": "Units.xcstrings", "xliff/import-units/fr.xliff": "fr.xliff",
        ])
        let quiet = try CommandTestCase.folder(copying: [
            "xliff/import-units/Units.xcstrings": "Units.xcstrings", "xliff/import-units/fr.xliff": "fr.xliff",
        ])
        let full = try StringBridgeProcess.run(["import", "fr.xliff", "--accept-placeholder-mismatch"], in: loud)
        #expect(full.status == 0)
        #expect(full.error.contains(": warning: unit "))
        let result = try StringBridgeProcess.run(
            ["import", "fr.xliff", "--quiet", "--accept-placeholder-mismatch"], in: quiet)
        #expect(result.status == 0)
        #expect(result.output == "")
        #expect(result.error == "")
        let catalog = { (folder: URL) in try Data(contentsOf: folder.appendingPathComponent("Units.xcstrings")) }
        #expect(try catalog(quiet) == (try catalog(loud)))
    }

    // MARK: help

    static let commands = [
        "convert", "migrate", "compile", "export", "import", "roundtrip", "extract", "sync", "check", "stats",
        "pseudo", "merge",
    ]

    @Test("Every help screen fits 80 columns, says its exit statuses, and prints no default twice")
    func helpScreens() throws {
        for command in [""] + Self.commands {
            let result = try StringBridgeProcess.run(command.isEmpty ? ["--help"] : [command, "--help"])
            #expect(result.status == 0)
            let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
            // The usage line is argument-parser's own, one line however long.
            for line in lines where !line.hasPrefix("USAGE:") {
                #expect(line.count <= 80, "\(command): \(line)")
                #expect(line.components(separatedBy: "(default:").count <= 2, "\(command): \(line)")
            }
            // An indented line (an example, a list) that is too long is wrapped by argument-parser to the start of
            // the next line: an example must break itself, with a `\` continuation line.
            for (line, next) in zip(lines, lines.dropFirst()) where line.hasPrefix("  ") {
                #expect(next.isEmpty || next.hasPrefix(" "), "\(command): \(line) / \(next)")
            }
            if !command.isEmpty { #expect(result.output.contains("Exit status: "), "\(command)") }
        }
        let top = try StringBridgeProcess.run(["--help"])
        #expect(top.output.contains("Start here:"))
        let convert = try StringBridgeProcess.run(["convert", "--help"])
        #expect(convert.output.contains(".xliff"))
        let extract = try StringBridgeProcess.run(["extract", "--help"])
        #expect(extract.output.contains("OUTDIR/<Table>.xcstrings"))
    }
}
