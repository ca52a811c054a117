import Foundation
import LocalizationCatalog
import StringBridgeRuntime
import Testing

@testable import CodeGeneration

/// The fixtures of the runtime: `Fixtures/runtime`.
let runtimeFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/runtime")

/// Compiles `inputs` (relative to the fixtures) and loads each table from a temporary folder.
func compiled(_ inputs: [String], developmentLanguage: String? = nil) throws -> (
    tables: [String: LocalizedTable], outputs: [TableCompilation.Output], diagnostics: Diagnostics
) {
    var diagnostics = Diagnostics()
    let paths = inputs.map { runtimeFixtures.appendingPathComponent($0).path }
    let outputs = try #require(
        TableCompilation.compile(paths, developmentLanguage: developmentLanguage, diagnostics: &diagnostics))
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("encoder-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var tables: [String: LocalizedTable] = [:]
    for output in outputs {
        try output.data.write(to: folder.appendingPathComponent(output.fileName))
        let name = String(output.fileName.dropLast(LocalizedTable.fileExtension.count))
        tables[name] = LocalizedTable(name: name, directory: folder)
    }
    return (tables, outputs, diagnostics)
}

@Suite struct RuntimeTableEncoderTests {
    @Test func catalogCompilesToTheGoldenTable() throws {
        let result = try compiled(["Greeter.xcstrings"])
        #expect(result.diagnostics.all.isEmpty)
        let output = try #require(result.outputs.first)
        #expect(output.fileName == "Greeter.stringbridge-table.json")
        let golden = runtimeFixtures.appendingPathComponent("Greeter.stringbridge-table.json")
        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" { try output.data.write(to: golden) }
        #expect(output.data == (try Data(contentsOf: golden)))
    }

    /// Every CLDR category of English, Russian, Arabic and Japanese, from the catalog through the compiled file.
    @Test(arguments: [
        ("en", 1, "1 file"), ("en", 0, "0 files"), ("en", 7, "7 files"),
        ("ru", 1, "1 файл"), ("ru", 3, "3 файла"), ("ru", 5, "5 файлов"),
        ("ar", 0, "لا ملفات"), ("ar", 1, "ملف واحد"), ("ar", 2, "ملفان"), ("ar", 3, "3 ملفات"), ("ar", 11, "11 ملفًا"),
        ("ar", 100, "100 ملف"),
        ("ja", 1, "1 個のファイル"),
    ])
    func compiledPluralsPerCategory(language: String, count: Int, expected: String) throws {
        let table = try #require(try compiled(["Greeter.xcstrings"]).tables["Greeter"])
        #expect(table.string("%lld files", count, languages: [language]) == expected)
    }

    @Test func decimalsSubstitutionsDevicesAndFallback() throws {
        let table = try #require(try compiled(["Greeter.xcstrings"]).tables["Greeter"])
        // `other`, with the Russian decimal comma (String(localized:) shows numbers in the reader's locale).
        #expect(table.string("%.1f km", 1.5, languages: ["ru"]) == "1,5 километра")
        #expect(table.string("%.1f km", 1.0, languages: ["en"]) == "1.0 kilometre")
        #expect(table.string("%@ has %lld apples", "Anna", 1, languages: ["en"]) == "Anna has 1 apple")
        #expect(table.string("%@ has %lld apples", "Анны", 5, languages: ["ru"]) == "У Анны 5 яблок")
        #expect(table.string("%@ has %lld apples", "Yuki", 2, languages: ["ja"]) == "Yuki has 2 apples")
        #expect(table.string("Only in English", languages: ["ar"]) == "Only in English")
        #expect(table.string("Hello, %@!", "Anna", languages: ["pt-BR", "ru-RU"]) == "Привет, Anna!")
        #if os(Linux)
            #expect(table.string("Press a key", languages: ["en"]) == "Press a key")
        #endif
    }

    @Test func legacyTablesCompileWithoutLibXML2() throws {
        let result = try compiled(["legacy/en.lproj", "legacy/ru.lproj"])
        #expect(result.diagnostics.all.isEmpty)
        let table = try #require(result.tables["Legacy"])
        #expect(table.developmentLanguage == "en")
        #expect(table.string("Hello", languages: ["ru"]) == "Привет")
        #expect(table.string("Only in English", languages: ["ru"]) == "Only in English")
        #expect(table.string("%d files", 0, "Documents", languages: ["en"]) == "No files in Documents")
        #expect(table.string("%d files", 1, "Documents", languages: ["en"]) == "1 file in Documents")
        #expect(table.string("%d files", 22, "Документах", languages: ["ru"]) == "22 файла in Документах")
        #expect(table.string("%d files", 25, "Документах", languages: ["ru"]) == "25 файлов in Документах")
        #expect(table.string("Click", languages: ["ru"]) == "Нажмите")
    }

    @Test func badInputsAreReportedAtTheirPlaceAndNothingIsWritten() {
        var diagnostics = Diagnostics()
        let bad = runtimeFixtures.appendingPathComponent("invalid")
        let outputs = TableCompilation.compile(
            [
                bad.appendingPathComponent("Broken.xcstrings").path, bad.appendingPathComponent("en.lproj").path,
                bad.appendingPathComponent("nothing.txt").path,
            ],
            developmentLanguage: nil, diagnostics: &diagnostics)
        #expect(outputs == nil)
        let messages = diagnostics.all.map(\.description)
        #expect(messages.count == 3)
        #expect(messages.contains { $0.hasPrefix(bad.appendingPathComponent("Broken.xcstrings").path + ":4:") })
        #expect(
            messages.contains {
                $0.hasPrefix(
                    bad.appendingPathComponent("en.lproj/Broken.strings").path + ":1:1: error: not a property list")
            })
        #expect(
            messages.contains(
                bad.appendingPathComponent("nothing.txt").path
                    + ":1:1: error: not a .xcstrings file, an .lproj folder or a legacy table in one"))
    }

    @Test func aTableGivenTwiceIsRefused() {
        var diagnostics = Diagnostics()
        let catalog = runtimeFixtures.appendingPathComponent("Greeter.xcstrings").path
        #expect(
            TableCompilation.compile([catalog, catalog], developmentLanguage: nil, diagnostics: &diagnostics) == nil)
        #expect(
            diagnostics.all.map(\.description) == [
                catalog
                    + ":1:1: error: table Greeter is given twice (a String Catalog and another table of the same name)"
            ])
    }

    @Test func argumentPlaceholders() {
        #expect(RuntimeTableEncoder.replacingArg(in: "%arg apples", argument: 2, spec: "lld") == "%2$lld apples")
        #expect(RuntimeTableEncoder.replacingArg(in: "100%%arg %arg", argument: nil, spec: "d") == "100%%arg %d")
        #expect(RuntimeTableEncoder.selectingArgument("%@ has %lld") == 2)
        #expect(RuntimeTableEncoder.selectingArgument("%2$d of %1$@") == 2)
        #expect(RuntimeTableEncoder.selectingArgument("none") == 1)
        #expect(
            TableCompilation.tableNames(of: [runtimeFixtures.appendingPathComponent("legacy/en.lproj").path]) == [
                "Legacy"
            ])
    }
}
