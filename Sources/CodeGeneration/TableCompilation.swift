import Foundation
import LocalizationCatalog
import StringBridgeRuntime
import XCStringsFormat

/// `stringbridge-generate tables`: String Catalogs and `.lproj` folders → one compiled table file per table.
///
/// Inputs are `.xcstrings` files, `.lproj` folders (their `.strings` and `.stringsdict` files) or single legacy
/// files inside an `.lproj` folder. A table's name is its file's name without extension; a table given both as a
/// catalog and as legacy files is refused (Xcode refuses it too). Nothing is written unless every input reads
/// without an error.
package enum TableCompilation {
    /// One table to write.
    package struct Output: Sendable {
        /// `<Table>.stringbridge-table.json`.
        package var fileName: String
        /// The file's bytes.
        package var data: Data
    }

    /// The legacy files of `.lproj` folders among `inputs`, and the catalogs, by table name.
    package static func tableNames(of inputs: [String]) -> [String] {
        var names: [String] = []
        for input in inputs {
            for file in expand(input) {
                let name = tableName(file)
                if !names.contains(name) { names.append(name) }
            }
        }
        return names
    }

    /// The compiled tables of `inputs`, or `nil` when an input has an error (in `diagnostics`).
    package static func compile(
        _ inputs: [String], developmentLanguage: String?, diagnostics: inout Diagnostics
    ) -> [Output]? {
        var catalogs: [String: StringTable] = [:]
        var legacy: [String: StringTable] = [:]
        var order: [String] = []
        var catalogPaths: [String: String] = [:]
        for input in inputs {
            let files = expand(input)
            if files.isEmpty {
                diagnostics.append(
                    Diagnostic(
                        .error, "not a .xcstrings file, an .lproj folder or a legacy table in one",
                        at: FileLocation(path: input, line: 1, column: 1)))
            }
            for file in files {
                let name = tableName(file)
                if !order.contains(name) { order.append(name) }
                guard let bytes = FileManager.default.contents(atPath: file).map(Array.init) else {
                    diagnostics.append(
                        Diagnostic(.error, "cannot read the file", at: FileLocation(path: file, line: 1, column: 1)))
                    continue
                }
                if file.hasSuffix(".xcstrings") {
                    if catalogs[name] != nil || legacy[name] != nil {
                        diagnostics.append(duplicate(name, file))
                        continue
                    }
                    do {
                        // As Xcode's build reads it: a key written twice is a warning, the last one wins.
                        catalogs[name] = try LastDefinitionWins.read(
                            SourceFile(path: file, bytes: bytes), options: ReadOptions(tableName: name),
                            diagnostics: &diagnostics)
                        catalogPaths[name] = file
                    } catch let error as ConversionError {
                        for diagnostic in error.diagnostics { diagnostics.append(diagnostic) }
                    } catch {
                        diagnostics.append(
                            Diagnostic(.error, "\(error)", at: FileLocation(path: file, line: 1, column: 1)))
                    }
                } else {
                    if catalogs[name] != nil {
                        diagnostics.append(duplicate(name, file))
                        continue
                    }
                    let language = URL(fileURLWithPath: file).deletingLastPathComponent().deletingPathExtension()
                        .lastPathComponent
                    var table = legacy[name] ?? StringTable(name: name, sourceLanguage: "")
                    LegacyTableReader.read(
                        bytes, path: file, language: language, into: &table, diagnostics: &diagnostics)
                    legacy[name] = table
                    catalogPaths[name] = catalogPaths[name] ?? file
                }
            }
        }
        guard !diagnostics.hasErrors else { return nil }
        var outputs: [Output] = []
        for name in order {
            guard var table = catalogs[name] ?? legacy[name] else { continue }
            if table.sourceLanguage.isEmpty {
                let languages = table.languages
                let wanted = developmentLanguage ?? "en"
                table.sourceLanguage = languages.contains(wanted) ? wanted : languages.sorted().first ?? wanted
            } else if let developmentLanguage, catalogs[name] == nil {
                table.sourceLanguage = developmentLanguage
            }
            let runtime = RuntimeTableEncoder.encode(table, path: catalogPaths[name] ?? name, diagnostics: &diagnostics)
            do {
                outputs.append(
                    Output(fileName: name + LocalizedTable.fileExtension, data: try RuntimeTableEncoder.data(runtime)))
            } catch {
                diagnostics.append(
                    Diagnostic(.error, "cannot encode table \(name): \(error)", path: catalogPaths[name]))
                return nil
            }
        }
        return outputs
    }

    private static func duplicate(_ name: String, _ file: String) -> Diagnostic {
        Diagnostic(
            .error, "table \(name) is given twice (a String Catalog and another table of the same name)",
            at: FileLocation(path: file, line: 1, column: 1))
    }

    /// The table name of a file: its name without extension.
    static func tableName(_ file: String) -> String {
        URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    }

    /// The files an input stands for: a catalog or legacy file itself, an `.lproj` folder's legacy files (sorted).
    static func expand(_ input: String) -> [String] {
        if input.hasSuffix(".xcstrings") { return [input] }
        if input.hasSuffix(".strings") || input.hasSuffix(".stringsdict") {
            return URL(fileURLWithPath: input).deletingLastPathComponent().pathExtension == "lproj" ? [input] : []
        }
        var isDirectory: ObjCBool = false
        guard input.hasSuffix(".lproj") || input.hasSuffix(".lproj/"),
            FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), isDirectory.boolValue,
            let names = try? FileManager.default.contentsOfDirectory(atPath: input)
        else { return [] }
        // `.strings` before `.stringsdict`, so a `.stringsdict` entry replaces the `.strings` one.
        return names.filter { $0.hasSuffix(".strings") || $0.hasSuffix(".stringsdict") }
            .sorted { ($0.hasSuffix(".stringsdict") ? 1 : 0, $0) < ($1.hasSuffix(".stringsdict") ? 1 : 0, $1) }
            .map { URL(fileURLWithPath: input).appendingPathComponent($0).path }
    }
}
