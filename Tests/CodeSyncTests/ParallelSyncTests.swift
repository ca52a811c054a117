import CodeExtraction
import Foundation
import LocalizationCatalog
import StringBridgeSupport
import TestSupport
import Testing

@testable import CodeSync

@Suite("sync: code files read and parsed side by side")
struct ParallelSyncTests {
    @Test("the plan on all cores equals the plan on one thread: catalogs' bytes, changes, diagnostics")
    func sameAsOneThread() throws {
        let folder = try ProjectFolder()
        try folder.write(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Kit", targets: [.target(name: "A"), .target(name: "B")])
            """, to: "Package.swift")
        let names = Fixtures.files(below: "code/swift").filter { $0.hasSuffix(".swift") && !$0.contains("/") }
        for (index, name) in names.enumerated() {
            let text = String(decoding: try Fixtures.bytes("code/swift/\(name)"), as: UTF8.self)
            try folder.write(text, to: "Sources/\(index % 2 == 0 ? "A" : "B")/\(name)")
        }
        try folder.write(
            String(decoding: try Fixtures.bytes("code/objc/calls.m"), as: UTF8.self), to: "Sources/A/calls.m")
        try folder.write(
            String(decoding: try Fixtures.bytes("code/objc/warnings.m"), as: UTF8.self), to: "Sources/B/warnings.m")
        for target in ["A", "B"] {
            for table in ["Localizable", "Plants"] {
                try folder.write(ProjectFolder.emptyCatalog, to: "Sources/\(target)/\(table).xcstrings")
            }
        }
        let sideBySide = Parallelism(maximumChunks: 8, minimumChunkBytes: 1, minimumChunkEntries: 1)
        var serialDiagnostics = Diagnostics()
        // Two plans of the same catalogs at once: only looked at, so read without locks (a plan for update locks its
        // catalogs until written or dropped).
        let serial = try SyncWorkflow(parallelism: .sequential).plan(
            root: folder.path, forUpdate: false, diagnostics: &serialDiagnostics)
        var parallelDiagnostics = Diagnostics()
        let parallel = try SyncWorkflow(parallelism: sideBySide).plan(
            root: folder.path, forUpdate: false, diagnostics: &parallelDiagnostics)
        #expect(serial.catalogs.count == 4 && serial.changed.count >= 2)
        #expect(!serialDiagnostics.all.isEmpty)
        #expect(parallel.catalogs.map(\.path) == serial.catalogs.map(\.path))
        #expect(parallel.catalogs.map(\.bytes) == serial.catalogs.map(\.bytes))
        #expect(
            parallel.catalogs.map {
                $0.result.changes.map { "\($0.kind) \($0.key) \(String(describing: $0.codeLocation))" }
            }
                == serial.catalogs.map {
                    $0.result.changes.map { "\($0.kind) \($0.key) \(String(describing: $0.codeLocation))" }
                })
        #expect(parallelDiagnostics.all.map(\.description) == serialDiagnostics.all.map(\.description))
    }
}
