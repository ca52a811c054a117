import LocalizationCatalog
import StringsDictFormat
import TestSupport
import Testing

/// Malformed `.stringsdict` files are refused with exact `path:line:column: error:` diagnostics, odd but readable
/// ones give exact warnings, and no input crashes or hangs the reader.
@Suite("Stringsdict diagnostics")
struct StringsDictDiagnosticsTests {
    static let invalid = Fixtures.names(in: "stringsdict/invalid", withExtension: "stringsdict")
    static let warnings = StringsDictFixture.warnings
    static let valid = StringsDictFixture.valid

    /// Reads `bytes`; the only error allowed is ``ConversionError``.
    static func readAnything(_ bytes: [UInt8]) -> Bool {
        var diagnostics = Diagnostics()
        do {
            _ = try StringsDictReader().read(
                SourceFile(path: "en.lproj/fuzz.stringsdict", bytes: bytes), options: ReadOptions(),
                diagnostics: &diagnostics)
            return true
        } catch is ConversionError {
            return true
        } catch {
            return false
        }
    }

    @Test("Invalid file gives its exact diagnostic", arguments: invalid)
    func diagnoses(_ name: String) throws {
        var diagnostics = Diagnostics()
        do {
            _ = try StringsDictFixture.read("stringsdict/invalid/\(name).stringsdict", diagnostics: &diagnostics)
            Issue.record("\(name) was accepted")
        } catch let error as ConversionError {
            let actual = Array((error.description + "\n").utf8)
            #expect(Fixtures.compareGolden(actual, "stringsdict/invalid/\(name).diagnostics") == nil)
        }
    }

    @Test("Every invalid fixture has an expected diagnostic, and each one has a place")
    func everyInvalidFixtureHasDiagnostics() throws {
        #expect(Self.invalid.count >= 25)
        #expect(Fixtures.names(in: "stringsdict/invalid", withExtension: "diagnostics") == Self.invalid)
        for name in Self.invalid {
            let text = String(decoding: try Fixtures.bytes("stringsdict/invalid/\(name).diagnostics"), as: UTF8.self)
            #expect(text.hasPrefix("stringsdict/invalid/\(name).stringsdict:"), "\(name)")
            #expect(text.contains(": error: "), "\(name)")
        }
    }

    @Test("Odd but readable file gives its exact warnings", arguments: warnings)
    func warns(_ name: String) throws {
        var diagnostics = Diagnostics()
        _ = try StringsDictFixture.read("stringsdict/read/\(name).stringsdict", diagnostics: &diagnostics)
        #expect(!diagnostics.all.isEmpty)
        #expect(diagnostics.all.allSatisfy { $0.severity == .warning })
        let actual = StringsDictFixture.text(diagnostics.all)
        #expect(Fixtures.compareGolden(actual, "stringsdict/read/\(name).diagnostics") == nil)
    }

    @Test("Every warnings fixture has its expected warnings")
    func everyWarningsFixtureHasDiagnostics() {
        #expect(Self.warnings.count >= 5)
        let read = Fixtures.names(in: "stringsdict/read", withExtension: "stringsdict")
        #expect(Self.warnings.allSatisfy(read.contains))
    }

    @Test("Every prefix of a valid file is read or refused, never a crash", arguments: valid)
    func truncation(_ name: String) throws {
        let bytes = try Fixtures.bytes("stringsdict/read/\(name).stringsdict")
        #expect(Fixtures.firstPrefixFailing(bytes) { Self.readAnything($0) } == nil)
    }

    @Test("Random bytes and mutated fixtures only ever give a table or a ConversionError")
    func fuzz() throws {
        var random = SplitMix64(seed: 0x5EED_D1C7)
        for _ in 0..<1_000 {
            let length = Int(random.next() % 96)
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            #expect(Self.readAnything(bytes))
            #expect(Self.readAnything(Array("bplist00".utf8) + bytes))
        }
        let pieces = [
            "<dict>", "</dict>", "<key>", "</key>", "<string>", "</string>", "<array>", "</array>", "<true/>",
            "<integer>", "</integer>", "<dict/>", "NSStringLocalizedFormatKey", "NSStringFormatSpecTypeKey",
            "NSStringPluralRuleType", "NSStringDeviceSpecificRuleType", "NSStringVariableWidthRuleType", "%#@v@",
            "%1$#@", "v", "other", "&amp;", "&", "\t", "\n",
        ]
        let prolog = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n"
        for _ in 0..<2_000 {
            let count = Int(random.next() % 40)
            let body = (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            #expect(Self.readAnything(Array((prolog + body + "</plist>\n").utf8)))
        }
        for name in ["device-rule", "several-variables", "text-escaping", "width-rule"] {
            let original = try Fixtures.bytes("stringsdict/read/\(name).stringsdict")
            for _ in 0..<300 {
                var bytes = original
                for _ in 0..<1 + Int(random.next() % 4) {
                    bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
                }
                #expect(Self.readAnything(bytes), "mutated \(name)")
            }
        }
    }

    @Test("Deep nesting is refused or read, without exhausting the stack")
    func deepNesting() {
        let depth = 5_000
        let head = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict><key>k</key>"
        let text =
            head + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
            + "</dict></plist>\n"
        #expect(Self.readAnything(Array(text.utf8)))
    }

    @Test("A file with more bad entries than the limit reports the first 100 errors and a note")
    func errorLimit() throws {
        let entries = (1...150).map { "\t<key>k\($0)</key>\n\t<integer>1</integer>\n" }.joined()
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(entries)</dict>\n</plist>\n"
        var diagnostics = Diagnostics()
        do {
            _ = try StringsDictReader().read(
                SourceFile(path: "en.lproj/x.stringsdict", bytes: Array(text.utf8)), options: ReadOptions(),
                diagnostics: &diagnostics)
            Issue.record("accepted")
        } catch let error as ConversionError {
            let errors = error.diagnostics.filter { $0.severity == .error }
            #expect(errors.count == 100)
            #expect(errors.map(\.line) == (1...100).map { 2 * $0 + 3 })
            #expect(
                error.diagnostics.last?.description
                    == "en.lproj/x.stringsdict:205:2: note: more errors follow; the first 100 are reported (fix them "
                    + "and read the file again)")
        }
    }
}
