import Foundation
import TestSupport
import Testing

/// Languages chosen on the command line, CI-friendly diagnostics, and the options that keep outputs apart and
/// reports short — run as a process on `Fixtures/cli` (an app catalog with `de` and `zh-Hans`, a widget
/// catalog of the same name, and a folder without tables).
@Suite("stringbridge languages and output")
struct CLIOutputTests {
    let folder: URL

    init() throws {
        folder = try StringBridgeProcess.temporaryFolder()
        for name in ["App", "Widget", "Empty"] {
            try FileManager.default.copyItem(at: Fixtures.url("cli/\(name)"), to: folder.appendingPathComponent(name))
        }
    }

    func files(below relative: String) -> [String] {
        Fixtures.files(inFolderAt: folder.appendingPathComponent(relative).path)
    }

    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(relative).path)
    }

    // MARK: - Languages

    @Test("convert: a language spelled in another case is an error naming Xcode's spelling; nothing is written")
    func convertNearMatch() throws {
        let result = try StringBridgeProcess.run(
            ["convert", "App/Localizable.xcstrings", "--language", "zh-hans", "-o", "out/Localizable.strings"],
            in: folder)
        #expect(result.status == 1)
        #expect(
            result.error
                == "App/Localizable.xcstrings:1:1: error: the input has no language 'zh-hans'; did you mean 'zh-Hans'?\n"
        )
        #expect(!exists("out"))
        let underscore = try StringBridgeProcess.run(
            ["convert", "App/Localizable.xcstrings", "--language", "zh_Hans", "-o", "out/Localizable.strings"],
            in: folder)
        #expect(underscore.status == 1)
        #expect(underscore.error.contains("did you mean 'zh-Hans'?"))
        let exact = try StringBridgeProcess.run(
            ["convert", "App/Localizable.xcstrings", "--language", "zh-Hans", "-o", "out/Localizable.strings"],
            in: folder)
        #expect(exact.status == 0, "\(exact.error)")
        let text = String(
            decoding: try Data(contentsOf: folder.appendingPathComponent("out/Localizable.strings")), as: UTF8.self)
        #expect(text.contains("\"Hello\" = \"你好\";"))
    }

    @Test("convert: a language the catalog lacks is an error, not an empty file")
    func convertMissingLanguage() throws {
        let result = try StringBridgeProcess.run(
            ["convert", "App/Localizable.xcstrings", "--language", "fr", "-o", "fr.strings"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.error
                == "App/Localizable.xcstrings:1:1: error: the input has no language 'fr' (it has de, en, zh-Hans)\n")
        #expect(!exists("fr.strings"))
    }

    @Test("compile: a language the catalog lacks, or spells otherwise, is an error; nothing is written")
    func compileLanguages() throws {
        let near = try StringBridgeProcess.run(
            ["compile", "App/Localizable.xcstrings", "--language", "de", "--language", "ZH-HANS", "-o", "out"],
            in: folder)
        #expect(near.status == 1)
        #expect(
            near.error
                == "App/Localizable.xcstrings:1:1: error: the String Catalog has no language 'ZH-HANS'; did you mean 'zh-Hans'?\n"
        )
        #expect(!exists("out"))
        let missing = try StringBridgeProcess.run(
            ["compile", "App/Localizable.xcstrings", "--language", "ja", "-o", "out"], in: folder)
        #expect(missing.status == 1)
        #expect(
            missing.error.hasPrefix("App/Localizable.xcstrings:1:1: error: the String Catalog has no language 'ja'"))
        #expect(!exists("out"))
    }

    @Test("export: a near miss is an error; a language no table has yet starts its translation, as in Xcode")
    func exportLanguages() throws {
        let near = try StringBridgeProcess.run(
            ["export", "App", "--language", "zh-hans", "-o", "out"], in: folder)
        #expect(near.status == 1)
        #expect(
            near.error
                == "App/Localizable.xcstrings:1:1: error: the tables have no language 'zh-hans'; did you mean 'zh-Hans'?\n"
        )
        #expect(!exists("out"))
        let new = try StringBridgeProcess.run(["export", "App", "--language", "fr", "-o", "out"], in: folder)
        #expect(new.status == 0, "\(new.error)")
        #expect(new.output == "wrote out/fr.xliff (1 table)\n")
    }

    @Test("export --all-languages: every language of the tables but the development language")
    func exportAllLanguages() throws {
        let result = try StringBridgeProcess.run(
            ["export", "App", "Widget", "--all-languages", "-o", "out"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(files(below: "out") == ["de.xliff", "zh-Hans.xliff"])
        #expect(result.output == "wrote out/de.xliff (2 tables)\nwrote out/zh-Hans.xliff (2 tables)\n")
        let onlySource = try StringBridgeProcess.run(
            ["export", "Widget", "--all-languages", "--language", "fr", "-o", "more"], in: folder)
        #expect(onlySource.status == 0, "\(onlySource.error)")
        #expect(files(below: "more") == ["de.xliff", "fr.xliff"])
    }

    // MARK: - Diagnostics

    @Test("export: a folder without tables is a warning, and the other sources are exported")
    func exportFolderWithoutTables() throws {
        let result = try StringBridgeProcess.run(
            ["export", "Empty", "App", "--language", "de", "-o", "out"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == "Empty:1:1: warning: no String Catalogs or source-language .lproj tables found\n")
        #expect(files(below: "out") == ["de.xliff"])
        let nothing = try StringBridgeProcess.run(["export", "Empty", "--language", "de", "-o", "none"], in: folder)
        #expect(nothing.status == 1)
        #expect(
            nothing.error
                == "Empty:1:1: warning: no String Catalogs or source-language .lproj tables found\n"
                + "Empty:1:1: error: nothing to export: no String Catalogs or source-language .lproj tables found\n")
        #expect(!exists("none"))
    }

    @Test("Messages about a whole file are at path:1:1, and a usage error has no second \"Error:\"")
    func diagnosticForm() throws {
        let missing = try StringBridgeProcess.run(["compile", "Nope.xcstrings", "-o", "out"], in: folder)
        #expect(missing.status == 1)
        #expect(missing.error == "Nope.xcstrings:1:1: error: cannot read the file: No such file or directory\n")
        let unknown = try StringBridgeProcess.run(["convert", "in.txt", "-o", "out.xcstrings"], in: folder)
        #expect(unknown.status == 64)
        #expect(
            unknown.error
                == "in.txt:1:1: error: cannot tell the format from the file name; use one of .xcstrings, .strings, "
                + ".stringsdict, .xliff, .xlf or name it with --from/--to\n")
        let format = try StringBridgeProcess.run(
            ["convert", "in.txt", "--from", "yaml", "-o", "o.xcstrings"], in: folder)
        #expect(format.status == 64)
        #expect(format.error.hasPrefix("in.txt:1:1: error: unknown format 'yaml'; known formats: "))
        #expect(!format.error.contains("Error:"))
    }

    // MARK: - compile --mirror

    @Test("compile: two catalogs of the same name writing the same file are an error, never an overwrite")
    func compileCollision() throws {
        let result = try StringBridgeProcess.run(
            ["compile", "App/Localizable.xcstrings", "Widget/Localizable.xcstrings", "-o", "out"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.error
                == "Widget/Localizable.xcstrings:1:1: error: compiles to out/de.lproj/Localizable.strings, as "
                + "App/Localizable.xcstrings does; pass --mirror to keep each catalog's folder\n")
        #expect(!exists("out"))
    }

    @Test("compile --mirror keeps each catalog's folder relative to their common folder")
    func compileMirror() throws {
        let result = try StringBridgeProcess.run(
            ["compile", "App/Localizable.xcstrings", "Widget/Localizable.xcstrings", "-o", "out", "--mirror"],
            in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(
            files(below: "out") == [
                "App/de.lproj/Localizable.strings", "App/en.lproj/Localizable.strings",
                "App/zh-Hans.lproj/Localizable.strings", "Widget/de.lproj/Localizable.strings",
                "Widget/en.lproj/Localizable.strings",
            ])
        let one = try StringBridgeProcess.run(
            [
                "compile", folder.appendingPathComponent("Widget/Localizable.xcstrings").path, "-o", "single",
                "--mirror",
            ],
            in: folder)
        #expect(one.status == 0, "\(one.error)")
        #expect(files(below: "single") == ["de.lproj/Localizable.strings", "en.lproj/Localizable.strings"])
    }

    // MARK: - roundtrip

    @Test("roundtrip --losses-only leaves the expected differences out; --quiet prints nothing when clean")
    func roundtripShortReports() throws {
        // A catalog whose states legacy tables cannot hold: expected differences through .strings.
        let full = try StringBridgeProcess.run(["roundtrip", "App", "--via", "legacy"], in: folder)
        #expect(full.status == 0, "\(full.output)\(full.error)")
        #expect(
            full.output.contains("App/Localizable.xcstrings:4:5: note: xcstrings → strings/stringsdict → xcstrings: "))
        #expect(full.output.hasSuffix("roundtrip: 1 table, 1 trip, 0 losses, 1 expected difference\n"))
        let lossesOnly = try StringBridgeProcess.run(
            ["roundtrip", "App", "--via", "legacy", "--losses-only"], in: folder)
        #expect(lossesOnly.status == 0)
        #expect(lossesOnly.output == "roundtrip: 1 table, 1 trip, 0 losses, 1 expected difference\n")
        let quiet = try StringBridgeProcess.run(["roundtrip", "App", "--quiet"], in: folder)
        #expect(quiet.status == 0)
        #expect(quiet.output == "")
    }

    @Test("roundtrip: an unreadable input is an error at its position, and --quiet still prints it")
    func roundtripInvalidInput() throws {
        let bad = folder.appendingPathComponent("Bad/Localizable.xcstrings")
        try FileManager.default.createDirectory(at: bad.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {,}\n}\n".utf8).write(to: bad)
        let result = try StringBridgeProcess.run(["roundtrip", "Bad", "--quiet"], in: folder)
        #expect(result.status == 1)
        #expect(result.output.hasPrefix("Bad/Localizable.xcstrings:3:16: error: "))
        #expect(result.output.hasSuffix(" (the file cannot be read, so no trip was made)\n"))
        #expect(result.output.split(separator: "\n").count == 1)
    }
}
