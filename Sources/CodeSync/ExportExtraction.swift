import CodeExtraction
import Foundation
import LocalizationCatalog
import LocalizationConverter
import SwiftCodeReader

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
    ///
    /// With `requiringCode`, a source whose targets (or folder) hold no code file gets no entry, rather than an empty
    /// one (`check`: no code is there).
    package static func codeStrings(
        for sources: [Export.Source], root: String, sourceLanguage: String,
        readers: [any CodeReader] = SyncWorkflow.standardReaders(), requiringCode: Bool = false,
        diagnostics: inout Diagnostics
    ) -> [String: Export.CodeStrings] {
        let legacy = sources.filter { $0.kind != .catalog }
        guard !legacy.isEmpty else { return [:] }
        let interfaceBuilder = readers.filter { $0 is InterfaceBuilderReader }
        let workflow = SyncWorkflow(readers: readers.filter { !($0 is InterfaceBuilderReader) })
        let absolute = legacy.contains { $0.path.hasPrefix("/") } || isAbove(root)
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
            guard let layout, case .code(let files, _) = layout.scope(of: path), !requiringCode || !files.isEmpty else {
                continue
            }
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
                extracted = readingSwiftAsGenstrings(workflow, settings).extract(
                    files, settings: settings, diagnostics: &read)
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
        appendLeavingOut(read, to: &diagnostics)
        return result
    }

    /// Appends what reading code reported: what cannot be read leaves that file's strings out (an error becomes a
    /// warning saying so), and the export goes on.
    static func appendLeavingOut(_ read: Diagnostics, to diagnostics: inout Diagnostics) {
        for var diagnostic in read.all {
            if diagnostic.severity == .error {
                diagnostic.severity = .warning
                diagnostic.message += "; its strings are not exported"
            }
            diagnostics.append(diagnostic)
        }
    }

    /// `workflow` reading Swift as genstrings reads it (``GenstringsSwiftReader``) when `settings` say a build does
    /// not use the compiler to extract Swift strings (`SWIFT_EMIT_LOC_STRINGS` off); as it is otherwise.
    static func readingSwiftAsGenstrings(_ workflow: SyncWorkflow, _ settings: ReaderSettings) -> SyncWorkflow {
        guard settings.swiftExtraction != .compiler else { return workflow }
        var result = workflow
        result.readers = workflow.readers.map { reader in
            guard let swift = reader as? SwiftCodeReader else { return reader }
            var genstrings = GenstringsSwiftReader(
                macroNames: swift.localizedStringMacroNames.union(settings.macroNames),
                readsTextLiterals: settings.swiftExtraction == .textLiterals)
            genstrings.parallelism = swift.parallelism
            return genstrings
        }
        return result
    }

    /// The comments of one key's call sites as Xcode's export writes them: each trimmed of white space, the distinct
    /// non-empty ones sorted case-insensitively (ties by their bytes) and joined as genstrings joins them; `nil`
    /// when none.
    static func joinedComments(_ comments: [String]) -> String? {
        var distinct: [String] = []
        for comment in comments {
            let trimmed = comment.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty, !distinct.contains(where: { sameUTF8($0, trimmed) }) { distinct.append(trimmed) }
        }
        guard !distinct.isEmpty else { return nil }
        let folded = distinct.map { Array($0.lowercased().utf8) }
        let order = distinct.indices.sorted { left, right in
            folded[left] != folded[right]
                ? folded[left].lexicographicallyPrecedes(folded[right])
                : distinct[left].utf8.lexicographicallyPrecedes(distinct[right].utf8)
        }
        return order.map { distinct[$0] }.joined(separator: commentSeparator)
    }

    /// The strings of one table grouped by key: comments joined as genstrings joins them (``joinedComments(_:)``),
    /// and a key with several format arguments and no value given its positional value (`%@ %@` → `%1$@ %2$@`), as
    /// genstrings writes it.
    static func codeStrings(
        _ strings: [ExtractedString], sourceLanguage: String, valuesAreSources: Bool
    ) -> Export.CodeStrings {
        var table = StringTable(name: "", sourceLanguage: sourceLanguage)
        for (key, found) in FoundKey.group(strings) {
            var entry = CatalogEntry(comment: joinedComments(found.comments))
            if let value = found.value ?? PositionalSpecifiers.numbered(key) {
                entry.localizations = [sourceLanguage: Localization(value, state: nil)]
            }
            _ = table.entries.appendNew(entry, forKey: key)
        }
        return Export.CodeStrings(table: table, valuesAreSources: valuesAreSources)
    }

    /// The catalogs among `sources` synced with their code in memory, as the build of `xcodebuild
    /// -exportLocalizations` syncs them before it exports (docs/extraction.md, "Export"), by the source's path.
    ///
    /// Each catalog is synced as `sync` would sync it (same targets, same build settings, same rules: keys added,
    /// comments and values updated, keys no longer in the code marked stale or removed); nothing is written. A
    /// catalog that no target contains, or that no Xcode target builds and has no Swift or Objective-C code around it
    /// (only storyboards or property lists, as in a folder of exported tables), is left as it is: no build would sync
    /// it. A catalog outside `root` is left as it is, with a warning. A catalog
    /// that cannot be read is left to ``Export`` (which reports it); code that cannot be read is a warning.
    package static func syncedCatalogs(
        for sources: [Export.Source], root: String, workflow: SyncWorkflow = SyncWorkflow(),
        diagnostics: inout Diagnostics
    ) -> [String: StringTable] {
        let catalogs = sources.filter { $0.kind == .catalog }
        guard !catalogs.isEmpty else { return [:] }
        let absolute = catalogs.contains { $0.path.hasPrefix("/") } || isAbove(root)
        let walkRoot = absolute ? absolutePath(root) : ProjectWalk.normalized(root)
        let extensions = workflow.readers.reduce(into: Set<String>()) { $0.formUnion($1.fileExtensions) }
        let sourceCodeExtensions = workflow.readers.reduce(into: Set<String>()) { result, reader in
            if !(reader is InterfaceBuilderReader), !(reader is InfoPlistReader) {
                result.formUnion(reader.fileExtensions)
            }
        }
        var read = Diagnostics()
        var layout: ProjectLayout?
        var scopes: [String: ProjectLayout.CatalogScope] = [:]
        var cache: [SyncWorkflow.CacheKey: [ExtractedString]] = [:]
        let declarationCache = DeclarationCache()
        var result: [String: StringTable] = [:]
        let registry = FormatRegistry.standard
        for source in catalogs {
            let path = absolute ? absolutePath(source.path) : ProjectWalk.normalized(source.path)
            guard ProjectWalk.isInside(path, walkRoot) else {
                diagnostics.warn(
                    "this catalog is outside the project root \(root); it is exported as it is, not synced with "
                        + "the code", path: source.path)
                continue
            }
            if layout == nil {
                let found = ProjectLayout(root: walkRoot, codeExtensions: extensions, diagnostics: &read)
                layout = found
                for scope in found.catalogs { scopes[scope.path] = scope }
            }
            // The catalog as `sync` finds it (its targets, their code and settings), if it syncs it at all; one with
            // neither an Xcode target nor Swift or Objective-C code around it is not built (a folder of exported
            // tables with a storyboard, say): no sync would be Xcode's.
            guard let scope = scopes[path],
                !scope.builds.isEmpty
                    || scope.codeFiles.contains(where: { sourceCodeExtensions.contains(ProjectWalk.fileExtension($0)) })
            else { continue }
            guard let reader = registry.format(forPath: source.path)?.reader,
                let file = try? readSourceFile(source.path)
            else { continue }
            // A catalog that cannot be read is read again by Export, which reports it.
            var readCatalog = Diagnostics()
            guard let table = try? reader.read(file, options: ReadOptions(), diagnostics: &readCatalog) else {
                continue
            }
            diagnostics.append(contentsOf: readCatalog)
            // As `SyncWorkflow.plan` syncs one catalog.
            let key = SyncWorkflow.CacheKey(
                files: scope.codeFiles, settings: scope.readerSettings, declarations: scope.declarationFiles)
            let extracted: [ExtractedString]
            if let cached = cache[key] {
                extracted = cached
            } else {
                extracted = workflow.extract(
                    scope.codeFiles, settings: scope.readerSettings, declarations: scope.declarationFiles,
                    declarationCache: declarationCache, diagnostics: &read)
                cache[key] = extracted
            }
            let strings = SyncWorkflow.applyingBuildSettings(scope.builds, to: extracted).filter {
                $0.table == scope.table
            }
            result[source.path] = CatalogSync.sync(table, with: strings, options: workflow.options).table
        }
        appendLeavingOut(read, to: &diagnostics)
        return result
    }

    /// Whether `root` is absolute or above the current folder (`..`): relative paths below the current folder are
    /// then compared with it, and walked, as absolute paths.
    static func isAbove(_ root: String) -> Bool {
        let root = ProjectWalk.normalized(root)
        return root.hasPrefix("/") || root == ".." || root.hasPrefix("../")
    }

    /// `path` made absolute against the current folder, normalized.
    static func absolutePath(_ path: String) -> String {
        path.hasPrefix("/")
            ? ProjectWalk.normalized(path)
            : ProjectWalk.join(FileManager.default.currentDirectoryPath, path)
    }
}
