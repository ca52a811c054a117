import Foundation
import TestSupport
import Testing

/// `stringbridge import` into an existing `.strings` file edits it in place: one unit imported, one line changed,
/// every comment kept (`Fixtures/strings/edit/import/`).
@Suite("stringbridge import edits .strings in place")
struct ImportInPlaceTests {
    @Test func oneUnitChangesOneLine() throws {
        let folder = try CommandTestCase.folder(copying: [
            "strings/edit/import/project": "project", "strings/edit/import/one-unit.xliff": "one-unit.xliff",
        ])
        let project = folder.appendingPathComponent("project")
        let path = project.appendingPathComponent("fr.lproj/Localizable.strings")
        let before = [UInt8](try Data(contentsOf: path))
        let result = try StringBridgeProcess.run(["import", "../one-unit.xliff"], in: project)
        #expect(result.status == 0, "\(result.error)")
        let after = [UInt8](try Data(contentsOf: path))
        let oldLines = before.split(separator: 0x0A, omittingEmptySubsequences: false)
        let newLines = after.split(separator: 0x0A, omittingEmptySubsequences: false)
        #expect(oldLines.count == newLines.count)
        let changed = zip(oldLines, newLines).filter { $0.0 != $0.1 }.map { String(decoding: $0.1, as: UTF8.self) }
        #expect(changed == ["\"farewell\"=\"À bientôt\";"])
    }
}
