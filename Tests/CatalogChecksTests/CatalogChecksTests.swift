import Foundation
import LocalizationCatalog
import LocalizationConverter
import TestSupport
import Testing

@testable import CatalogChecks

/// `stringbridge check` over `Fixtures/check`, run as a process: goldens byte for byte, exit statuses, baseline,
/// `--fix`.
@Suite("stringbridge check")
struct CheckCommandTests {
    let folder: URL

    init() throws {
        folder = try StringBridgeProcess.temporaryFolder()
    }

    /// Runs `check` in `Fixtures/check`, so that paths in the report are short and stable.
    func check(_ arguments: [String]) throws -> CommandResult {
        try StringBridgeProcess.run(["check"] + arguments, in: Fixtures.url("check"))
    }

    @Test(arguments: ["text", "json", "sarif"])
    func projectGoldens(format: String) throws {
        let result = try check(["project", "xliff", "--format", format])
        #expect(result.status == 1)
        #expect(result.error == "")
        let ext = format == "text" ? "txt" : format
        if let difference = Fixtures.compareGolden(Array(result.output.utf8), "check/expected/project.\(ext)") {
            Issue.record("\(difference)")
        }
    }

    @Test func invalidFiles() throws {
        let result = try check(["invalid"])
        #expect(result.status == 1)
        if let difference = Fixtures.compareGolden(Array(result.output.utf8), "check/expected/invalid.txt") {
            Issue.record("\(difference)")
        }
    }

    @Test func requiredLanguages() throws {
        let result = try check(["project/App", "--language", "de", "--language", "it", "--rule", "missing-translation"])
        // The languages named must be complete: what they lack is an error (the others' stays a warning).
        #expect(result.status == 1)
        if let difference = Fixtures.compareGolden(Array(result.output.utf8), "check/expected/languages.txt") {
            Issue.record("\(difference)")
        }
    }

