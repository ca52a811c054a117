import Foundation
import LocalizationCatalog
import TestSupport
import Testing
@_spi(XLIFFDocuments) import XLIFFFormat

/// The XLIFF reader: goldens for every fixture, exact diagnostics for broken input, and the details that matter.
@Suite("XLIFF reader")
struct XLIFFReaderTests {
    @Test("Fixture reads as its golden dump", arguments: XLIFFDocumentFixtures.valid)
    func readsFixture(_ name: String) throws {
        var diagnostics = Diagnostics()
        let document = try XLIFFDocumentFixtures.read(name, diagnostics: &diagnostics)
        let dump = XLIFFDocumentFixtures.dump(document, diagnostics: diagnostics)
        let difference = Fixtures.compareGolden(Array(dump.utf8), "\(XLIFFDocumentFixtures.folder)/\(name).document")
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test("Without notes, a fixture reads the same but for the units' notes", arguments: XLIFFDocumentFixtures.valid)
    func readsWithoutNotes(_ name: String) throws {
        let path = "\(XLIFFDocumentFixtures.folder)/\(name).xliff"
        var withNotes = Diagnostics()
        var expected = try XLIFFDocumentReader().read(try Fixtures.bytes(path), path: path, diagnostics: &withNotes)
        for file in expected.files.indices {
            for unit in expected.files[file].units.indices { expected.files[file].units[unit].notes = [] }
        }
        var withoutNotes = Diagnostics()
        let document = try XLIFFDocumentReader(keepsNotes: false).read(
            try Fixtures.bytes(path), path: path, diagnostics: &withoutNotes)
        #expect(document == expected)
        #expect(withoutNotes.all == withNotes.all)
    }

    @Test("Invalid document gives its exact diagnostic", arguments: XLIFFDocumentFixtures.invalid)
    func diagnoses(_ name: String) throws {
        let folder = XLIFFDocumentFixtures.invalidFolder
        let path = "\(folder)/\(name).xliff"
        var diagnostics = Diagnostics()
        do {
            _ = try XLIFFDocumentReader().read(try Fixtures.bytes(path), path: path, diagnostics: &diagnostics)
            Issue.record("\(name) was accepted")
        } catch let error as ConversionError {
            let difference = Fixtures.compareGolden(
                Array((error.description + "\n").utf8), "\(folder)/\(name).diagnostics")
            #expect(difference == nil, "\(difference ?? "")")
        }
    }

    @Test("Every invalid fixture has an expected diagnostic")
    func everyInvalidFixtureHasDiagnostics() {
        #expect(XLIFFDocumentFixtures.invalid.count >= 12)
        #expect(
            Fixtures.names(in: XLIFFDocumentFixtures.invalidFolder, withExtension: "diagnostics")
                == XLIFFDocumentFixtures.invalid)
    }

    @Test("CR, TAB, LF and markup characters come back exactly, in ids, text and notes")
    func controlCharacters() throws {
        var diagnostics = Diagnostics()
        let document = try XLIFFDocumentFixtures.read("catalog-export", diagnostics: &diagnostics)
        let units = try #require(document.files.last?.units)
        let unit = try #require(units.first { $0.id.hasPrefix("line") })
        #expect(unit.id == "line\nbreak\ttab\r\ncrlf\rcr")
        #expect(unit.source == "line\nbreak\ttab\r\ncrlf\rcr")
        #expect(unit.notes == [XLIFFNote("Comment with a TAB\there,\na line break and a CR\rat the end\r")])
        let markup = try #require(units.first { $0.id.hasPrefix("<b>") })
        #expect(markup.id == #"<b>Tom & Jerry</b> say "hi""#)
        #expect(markup.source == #"<b>Tom & Jerry</b> say "hi""#)
        let padded = try #require(units.first { $0.id == "  padded  " })
        #expect(padded.source == "  two spaces around  ")
        #expect(padded.notes == [XLIFFNote("   ")])
        #expect(diagnostics.all.isEmpty)
    }

