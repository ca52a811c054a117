import Foundation
import LocalizationCatalog
import StringBridgeSupport
import TestSupport
import Testing

@testable import XCStringsFormat

/// Large catalogs are read and written in chunks on several threads; the results must be exactly those of one
/// thread: the same model (keys in the order read), the same bytes, the same warnings and the same diagnostics.
@Suite("String Catalog chunked reading and writing")
struct XCStringsParallelTests {
    /// Forces chunks on any input, with this many at most.
    static func forced(_ chunks: Int) -> Parallelism {
        Parallelism(maximumChunks: chunks, minimumChunkBytes: 1, minimumChunkEntries: 1)
    }

    static let chunkCounts = [2, 3, 4, 7]

    /// A catalog of every entry shape of the feature fixture, repeated under new keys `copies` times (the
    /// copies interleave in Xcode's order), written by one thread.
    static func generated(copies: Int = 12) throws -> (table: StringTable, bytes: [UInt8]) {
        var diagnostics = Diagnostics()
        let features = try XCStringsReader(parallelism: .sequential).read(
            try Fixtures.source("xcstrings/read/features.xcstrings"), options: ReadOptions(), diagnostics: &diagnostics)
        var entries = OrderedMap<CatalogEntry>()
        for copy in 0..<copies {
            for (key, entry) in features.entries {
                entries["\(key) \(copy)"] = entry
            }
        }
        var table = features
        table.name = "generated"
        table.entries = entries
        let bytes = XCStringsWriter(parallelism: .sequential).encode(table, diagnostics: &diagnostics)
        #expect(diagnostics.all.isEmpty)
        return (table, bytes)
    }

    func read(_ bytes: [UInt8], _ parallelism: Parallelism, path: String = "big.xcstrings") -> Result<
        StringTable, ConversionError
    > {
        var diagnostics = Diagnostics()
        do {
            return .success(
                try XCStringsReader(parallelism: parallelism).read(
                    SourceFile(path: path, bytes: bytes), options: ReadOptions(), diagnostics: &diagnostics))
        } catch let error as ConversionError {
            return .failure(error)
        } catch {
            Issue.record("unexpected error \(error)")
            return .failure(ConversionError("unexpected", path: path))
        }
    }

