import LocalizationCatalog
import StringsDictFormat
import TestSupport
import Testing

/// Binary `.stringsdict` files (what Xcode puts in built apps) are read like the XML form, nothing lost.
///
/// `Fixtures/stringsdict/read/binary.stringsdict` and `binary.xml` are one value written by `plistlib` in both
/// forms (`Fixtures/stringsdict/generate_binary.py`); the invalid binary files are in `invalid/` with the others.
@Suite("Stringsdict binary property lists")
struct StringsDictBinaryTests {
    static func read(_ relative: String, as path: String) throws -> (StringTable, Diagnostics) {
        var diagnostics = Diagnostics()
        let table = try StringsDictReader().read(
            SourceFile(path: path, bytes: try Fixtures.bytes(relative)), options: ReadOptions(),
            diagnostics: &diagnostics)
        return (table, diagnostics)
    }

    @Test("The binary form gives the table of the XML form, and the writer gives plistlib's XML back byte for byte")
    func binaryReadsLikeXML() throws {
        let (binary, binaryDiagnostics) = try Self.read(
            "stringsdict/read/binary.stringsdict", as: "en.lproj/Localizable.stringsdict")
        let (xml, xmlDiagnostics) = try Self.read("stringsdict/read/binary.xml", as: "en.lproj/Localizable.stringsdict")
        #expect(binaryDiagnostics.all.isEmpty)
        #expect(xmlDiagnostics.all.isEmpty)
        #expect(binary.entries.keys == xml.entries.keys)
        #expect(binary.entries == xml.entries)
        #expect(binary.entries.count == 18)
        var diagnostics = Diagnostics()
        let files = try StringsDictWriter().write(binary, options: WriteOptions(), diagnostics: &diagnostics)
        #expect(diagnostics.all.isEmpty)
        #expect(files.map(\.relativePath) == ["en.lproj/Localizable.stringsdict"])
        #expect(Fixtures.compareGolden(files[0].bytes, "stringsdict/read/binary.xml") == nil)
    }

    @Test("What the binary file holds reaches the model: rules, value types, unknown members of every type")
    func contents() throws {
        let (table, _) = try Self.read("stringsdict/read/binary.stringsdict", as: "de.lproj/Plurals.stringsdict")
        #expect(table.name == "Plurals")
        #expect(table.traits.endsWithNewline == nil)
        let files = try #require(table.entries["%d files in %d folders"]?.localizations?["de"])
        #expect(files.stringUnit?.value == "%#@files@ in %#@folders@")
        #expect(files.substitutions?.keys == ["files", "folders"])
        #expect(files.substitutions?["folders"]?.variations?.plural?.keys == ["zero", "one", "other"])
        #expect(files.substitutions?["files"]?.formatSpecifier == "d")
        let future = try #require(table.entries["Future"]?.localizations?["de"])
        #expect(future.extraMembers["XVersion"] == .number("1.5"))
        #expect(future.extraMembers["XCount"] == .number("42"))
        #expect(future.extraMembers["XNegative"] == .number("-7"))
        #expect(future.extraMembers["XEnabled"] == .bool(true))
        #expect(future.extraMembers["XDisabled"] == .bool(false))
        var nested = OrderedMap<JSONValue>()
        nested["nested"] = .string("yes")
        #expect(future.extraMembers["XList"] == .array([.string("a"), .number("2"), .object(nested)]))
        #expect(table.entries["Grüße 👋"]?.localizations?["de"]?.stringUnit?.value == "Grüße aus Köln 👋🏽")
        #expect(table.entries["empty"]?.localizations?["de"]?.stringUnit?.value == "")
        #expect(table.entries["Welcome"]?.localizations?["de"]?.variations?.width?.keys == ["20", "50"])
        #expect(table.entries["%lld photos"]?.localizations?["de"]?.variations?.device?.keys == ["iphone", "other"])
        #expect(table.entries["Future"]?.origin == nil)
    }

    @Test("Every prefix of the binary file is read or refused, never a crash")
    func prefixes() throws {
        let bytes = try Fixtures.bytes("stringsdict/read/binary.stringsdict")
        #expect(Fixtures.firstPrefixFailing(bytes) { StringsDictDiagnosticsTests.readAnything($0) } == nil)
        var random = SplitMix64(seed: 0xB1_57)
        for _ in 0..<1_000 {
            var mutated = bytes
            for _ in 0..<1 + Int(random.next() % 4) {
                mutated[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
            }
            #expect(StringsDictDiagnosticsTests.readAnything(mutated))
        }
    }
}