    @Test("A duplicate id is found among many units, however far from the first", arguments: [2, 40, 700])
    func duplicateAmongMany(_ count: Int) throws {
        // Short units: far more of them than the reader expects from the size, so its id table grows.
        var lines = [
            #"<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">"#,
            #"<file original="a.xcstrings" source-language="en" datatype="plaintext"><body>"#,
        ]
        for number in 0..<count { lines.append(#"<trans-unit id="k\#(number)"><source>s</source></trans-unit>"#) }
        let valid = lines + ["</body></file></xliff>"]
        var diagnostics = Diagnostics()
        let document = try XLIFFDocumentReader().read(
            Array(valid.joined(separator: "\n").utf8), path: "d.xliff", diagnostics: &diagnostics)
        #expect(document.files.first?.units.count == count)

        let duplicated =
            lines + [#"<trans-unit id="k1"><source>again</source></trans-unit>"#, "</body></file></xliff>"]
        #expect {
            try XLIFFDocumentReader().read(
                Array(duplicated.joined(separator: "\n").utf8), path: "d.xliff", diagnostics: &diagnostics)
        } throws: { error in
            (error as? ConversionError)?.description
                == "d.xliff:\(count + 3):1: error: duplicate <trans-unit> id 'k1' in <file> 'a.xcstrings'; the first one is at line 4"
        }
    }

    @Test("Canonically equivalent ids are two units, not duplicates")
    func canonicallyEquivalentIDs() throws {
        var diagnostics = Diagnostics()
        let document = try XLIFFDocumentFixtures.read("catalog-export", diagnostics: &diagnostics)
        let ids = document.files.last?.units.map(\.id).filter { $0.hasPrefix("caf") } ?? []
        #expect(
            ids.map { Array($0.unicodeScalars) } == [Array("cafe\u{301}".unicodeScalars), ["c", "a", "f", "\u{E9}"]])
    }

    @Test("States, qualifiers, translate and notes are read as written")
    func statesAndNotes() throws {
        var diagnostics = Diagnostics()
        let document = try XLIFFDocumentFixtures.read("catalog-export", diagnostics: &diagnostics)
        let units = document.files.flatMap(\.units)
        func unit(_ id: String) -> XLIFFUnit? { units.first { $0.id == id } }
        #expect(unit("%lld birds|==|plural.other")?.stateQualifier == "leveraged-mt")
        #expect(unit("%lld birds|==|plural.two")?.state == "new")
        #expect(unit("CFBundleDisplayName")?.translate == false)
        #expect(unit("CFBundleDisplayName")?.target == nil)
        #expect(
            unit("Seed Shop|==|device.other")?.notes == [
                XLIFFNote("The title of the shop screen.", from: "auto-generated")
            ])
        #expect(unit("")?.source == "")
        #expect(unit("")?.notes == [XLIFFNote("")])
        #expect(unit("empty target")?.target == "")
        #expect(unit("empty target")?.state == "translated")
    }

