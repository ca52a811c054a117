import Foundation
import TestSupport
import Testing

/// `stringbridge sync --report json`: what a sync writes (or would write), per catalog, as JSON.
@Suite("sync --report json")
struct SyncReportTests {
    func report(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("per catalog changed: its path, counts per kind of change and each key; nothing written with --dry-run")
    func json() throws {
        let folder = try SyncCommandTests().project()
        let catalog = "Sources/App/Resources/Localizable.xcstrings"
        let dry = try StringBridgeProcess.run(["sync", ".", "--dry-run", "--report", "json"], in: folder.url)
        #expect(dry.status == 0, "\(dry.error)")
        #expect(try folder.read(catalog) == SyncCommandTests.catalog)
        let planned = try report(dry.output)
        #expect(planned["dryRun"] as? Bool == true)
        #expect(planned["catalogs"] as? Int == 1)
        #expect(planned["changed"] as? Int == 1)
        let files = try #require(planned["files"] as? [[String: Any]])
        #expect(files.count == 1)
        #expect(files.first?["path"] as? String == catalog)
        let counts = try #require(files.first?["counts"] as? [String: Int])
        #expect(counts == ["added": 0, "updated": 0, "no longer stale": 0, "stale": 1, "removed": 1])
        let changes = try #require(files.first?["changes"] as? [[String: String]])
        #expect(changes == [["key": "Bare", "change": "removed"], ["key": "Old", "change": "stale"]])
        #expect((planned["leftOut"] as? [Any])?.count == 0)

        let written = try StringBridgeProcess.run(["sync", ".", "--report", "json"], in: folder.url)
        #expect(written.status == 0, "\(written.error)")
        #expect(try report(written.output)["dryRun"] as? Bool == false)
        #expect(try folder.read(catalog) == SyncCommandTests.synced)

        let usage = try StringBridgeProcess.run(["sync", ".", "--check", "--report", "json"], in: folder.url)
        #expect(usage.status == 64)
    }
}