    @Test func onlyTheRulesAsked() throws {
        let result = try check(["project", "--rule", "stale-key"])
        #expect(result.status == 0)
        #expect(
            result.output
                == "project/Catalogs/Localizable.xcstrings:177:5: note: key \"Old\" is stale: Xcode no longer finds "
                + "it in code [stale-key]\n0 errors, 0 warnings, 1 note in 2 tables (4 files)\n")
    }

    @Test("\\u with hexadecimal digits in a .strings file is reported at the backslash")
    func lowercaseUnicodeEscape() throws {
        let result = try check(["escape"])
        #expect(result.status == 0)
        #expect(result.error == "")
        #expect(
            result.output
                == "escape/de.lproj/Localizable.strings:2:12: warning: \\u is not an escape in .strings files: "
                + "Foundation reads \\u{1F44D} as the text \"u{1F44D}\"; write \\UD83D\\UDC4D for U+1F44D "
                + "[lowercase-unicode-escape]\n"
                + "escape/en.lproj/Localizable.strings:2:29: warning: \\u is not an escape in .strings files: "
                + "Foundation reads \\u203A as the text \"u203A\"; write \\U203A for U+203A [lowercase-unicode-escape]\n"
                + "0 errors, 2 warnings, 0 notes in 1 table (2 files)\n")
        // The finding names the key whose string holds the escape.
        let json = try check(["escape", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        let findings = object?["findings"] as? [[String: Any]] ?? []
        #expect(findings.map { $0["key"] as? String } == ["ok", "settings.path"])
        let only = try check(["escape", "--rule", "missing-translation"])
        #expect(only.output == "0 errors, 0 warnings, 0 notes in 1 table (2 files)\n")
    }

    /// `check` places a `.strings` key where its reader found it: after a lone CR (old Mac line ends) on its own line,
    /// not on the line before and past its end as a scan by LF alone did.
    @Test func keyAfterALoneCRIsOnItsOwnLine() throws {
        for (language, text) in [("en", "\"a\" = \"A\";\r\"b\" = \"B\";\r"), ("fr", "\"a\" = \"Un\";\r")] {
            let lproj = folder.appendingPathComponent("T/\(language).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: lproj.appendingPathComponent("Localizable.strings"))
        }
        let result = try StringBridgeProcess.run(["check", "T", "--rule", "missing-translation"], in: folder)
        #expect(
            result.output.split(separator: "\n").first
                == "T/en.lproj/Localizable.strings:2:1: warning: \"b\" has no fr translation [missing-translation]")
    }

    @Test func usageErrorsExit64() throws {
        #expect(try check(["project", "--rule", "no-such-rule"]).status == 64)
        #expect(try check(["project", "--format", "xml"]).status == 64)
        #expect(try check([]).status == 64)
    }

    @Test func missingPathExitsOne() throws {
        let result = try check(["no/such/folder"])
        #expect(result.status == 1)
        #expect(result.error == "no/such/folder:1:1: error: no such file or folder\n")
    }

    @Test func baselineLeavesOutKnownFindings() throws {
        let baseline = folder.appendingPathComponent("baseline.json")
        let first = try check(["project", "xliff", "--format", "json"])
        try Data(first.output.utf8).write(to: baseline)
        let again = try check(["project", "xliff", "--baseline", baseline.path])
        #expect(again.status == 0)
        #expect(again.output == "0 errors, 0 warnings, 0 notes in 3 tables (5 files)\n")

        // A baseline without one finding: that finding alone comes back, whatever line it is on.
        var object = try #require(try JSONSerialization.jsonObject(with: Data(first.output.utf8)) as? [String: Any])
        var findings = try #require(object["findings"] as? [[String: Any]])
        let removed = try #require(
            findings.firstIndex {
                $0["rule"] as? String == "placeholder-mismatch" && $0["severity"] as? String == "error"
            })
        let finding = findings.remove(at: removed)
        for index in findings.indices { findings[index]["line"] = 999 }
        object["findings"] = findings
        try JSONSerialization.data(withJSONObject: object).write(to: baseline)
        let partial = try check(["project", "xliff", "--baseline", baseline.path, "--format", "json"])
        #expect(partial.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(partial.output.utf8)) as? [String: Any])
        let left = try #require(report["findings"] as? [[String: Any]])
        #expect(left.count == 1)
        #expect(left.first?["message"] as? String == finding["message"] as? String)
    }

    /// Foundation's specifier grammar, Interface Builder tables, orphan keys, the empty key, plural cases against
    /// the source's other case, pseudo-languages, stale keys and the last of a repeated key (docs/check.md).
    @Test func gatesGolden() throws {
        let result = try check(["gates"])
        #expect(result.status == 1)
        #expect(result.error == "")
        if let difference = Fixtures.compareGolden(Array(result.output.utf8), "check/expected/gates.txt") {
            Issue.record("\(difference)")
        }
    }

    /// Each process hashes strings with its own seed: several runs on all cores must still agree byte for byte
    /// (a key the development language lacks is placed in the first language that has it, in sorted order).
    @Test func sameInputSameBytes() throws {
        let first = try check(["gates", "project", "--format", "json"])
        for _ in 0..<4 {
            let again = try check(["gates", "project", "--format", "json"])
            #expect(again.output == first.output)
        }
        #expect(first.output.contains("\"file\" : \"gates/App/de.lproj/Localizable.strings\",\n      \"line\" : 5"))
    }

    /// A baseline matches no position, not even the line numbers a message names: lines added above every finding
    /// leave the report empty.
    @Test func baselineSurvivesEditsAbove() throws {
        let copy = folder.appendingPathComponent("gates")
        try FileManager.default.copyItem(at: Fixtures.url("check/gates"), to: copy)
        let baseline = folder.appendingPathComponent("baseline.json")
        let first = try StringBridgeProcess.run(["check", "gates", "--format", "json"], in: folder)
        try Data(first.output.utf8).write(to: baseline)
        for language in ["de", "fr"] {
            let file = copy.appendingPathComponent("App/\(language).lproj/Localizable.strings")
            let text = try String(contentsOf: file, encoding: .utf8)
            try ("/* Added above. */\n\n" + text).write(to: file, atomically: true, encoding: .utf8)
        }
        let again = try StringBridgeProcess.run(["check", "gates", "--baseline", baseline.path], in: folder)
        #expect(again.output == "0 errors, 0 warnings, 0 notes in 3 tables (5 files)\n")
        #expect(again.status == 0)
    }

    /// `.stringbridge.json` above the path, and the options that override it.
    @Test func configurationFileAndOverrides() throws {
        let copy = folder.appendingPathComponent("gates")
        try FileManager.default.copyItem(at: Fixtures.url("check/gates"), to: copy)
        try Data(
            """
            {"check": {"excludeRules": ["orphan-key"], "severity": {"duplicate-key": "warning"}, "minSeverity": "warning"}}
            """.utf8
        ).write(to: folder.appendingPathComponent(".stringbridge.json"))
        let configured = try StringBridgeProcess.run(["check", "gates/App"], in: folder)
        #expect(
            configured.output == """
                gates/App/de.lproj/Localizable.strings:3:1: error: de value of "battery": argument 1 is read twice, \
                as an integer (%1$d) and as a floating-point number (% a) [placeholder-mismatch]
                gates/App/fr.lproj/Localizable.strings:2:1: warning: fr value of "save": argument 1 (%@) is not in \
                the source [placeholder-mismatch]
                gates/App/fr.lproj/Localizable.strings:5:1: warning: duplicate key "count"; the value at line 5 \
                replaces the one at line 4 [duplicate-key]
                1 error, 2 warnings, 0 notes in 2 tables (4 files)

                """)
        #expect(configured.status == 1)
        let overridden = try StringBridgeProcess.run(
            [
                "check", "gates/App", "--severity", "placeholder-mismatch=warning", "--exclude-rule", "duplicate-key",
                "--min-severity", "error",
            ], in: folder)
        #expect(overridden.output == "0 errors, 0 warnings, 0 notes in 2 tables (4 files)\n")
        #expect(overridden.status == 0)
        let ignored = try StringBridgeProcess.run(
            ["check", "gates/App", "--no-config", "--rule", "orphan-key"], in: folder)
        #expect(ignored.output.hasSuffix("0 errors, 1 warning, 0 notes in 2 tables (4 files)\n"))

        try Data(#"{"check": {"excludeRules": ["orphan-keys"]}}"#.utf8)
            .write(to: folder.appendingPathComponent(".stringbridge.json"))
        let typo = try StringBridgeProcess.run(["check", "gates/App"], in: folder)
        #expect(typo.status == 1)
        #expect(typo.output == "")
        #expect(typo.error.hasPrefix(".stringbridge.json:1:1: error: unknown rule \"orphan-keys\"; rules: "))
    }

    @Test func baselineThatIsNotAReportIsAnError() throws {
        let baseline = folder.appendingPathComponent("baseline.json")
        try Data("[1, 2]".utf8).write(to: baseline)
        let result = try check(["project", "--baseline", baseline.path])
        #expect(result.status == 1)
        #expect(result.error.contains("not a JSON report of stringbridge check"))
    }

    @Test func fixRewritesInXcodesLayoutAndIsAFixedPoint() throws {
        let catalog = folder.appendingPathComponent("Compact.xcstrings")
        try FileManager.default.copyItem(at: Fixtures.url("check/unformatted/Compact.xcstrings"), to: catalog)
        let original = try Data(contentsOf: catalog)
        let before = try StringBridgeProcess.run(["check", "Compact.xcstrings"], in: folder)
        #expect(before.status == 0)
        #expect(
            before.output
                == "Compact.xcstrings:1:2: warning: not laid out as Xcode writes it, from line 1 on (--fix rewrites "
                + "it) [not-xcode-formatted]\n0 errors, 1 warning, 0 notes in 1 table (1 file)\n")
        let fixed = try StringBridgeProcess.run(["check", "Compact.xcstrings", "--fix"], in: folder)
        #expect(fixed.status == 0)
        #expect(fixed.error == "Compact.xcstrings:1:1: note: rewritten as Xcode writes it [not-xcode-formatted]\n")
        let rewritten = try Data(contentsOf: catalog)
        #expect(rewritten != original)
        #expect(
            try JSONSerialization.jsonObject(with: rewritten) as? NSDictionary
                == JSONSerialization.jsonObject(with: original) as? NSDictionary)
        let after = try StringBridgeProcess.run(["check", "Compact.xcstrings", "--fix"], in: folder)
        #expect(after.error == "")
        #expect(after.output == "0 errors, 0 warnings, 0 notes in 1 table (1 file)\n")
        #expect(try Data(contentsOf: catalog) == rewritten)
    }
}

