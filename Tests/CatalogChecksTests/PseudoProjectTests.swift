import Foundation
import TestSupport
import Testing

/// `stringbridge pseudo` over XLIFF documents of several `<file>`s, `.xcloc` bundles and legacy projects: byte
/// goldens, and `check` over the output finding no placeholder or plural problem.
@Suite("pseudo over documents, bundles and legacy projects")
struct PseudoProjectTests {
    let folder: URL

    init() throws {
        folder = try CommandTestCase.folder(copying: [
            "pseudo/multi.xliff": "multi.xliff", "pseudo/de.xcloc": "de.xcloc", "pseudo/Legacy": "Legacy",
        ])
    }

    func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(relative)))
    }

    func expectGolden(_ relative: String, _ golden: String) throws {
        let difference = Fixtures.compareGolden(try bytes(relative), "pseudo/expected/\(golden)")
        #expect(difference == nil, "\(relative): \(difference ?? "")")
    }

    /// `check` over `path` finds no placeholder or plural problem in the pseudo-language.
    func expectChecked(_ path: String) throws {
        let result = try StringBridgeProcess.run(
            [
                "check", path, "--no-config", "--rule", "placeholder-mismatch", "--rule", "plural-missing-category",
                "--rule", "plural-extra-category", "--format", "json",
            ], in: folder)
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.output.contains("\"findings\" : [\n\n  ]") || result.output.contains("\"findings\" : []"))
        #expect(result.output.contains("\"errors\" : 0"))
    }

    func files(below relative: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.appendingPathComponent(relative).path)
        var result: [String] = []
        while let path = enumerator?.nextObject() as? String { result.append(path) }
        return result.sorted()
    }

    @Test("Every <file> of a document gets the pseudo-language's targets and target-language")
    func severalFiles() throws {
        let result = try StringBridgeProcess.run(
            ["pseudo", "multi.xliff", "--language", "en-XA", "-o", "pseudo.xliff"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == "")
        #expect(result.output == "pseudo.xliff: 10 keys in en-XA; 1 not to be translated, left out\n")
        try expectGolden("pseudo.xliff", "multi-en-XA.xliff")
        #expect(try bytes("multi.xliff") == (try Fixtures.bytes("pseudo/multi.xliff")))
        try expectChecked("pseudo.xliff")
        // In place, a second time over its own output: the same bytes.
        let again = try StringBridgeProcess.run(["pseudo", "pseudo.xliff", "--language", "en-XA"], in: folder)
        #expect(again.status == 0, "\(again.error)")
        try expectGolden("pseudo.xliff", "multi-en-XA.xliff")
    }

    @Test("An .xcloc bundle's Localized Contents are rewritten in place; the rest of the bundle is left alone")
    func bundle() throws {
        let before = files(below: "de.xcloc")
        let contents = try bytes("de.xcloc/contents.json")
        let result = try StringBridgeProcess.run(["pseudo", "de.xcloc", "--language", "en-XA"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == "")
        #expect(
            result.output
                == "de.xcloc/Localized Contents/de.xliff: 10 keys in en-XA; 1 not to be translated, left out\n")
        try expectGolden("de.xcloc/Localized Contents/de.xliff", "multi-en-XA.xliff")
        #expect(files(below: "de.xcloc") == before)
        #expect(try bytes("de.xcloc/contents.json") == contents)
        try expectChecked("de.xcloc")
        let output = try StringBridgeProcess.run(
            ["pseudo", "de.xcloc", "--language", "en-XA", "-o", "other.xcloc"], in: folder)
        #expect(output.status == 1)
        #expect(
            output.error
                == "de.xcloc:1:1: error: -o names one output file; a folder or .xcloc bundle is written in place "
                + "(leave -o out)\n")
    }

    @Test("A symbolic link in a bundle is refused: the rewrite would land outside it; nothing is written")
    func bundleLink() throws {
        let outside = folder.appendingPathComponent("outside.xliff")
        try Data(try Fixtures.bytes("pseudo/multi.xliff")).write(to: outside)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("de.xcloc/Localized Contents/fr.xliff").path,
            withDestinationPath: outside.path)
        let result = try StringBridgeProcess.run(["pseudo", "de.xcloc", "--language", "en-XA"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.error
                == "de.xcloc/Localized Contents/fr.xliff:1:1: error: is a symbolic link, not a regular file; only "
                + "regular files of an .xcloc bundle are rewritten (links are not followed)\n")
        #expect(try bytes("outside.xliff") == (try Fixtures.bytes("pseudo/multi.xliff")))
        #expect(try bytes("de.xcloc/Localized Contents/de.xliff") == (try Fixtures.bytes("pseudo/multi.xliff")))
    }

    @Test("A UTF-16 development-language table gives a UTF-8 pseudo-language table, as a new file is written")
    func utf16Source() throws {
        let source = folder.appendingPathComponent("Legacy/en.lproj/Localizable.strings")
        let text = try String(contentsOf: source, encoding: .utf8)
        let utf16 = [UInt8]([0xFF, 0xFE]) + [UInt8](try #require(text.data(using: .utf16LittleEndian)))
        try Data(utf16).write(to: source)
        let result = try StringBridgeProcess.run(["pseudo", "Legacy", "--language", "en-XA"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        try expectGolden("Legacy/en-XA.lproj/Localizable.strings", "Legacy/en-XA.lproj/Localizable.strings")
    }

    @Test("A malformed development-language table fails the command; nothing is written")
    func malformedLegacyTable() throws {
        try Data("\"a\" = \"b\"\n\"c\" = ;\n".utf8).write(
            to: folder.appendingPathComponent("Legacy/en.lproj/Localizable.strings"))
        let result = try StringBridgeProcess.run(["pseudo", "Legacy", "--language", "en-XA"], in: folder)
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("Legacy/en.lproj/Localizable.strings:"))
        #expect(result.output == "")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Legacy/en-XA.lproj").path))
    }

    @Test("A legacy project gets en-XA.lproj tables beside its development-language tables, as new files")
    func legacyProject() throws {
        let result = try StringBridgeProcess.run(["pseudo", "Legacy", "--language", "en-XA"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == "")
        #expect(
            result.output == """
                Legacy/en-XA.lproj/Main.strings: 1 key in en-XA
                Legacy/en-XA.lproj/Localizable.strings: 3 keys in en-XA
                Legacy/en-XA.lproj/Localizable.stringsdict: 1 key in en-XA

                """)
        for name in ["Localizable.strings", "Localizable.stringsdict", "Main.strings"] {
            try expectGolden("Legacy/en-XA.lproj/\(name)", "Legacy/en-XA.lproj/\(name)")
        }
        for name in ["en.lproj/Localizable.strings", "de.lproj/Localizable.strings", "Base.lproj/Main.strings"] {
            #expect(try bytes("Legacy/" + name) == (try Fixtures.bytes("pseudo/Legacy/" + name)))
        }
        try expectChecked("Legacy")
        // Again: the existing pseudo-language files are read for update and replaced by the same bytes.
        let again = try StringBridgeProcess.run(["pseudo", "Legacy", "--language", "en-XA"], in: folder)
        #expect(again.status == 0, "\(again.error)")
        #expect(again.output == result.output)
        for name in ["Localizable.strings", "Localizable.stringsdict", "Main.strings"] {
            try expectGolden("Legacy/en-XA.lproj/\(name)", "Legacy/en-XA.lproj/\(name)")
        }
    }

    @Test("--dry-run names the files it would write and writes nothing")
    func dryRun() throws {
        let before = files(below: ".")
        let legacy = try StringBridgeProcess.run(["pseudo", "Legacy", "--language", "en-XA", "--dry-run"], in: folder)
        #expect(legacy.status == 0, "\(legacy.error)")
        #expect(
            legacy.output == """
                would write Legacy/en-XA.lproj/Main.strings: 1 key in en-XA
                would write Legacy/en-XA.lproj/Localizable.strings: 3 keys in en-XA
                would write Legacy/en-XA.lproj/Localizable.stringsdict: 1 key in en-XA

                """)
        let document = try StringBridgeProcess.run(
            ["pseudo", "multi.xliff", "--language", "en-XA", "--dry-run"], in: folder)
        #expect(document.status == 0, "\(document.error)")
        #expect(document.output == "would write multi.xliff: 10 keys in en-XA; 1 not to be translated, left out\n")
        #expect(files(below: ".") == before)
        #expect(try bytes("multi.xliff") == (try Fixtures.bytes("pseudo/multi.xliff")))
    }

    @Test("A folder without development-language tables is an error, naming what pseudo reads")
    func emptyFolder() throws {
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Empty/fr.lproj"), withIntermediateDirectories: true)
        try Data("\"a\" = \"b\";\n".utf8).write(to: folder.appendingPathComponent("Empty/fr.lproj/T.strings"))
        let result = try StringBridgeProcess.run(["pseudo", "Empty", "--language", "en-XA"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.error
                == "Empty:1:1: error: no legacy table of the development language 'en' below this folder "
                + "(en.lproj/T.strings or .stringsdict); pseudo reads a catalog, an XLIFF file, an .xcloc bundle or a "
                + "folder of .lproj tables\n")
        #expect(files(below: "Empty") == ["fr.lproj", "fr.lproj/T.strings"])
    }
}
