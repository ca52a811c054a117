import CodeExtraction
import LocalizationCatalog
import StringBridgeSupport
import TestSupport
import Testing

@testable import SwiftCodeReader

/// Swift files side by side: on all cores the reader returns what it returns parsing the files one after the other.
@Suite("Swift reader: files side by side")
struct SwiftParallelReadingTests {
    @Test("every fixture read together, three times under other paths: the same strings, order and diagnostics")
    func sameAsOneThread() throws {
        let names = Fixtures.files(below: "code/swift").filter { $0.hasSuffix(".swift") }
        var files: [CodeFile] = []
        for copy in 1...3 {
            for name in names {
                let text = String(decoding: try Fixtures.bytes("code/swift/\(name)"), as: UTF8.self)
                files.append(CodeFile(path: "copy\(copy)/\(name)", text: text))
            }
        }
        var oneThread = SwiftCodeReader()
        oneThread.parallelism = .sequential
        var allCores = SwiftCodeReader()
        allCores.parallelism = Parallelism(maximumChunks: 8, minimumChunkBytes: 1, minimumChunkEntries: 1)
        var serialDiagnostics = Diagnostics()
        let serial = oneThread.strings(in: files, diagnostics: &serialDiagnostics)
        var parallelDiagnostics = Diagnostics()
        let parallel = allCores.strings(in: files, diagnostics: &parallelDiagnostics)
        #expect(!serial.isEmpty && !serialDiagnostics.all.isEmpty)
        #expect(
            SwiftCodeReaderTests.dump(parallel, parallelDiagnostics)
                == SwiftCodeReaderTests.dump(serial, serialDiagnostics))
        let order = Dictionary(uniqueKeysWithValues: files.enumerated().map { ($1.path, $0) })
        let positions = parallel.map { order[$0.location.path] ?? -1 }
        #expect(positions == positions.sorted() && !positions.contains(-1))
    }
}
