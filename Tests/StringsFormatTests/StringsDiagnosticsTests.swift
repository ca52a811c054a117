import LocalizationCatalog
import TestSupport
import Testing

@testable import StringsFormat

/// Malformed `.strings` files are refused with exact `path:line:column: error:` diagnostics, and no input crashes
/// or hangs the reader.
@Suite("Strings diagnostics")
struct StringsDiagnosticsTests {
    static let invalid = Fixtures.names(in: "strings/invalid", withExtension: "strings")

    /// Reads `bytes`; the only error allowed is ``ConversionError``.
    static func readAnything(_ bytes: [UInt8], path: String = "en.lproj/fuzz.strings") -> Bool {
        var diagnostics = Diagnostics()
        do {
            _ = try StringsReader().read(
                SourceFile(path: path, bytes: bytes), options: ReadOptions(), diagnostics: &diagnostics)
            return true
        } catch is ConversionError {
            return true
        } catch {
            return false
        }
    }

    @Test("Invalid file gives its exact diagnostic", arguments: invalid)
    func diagnoses(_ name: String) throws {
        let path = "strings/invalid/\(name).strings"
        var diagnostics = Diagnostics()
        do {
            _ = try StringsReader().read(try Fixtures.source(path), options: ReadOptions(), diagnostics: &diagnostics)
            Issue.record("\(name) was accepted")
        } catch let error as ConversionError {
            let actual = Array((error.description + "\n").utf8)
            #expect(Fixtures.compareGolden(actual, "strings/invalid/\(name).diagnostics") == nil)
        }
    }

    @Test("Every invalid fixture has an expected diagnostic")
    func everyFixtureHasDiagnostics() {
        #expect(Self.invalid.count >= 30)
        #expect(Fixtures.names(in: "strings/invalid", withExtension: "diagnostics") == Self.invalid)
    }

    @Test("Every prefix of a valid file is read or refused, never a crash", arguments: StringsReaderTests.fixtures)
    func truncation(_ name: String) throws {
        let bytes = try Fixtures.bytes("strings/read/\(name).strings")
        #expect(Fixtures.firstPrefixFailing(bytes) { Self.readAnything($0) } == nil)
    }

    @Test("Random bytes and mutated fixtures only ever give a table or a ConversionError")
    func fuzz() throws {
        var random = SplitMix64(seed: 0x5EED_5781_6E65)
        for _ in 0..<3_000 {
            let length = Int(random.next() % 96)
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            #expect(Self.readAnything(bytes))
            // The same bytes behind each kind of header, so the decoders and the binary reader see them too.
            for header in [[0xFF, 0xFE], [0xFE, 0xFF], [0xEF, 0xBB, 0xBF], Array("bplist00".utf8)] as [[UInt8]] {
                #expect(Self.readAnything(header + bytes))
            }
        }
        let alphabet = Array(#" "'\/*;={}()<>aU07\#n\#r\#t"#.utf8) + [0x00, 0xE2, 0x80, 0xA8, 0xC3, 0xA9]
        for _ in 0..<3_000 {
            let length = Int(random.next() % 64)
            let bytes = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            #expect(Self.readAnything(bytes))
        }
        for name in ["plist-binary", "plist-xml", "encoding-utf16le-bom", "escapes", "comments"] {
            let original = try Fixtures.bytes("strings/read/\(name).strings")
            for _ in 0..<400 {
                var bytes = original
                for _ in 0..<1 + Int(random.next() % 4) {
                    bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
                }
                #expect(Self.readAnything(bytes), "mutated \(name)")
            }
        }
    }

    @Test("A huge count in a binary property list is refused without allocating it")
    func binaryHugeCount() throws {
        // Header, a dictionary marker with a 8-byte count follow-up, then a trailer pointing at it.
        var bytes = Array("bplist00".utf8) + [0xDF, 0x13] + [UInt8](repeating: 0xFF, count: 8)
        let offsetTable = bytes.count
        bytes += [8]
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 8)
        bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(offsetTable)]
        var diagnostics = Diagnostics()
        do {
            _ = try StringsReader().read(
                SourceFile(path: "en.lproj/x.strings", bytes: bytes), options: ReadOptions(), diagnostics: &diagnostics)
            Issue.record("a dictionary with 2^64 - 1 entries was accepted")
        } catch let error as ConversionError {
            #expect(
                error.description
                    == "en.lproj/x.strings: error: malformed binary property list: the object at offset 8 is longer than the file"
            )
        }
    }

    @Test("A file with more errors than the limit reports the first 100 and a note, each at its line")
    func errorLimit() throws {
        let text = (1...150).map { "\"k\($0)\" = ;\n" }.joined()
        var diagnostics = Diagnostics()
        do {
            _ = try StringsReader().read(
                SourceFile(path: "en.lproj/x.strings", bytes: Array(text.utf8)), options: ReadOptions(),
                diagnostics: &diagnostics)
            Issue.record("accepted")
        } catch let error as ConversionError {
            let errors = error.diagnostics.filter { $0.severity == .error }
            #expect(errors.count == 100)
            #expect(errors.map(\.line) == (1...100).map { $0 })
            // `"kN" = ;`: the `;` after the key's digits.
            #expect(errors.map(\.column) == (1...100).map { String($0).count + 7 })
            #expect(
                error.diagnostics.last?.description
                    == "en.lproj/x.strings:101:10: note: more errors follow; the first 100 are reported (fix them and "
                    + "read the file again)")
        }
    }
}