/// The pieces: key positions, plural categories, placeholder comparison of variation leaves.
@Suite("CatalogChecks")
struct CatalogChecksUnitTests {
    /// The JSON report's byte-level string writer against the exact `String` one, on strings made of the characters
    /// that take escapes and of their neighbours in UTF-8.
    @Test func jsonStringBytesEqualTheExactEscaping() {
        let pieces = [
            "a", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1B}", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}", "é",
            "\u{2027}",
            "\u{2028}", "\u{2029}", "\u{202A}", "€", "😀", "\u{FFFF}", " ",
        ]
        var random = SplitMix64(seed: 0x15)
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            var bytes: [UInt8] = []
            CheckReport.appendString(text, to: &bytes)
            #expect(bytes == Array(CheckReport.string(text).utf8), "\(text.debugDescription)")
        }
    }

    /// The place of each key in a String Catalog is its reader's (``CatalogEntry/origin``, the member name's opening
    /// quote), escapes decoded and nested names not taken for keys: `check` scans no file again.
    @Test func catalogKeysArePlacedByTheReader() throws {
        let text = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "a\\"b\\u00e9" : {
                  "comment" : "x",
                  "localizations" : { "strings" : { } }
                },
                "é\\n" : { }
              },
              "version" : "1.0"
            }
            """
        let table = try Self.read(text, path: "f.xcstrings")
        #expect(table.entries["a\"bé"]?.origin == FileLocation(path: "f.xcstrings", line: 4, column: 5))
        #expect(table.entries["é\n"]?.origin == FileLocation(path: "f.xcstrings", line: 8, column: 5))
        #expect(table.entries.keys == ["a\"bé", "é\n"])
    }

    /// The place of each key of a `.strings` file is its reader's: comments skipped, quoted and bare keys, escapes
    /// decoded, UTF-16 counted as its scalars; a key written twice at its last statement, whose value is read.
    @Test func stringsKeysArePlacedByTheReader() throws {
        let path = "en.lproj/s.strings"
        let text = "/* \"fake\" = \"x\"; */\n// \"also\" = \"no\";\nplain = \"v\";\n  \"q\\\"uo\\U00E9\" = \"w\";\n"
        let table = try Self.read(text, path: path)
        #expect(table.entries["plain"]?.origin == FileLocation(path: path, line: 3, column: 1))
        #expect(table.entries["q\"uoé"]?.origin == FileLocation(path: path, line: 4, column: 3))
        #expect(table.entries["fake"] == nil)
        let twice = try Self.read("\"k\" = \"1\";\n\"k\" = \"2\";\n", path: path)
        #expect(twice.entries["k"]?.origin == FileLocation(path: path, line: 2, column: 1))
        // A lone CR ends a line, as in every diagnostic (a scan by LF alone placed `b` on line 1, past its end).
        let oldMac = try Self.read("\"a\" = \"1\";\r\"b\" = \"2\";\r\n  \"c\" = \"3\";\r", path: path)
        #expect(oldMac.entries["b"]?.origin == FileLocation(path: path, line: 2, column: 1))
        #expect(oldMac.entries["c"]?.origin == FileLocation(path: path, line: 3, column: 3))
        // UTF-16 little-endian with a byte-order mark.
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in "\n\"k\" = \"v\";".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let wide = try Self.read(bytes: utf16, path: path)
        #expect(wide.entries["k"]?.origin == FileLocation(path: path, line: 2, column: 1))
    }

    static func read(_ text: String, path: String) throws -> StringTable {
        try read(bytes: Array(text.utf8), path: path)
    }

    static func read(bytes: [UInt8], path: String) throws -> StringTable {
        let reader = try #require(FormatRegistry.standard.format(forPath: path)?.reader)
        var diagnostics = Diagnostics()
        return try reader.read(SourceFile(path: path, bytes: bytes), options: ReadOptions(), diagnostics: &diagnostics)
    }

    /// Xcode's export categories come from the one CLDR table, with Xcode's reductions and exceptions; a language
    /// Xcode's table lacks keeps the `one`/`other` guess even where babel gives `other` alone.
    @Test func xcodeExportCategories() {
        #expect(XcodePluralCategories.exported(for: "fr") == ["one", "other"])
        #expect(XcodePluralCategories.exported(for: "scn") == ["one", "other"])
        #expect(XcodePluralCategories.exported(for: "ru_RU") == ["few", "many", "one", "other"])
        #expect(XcodePluralCategories.exported(for: "iw") == ["one", "other", "two"])
        #expect(XcodePluralCategories.exported(for: "co") == ["one", "other"])
        #expect(!XcodePluralCategories.knows("co"))
        #expect(XcodePluralCategories.knows("ars"))
    }

    @Test func pluralCategories() throws {
        let french = try #require(XcodePluralCategories.checked(for: "fr"))
        #expect(french.required == ["one", "other"])
        #expect(french.allowed == ["zero", "one", "many", "other"])
        let russian = try #require(XcodePluralCategories.checked(for: "ru"))
        #expect(russian.required == ["one", "few", "many", "other"])
        #expect(try #require(XcodePluralCategories.checked(for: "ja")).required == ["other"])
        #expect(try #require(XcodePluralCategories.checked(for: "zh-Hans")).required == ["other"])
        #expect(try #require(XcodePluralCategories.checked(for: "pt_BR")).required == ["one", "other"])
        #expect(
            try #require(XcodePluralCategories.checked(for: "ar")).required == [
                "zero", "one", "two", "few", "many", "other",
            ])
        #expect(try #require(XcodePluralCategories.checked(for: "lv")).required == ["zero", "one", "other"])
        #expect(XcodePluralCategories.checked(for: "xx-unknown") == nil)
        #expect(XcodePluralCategories.cldrVersion == "47")
    }

    @Test func sourceTextFallsBackToOtherAndToThePlainString() {
        var plural = OrderedMap<Localization>()
        plural["one"] = Localization("%lld item")
        plural["other"] = Localization("%lld items")
        let source = Localization(variations: Variations(plural: plural))
        #expect(TableRules.sourceText(for: "plural.one", in: source) == "%lld item")
        #expect(TableRules.sourceText(for: "plural.few", in: source) == "%lld items")
        #expect(TableRules.sourceText(for: "device.iphone.plural.few", in: source) == "%lld items")
        #expect(TableRules.sourceText(for: "plural.one", in: Localization("plain %d")) == "plain %d")
        #expect(TableRules.sourceText(for: "substitutions.n.plural.one", in: source) == nil)
    }

    @Test func argInSubstitutionCasesReadsTheSubstitutionsSpecifier() {
        var cases = OrderedMap<Localization>()
        cases["other"] = Localization("%arg files")
        var substitutions = OrderedMap<Substitution>()
        substitutions["n"] = Substitution(argNum: 1, formatSpecifier: "lld", variations: Variations(plural: cases))
        let source = Localization(stringUnit: StringUnit("%#@n@"), substitutions: substitutions)
        let leaf = Leaf(path: "substitutions.n.plural.other", value: "%@ files", state: nil, substitution: "n")
        let mismatches = TableRules.compare(
            source: "%arg files", translation: "%@ files", leaf: leaf, localization: source, sourceLocalization: source)
        #expect(
            mismatches.map(\.description) == ["argument 1 is an integer (%lld) in the source but an object (%@) here"])
        let same = Leaf(path: "substitutions.n.plural.one", value: "one file", state: nil, substitution: "n")
        #expect(
            TableRules.compare(
                source: "%arg files", translation: "one file", leaf: same, localization: source,
                sourceLocalization: source
            ).isEmpty)
    }

    @Test func controlCharactersAndEdges() {
        #expect(TableRules.firstControl("a\nb\tc") == nil)
        #expect(TableRules.firstControl("a\rb") == "U+000D")
        #expect(TableRules.firstControl("x\u{85}") == "U+0085")
        #expect(TableRules.edges("  a b\n") == ("  ", "\n"))
        #expect(TableRules.edges("   ") == ("   ", ""))
    }

    @Test func xliffPluralCategoryOfUnitIDs() {
        #expect(XLIFFRules.pluralCategory(ofUnit: "%lld items|==|plural.one") == "one")
        #expect(XLIFFRules.pluralCategory(ofUnit: "/key:dict/n:dict/few:dict/:string") == "few")
        #expect(XLIFFRules.pluralCategory(ofUnit: "Hello") == nil)
    }

    @Test func sameContentIgnoresTheOrderOfKeysAndLanguagesOnly() {
        var first = StringTable(name: "T", sourceLanguage: "en")
        var entry = CatalogEntry(localizations: ["en": Localization("a"), "fr": Localization("b")])
        first.entries["x"] = entry
        first.entries["y"] = CatalogEntry()
        var second = StringTable(name: "T", sourceLanguage: "en")
        second.entries["y"] = CatalogEntry()
        entry.localizations = ["fr": Localization("b"), "en": Localization("a")]
        second.entries["x"] = entry
        #expect(first != second)
        #expect(CatalogCheck.sameContent(first, second))
        second.entries["x"]?.localizations?["fr"] = Localization("c")
        #expect(!CatalogCheck.sameContent(first, second))
    }

    @Test func sarifURIsArePercentEncoded() {
        #expect(CheckReport.uri("My App/fr.lproj/Ä.strings") == "My%20App/fr.lproj/%C3%84.strings")
        #expect(CheckReport.uri("/tmp/a b") == "file:///tmp/a%20b")
    }
}
