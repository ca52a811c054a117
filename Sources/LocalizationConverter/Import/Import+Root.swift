import LocalizationCatalog
@_spi(XLIFFDocuments) import XLIFFFormat

/// The project root an import resolves a document's `original` paths against when no `--root` is given.
extension Import {
    /// The root of the document at `path` (an XLIFF file, or one inside an `.xcloc` bundle).
    ///
    /// That is the project that holds the document (the nearest folder at or above it with an `.xcodeproj`,
    /// `.xcworkspace`, `Package.swift`, Tuist `Project.swift` or `.git`; never the home folder or `/`), else the
    /// project that holds the current folder, else the current folder itself, with no marker: a folder of tables
    /// without a project, as before (``noProjectNote(_:)`` says so when it matters). Relative to the current folder
    /// when `path` is relative.
    package static func projectRoot(of path: String) -> ProjectRoot {
        let found =
            ProjectPaths.enclosingProject(ofAbsolute: ProjectPaths.absolute(path))
            ?? ProjectPaths.enclosingProject(ofAbsolute: ProjectPaths.absolute("."))
        guard let found else { return ProjectRoot(path: ".", marker: nil) }
        let folder = path.hasPrefix("/") ? found.folder : ProjectPaths.relative(found.folder, to: ".")
        return ProjectRoot(path: folder, marker: found.marker)
    }

    /// A note for each root of `result` that is the current folder for want of a project, when none of the tables
    /// its documents name exists there.
    ///
    /// The `original` paths may then be relative to a project the import did not find, and `--root` names it. The
    /// note is at the first unit not applied for its table.
    static func noProjectNotes(_ result: Result) -> [Diagnostic] {
        var notes: [Diagnostic] = []
        guard result.rootsFound else { return notes }
        for (root, documents) in result.roots where root.marker == nil {
            // A document some of whose tables were found has the right root: its other originals are unknown.
            let documentSet = Set(documents)
            let files = result.files.filter { documentSet.contains($0.document) }
            guard !files.isEmpty, files.allSatisfy({ $0.table == nil }),
                let file = files.first(where: { file in file.report.skipped.contains { $0.reason == .unknownTable } })
            else { continue }
            let unit = file.report.skipped.first { $0.reason == .unknownTable }
            notes.append(
                Diagnostic(
                    .note,
                    "no project (.xcodeproj, .xcworkspace, Package.swift, Tuist Project.swift or .git) holds "
                        + "\(file.document) or the current folder: its original paths are "
                        + "resolved against the current folder; pass --root DIR to name the folder they are relative "
                        + "to", at: unit?.location, orPath: file.document))
        }
        return notes
    }
}
