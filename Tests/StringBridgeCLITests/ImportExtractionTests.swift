import Foundation
import TestSupport
import Testing

/// `stringbridge export` with extraction, the XLIFF translated, then `stringbridge import`: every unit export
/// extracted from code, storyboards and Info.plist is written back (as `xcodebuild -importLocalizations` does).
///
/// Fixture: `Fixtures/xliff/import-extraction/project`, a legacy app (Swift, Objective-C, Info.plist, storyboards
/// without `.strings` files, `.strings` and `.stringsdict` tables; `fr.lproj` partly translated, no `de.lproj`).
@Suite("stringbridge export, translate, import")
struct ImportExtractionTests {
    let folder: URL

    init() throws {
        folder = try CommandTestCase.folder(copying: ["xliff/import-extraction/project": "project"])
    }

    var project: URL { folder.appendingPathComponent("project") }

    func bytes(_ relative: String) -> [UInt8] {
        (try? Data(contentsOf: folder.appendingPathComponent(relative))).map { [UInt8]($0) } ?? []
    }

    /// What a translator does: every unit gets the target `PREFIX source` (replacing the target it had).
    static func translate(_ xliff: String, prefix: String) throws -> String {
        let withoutTargets = try NSRegularExpression(pattern: "\n *<target[^>]*>[^<]*</target>")
        var text = withoutTargets.stringByReplacingMatches(
            in: xliff, range: NSRange(xliff.startIndex..., in: xliff), withTemplate: "")
        let source = try NSRegularExpression(pattern: "<source>([^<]*)</source>")
        text = source.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text),
            withTemplate: "<source>$1</source>\n        <target>\(prefix) $1</target>")
        return text
    }

    /// Exports `language`, translates every unit and imports the result; returns the import's output.
    func roundTrip(_ language: String, prefix: String) throws -> (status: Int32, output: String, error: String) {
        let export = try StringBridgeProcess.run(
            ["export", ".", "--language", language, "-o", "../out"], in: project)
        #expect(export.status == 0, "\(export.error)")
        let path = folder.appendingPathComponent("out/\(language).xliff")
        let translated = try Self.translate(try String(contentsOf: path, encoding: .utf8), prefix: prefix)
        #expect(translated.components(separatedBy: "<target>").count - 1 == 18)
        try translated.write(to: path, atomically: true, encoding: .utf8)
        let result = try StringBridgeProcess.run(["import", "../out/\(language).xliff", "--verbose"], in: project)
        return (result.status, result.output, result.error)
    }

    static let storyboardWarnings = """
        App/Base.lproj/Launch.storyboard:1:1: warning: this Interface Builder table has no en.lproj or Base.lproj \
        .strings file (its texts live in the storyboard, which is no table): the <source> texts of the XLIFF are \
        taken as its development-language texts
        App/Base.lproj/Main.storyboard:1:1: warning: this Interface Builder table has no en.lproj or Base.lproj \
        .strings file (its texts live in the storyboard, which is no table): the <source> texts of the XLIFF are \
        taken as its development-language texts

        """

    static let tables = [
        "InfoPlist.strings", "Launch.strings", "Localizable.strings", "Localizable.stringsdict", "Main.strings",
    ]

    @Test(
        "Every extracted unit is written: new keys in the export's order with their notes, new storyboard tables",
        arguments: [("fr", "FR"), ("de", "DE")])
    func everyUnitWritten(_ language: String, _ prefix: String) throws {
        let result = try roundTrip(language, prefix: prefix)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == Self.storyboardWarnings)
        let report = Fixtures.compareGolden(
            Array(result.output.utf8), "xliff/import-extraction/expected/\(language)-report.txt")
        #expect(report == nil, "\(report ?? "")")
        #expect(result.output.contains("18 units applied, 0 units unchanged, 0 units not applied"))
        for table in Self.tables {
            let difference = Fixtures.compareGolden(
                bytes("project/App/\(language).lproj/\(table)"),
                "xliff/import-extraction/expected/\(language).lproj/\(table)")
            #expect(difference == nil, "\(table): \(difference ?? "")")
        }
        // The development language's files and the code are not touched.
        for file in ["en.lproj/Localizable.strings", "en.lproj/InfoPlist.strings", "Base.lproj/Main.storyboard"] {
            #expect(
                bytes("project/App/\(file)")
                    == (try Fixtures.bytes("xliff/import-extraction/project/App/\(file)")))
        }
        // Importing again changes nothing, and a new export gives every target back.
        let again = try StringBridgeProcess.run(["import", "../out/\(language).xliff"], in: project)
        #expect(
            again.output.hasSuffix(
                "import: 0 units applied, 18 units unchanged, 0 units not applied; changed 0 files\n"))
        let reexport = try StringBridgeProcess.run(
            ["export", ".", "--language", language, "-o", "../again"], in: project)
        #expect(reexport.status == 0)
        let xliff = String(decoding: bytes("again/\(language).xliff"), as: UTF8.self)
        #expect(xliff.components(separatedBy: "<target>\(prefix) ").count - 1 == 18)
    }

    @Test("A key made of a .strings key and a variation path is refused at its place, not created")
    func variationOfStringsKey() throws {
        let export = try StringBridgeProcess.run(["export", ".", "--language", "fr", "-o", "../out"], in: project)
        #expect(export.status == 0)
        let path = folder.appendingPathComponent("out/fr.xliff")
        var xliff = try String(contentsOf: path, encoding: .utf8)
        let unit = """
                  <trans-unit id="Welcome" xml:space="preserve">
                    <source>Welcome</source>
                    <target>Bienvenue</target>
                    <note>No comment provided by engineer.</note>
                  </trans-unit>

            """
        let plural = """
                  <trans-unit id="Welcome|==|plural.one" xml:space="preserve">
                    <source>Welcome</source>
                    <target>Bienvenue à un</target>
                  </trans-unit>
                  <trans-unit id="New|==|plural.other" xml:space="preserve">
                    <source>New</source>
                    <target>Nouveaux</target>
                  </trans-unit>

            """
        #expect(xliff.contains(unit))
        xliff = xliff.replacingOccurrences(of: unit, with: unit + plural)
        try xliff.write(to: path, atomically: true, encoding: .utf8)
        let before = bytes("project/App/fr.lproj/Localizable.strings")
        let result = try StringBridgeProcess.run(["import", "../out/fr.xliff", "--strict"], in: project)
        #expect(result.status == 1)
        #expect(
            result.output.contains(
                """
                App/en.lproj/Localizable.strings [fr] -> App/fr.lproj/Localizable.strings: 0 units applied, \
                5 units unchanged, 5 units not applied
                  3 units no-target, first: ../out/fr.xliff:62:7: "%lld of %lld done": the unit has no target
                  2 units variation-in-strings, first: ../out/fr.xliff:91:7: "Welcome|==|plural.one": a .strings table \
                holds plain strings: the variations of "Welcome" need a .stringsdict entry

                """), "\(result.output)")
        #expect(result.error.hasSuffix("error: --strict: 2 units not applied (2 variation-in-strings)\n"))
        #expect(bytes("project/App/fr.lproj/Localizable.strings") == before)
    }

    @Test(
        "A storyboard whose Base.lproj .strings lags behind it: the new objects' keys are created, with ibtool's notes")
    func storyboardAheadOfItsStrings() throws {
        try Data(
            """
            /* Class = "UIViewController"; title = "Settings"; ObjectID = "BYZ-38-t0r"; */
            "BYZ-38-t0r.title" = "Settings";

            """.utf8
        ).write(to: project.appendingPathComponent("App/Base.lproj/Main.strings"))
        let result = try roundTrip("de", prefix: "DE")
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output.contains(
                """
                App/Base.lproj/Main.storyboard [de] -> App/de.lproj/Main.strings: 3 units applied, 0 units unchanged, \
                0 units not applied
                  ../out/de.xliff: created-key: "Zq9-Kp-1aX.normalTitle": added to the table
                  ../out/de.xliff: created-key: "aB1-cD-eF2.text": added to the table

                """))
        #expect(
            String(decoding: bytes("project/App/de.lproj/Main.strings"), as: UTF8.self) == """
                /* Class = "UIViewController"; title = "Settings"; ObjectID = "BYZ-38-t0r"; */
                "BYZ-38-t0r.title" = "DE Settings";

                /* Class = "UIButton"; normalTitle = "Sign In"; ObjectID = "Zq9-Kp-1aX"; */
                "Zq9-Kp-1aX.normalTitle" = "DE Sign In";

                /* Class = "UILabel"; text = "Hello \\"there\\""; ObjectID = "aB1-cD-eF2"; */
                "aB1-cD-eF2.text" = "DE Hello \\"there\\"";

                """)
    }
}
