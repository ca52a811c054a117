import Foundation
import LocalizationCatalog
import LocalizationConverter
import TestSupport
import Testing
import XCStringsFormat

/// Random catalogs through every round trip.
///
/// CI runs a fixed seed; run many more locally with
/// `STRINGBRIDGE_PROPERTY_RUNS=1000 swift test --filter PropertyTests` (and `STRINGBRIDGE_PROPERTY_SEED=N` to
/// start elsewhere or to reproduce a failure, whose seed the message names).
@Suite("Round-trip properties")
struct PropertyTests {
    static let environment = ProcessInfo.processInfo.environment
    static let runs = environment["STRINGBRIDGE_PROPERTY_RUNS"].flatMap(Int.init) ?? 25
    static let firstSeed = environment["STRINGBRIDGE_PROPERTY_SEED"].flatMap(UInt64.init) ?? 0x5EED

    static var seeds: [UInt64] { (0..<UInt64(runs)).map { firstSeed &+ $0 } }

    func write(_ table: StringTable, in folder: URL) throws -> String {
        var diagnostics = Diagnostics()
        let path = folder.appendingPathComponent("\(table.name).xcstrings").path
        try Data(XCStringsWriter().encode(table, diagnostics: &diagnostics)).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("xcstrings: write → read → write is the identity, in content and in bytes")
    func catalogRewrite() throws {
        for seed in Self.seeds {
            var generator = CatalogGenerator(seed: seed)
            let table = generator.catalog().sortedLikeXcode()
            var diagnostics = Diagnostics()
            let bytes = XCStringsWriter().encode(table, diagnostics: &diagnostics)
            let read = try XCStringsReader().read(
                SourceFile(path: "random.xcstrings", bytes: bytes), options: ReadOptions(), diagnostics: &diagnostics)
            #expect(XCStringsWriter().encode(read, diagnostics: &diagnostics) == bytes, "seed \(seed)")
            for (key, entry) in table.entries {
                #expect(read.entries[key] == entry, "seed \(seed), key \(key.debugDescription)")
            }
        }
    }

    @Test("Every round trip of a random catalog loses nothing a target format can hold")
    func catalogTrips() throws {
        let folder = try StringBridgeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for seed in Self.seeds {
            var generator = CatalogGenerator(seed: seed)
            let path = try write(generator.catalog(), in: folder)
            let report = try RoundTrip().run([path])
            if report.hasLosses {
                // Kept for `stringbridge roundtrip` by hand.
                let kept = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "stringbridge-property-\(seed).xcstrings")
                try? FileManager.default.removeItem(at: kept)
                try? FileManager.default.copyItem(at: URL(fileURLWithPath: path), to: kept)
            }
            Self.recordLosses(report, seed: seed)
        }
    }

    @Test("Legacy tables compiled from a random catalog come back through a catalog unchanged")
    func legacyTrips() throws {
        let folder = try StringBridgeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for seed in Self.seeds {
            var generator = CatalogGenerator(seed: seed)
            let table = generator.catalog()
            var diagnostics = Diagnostics()
            let project = folder.appendingPathComponent("seed-\(seed)")
            for file in try Compilation().compile(table, languages: nil, diagnostics: &diagnostics) {
                let url = project.appendingPathComponent(file.relativePath)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.bytes).write(to: url)
            }
            let report = try RoundTrip().run([project.path])
            Self.recordLosses(report, seed: seed)
        }
    }

    /// Records the first losses of a report as one issue naming the seed (the whole report would be unreadable).
    static func recordLosses(_ report: RoundTripReport, seed: UInt64) {
        guard report.hasLosses else { return }
        let losses = report.losses.prefix(8).map(\.description).joined(separator: "\n")
        Issue.record("seed \(seed): \(report.losses.count) losses, the first:\n\(losses)")
    }
}
