import CodeExtraction
import LocalizationCatalog
import LocalizationConverter

/// The comments `migrate` takes from code, as Xcode's migration does (docs/migration.md, "Comments").
///
/// Xcode migrates a target inside a build, which extracts the target's strings: a migrated key's comment is the one
/// its code gives. Each table receives the comments of its keys from the code of the targets that contain its
/// development-language file (found as `sync` finds them, read as a build reads them); an Interface Builder table
/// receives those of its storyboard or xib. They become ``Migration/Options/codeComments``.
package enum MigrationExtraction {
    /// The comments code gives the keys of `tables` (as ``Migration/tables(below:sourceLanguage:)`` finds them),
    /// by table name and key; a key whose code gives no comment is not listed.
    ///
    /// Several call sites are joined as a catalog joins them (`sync`: the distinct comments, sorted, one per line).
    /// Problems reading code are warnings (that file's comments are not used); a table outside `root` gets none,
    /// with a warning.
    package static func codeComments(
        for tables: [(name: String, files: [Migration.LegacyFile])], root: String, sourceLanguage: String,
        migration: Migration = Migration(), readers: [any CodeReader] = SyncWorkflow.standardReaders(),
        diagnostics: inout Diagnostics
    ) -> OrderedMap<OrderedMap<String>> {
        guard !tables.isEmpty else { return [:] }
        let interfaceBuilder = readers.filter { $0 is InterfaceBuilderReader }
        let workflow = SyncWorkflow(readers: readers.filter { !($0 is InterfaceBuilderReader) })
        let absolute =
            tables.contains { $0.files.contains { $0.path.hasPrefix("/") } } || ExportExtraction.isAbove(root)
        let walkRoot = absolute ? ExportExtraction.absolutePath(root) : ProjectWalk.normalized(root)
        var layout: ProjectLayout?
        var cache: [SyncWorkflow.CacheKey: [ExtractedString]] = [:]
        var result = OrderedMap<OrderedMap<String>>()
        var read = Diagnostics()
        for (name, files) in tables {
            guard let anchor = anchorFile(of: files, sourceLanguage: sourceLanguage) else { continue }
            var strings: [ExtractedString]
            if let storyboard = migration.interfaceBuilderFile(for: name, files: files) {
                strings = SyncWorkflow(readers: interfaceBuilder).extract([storyboard], diagnostics: &read)
            } else {
                let path = absolute ? ExportExtraction.absolutePath(anchor) : ProjectWalk.normalized(anchor)
                guard ProjectWalk.isInside(path, walkRoot) else {
                    diagnostics.warn(
                        "this table is outside the project root \(root); its comments are not taken from code",
                        path: anchor)
                    continue
                }
                if layout == nil {
                    let extensions = workflow.readers.reduce(into: Set<String>()) { $0.formUnion($1.fileExtensions) }
                    layout = ProjectLayout(root: walkRoot, codeExtensions: extensions, diagnostics: &read)
                }
                guard let layout, case .code(let codeFiles, _) = layout.scope(of: path) else { continue }
                // As the build the migration runs in reads the code (sync.md, "Build settings").
                let build = layout.buildContext(of: path)
                let key = SyncWorkflow.CacheKey(files: codeFiles, settings: build.readerSettings)
                let extracted: [ExtractedString]
                if let cached = cache[key] {
                    extracted = cached
                } else {
                    extracted = workflow.extract(codeFiles, settings: build.readerSettings, diagnostics: &read)
                    cache[key] = extracted
                }
                strings = extracted.filter { $0.table == name }
                if name == "InfoPlist" || strings.contains(where: { $0.origin == .infoPlist }) {
                    strings = SyncWorkflow.applyingBuildSettings(build.builds, to: strings).filter { $0.table == name }
                }
            }
            var comments = OrderedMap<String>()
            for (key, found) in FoundKey.group(strings) {
                if let comment = found.comment { _ = comments.appendNew(comment, forKey: key) }
            }
            _ = result.appendNew(comments, forKey: name)
        }
        // What cannot be read leaves that file's comments out; the migration goes on.
        for var diagnostic in read.all {
            if diagnostic.severity == .error {
                diagnostic.severity = .warning
                diagnostic.message += "; its comments are not used by the migration"
            }
            diagnostics.append(diagnostic)
        }
        return result
    }

    /// The file that places a table in a target: its development-language `.strings` (or `Base.lproj`), else
    /// its development-language `.stringsdict`, else its first file.
    static func anchorFile(of files: [Migration.LegacyFile], sourceLanguage: String) -> String? {
        let development = files.filter { $0.lprojLanguage == sourceLanguage || $0.lprojLanguage == "Base" }
        return (development.first { !$0.isStringsDict } ?? development.first ?? files.first)?.path
    }
}
