import Foundation
import PackagePlugin

/// Compiles a target's string tables for `StringBridgeRuntime`.
///
/// String Catalogs (`.xcstrings`) and legacy `.lproj` tables (`.strings`, `.stringsdict`) become the files
/// `LocalizedTable` reads, one `<Table>.stringbridge-table.json` per table in the plugin's work folder. SwiftPM makes the outputs resources of the target, so `LocalizedTable(name:bundle: .module)`
/// finds them. The tool, `stringbridge-generate`, needs neither libxml2 nor swift-syntax.
@main
struct StringBridgeGeneratePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let tool = try context.tool(named: "stringbridge-generate")
        var inputsByTable: [String: [URL]] = [:]
        var tables: [String] = []
        for file in module.sourceFiles {
            let url = file.url
            let isCatalog = url.pathExtension == "xcstrings"
            let isLegacy =
                (url.pathExtension == "strings" || url.pathExtension == "stringsdict")
                && url.deletingLastPathComponent().pathExtension == "lproj"
            guard isCatalog || isLegacy else { continue }
            let table = url.deletingPathExtension().lastPathComponent
            if inputsByTable[table] == nil { tables.append(table) }
            inputsByTable[table, default: []].append(url)
        }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("tables")
        return tables.sorted().map { table in
            let inputs = inputsByTable[table] ?? []
            return .buildCommand(
                displayName: "Compiling string table \(table) for \(target.name)",
                executable: tool.url,
                arguments: ["tables"] + inputs.map(\.path) + ["--output", output.path],
                inputFiles: inputs,
                outputFiles: [output.appendingPathComponent(table + ".stringbridge-table.json")]
            )
        }
    }
}
