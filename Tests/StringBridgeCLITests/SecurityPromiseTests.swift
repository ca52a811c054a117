import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Nothing from input reaches the log raw: ids, keys, paths and messages are printed with their control
/// characters spelled, so a newline in an id cannot start a line of its own (`::error …`, a fake summary), and an
/// escape sequence never reaches the terminal (docs/security.md, "What is printed").
@Suite("log safety: control characters from input are spelled")
struct LogSafetyTests {
    let folder: URL

    init() throws {
        folder = try StringBridgeProcess.temporaryFolder()
    }

    func write(_ text: String, to relative: String) throws {
        let target = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: target)
    }

    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Hello" : {

            }
          },
          "version" : "1.0"
        }

        """

    @Test("an XLIFF unit id holding a newline and ::error stays on its line in import's text report")
    func importReport() throws {
        try write(Self.catalog, to: "Localizable.xcstrings")
        try write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="Localizable.xcstrings" source-language="en" target-language="fr" datatype="plaintext">
                <body>
                  <trans-unit id="Gone&#10;::error file=x.swift,line=1::pwned&#13;import: 0 units" xml:space="preserve">
                    <source>Gone</source>
                    <target state="translated">Parti</target>
                  </trans-unit>
                  <trans-unit id="Hello" xml:space="preserve">
                    <source>Hello</source>
                    <target state="translated">Bonjour</target>
                  </trans-unit>
                </body>
              </file>
            </xliff>

            """, to: "fr.xliff")
        let id = #""Gone\n::error file=x.swift,line=1::pwned\rimport: 0 units""#
        let result = try StringBridgeProcess.run(["import", "fr.xliff"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output == """
                Localizable.xcstrings [fr] -> Localizable.xcstrings: 1 unit applied, 0 units unchanged, 1 unit not \
                applied
                  1 unit unknown-id: fr.xliff:5:7: \(id): no key of the catalog has this id (a catalog takes new keys \
                from its code, by sync, not from an import)
                import: 1 unit applied, 0 units unchanged, 1 unit not applied (1 unknown-id); changed 1 file
                  changed: Localizable.xcstrings

                """)
        let verbose = try StringBridgeProcess.run(["import", "fr.xliff", "--verbose", "--dry-run"], in: folder)
        #expect(verbose.output.split(separator: "\n").filter { $0.hasPrefix("::") }.isEmpty)
        #expect(verbose.output.contains("  fr.xliff:5:7: unknown-id: \(id): "))
    }

    @Test("a key holding ESC, a newline and ::error is spelled in a diagnostic that names it")
    func keyInDiagnostic() throws {
        try write(
            """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "Red \\u001b[31m\\n::error::pwned" : {
                  "localizations" : {
                    "en" : {
                      "stringSet" : {
                        "state" : "translated",
                        "values" : [
                          "a"
                        ]
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }

            """, to: "Localizable.xcstrings")
        let result = try StringBridgeProcess.run(["compile", "Localizable.xcstrings", "-o", "Out"], in: folder)
        #expect(result.status == 0)
        #expect(
            result.error
                == #"Localizable.xcstrings:4:5: warning: "Red \u{1b}[31m\n::error::pwned" (en): a string set cannot be "#
                + "written to a legacy table; it is left out\n")
    }

    @Test("a path holding a newline is spelled in diagnostics and reports")
    func pathInDiagnostic() throws {
        try write("\"a\" = \"b\";\n\"a\" = \"c\";\n", to: "en.lproj/Bad\n::error::x.strings")
        let result = try StringBridgeProcess.run(["check", "."], in: folder)
        #expect(result.output.split(separator: "\n").filter { $0.hasPrefix("::") }.isEmpty, "\(result.output)")
        #expect(result.error.split(separator: "\n").filter { $0.hasPrefix("::") }.isEmpty, "\(result.error)")
        #expect((result.output + result.error).contains(#"Bad\n::error::x.strings"#))
    }
}

/// Where an import may write when a git work tree lies far above the root (docs/security.md, "Where an import
/// writes"), with real repositories.
@Suite("write boundary: the repository that holds the project")
struct RepositoryBoundaryTests {
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

