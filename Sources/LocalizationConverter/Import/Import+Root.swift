import Foundation
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

    /// Where a document's original paths are looked for when its root (``projectRoot(of:)``) holds none of its
    /// tables.
    ///
    /// Groups are tried in order: the current folder (`export` before it wrote originals relative to the
    /// project) and the project that holds it; then the projects directly below the current folder (a document
    /// exported from a folder above its project, and imported from there). A group is taken when exactly one of its
    /// roots holds some of the tables; two or more of them holding some is ambiguous.
    ///
    /// Reading the folders below the current one is bounded: one listing, and one of each folder in it.
    static func fallbackRoots(for root: String) -> [[ProjectRoot]] {
        var tried: Set<String> = [ProjectPaths.normalized(root)]
        var first: [ProjectRoot] = []
        for candidate in [ProjectRoot(path: ".", marker: nil), ProjectPaths.currentProject()]
        where tried.insert(ProjectPaths.normalized(candidate.path)).inserted {
            first.append(candidate)
        }
        var below: [ProjectRoot] = []
        let current = ProjectPaths.absolute(".")
        let home = ProjectPaths.normalized(FileManager.default.homeDirectoryForCurrentUser.standardizedFileURL.path)
        if current != "/", current != home,
            let names = try? FileManager.default.contentsOfDirectory(atPath: current)
        {
            for name in names.sorted() where !name.hasPrefix(".") && isDirectory(name) {
                if let marker = ProjectPaths.projectMarker(in: name), tried.insert(name).inserted {
                    below.append(ProjectRoot(path: name, marker: marker))
                }
            }
        }
        return [first, below].filter { !$0.isEmpty }
    }
}
