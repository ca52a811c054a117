import Foundation
import PackagePlugin

/// Compiles a target's string tables for `StringBridgeRuntime`.
///
/// String Catalogs (`.xcstrings`) and legacy `.lproj` tables (`.strings`, `.stringsdict`) become the files
/// `LocalizedTable` reads, one `<Table>.stringbridge-table.json` per table in the plugin's work folder. SwiftPM makes the outputs resources of the target, so `LocalizedTable(name:bundle: .module)`
/// finds them. Each String Catalog also gets typed accessors (`stringbridge-generate accessors --flavor runtime`:
/// `Localizable.pressAKey`, `Localizable.files(3)`, one `GeneratedStringSymbols_<Table>.swift` per catalog, compiled
/// with the target; docs/generate.md). The tool, `stringbridge-generate`, needs neither libxml2 nor swift-syntax.
@main
struct StringBridgeGeneratePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let tool = try context.tool(named: "stringbridge-generate")
        var inputsByTable: [String: [URL]] = [:]
        var tables: [String] = []
        var catalogs: [(table: String, url: URL)] = []
        for file in module.sourceFiles {
            let url = file.url
            let isCatalog = url.pathExtension == "xcstrings"
            let isLegacy =
                (url.pathExtension == "strings" || url.pathExtension == "stringsdict")
                && url.deletingLastPathComponent().pathExtension == "lproj"
            guard isCatalog || isLegacy else { continue }
            let table = url.deletingPathExtension().lastPathComponent
            if isCatalog { catalogs.append((table, url)) }
            if inputsByTable[table] == nil { tables.append(table) }
            inputsByTable[table, default: []].append(url)
        }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("tables")
        let compiled: [Command] = tables.sorted().map { table in
            let inputs = inputsByTable[table] ?? []
            return .buildCommand(
                displayName: "Compiling string table \(table) for \(target.name)",
                executable: tool.url,
                arguments: ["tables"] + inputs.map(\.path) + ["--output", output.path],
                inputFiles: inputs,
                outputFiles: [output.appendingPathComponent(table + ".stringbridge-table.json")]
            )
        }
        let accessors = context.pluginWorkDirectoryURL.appendingPathComponent("accessors")
        let generated: [Command] = catalogs.sorted { $0.url.path < $1.url.path }.map { catalog in
            let file = accessors.appendingPathComponent("GeneratedStringSymbols_\(catalog.table).swift")
            return .buildCommand(
                displayName: "Generating accessors for \(catalog.table) in \(target.name)",
                executable: tool.url,
                arguments: ["accessors", catalog.url.path, "--flavor", "runtime", "--output", file.path],
                inputFiles: [catalog.url],
                outputFiles: [file]
            )
        }
        return compiled + generated
    }
}
