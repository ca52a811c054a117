import CodeExtraction
import Foundation
import LocalizationCatalog
import LocalizationConverter

/// What `export` adds from code to legacy tables, as Xcode's export does (docs/extraction.md, "Export").
///
/// Each legacy table receives the strings of its table name from the code of the targets that contain it (found as
/// `sync` finds them); an Interface Builder table receives its storyboard's or xib's texts. The strings become
/// ``Export/CodeStrings`` that ``Export`` merges into the tables.
package enum ExportExtraction {
    /// Xcode 14's genstrings joins the comments of several call sites with a newline and three spaces.
    static let commentSeparator = "\n   "

    /// The code strings of every legacy source, by the source's path.
    ///
    /// Problems reading code are warnings (that file's strings are left out); a source outside `root` gets no
    /// strings from code, with a warning.
    package static func codeStrings(
        for sources: [Export.Source], root: String, sourceLanguage: String,
        readers: [any CodeReader] = SyncWorkflow.standardReaders(), diagnostics: inout Diagnostics
    ) -> [String: Export.CodeStrings] {
        let legacy = sources.filter { $0.kind != .catalog }
        guard !legacy.isEmpty else { return [:] }
        let interfaceBuilder = readers.filter { $0 is InterfaceBuilderReader }
        let workflow = SyncWorkflow(readers: readers.filter { !($0 is InterfaceBuilderReader) })
        let absolute = legacy.contains { $0.path.hasPrefix("/") }
        let walkRoot = absolute ? absolutePath(root) : ProjectWalk.normalized(root)
        var layout: ProjectLayout?
        var cache: [SyncWorkflow.CacheKey: [ExtractedString]] = [:]
        var result: [String: Export.CodeStrings] = [:]
        var read = Diagnostics()
        for source in legacy {
            if let storyboard = source.interfaceBuilderFile {
                let strings = SyncWorkflow(readers: interfaceBuilder).extract([storyboard], diagnostics: &read)
                result[source.path] = codeStrings(strings, sourceLanguage: sourceLanguage, valuesAreSources: true)
                continue
            }
            let path = absolute ? absolutePath(source.path) : ProjectWalk.normalized(source.path)
            guard ProjectWalk.isInside(path, walkRoot) else {
                diagnostics.warn(
                    "this table is outside the project root \(root); no strings from code are added to it",
                    path: source.path)
                continue
            }
            if layout == nil {
                let extensions = workflow.readers.reduce(into: Set<String>()) { $0.formUnion($1.fileExtensions) }
                layout = ProjectLayout(root: walkRoot, codeExtensions: extensions, diagnostics: &read)
            }
            guard let layout, case .code(let files, _) = layout.scope(of: path) else { continue }
            // As a build of the table's targets reads the code: their platforms and macro names, Info.plist values
            // with settings expanded, and the Info.plist keys Xcode generates (sync.md, "Build settings").
            let build = layout.buildContext(of: path)
            var settings = build.readerSettings
            settings.swiftExtraction = ReaderSettings.exportExtraction(build.builds)
            let key = SyncWorkflow.CacheKey(files: files, settings: settings)
            let extracted: [ExtractedString]
            if let cached = cache[key] {
                extracted = cached
            } else {
                extracted = workflow.extract(files, settings: settings, diagnostics: &read)
                cache[key] = extracted
            }
            let table = tableName(ofPath: source.path)
            var strings = extracted.filter { $0.table == table }
            // Build settings change only Info.plist strings and add `InfoPlist` keys: other tables need not read
            // the project file again.
            if table == "InfoPlist" || strings.contains(where: { $0.origin == .infoPlist }) {
                strings = SyncWorkflow.applyingBuildSettings(build.builds, to: strings).filter { $0.table == table }
            }
            result[source.path] = codeStrings(
                strings, sourceLanguage: sourceLanguage, valuesAreSources: table == "InfoPlist")
        }
        // What cannot be read leaves that file's strings out; the export goes on.
        for var diagnostic in read.all {
            if diagnostic.severity == .error {
                diagnostic.severity = .warning
                diagnostic.message += "; its strings are not exported"
            }
            diagnostics.append(diagnostic)
        }
        return result
    }

    /// The strings of one table grouped by key: comments joined as genstrings joins them, and a key with several
    /// format arguments and no value given its positional value (`%@ %@` → `%1$@ %2$@`), as genstrings writes it.
    static func codeStrings(
        _ strings: [ExtractedString], sourceLanguage: String, valuesAreSources: Bool
    ) -> Export.CodeStrings {
        var table = StringTable(name: "", sourceLanguage: sourceLanguage)
        for (key, found) in FoundKey.group(strings) {
            var entry = CatalogEntry(
                comment: found.comments.isEmpty ? nil : found.comments.joined(separator: commentSeparator))
            if let value = found.value ?? CatalogSync.positionalValue(of: key) {
                entry.localizations = [sourceLanguage: Localization(value, state: nil)]
            }
            _ = table.entries.appendNew(entry, forKey: key)
        }
        return Export.CodeStrings(table: table, valuesAreSources: valuesAreSources)
    }

    /// `path` made absolute against the current folder, normalized.
    static func absolutePath(_ path: String) -> String {
        path.hasPrefix("/")
            ? ProjectWalk.normalized(path)
            : ProjectWalk.join(FileManager.default.currentDirectoryPath, path)
    }
}
