import CodeExtraction
import LocalizationCatalog
import LocalizationConverter

/// The keys the code uses for legacy tables, for `check`'s `orphan-key`, `missing-translation` and `unused-key`
/// (docs/check.md, "Code"): the code of the targets that contain each table, found and read as `sync` and
/// `export` find and read it (``ExportExtraction/codeStrings(for:root:sourceLanguage:readers:requiringCode:diagnostics:)``).
package enum CheckCodeKeys {
    /// For each of `files` (a legacy table's development-language file, or a translation where the table has
    /// none) whose code is there below `root`, the keys its table's code uses; problems reading code are left out
    /// (they are `sync`'s to report).
    package static func keys(root: String, files: [String], sourceLanguage: String) -> [String: Set<String>] {
        var diagnostics = Diagnostics()
        var sources: [Export.Source] = []
        var askedBy: [String: [String]] = [:]
        for file in files {
            var ignored = Diagnostics()
            guard
                let source = try? Export().sources(
                    for: [file], root: root, sourceLanguage: sourceLanguage, interfaceBuilderTables: true,
                    diagnostics: &ignored
                ).first
            else { continue }
            if askedBy[source.path] == nil { sources.append(source) }
            askedBy[source.path, default: []].append(file)
        }
        let strings = ExportExtraction.codeStrings(
            for: sources, root: root, sourceLanguage: sourceLanguage, requiringCode: true, diagnostics: &diagnostics)
        var result: [String: Set<String>] = [:]
        for (path, code) in strings {
            let keys = Set(code.table.entries.keys)
            for file in askedBy[path] ?? [] { result[file] = keys }
        }
        return result
    }
}
