import LocalizationCatalog
import StringBridgeSupport
import TestSupport
import Testing

@testable import CodeExtraction

/// Files side by side: what each reader returns on all cores (strings, their order, diagnostics) is what it returns
/// reading the files one after the other on the calling thread.
@Suite("code readers: files side by side")
struct ParallelReadingTests {
    /// As many threads as files allow, whatever the machine's cores.
    static let sideBySide = Parallelism(maximumChunks: 8, minimumChunkBytes: 1, minimumChunkEntries: 1)

    /// Every fixture below `Fixtures/code/<folder>` with one of `extensions`, three times under other paths (so a
    /// join out of file order shows), the invalid ones included.
    static func files(_ folder: String, _ extensions: Set<String>) throws -> [CodeFile] {
        let names = Fixtures.files(below: "code/" + folder).filter { name in
            extensions.contains { name.hasSuffix("." + $0) }
        }
        var files: [CodeFile] = []
        for copy in 1...3 {
            for name in names {
                let text = String(decoding: try Fixtures.bytes("code/\(folder)/\(name)"), as: UTF8.self)
                files.append(CodeFile(path: "copy\(copy)/\(name)", text: text))
            }
        }
        return files
    }

    /// Reads `files` with both readers and expects the same strings and diagnostics, and some of each.
    static func expectSame(_ oneThread: some CodeReader, _ allCores: some CodeReader, _ files: [CodeFile]) {
        var serialDiagnostics = Diagnostics()
        let serial = oneThread.strings(in: files, diagnostics: &serialDiagnostics)
        var parallelDiagnostics = Diagnostics()
        let parallel = allCores.strings(in: files, diagnostics: &parallelDiagnostics)
        #expect(!serial.isEmpty && !serialDiagnostics.all.isEmpty)
        #expect(dump(parallel) == dump(serial))
        #expect(parallelDiagnostics.all.map(\.description) == serialDiagnostics.all.map(\.description))
        // In file order, then source order.
        let order = Dictionary(uniqueKeysWithValues: files.enumerated().map { ($1.path, $0) })
        let positions = parallel.map { order[$0.location.path] ?? -1 }
        #expect(positions == positions.sorted() && !positions.contains(-1))
    }

    @Test("Objective-C and C")
    func objectiveC() throws {
        var oneThread = ObjectiveCCodeReader()
        oneThread.parallelism = .sequential
        var allCores = ObjectiveCCodeReader()
        allCores.parallelism = Self.sideBySide
        Self.expectSame(oneThread, allCores, try Self.files("objc", oneThread.fileExtensions))
    }

    @Test("Interface Builder")
    func interfaceBuilder() throws {
        var oneThread = InterfaceBuilderReader()
        oneThread.parallelism = .sequential
        var allCores = InterfaceBuilderReader()
        allCores.parallelism = Self.sideBySide
        Self.expectSame(oneThread, allCores, try Self.files("ib", oneThread.fileExtensions))
    }

    @Test("Info.plist")
    func infoPlist() throws {
        var oneThread = InfoPlistReader()
        oneThread.parallelism = .sequential
        var allCores = InfoPlistReader()
        allCores.parallelism = Self.sideBySide
        Self.expectSame(oneThread, allCores, try Self.files("plist", oneThread.fileExtensions))
    }

    @Test("Parallelism.map keeps the order of its items on any number of threads")
    func mapOrder() {
        let items = Array(0..<500)
        #expect(Self.sideBySide.map(items) { $0 * 3 } == items.map { $0 * 3 })
        #expect(Parallelism.sequential.map(items) { $0 * 3 } == items.map { $0 * 3 })
    }
}