    /// What one thread makes of `bytes` (a model or a diagnostic), checked to be the same with every chunk count.
    func expectSameDiagnostic(_ bytes: [UInt8], _ comment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let sequential = read(bytes, .sequential)
        for chunks in Self.chunkCounts {
            switch (sequential, read(bytes, Self.forced(chunks))) {
            case (.failure(let expected), .failure(let error)):
                #expect(
                    error.description == expected.description, "\(comment), \(chunks) chunks",
                    sourceLocation: sourceLocation)
            case (.success(let expected), .success(let table)):
                #expect(table == expected, "\(comment), \(chunks) chunks", sourceLocation: sourceLocation)
            default:
                Issue.record("\(comment): \(chunks) chunks disagree with one thread", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("Every key's place (origin) is the same on any number of threads, and is the key's line and column")
    func originsAgree() throws {
        let (_, bytes) = try Self.generated()
        let sequential = try read(bytes, .sequential).get()
        for chunks in Self.chunkCounts {
            let table = try read(bytes, Self.forced(chunks)).get()
            let origins = table.entries.values.map(\.origin)
            #expect(origins == sequential.entries.values.map(\.origin), "\(chunks) chunks")
        }
        // Each origin is where the key's quote is, as FileLocation counts from the start of the file.
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (key, entry) in sequential.entries {
            let origin = try #require(entry.origin)
            #expect(origin.path == "big.xcstrings")
            // Columns count Unicode scalars.
            let rest = String(
                String.UnicodeScalarView(lines[origin.line - 1].unicodeScalars.dropFirst(origin.column - 1)))
            #expect(rest.hasPrefix("\""), "\(key)")
            if key.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 && $0 != "\"" && $0 != "\\" }) {
                #expect(rest.hasPrefix("\"\(key)\""), "\(key)")
            }
        }
    }

    @Test("A catalog on one line places every key at its own column (counted on from the key before it)")
    func originsOnOneLine() throws {
        let (_, lined) = try Self.generated()
        // JSON strings hold no raw line break, so the catalog stays valid with its line breaks made spaces.
        let bytes = lined.map { $0 == UInt8(ascii: "\n") ? UInt8(ascii: " ") : $0 }
        let table = try read(bytes, .sequential).get()
        let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var previous = 0
        for (key, entry) in table.entries {
            let origin = try #require(entry.origin)
            #expect(origin.line == 1, "\(key)")
            #expect(scalars[origin.column - 1] == "\"", "\(key)")
            #expect(origin.column > previous, "\(key)")
            previous = origin.column
            if key.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 && $0 != "\"" && $0 != "\\" }) {
                let rest = String(String.UnicodeScalarView(scalars[(origin.column - 1)...]))
                #expect(rest.hasPrefix("\"\(key)\""), "\(key)")
            }
        }
    }

    @Test("The generated catalog splits between entries")
    func splitsAreFound() throws {
        let (_, bytes) = try Self.generated()
        bytes.withUnsafeBufferPointer { buffer in
            let objectStart = Array(buffer).firstIndex(of: UInt8(ascii: "{"), after: "\"strings\" : ")
            let splits = EntrySplitter(bytes: buffer, objectStart: objectStart).splits(4)
            #expect(splits.count == 3)
            #expect(splits == splits.sorted())
            for split in splits {
                #expect(buffer[split] == UInt8(ascii: ","))
                #expect(Array(buffer[(split + 1)..<(split + 7)]) == Array("\n    \"".utf8))
            }
            // One line, no indent to go by: no split, so one thread reads it.
            let minified = Array(#"{"sourceLanguage":"en","strings":{"a":{},"b":{}}}"#.utf8)
            minified.withUnsafeBufferPointer { minified in
                #expect(EntrySplitter(bytes: minified, objectStart: 33).splits(2).isEmpty)
            }
        }
    }

    /// The `"strings"` object of `bytes` read in chunks, or `nil` when the reader would fall back to one thread.
    func entriesInChunks(_ bytes: [UInt8], _ chunks: Int) -> OrderedMap<CatalogEntry>? {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer, path: "big.xcstrings")
            scanner.offset = bytes.firstIndex(of: UInt8(ascii: "{"), after: "\"strings\" : ")
            scanner.depth = 1
            let entries = CatalogParser(name: "big", parallelism: Self.forced(chunks)).parseEntriesInChunks(&scanner)
            if entries != nil {
                scanner.skipWhitespace()
                #expect(Array(buffer[scanner.offset...].prefix(3)) == Array(",\n ".utf8))
            }
            return entries
        }
    }

    @Test("The generated catalog is read in chunks, not by the fallback", arguments: chunkCounts)
    func chunksAreUsed(_ chunks: Int) throws {
        let (_, bytes) = try Self.generated()
        let sequential = try read(bytes, .sequential).get()
        #expect(entriesInChunks(bytes, chunks) == sequential.entries)
    }

    @Test("Chunked reading gives the model one thread gives", arguments: chunkCounts)
    func readsTheSameModel(_ chunks: Int) throws {
        let (table, bytes) = try Self.generated()
        let sequential = try read(bytes, .sequential).get()
        let chunked = try read(bytes, Self.forced(chunks)).get()
        #expect(chunked == sequential)
        #expect(chunked.entries.count == table.entries.count)
        #expect(chunked.version == sequential.version && chunked.traits == sequential.traits)
    }

    @Test("Chunked writing gives the bytes one thread gives", arguments: chunkCounts)
    func writesTheSameBytes(_ chunks: Int) throws {
        let (table, bytes) = try Self.generated()
        var diagnostics = Diagnostics()
        let output = XCStringsWriter(parallelism: Self.forced(chunks)).encode(table, diagnostics: &diagnostics)
        #expect(Fixtures.firstDifference(expected: bytes, actual: output) == nil)
        #expect(diagnostics.all.isEmpty)
    }

    @Test(
        "Writing as the pieces are made gives the same bytes and warnings, one piece at a time", arguments: chunkCounts)
    func streamedPiecesAreTheSameBytes(_ chunks: Int) throws {
        var (table, _) = try Self.generated(copies: 3)
        let width = Localization(variations: Variations(width: ["20": Localization("narrow")]))
        table.entries[valueAt: 3].localizations = ["de": width]
        var joinedDiagnostics = Diagnostics()
        let joined = XCStringsWriter(parallelism: Self.forced(chunks)).encode(table, diagnostics: &joinedDiagnostics)
        var diagnostics = Diagnostics()
        let sink = PieceSink()
        XCStringsWriter(parallelism: Self.forced(chunks)).encode(table, diagnostics: &diagnostics) { sink.take($0) }
        #expect(Fixtures.firstDifference(expected: joined, actual: sink.bytes) == nil)
        // Header, one piece per run (several runs per thread), footer.
        #expect(sink.pieces >= (chunks > 1 ? 2 + chunks : 3))
        #expect(!sink.overlapped)
        #expect(diagnostics == joinedDiagnostics && diagnostics.warnings.count == 1)
    }

    @Test("A streamed catalog of many entries comes in pieces of at most 1,024 entries, whatever the threads")
    func streamedPiecesAreBounded() throws {
        // 10 × 1,024 entries and a few: eleven runs, where eight (four per thread) would hold 1,281 entries each.
        var entries = OrderedMap<CatalogEntry>()
        for index in 0..<(10 * 1024 + 5) {
            entries["key \(index)"] = CatalogEntry(
                localizations: ["en": Localization("value \(index)"), "de": Localization("Wert \(index)")])
        }
        var table = StringTable(name: "Many", sourceLanguage: "en")
        table.entries = entries
        table.version = "1.0"
        for chunks in [2, 3] {
            var diagnostics = Diagnostics()
            let whole = XCStringsWriter(parallelism: .sequential).encode(table, diagnostics: &diagnostics)
            let sink = PieceSink()
            XCStringsWriter(parallelism: Self.forced(chunks)).encode(table, diagnostics: &diagnostics) { sink.take($0) }
            #expect(Fixtures.firstDifference(expected: whole, actual: sink.bytes) == nil)
            // Header, the runs (eleven, or four per thread where that is more), footer.
            #expect(sink.pieces == 2 + max(11, chunks * 4), "\(chunks) chunks")
            #expect(sink.largest < whole.count / 10, "\(chunks) chunks")
        }
    }

    @Test("Chunked writing warns as one thread does, in the same order")
    func warnsInOrder() throws {
        var (table, _) = try Self.generated(copies: 3)
        let width = Localization(variations: Variations(width: ["20": Localization("narrow")]))
        for position in stride(from: 0, to: table.entries.count, by: 9) {
            table.entries[valueAt: position].localizations = ["de": width, "fr": width]
        }
        var sequential = Diagnostics()
        let expected = XCStringsWriter(parallelism: .sequential).encode(table, diagnostics: &sequential)
        #expect(sequential.warnings.count > 4)
        for chunks in Self.chunkCounts {
            var diagnostics = Diagnostics()
            let output = XCStringsWriter(parallelism: Self.forced(chunks)).encode(table, diagnostics: &diagnostics)
            #expect(output == expected)
            #expect(diagnostics == sequential)
        }
    }

    @Test(
        "Xcode-formatted fixtures read and write the same in chunks",
        arguments: XCStringsGoldenTests.xcodeFormatted)
    func fixtures(_ name: String) throws {
        let source = try Fixtures.source("xcstrings/read/\(name).xcstrings")
        for chunks in Self.chunkCounts {
            var diagnostics = Diagnostics()
            let table = try XCStringsReader(parallelism: Self.forced(chunks)).read(
                source, options: ReadOptions(), diagnostics: &diagnostics)
            #expect(table == (try read(source.bytes, .sequential, path: source.path).get()))
            let output = XCStringsWriter(parallelism: Self.forced(chunks)).encode(table, diagnostics: &diagnostics)
            #expect(Fixtures.firstDifference(expected: source.bytes, actual: output) == nil)
        }
    }

    @Test("Invalid fixtures give their exact diagnostic in chunks", arguments: XCStringsDiagnosticsTests.invalid)
    func invalidFixtures(_ name: String) throws {
        let path = "xcstrings/invalid/\(name).xcstrings"
        let expected = String(decoding: try Fixtures.bytes("xcstrings/invalid/\(name).diagnostics"), as: UTF8.self)
        let bytes = try Fixtures.bytes(path)
        for chunks in Self.chunkCounts {
            guard case .failure(let error) = read(bytes, Self.forced(chunks), path: path) else {
                Issue.record("\(name) was accepted with \(chunks) chunks")
                continue
            }
            #expect(error.description + "\n" == expected)
        }
    }

    @Test("Errors in a large catalog give the diagnostic one thread gives")
    func invalidLargeCatalogs() throws {
        let (table, bytes) = try Self.generated()
        let keys = table.entries.keys
        let text = String(decoding: bytes, as: UTF8.self)

        /// `text` with the `occurrence`-th `old` (the last one if there are fewer) replaced.
        func replacing(_ old: String, with new: String, occurrence: Int = 0, in text: String = text) throws -> String {
            var ranges: [Range<String.Index>] = []
            var from = text.startIndex
            while let range = text.range(of: old, range: from..<text.endIndex) {
                ranges.append(range)
                from = range.upperBound
            }
            let chosen = try #require(ranges.isEmpty ? nil : ranges[min(occurrence, ranges.count - 1)], "\(old)")
            return text.replacingCharacters(in: chosen, with: new)
        }
        func keyLine(_ key: String) -> String { "\n    \(Diagnostic.quoted(key)) : {" }

        // A late entry renamed to an early key (duplicate across chunks), and to a neighbour (within a chunk).
        let late = keys[keys.count - 5]
        for (new, comment) in [
            (keys[2], "duplicate across chunks"), (keys[keys.count - 4], "duplicate in a chunk"),
            (keys[keys.count / 2], "duplicate of the middle"),
        ] {
            expectSameDiagnostic(Array(try replacing(keyLine(late), with: keyLine(new)).utf8), comment)
        }
        // Syntax and type errors early, in the middle and late, and in two places at once.
        let count = text.components(separatedBy: "\"state\" : ").count - 1
        for occurrence in [0, count / 3, count / 2, count - 1] {
            for (old, new, comment) in [
                ("\"state\" : ", "\"state\" ; ", "colon"), ("\"state\" : ", "\"state\" : 1, \"x\" : ", "type"),
                ("},\n    \"", "}\n    \"", "comma"), ("},\n    \"", "},,\n    \"", "commas"),
                ("},\n    \"", "}}\n    \"", "brace"), ("},\n    \"", "},\n    \"\\x", "escape"),
            ] {
                let changed = try replacing(old, with: new, occurrence: occurrence)
                expectSameDiagnostic(Array(changed.utf8), "\(comment) at \(occurrence)")
            }
        }
        let early = try replacing("\"value\" : ", with: "\"value\" : [", occurrence: 3)
        expectSameDiagnostic(
            Array(try replacing("\"state\" : ", with: ":", occurrence: count - 2, in: early).utf8),
            "two errors")
        // Invalid UTF-8 and a control character late in the file.
        var utf8 = bytes
        utf8[utf8.count * 3 / 4..<utf8.count].firstIndex(of: UInt8(ascii: "a")).map { utf8[$0] = 0xFF }
        expectSameDiagnostic(utf8, "invalid UTF-8")
        var control = bytes
        control[control.count * 2 / 3..<control.count].firstIndex(of: UInt8(ascii: "a")).map { control[$0] = 0x01 }
        expectSameDiagnostic(control, "control character")
        // Truncated anywhere.
        for length in stride(from: 1, to: bytes.count - 1, by: bytes.count / 97) {
            expectSameDiagnostic(Array(bytes[..<length]), "truncated at \(length)")
        }
        // Trailing content and a missing end.
        expectSameDiagnostic(bytes + Array(" x".utf8), "content after the end")
        expectSameDiagnostic(Array(bytes.dropLast()), "no final brace")
    }

    @Test("Lines that look like entry boundaries but are not still read as one thread reads them")
    func misleadingIndentation() throws {
        // Every line at the first member's indent, nested or not: the splitter finds commas inside entries.
        var text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
        for index in 0..<200 {
            text +=
                "  \"key \(index)\" : {\n  \"comment\" : \"c\(index)\",\n  \"extra\" : {\n  \"a\" : 1,\n  \"b\" : [1,\n  2]\n}\n}"
            text += index == 199 ? "\n" : ",\n"
        }
        text += "},\n  \"version\" : \"1.0\"\n}"
        let bytes = Array(text.utf8)
        let sequential = try read(bytes, .sequential).get()
        #expect(sequential.entries.count == 200)
        #expect(entriesInChunks(bytes, 4) == nil)
        for chunks in Self.chunkCounts {
            #expect(try read(bytes, Self.forced(chunks)).get() == sequential)
        }
        // The same with a duplicate key late: the exact diagnostic.
        let duplicate = text.replacingOccurrences(of: "\"key 190\"", with: "\"key 3\"")
        expectSameDiagnostic(Array(duplicate.utf8), "duplicate")
    }
}

extension Array where Element == UInt8 {
    /// The offset of the first `byte` after the first occurrence of `marker`.
    fileprivate func firstIndex(of byte: UInt8, after marker: String) -> Int {
        let pattern = Array(marker.utf8)
        var start = 0
        while start + pattern.count <= count, Array(self[start..<(start + pattern.count)]) != pattern { start += 1 }
        return self[(start + pattern.count)...].firstIndex(of: byte) ?? 0
    }
}

/// Collects the pieces a streamed write hands over, and notes whether two calls ever overlapped.
private final class PieceSink: @unchecked Sendable {
    private let lock = NSLock()
    private var active = false
    private(set) var bytes: [UInt8] = []
    private(set) var pieces = 0
    private(set) var largest = 0
    private(set) var overlapped = false

    func take(_ piece: RawSpan) {
        lock.lock()
        if active { overlapped = true }
        active = true
        lock.unlock()
        usleep(200)  // gives another thread the time to come in, were the calls not kept apart
        piece.withUnsafeBytes {
            bytes += $0
            largest = max(largest, $0.count)
        }
        pieces += 1
        lock.lock()
        active = false
        lock.unlock()
    }
}
