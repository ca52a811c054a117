import Foundation
import TestSupport
import Testing

/// `check` against the code of legacy tables (docs/check.md, "Code"): where the development language lives in code
/// (`NSLocalizedString("Reading Pulse Log…", comment:)` with no development-language entry), a key the code uses is
/// no orphan and a language lacking it misses a translation; a key neither the code nor the development table has
/// is the orphan; a development-language key the code no longer uses is an `unused-key` note.
@Suite("check: orphan-key, missing-translation and unused-key know the code")
struct CodeKeysCheckTests {
    /// A folder with no project: the code of `App/` is the tables' (the folder rule `sync` uses).
    func makeApp() throws -> URL {
        let folder = try StringBridgeProcess.temporaryFolder()
        let files = [
            "App/App.swift": """
            import Foundation
            let reading = NSLocalizedString("Reading Pulse Log…", comment: "Status")
            let done = NSLocalizedString("Done", comment: "")
            let fresh = NSLocalizedString("New Here", comment: "")

            """,
            "App/en.lproj/Localizable.strings": "\"Done\" = \"Done\";\n\"Old\" = \"Old\";\n",
            "App/de.lproj/Localizable.strings":
                "\"Done\" = \"Fertig\";\n\"Reading Pulse Log…\" = \"Lese Puls-Log…\";\n\"Gone\" = \"Weg\";\n"
                + "\"Old\" = \"Alt\";\n",
            "App/fr.lproj/Localizable.strings": "\"Done\" = \"Terminé\";\n\"Old\" = \"Ancien\";\n",
        ]
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    @Test("keys the code uses are no orphans and are missing where a language lacks them; unused keys are notes")
    func withCode() throws {
        let folder = try makeApp()
        let result = try StringBridgeProcess.run(["check", "App"], in: folder)
        #expect(result.error == "")
        // "Reading Pulse Log…" is no orphan: fr misses it (placed where de has it); "New Here" is in no file: de and
        // fr miss it; "Gone" is the orphan; "Old" is left over.
        #expect(
            result.output == """
                App/de.lproj/Localizable.strings:1:1: warning: "New Here" has no de translation (the code uses it) \
                [missing-translation]
                App/de.lproj/Localizable.strings:2:1: warning: "Reading Pulse Log…" has no fr translation \
                [missing-translation]
                App/de.lproj/Localizable.strings:3:1: warning: "Gone" is in de but not in the development language \
                (en) [orphan-key]
                App/en.lproj/Localizable.strings:2:1: note: "Old" is not used by the code of the table's targets (it \
                is probably left over) [unused-key]
                App/fr.lproj/Localizable.strings:1:1: warning: "New Here" has no fr translation (the code uses it) \
                [missing-translation]
                0 errors, 4 warnings, 1 note in 1 table (3 files)

                """)
    }

    @Test("--no-code: the tables alone, as before (a key only translations have is an orphan)")
    func withoutCode() throws {
        let folder = try makeApp()
        let result = try StringBridgeProcess.run(["check", "App", "--no-code"], in: folder)
        #expect(result.error == "")
        #expect(
            result.output == """
                App/de.lproj/Localizable.strings:2:1: warning: "Reading Pulse Log…" is in de but not in the \
                development language (en) [orphan-key]
                App/de.lproj/Localizable.strings:3:1: warning: "Gone" is in de but not in the development language \
                (en) [orphan-key]
                0 errors, 2 warnings, 0 notes in 1 table (3 files)

                """)
    }

    @Test("report finds check's findings: it reads the code too, and --no-code leaves it out as check's does")
    func reportReadsTheCode() throws {
        let folder = try makeApp()
        let page = try StringBridgeProcess.run(["report", "App", "-o", "-"], in: folder)
        #expect(page.status == 0, "\(page.error)")
        #expect(page.output.contains("has no fr translation (the code uses it)"), "\(page.output)")
        #expect(page.output.contains("unused-key"))
        #expect(!page.output.contains("Reading Pulse Log… is in de but not"))
        #expect(!page.output.contains("Reading Pulse Log…&quot; is in de but not"))
        let tablesOnly = try StringBridgeProcess.run(["report", "App", "--no-code", "-o", "-"], in: folder)
        #expect(tablesOnly.status == 0, "\(tablesOnly.error)")
        #expect(!tablesOnly.output.contains("(the code uses it)"))
        #expect(!tablesOnly.output.contains("unused-key"))
    }
}
