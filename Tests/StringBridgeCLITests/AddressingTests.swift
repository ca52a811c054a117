import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How files and tables are addressed: languages that are paths, tables outside the project, `.xcloc` entries
/// that are not files, one table reached by two paths, run as processes over real temporary folders and links.
@Suite("addressing: languages, boundary, table identity")
struct AddressingTests {
    let folder: URL

    init() throws {
        folder = try StringBridgeProcess.temporaryFolder()
    }

    func url(_ relative: String) -> URL { folder.appendingPathComponent(relative) }

    func write(_ text: String, to relative: String) throws {
        let target = url(relative)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: target)
    }

    func read(_ relative: String) -> String? {
        (try? Data(contentsOf: url(relative))).map { String(decoding: $0, as: UTF8.self) }
    }

    func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// An XLIFF document with one `<file>` per element of `files` (original, target-language), each holding
    /// the unit `Hello` → `target`.
    static func xliff(_ files: [(original: String, language: String, target: String)], source: String = "en") -> String
    {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">

            """
        for file in files {
            text += """
                  <file original="\(file.original)" source-language="\(source)" target-language="\(file.language)" datatype="plaintext">
                    <body>
                      <trans-unit id="Hello" xml:space="preserve">
                        <source>Hello</source>
                        <target state="translated">\(file.target)</target>
                      </trans-unit>
                    </body>
                  </file>

                """
        }
        return text + "</xliff>\n"
    }

    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Hello" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Hello"
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """

    // MARK: - Languages are identifiers

    @Test("A target-language that is a path is refused at its <file>, and nothing is written anywhere")
    func targetLanguagePath() throws {
        try write("\"Hello\" = \"Hello\";\n", to: "a/b/root/App/en.lproj/Main.strings")
        try write(
            Self.xliff([
                ("App/en.lproj/Main.strings", "../../x", "Bonjour"),
                ("App/en.lproj/Main.strings", "en/../en", "Pwned"),
                ("App/en.lproj/Main.strings", "en.lproj/../en", "Pwned"),
            ]), to: "fr.xliff")
        let root = url("a/b/root")
        let result = try StringBridgeProcess.run(["import", "../../../fr.xliff"], in: root)
        #expect(result.status == 1)
        #expect(
            result.error == """
                ../../../fr.xliff:3:3: error: target-language "../../x" is not a language identifier (it holds a \
                character other than ASCII letters, digits, "-" and "_"); a language is never a path
                ../../../fr.xliff:11:3: error: target-language "en/../en" is not a language identifier (it holds a \
                character other than ASCII letters, digits, "-" and "_"); a language is never a path
                ../../../fr.xliff:19:3: error: target-language "en.lproj/../en" is not a language identifier (it \
                holds a character other than ASCII letters, digits, "-" and "_"); a language is never a path

                """)
        #expect(read("a/b/root/App/en.lproj/Main.strings") == "\"Hello\" = \"Hello\";\n")
        #expect(!exists(url("a/x.lproj").path))
        #expect(!exists(url("a/b/x.lproj").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: url("a/b/root/App").path) == ["en.lproj"])
    }

    @Test("A source-language that is no identifier is refused, and so is --source-language")
    func sourceLanguagePath() throws {
        try write(Self.catalog, to: "root/Localizable.xcstrings")
        try write(Self.xliff([("Localizable.xcstrings", "fr", "Bonjour")], source: "../en"), to: "fr.xliff")
        let result = try StringBridgeProcess.run(["import", "../fr.xliff"], in: url("root"))
        #expect(result.status == 1)
        #expect(
            result.error.hasPrefix("../fr.xliff:3:3: error: source-language \"../en\" is not a language identifier"))
        #expect(read("root/Localizable.xcstrings") == Self.catalog)
        try write(Self.xliff([("Localizable.xcstrings", "fr", "Bonjour")]), to: "fr.xliff")
        let option = try StringBridgeProcess.run(
            ["import", "../fr.xliff", "--source-language", "a/b"], in: url("root"))
        #expect(option.status == 1)
        #expect(option.error.hasPrefix("stringbridge: error: --source-language \"a/b\" is not a language identifier"))
        #expect(read("root/Localizable.xcstrings") == Self.catalog)
    }

    @Test("compile refuses catalog languages that are paths, at their place in the catalog, and writes nothing")
    func compileLanguagePath() throws {
        let catalog = Self.catalog.replacingOccurrences(of: "\"en\" : {", with: "\"../../../escaped\" : {")
            .replacingOccurrences(of: "\"sourceLanguage\" : \"en\"", with: "\"sourceLanguage\" : \"../up\"")
        try write(catalog, to: "Localizable.xcstrings")
        let result = try StringBridgeProcess.run(["compile", "Localizable.xcstrings", "-o", "out/a/b"], in: folder)
        #expect(result.status == 1)
        #expect(
            result.error == """
                Localizable.xcstrings:2:22: error: sourceLanguage "../up" is not a language identifier (it holds a \
                character other than ASCII letters, digits, "-" and "_"); a language is never a path
                Localizable.xcstrings:6:9: error: language "../../../escaped" is not a language identifier (it holds \
                a character other than ASCII letters, digits, "-" and "_"); a language is never a path

                """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Localizable.xcstrings"])
        let option = try StringBridgeProcess.run(
            ["compile", "Localizable.xcstrings", "-o", "out", "--language", "../x"], in: folder)
        #expect(option.status == 1)
        #expect(option.error.hasPrefix("stringbridge: error: --language \"../x\" is not a language identifier"))
    }

    @Test("export refuses a --language that is a path (it names OUTDIR/L.xliff) and writes nothing")
    func exportLanguagePath() throws {
        try write(Self.catalog, to: "root/Localizable.xcstrings")
        let result = try StringBridgeProcess.run(
            ["export", "Localizable.xcstrings", "--language", "../../x", "-o", "out"], in: url("root"))
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("stringbridge: error: --language \"../../x\" is not a language identifier"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["root"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: url("root").path) == ["Localizable.xcstrings"])
    }

    @Test("Language identifiers: letters, digits, - and _, from a letter")
    func identifiers() throws {
        try write(Self.catalog, to: "root/Localizable.xcstrings")
        for language in ["zh-Hans", "pt_BR", "es-419", "sr-Latn"] {
            try write(Self.xliff([("Localizable.xcstrings", language, "x")]), to: "l.xliff")
            let result = try StringBridgeProcess.run(["import", "../l.xliff"], in: url("root"))
            #expect(result.status == 0, "\(language): \(result.error)")
        }
        for language in ["419", "en US", "fr\u{1}", "é"] {
            try write(Self.xliff([("Localizable.xcstrings", language, "x")]), to: "l.xliff")
            let result = try StringBridgeProcess.run(["import", "../l.xliff"], in: url("root"))
            #expect(result.status == 1, "\(language)")
        }
    }

    // MARK: - The boundary

    @Test("original outside the root (no repository): ../, absolute, and through a linked folder, all refused")
    func outsideRoot() throws {
        try write(Self.catalog, to: "outside/Localizable.xcstrings")
        try write(Self.catalog, to: "root/Localizable.xcstrings")
        try FileManager.default.createSymbolicLink(atPath: url("root/Linked").path, withDestinationPath: "../outside")
        let outside = url("outside/Localizable.xcstrings").path
        try write(
            Self.xliff([
                ("../outside/Localizable.xcstrings", "fr", "Bonjour"), (outside, "fr", "Bonjour"),
                ("Linked/Localizable.xcstrings", "fr", "Bonjour"), ("../outside/New.xcstrings", "fr", "Bonjour"),
                ("Localizable.xcstrings", "fr", "Bonjour"),
            ]), to: "fr.xliff")
        let result = try StringBridgeProcess.run(["import", "../fr.xliff"], in: url("root"))
        #expect(result.status == 1)
        let realOutside = try #require(realpath(outside, nil).map { String(cString: $0) })
        let realRoot = try #require(realpath(url("root").path, nil).map { String(cString: $0) })
        let suffix = "outside the root (\(realRoot)); refused (--boundary DIR allows another folder)"
        let lines = result.error.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "../fr.xliff:3:3: error: original \"../outside/Localizable.xcstrings\" reaches \(realOutside), \(suffix)",
                "../fr.xliff:11:3: error: original \"\(outside)\" reaches \(realOutside), \(suffix)",
                "../fr.xliff:19:3: error: original \"Linked/Localizable.xcstrings\" reaches \(realOutside), \(suffix)",
                "../fr.xliff:27:3: error: original \"../outside/New.xcstrings\" reaches "
                    + "\(parentPath(realOutside))/New.xcstrings, \(suffix)",
            ])
        #expect(read("outside/Localizable.xcstrings") == Self.catalog)
        #expect(read("root/Localizable.xcstrings") == Self.catalog)
        // --boundary widens it.
        let widened = try StringBridgeProcess.run(
            ["import", "../fr.xliff", "--boundary", "../outside"], in: url("root"))
        #expect(widened.status == 0, "\(widened.error)")
        #expect(read("outside/Localizable.xcstrings")?.contains("Bonjour") == true)
        #expect(read("root/Localizable.xcstrings")?.contains("Bonjour") == true)
    }

    func parentPath(_ path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    }

    @Test("Inside a git work tree, Xcode's ../ originals are fine; leaving the work tree is not")
    func gitWorkTree() throws {
        try write(Self.catalog, to: "repo/App/Localizable.xcstrings")
        try write(Self.catalog, to: "repo/Resources/InfoPlist.xcstrings")
        try write("\"Hello\" = \"Hello\";\n", to: "repo/Legacy/en.lproj/Main.strings")
        // The project is App (its originals are relative to it), in a repository that holds more.
        try write("// swift-tools-version:5.9\n", to: "repo/App/Package.swift")
        // A real repository that tracks the project (a `.git` that tracks nothing at the root does not count).
        for arguments in [["init", "-q"], ["add", "."], ["commit", "-q", "-m", "project"]] {
            let git = try StringBridgeProcess.runExecutable(
                URL(fileURLWithPath: "/usr/bin/env"), ["git", "-c", "user.name=t", "-c", "user.email=t@t"] + arguments,
                in: url("repo"))
            #expect(git.status == 0, "\(git.error)")
        }
        try write(Self.catalog, to: "elsewhere/Localizable.xcstrings")
        try write(
            Self.xliff([
                ("../Resources/InfoPlist.xcstrings", "fr", "Bonjour"),
                ("../Legacy/en.lproj/Main.strings", "fr", "Salut"),
            ]), to: "fr.xliff")
        let result = try StringBridgeProcess.run(["import", "../../fr.xliff"], in: url("repo/App"))
        #expect(result.status == 0, "\(result.error)")
        #expect(read("repo/Resources/InfoPlist.xcstrings")?.contains("Bonjour") == true)
        #expect(read("repo/Legacy/fr.lproj/Main.strings") == "\"Hello\" = \"Salut\";\n")
        try write(Self.xliff([("../../elsewhere/Localizable.xcstrings", "fr", "Bonjour")]), to: "out.xliff")
        let refused = try StringBridgeProcess.run(["import", "../../out.xliff"], in: url("repo/App"))
        #expect(refused.status == 1)
        #expect(refused.error.contains("outside the git work tree holding the root"))
        #expect(read("elsewhere/Localizable.xcstrings") == Self.catalog)
    }

    @Test("A legacy language folder that links out of the root is refused (the new file would land outside)")
    func linkedLanguageFolder() throws {
        try write("\"Hello\" = \"Hello\";\n", to: "root/App/en.lproj/Main.strings")
        try FileManager.default.createDirectory(at: url("outside"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: url("root/App/fr.lproj").path, withDestinationPath: "../../outside")
        try FileManager.default.createSymbolicLink(
            atPath: url("root/App/de.lproj").path, withDestinationPath: "/nonexistent-h4")
        try write(
            Self.xliff([("App/en.lproj/Main.strings", "fr", "Salut"), ("App/en.lproj/Main.strings", "de", "Hallo")]),
            to: "fr.xliff")
        let result = try StringBridgeProcess.run(["import", "../fr.xliff"], in: url("root"))
        #expect(result.status == 1)
        let lines = result.error.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(
            lines.first?.hasPrefix(
                "../fr.xliff:3:3: error: the table of original \"App/en.lproj/Main.strings\" reaches ") == true)
        #expect(lines.last?.contains("goes through a dangling symbolic link") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: url("outside").path).isEmpty)
    }

    @Test(".xcloc entries that are not regular files are refused: a link to /dev/zero, a FIFO")
    func bundleEntries() throws {
        try write(Self.catalog, to: "root/Localizable.xcstrings")
        let localized = url("fr.xcloc/Localized Contents")
        try FileManager.default.createDirectory(at: localized, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: localized.appendingPathComponent("fr.xliff").path, withDestinationPath: "/dev/zero")
        let linked = try StringBridgeProcess.run(["import", "../fr.xcloc"], in: url("root"))
        #expect(linked.status == 1)
        #expect(
            linked.error
                == "../fr.xcloc/Localized Contents/fr.xliff:1:1: error: is a symbolic link, not a regular file; only "
                + "regular files of an .xcloc bundle are read (links are not followed)\n")
        try FileManager.default.removeItem(at: localized.appendingPathComponent("fr.xliff"))
        #expect(mkfifo(localized.appendingPathComponent("fr.xliff").path, 0o600) == 0)
        let fifo = try StringBridgeProcess.run(["import", "../fr.xcloc"], in: url("root"))
        #expect(fifo.status == 1)
        #expect(
            fifo.error
                == "../fr.xcloc/Localized Contents/fr.xliff:1:1: error: is a FIFO, not a regular file; only regular "
                + "files of an .xcloc bundle are read (links are not followed)\n")
        #expect(read("root/Localizable.xcstrings") == Self.catalog)
    }

    // MARK: - One table, two paths

    @Test("One catalog reached by two paths in one import is one table: both files' targets land in it")
    func oneTableTwoPaths() throws {
        let catalog = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "Bye" : {

                },
                "Hello" : {

                }
              },
              "version" : "1.0"
            }
            """
        try write(catalog, to: "root/Real/Localizable.xcstrings")
        try FileManager.default.createSymbolicLink(atPath: url("root/Alias").path, withDestinationPath: "Real")
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="Real/Localizable.xcstrings" source-language="en" target-language="fr" datatype="plaintext">
                <body>
                  <trans-unit id="Hello" xml:space="preserve"><source>Hello</source><target state="translated">Bonjour</target></trans-unit>
                </body>
              </file>
              <file original="Alias/Localizable.xcstrings" source-language="en" target-language="fr" datatype="plaintext">
                <body>
                  <trans-unit id="Bye" xml:space="preserve"><source>Bye</source><target state="translated">Au revoir</target></trans-unit>
                </body>
              </file>
            </xliff>

            """
        try write(document, to: "fr.xliff")
        let result = try StringBridgeProcess.run(["import", "../fr.xliff"], in: url("root"))
        #expect(result.status == 0, "\(result.error)")
        let written = read("root/Real/Localizable.xcstrings") ?? ""
        #expect(written.contains("\"value\" : \"Bonjour\""))
        #expect(written.contains("\"value\" : \"Au revoir\""))
        #expect(result.output.hasSuffix("changed 1 file\n  changed: Real/Localizable.xcstrings\n"))
    }
}