    @Test("Inline markup is flattened with a warning at each element")
    func inlineMarkup() throws {
        var diagnostics = Diagnostics()
        let document = try XLIFFDocumentFixtures.read("odd-but-valid", diagnostics: &diagnostics)
        let unit = try #require(document.files.first?.units.first { $0.id == "inline" })
        #expect(unit.source == "Tap Save now.")
        #expect(unit.target == "Tippe auf Sichern jetzt%@.")
        #expect(unit.notes == [XLIFFNote("A note with markup", from: "developer"), XLIFFNote("A second note")])
        let path = "xliff/read/odd-but-valid.xliff"
        let inline = diagnostics.all.map(\.description).filter { $0.contains("'inline'") }
        #expect(
            inline == [
                "\(path):15:21: warning: inline <g> in the <source> of trans-unit 'inline' was flattened to its text",
                "\(path):15:44: warning: inline <x/> in the <source> of trans-unit 'inline' was removed",
                "\(path):16:46: warning: inline <g> in the <target> of trans-unit 'inline' was flattened to its text",
                "\(path):16:68: warning: inline <mrk> in the <target> of trans-unit 'inline' was flattened to its text",
                "\(path):16:102: warning: inline <bx/> in the <target> of trans-unit 'inline' was removed",
                "\(path):16:122: warning: inline <ex/> in the <target> of trans-unit 'inline' was removed",
                "\(path):16:142: warning: inline <ph> in the <target> of trans-unit 'inline' was flattened to its text",
                "\(path):17:9: warning: <alt-trans> in trans-unit 'inline' is not kept: Xcode neither writes nor reads it",
                "\(path):18:44: warning: inline <g> in the <note> of trans-unit 'inline' was flattened to its text",
            ])
    }

    @Test("Paired and isolated codes keep their text; CDATA is text")
    func pairedCodes() throws {
        var diagnostics = Diagnostics()
        let document = try XLIFFDocumentFixtures.read("odd-but-valid", diagnostics: &diagnostics)
        let unit = try #require(document.files.first?.units.first { $0.id == "paired" })
        #expect(unit.source == "<b>Bold</b> and [more")
        #expect(unit.target == "<b>Fett</b> & [mehr")
        let path = "xliff/read/odd-but-valid.xliff"
        #expect(
            diagnostics.all.map(\.description).filter { $0.contains("'paired'") } == [
                "\(path):22:17: warning: inline <bpt> in the <source> of trans-unit 'paired' was flattened to its text",
                "\(path):22:48: warning: inline <ept> in the <source> of trans-unit 'paired' was flattened to its text",
                "\(path):22:81: warning: inline <it> in the <source> of trans-unit 'paired' was flattened to its text",
            ])
    }

    @Test("Elements the model has no place for, and second sources and targets, are dropped with a warning")
    func droppedElements() throws {
        var diagnostics = Diagnostics()
        let document = try XLIFFDocumentFixtures.read("odd-but-valid", diagnostics: &diagnostics)
        let unit = try #require(document.files.first?.units.first { $0.id == "two sources" })
        #expect(unit.source == "First")
        #expect(unit.target == "Erste")
        let path = "xliff/read/odd-but-valid.xliff"
        let messages = diagnostics.all.map(\.description)
        #expect(
            messages.filter { $0.contains("'two sources'") || $0.contains("<header>") } == [
                "\(path):6:7: warning: <note> in <header> is not kept: Xcode neither writes nor reads it",
                "\(path):34:9: warning: second <source> in trans-unit 'two sources' ignored; the one at line 33 is used",
                "\(path):36:9: warning: second <target> in trans-unit 'two sources' ignored; the one at line 35 is used",
            ])
        #expect(diagnostics.all.allSatisfy { $0.severity == .warning })
    }

    @Test("A target without a source, a missing target-language and units in groups are accepted")
    func lenientShapes() throws {
        var diagnostics = Diagnostics()
        let document = try XLIFFDocumentFixtures.read("odd-but-valid", diagnostics: &diagnostics)
        let file = try #require(document.files.first)
        #expect(file.targetLanguage == nil)
        #expect(file.units.first?.source == nil)
        #expect(file.units.first?.target == "Nur Ziel")
        let grouped = try #require(file.units.first { $0.id == "grouped" })
        #expect(grouped.source == "Fish & <chips>")
        #expect(grouped.target == "Fisch & <Pommes>")
        #expect(grouped.space == nil)
        #expect(grouped.translate == true)
    }

    @Test("A prefixed XLIFF namespace is read, with a warning, and written back unprefixed")
    func prefixedNamespace() throws {
        var diagnostics = Diagnostics()
        let document = try XLIFFDocumentFixtures.read("prefixed-namespace", diagnostics: &diagnostics)
        #expect(document.files.first?.units.first?.target == "Bonjour")
        #expect(
            diagnostics.all.map(\.description) == [
                "xliff/read/prefixed-namespace.xliff:2:1: warning: the XLIFF elements use the namespace prefix "
                    + "'ns0:', which Xcode silently skips on import; read as if they used the default namespace"
            ])
        #expect(document.rootAttributes.first == XLIFFAttribute("xmlns", "urn:oasis:names:tc:xliff:document:1.2"))
    }

    @Test("UTF-16 with a byte-order mark reads like UTF-8, and is written back as UTF-8")
    func utf16() throws {
        let utf8 = try Fixtures.bytes("xliff/read/legacy-export.xliff")
        let text = String(decoding: utf8, as: UTF8.self)
            .replacingOccurrences(of: #"encoding="UTF-8""#, with: #"encoding="UTF-16""#)
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        var diagnostics = Diagnostics()
        let document = try XLIFFDocumentReader().read(utf16, path: "utf16.xliff", diagnostics: &diagnostics)
        #expect(document.layout.prolog == XLIFFLayout.xcodeProlog)
        #expect(XLIFFDocumentWriter().write(document) == utf8)
    }
}