    func git(_ arguments: [String], in relative: String) throws {
        let result = try StringBridgeProcess.runExecutable(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "init.defaultBranch=main"] + arguments,
            in: url(relative))
        #expect(result.status == 0, "git \(arguments): \(result.error)")
    }

    func realPath(_ relative: String) -> String {
        realpath(url(relative).path, nil).map { String(cString: $0) } ?? url(relative).path
    }

    func xliff(original: String) -> String {
        AddressingTests.xliff([(original, "fr", "Bonjour")])
    }

    @Test("a repository above the root that tracks nothing there (dotfiles in $HOME) does not widen the boundary")
    func dotfilesRepository() throws {
        try write(".bashrc\n", to: "home/.bashrc")
        try git(["init", "-q"], in: "home")
        try git(["add", ".bashrc"], in: "home")
        try git(["commit", "-q", "-m", "dotfiles"], in: "home")
        try write(AddressingTests.catalog, to: "home/src/App/Localizable.xcstrings")
        // The project (a repository of dotfiles above it is none of its own).
        try write("// swift-tools-version:5.9\n", to: "home/src/App/Package.swift")
        try write(AddressingTests.catalog, to: "home/Notes/Localizable.xcstrings")
        try write(xliff(original: "../../Notes/Localizable.xcstrings"), to: "home/src/App/fr.xliff")
        let result = try StringBridgeProcess.run(["import", "fr.xliff"], in: url("home/src/App"))
        #expect(result.status == 1)
        #expect(
            result.error
                == "fr.xliff:3:3: error: original \"../../Notes/Localizable.xcstrings\" reaches "
                + "\(realPath("home/Notes"))/Localizable.xcstrings, outside the root (the git work tree above it, "
                + "\(realPath("home")), tracks nothing there) (\(realPath("home/src/App"))); refused "
                + "(--boundary DIR allows another folder)\n")
        #expect(read("home/Notes/Localizable.xcstrings") == AddressingTests.catalog)
    }

    @Test("a repository above the root that tracks the project is the boundary (Xcode's ../ originals)")
    func projectRepository() throws {
        try write(AddressingTests.catalog, to: "repo/App/Localizable.xcstrings")
        try write(AddressingTests.catalog, to: "repo/Resources/InfoPlist.xcstrings")
        // The project is App (its originals are relative to it), in a repository that holds more.
        try write("// swift-tools-version:5.9\n", to: "repo/App/Package.swift")
        try git(["init", "-q"], in: "repo")
        try git(["add", "."], in: "repo")
        try git(["commit", "-q", "-m", "project"], in: "repo")
        try write(xliff(original: "../Resources/InfoPlist.xcstrings"), to: "fr.xliff")
        let result = try StringBridgeProcess.run(["import", "../../fr.xliff"], in: url("repo/App"))
        #expect(result.status == 0, "\(result.error)")
        #expect(read("repo/Resources/InfoPlist.xcstrings")?.contains("Bonjour") == true)
    }

    @Test("a path too long for the file system is said to be too long, not a dangling link")
    func tooLong() throws {
        try write(AddressingTests.catalog, to: "root/Localizable.xcstrings")
        let name = String(repeating: "n", count: 300)
        try write(xliff(original: "\(name)/Localizable.xcstrings"), to: "fr.xliff")
        let result = try StringBridgeProcess.run(["import", "../fr.xliff"], in: url("root"))
        #expect(result.status == 1)
        #expect(
            result.error
                == "../fr.xliff:3:3: error: original \"\(name)/Localizable.xcstrings\" is too long to be a path here "
                + "(ENAMETOOLONG: a name or the whole path is longer than the file system allows); refused\n")
    }
}

/// libxml2's 10 MB text-node limit does not apply to the streamed text of an element (docs/security.md, "Limits"):
/// a target longer than that is imported whole, never cut.
@Suite("XML text size")
struct TextSizeTests {
    @Test("an 11 MB <target> is imported whole")
    func largeTarget() throws {
        let folder = try StringBridgeProcess.temporaryFolder()
        try Data(LogSafetyTests.catalog.utf8).write(to: folder.appendingPathComponent("Localizable.xcstrings"))
        let target = String(repeating: "abcdefghij", count: 1_100_000) + "é"
        let xliff = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="Localizable.xcstrings" source-language="en" target-language="fr" datatype="plaintext">
                <body>
                  <trans-unit id="Hello" xml:space="preserve">
                    <source>Hello</source>
                    <target state="translated">\(target)</target>
                  </trans-unit>
                </body>
              </file>
            </xliff>

            """
        try Data(xliff.utf8).write(to: folder.appendingPathComponent("fr.xliff"))
        let result = try StringBridgeProcess.run(["import", "fr.xliff"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        let catalog = String(
            decoding: try Data(contentsOf: folder.appendingPathComponent("Localizable.xcstrings")), as: UTF8.self)
        #expect(catalog.contains("\"value\" : \"\(target)\""))
    }
}

/// `export` reads code as `sync` does: a hostile Swift file is a warning at its place and adds nothing, a table name
/// that is a path is refused, and the export is the same as without them.
@Suite("export with hostile code")
struct HostileCodeExportTests {
    @Test("30 nested [ and a table name that is a path: warnings, the same export, nothing written elsewhere")
    func export() throws {
        let folder = try CommandTestCase.folder(copying: ["export/extraction/project": "project"])
        let project = folder.appendingPathComponent("project")
        try Data(("let x = " + String(repeating: "[", count: 30) + "\n").utf8)
            .write(to: project.appendingPathComponent("App/Hostile.swift"))
        try Data("let y = NSLocalizedString(\"Evil\", tableName: \"../../Localizable\", comment: \"\")\n".utf8)
            .write(to: project.appendingPathComponent("App/Path.swift"))
        let result = try StringBridgeProcess.run(["export", ".", "--language", "fr", "-o", "../out"], in: project)
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.error == """
                App/Hostile.swift:1:17: warning: more than 8 brackets open in a row here, from a "[" \
                (swift-syntax's time doubles with each); the file is not read
                App/Path.swift:1:27: warning: the table name "../../Localizable" holds "/": a table name is a file \
                name, not a path; "Evil" is not extracted

                """)
        let written = (try? Data(contentsOf: folder.appendingPathComponent("out/fr.xliff"))).map { [UInt8]($0) } ?? []
        let difference = Fixtures.compareGolden(written, "export/extraction/expected/fr.xliff")
        #expect(difference == nil, "\(difference ?? "")")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["out", "project"])
    }
}
