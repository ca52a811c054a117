import Foundation
import LocalizationCatalog
import LocalizationConverter
import StringsFormat
import Testing
import XCStringsFormat

/// Formats are told apart by ``FormatID`` and their capabilities, never by the spelling of their names.
@Suite("Formats by identity and capability")
struct FormatIDTests {
    @Test("The standard formats declare their identities and capabilities")
    func standardCapabilities() throws {
        let registry = FormatRegistry.standard
        #expect(registry.formats.map(\.id) == [.xcstrings, .strings, .stringsdict, .xliff])
        #expect(registry.formats.filter(\.holdsEveryLanguage).map(\.id) == [.xcstrings])
        #expect(registry.formats.filter(\.namesItsOwnTable).map(\.id) == [.xliff])
        #expect(registry.formats.filter(\.isLegacyTable).map(\.id) == [.strings, .stringsdict])
        #expect(registry.format(forPath: "Exports/de.XLF")?.id == .xliff)
        #expect(registry.format(named: "XCStrings")?.id == .xcstrings)
        #expect(registry.fileExtensions(of: [.xliff, .stringsdict]) == ["xliff", "xlf", "stringsdict"])
        #expect(FormatID.xcstrings.rawValue == "xcstrings" && FormatID(rawValue: "strings") == .strings)
    }

    @Test("The formats of a conversion are looked up once, and an unknown one names the known formats")
    func formatsOfAConversion() throws {
        let converter = Converter()
        let formats = try converter.formats(inputs: ["a.strings", "b.stringsdict"], output: "-", to: "xcstrings")
        #expect(formats.inputs.map(\.id) == [.strings, .stringsdict])
        #expect(formats.output.id == .xcstrings)
        #expect(throws: ConversionError.self) { try converter.formats(inputs: ["a.txt"], output: "b.xcstrings") }
        do {
            _ = try converter.formats(inputs: ["a.strings"], output: "b.xcstrings", to: "catalog")
            Issue.record("an unknown format name was accepted")
        } catch let error as ConversionError {
            #expect(
                error.diagnostics.map(\.message) == [
                    "unknown format 'catalog'; known formats: xcstrings, strings, stringsdict, xliff"
                ])
        }
    }

    @Test("A legacy table becomes a catalog by capability, whatever the catalog format is called")
    func decidesByCapability() throws {
        // The same reader and writer registered under other names: the converter must still migrate the table.
        let catalog = FormatDescriptor(
            id: FormatID("catalog"), fileExtensions: ["xcstrings"], holdsEveryLanguage: true,
            reader: XCStringsReader(), writer: XCStringsWriter())
        let legacy = FormatDescriptor(
            id: FormatID("legacy"), fileExtensions: ["strings"], isLegacyTable: true, reader: StringsReader(),
            writer: StringsWriter())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stringbridge-formatid-\(UUID())")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("en.lproj"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("en.lproj/Main.strings").path
        try Data("/* Greeting */\n\"hello\" = \"Hello\";\n".utf8).write(to: URL(fileURLWithPath: input))

        var outputs: [[UInt8]] = []
        for registry in [FormatRegistry.standard, FormatRegistry([catalog, legacy])] {
            let output = folder.appendingPathComponent("Main-\(outputs.count).xcstrings").path
            var diagnostics = Diagnostics()
            try Converter(registry: registry).convert(inputs: [input], output: output, diagnostics: &diagnostics)
            outputs.append(Array(try Data(contentsOf: URL(fileURLWithPath: output))))
        }
        #expect(outputs[0] == outputs[1])
        let text = String(decoding: outputs[1], as: UTF8.self)
        #expect(text.contains("\"version\" : \"1.0\""))
        #expect(text.contains("\"extractionState\" : \"migrated\""))
    }
}
