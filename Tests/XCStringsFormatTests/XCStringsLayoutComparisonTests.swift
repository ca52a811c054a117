import Foundation
import LocalizationCatalog
import StringBridgeSupport
import TestSupport
import Testing

@testable import XCStringsFormat

/// `XCStringsWriter.firstDifference(of:from:diagnostics:)`: the layout of a catalog compared with its rewrite as the
/// rewrite is made (check's not-xcode-formatted and roundtrip's same-format trip), without holding either whole.
@Suite("String Catalog rewrite compared in pieces")
struct XCStringsLayoutComparisonTests {
    func difference(_ table: StringTable, _ bytes: [UInt8], _ parallelism: Parallelism) -> Int? {
        var diagnostics = Diagnostics()
        return bytes.withUnsafeBufferPointer {
            XCStringsWriter(parallelism: parallelism).firstDifference(of: table, from: $0, diagnostics: &diagnostics)
        }
    }

    @Test("The first differing byte, at every place and in every split, is the one a whole rewrite gives")
    func firstDifference() throws {
        let (table, bytes) = try XCStringsParallelTests.generated(copies: 6)
        for chunks in [1] + XCStringsParallelTests.chunkCounts {
            let parallelism = XCStringsParallelTests.forced(chunks)
            #expect(difference(table, bytes, parallelism) == nil)
            for offset in [0, 1, bytes.count / 3, bytes.count / 2, bytes.count - 1] {
                var changed = bytes
                changed[offset] ^= 0x20
                #expect(difference(table, changed, parallelism) == offset, "\(chunks) chunks, offset \(offset)")
            }
            // One is a prefix of the other: the difference is at the shorter one's end.
            #expect(difference(table, Array(bytes.dropLast(5)), parallelism) == bytes.count - 5)
            #expect(difference(table, bytes + Array("\n".utf8), parallelism) == bytes.count)
            #expect(difference(table, [], parallelism) == 0)
        }
    }
}
