import Foundation

/// The project a command works in, found from the paths it is given rather than taken to be the current folder
/// (a command run from a folder above several projects must not read the code of all of them).
package struct ProjectRoot: Sendable, Equatable {
    /// The project's folder: relative to the current folder when every input was relative, else absolute.
    package var path: String
    /// What marks it as a project (`MyApp.xcodeproj`, `Package.swift`, `.git`); `nil` when no folder at or above the
    /// inputs has a marker and ``path`` is the fallback.
    package var marker: String?

    package init(path: String, marker: String?) {
        self.path = path
        self.marker = marker
    }

    /// Whether the project is the current folder.
    package var isCurrentFolder: Bool { ProjectPaths.normalized(path) == "." }

    /// `project root: App (App.xcodeproj)`: the line a command's summary names it with.
    package var summary: String {
        "project root: \(path)" + (marker.map { " (\($0))" } ?? "")
    }
}

extension ProjectPaths {
    /// The names that make a folder a project's: an Xcode project or workspace, a Swift package's or a Tuist
    /// project's manifest, a git work tree.
    ///
    /// A `Project.swift` counts only when it imports `ProjectDescription` (Tuist's): an app may have a source file of
    /// that name.
    package static func projectMarker(in folder: String) -> String? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        let sorted = names.sorted()
        func isFolder(_ name: String) -> Bool { isDirectory(folder == "/" ? "/" + name : folder + "/" + name) }
        if let project = sorted.first(where: { $0.hasSuffix(".xcodeproj") && isFolder($0) }) { return project }
        if let workspace = sorted.first(where: { $0.hasSuffix(".xcworkspace") && isFolder($0) }) { return workspace }
        let path = { (name: String) in folder == "/" ? "/" + name : folder + "/" + name }
        if names.contains("Package.swift"), !isFolder("Package.swift") { return "Package.swift" }
        if names.contains("Project.swift"), !isFolder("Project.swift"),
            let handle = FileHandle(forReadingAtPath: path("Project.swift"))
        {
            defer { try? handle.close() }
            let head = String(decoding: handle.readData(ofLength: 64 * 1024), as: UTF8.self)
            if head.contains("import ProjectDescription") { return "Project.swift" }
        }
        if names.contains(".git") { return ".git" }
        return nil
    }

    /// The nearest folder at or above `path` (absolute, normalized) that ``projectMarker(in:)`` marks, and its
    /// marker.
    ///
    /// The home folder and `/` are never a project: a repository of dotfiles in `$HOME` would make every folder
    /// below it one project.
    package static func enclosingProject(ofAbsolute path: String) -> (folder: String, marker: String)? {
        let home = normalized(FileManager.default.homeDirectoryForCurrentUser.standardizedFileURL.path)
        var folder = isDirectory(path) ? path : parentDirectory(of: path)
        while true {
            guard folder != "/", !folder.isEmpty, folder != home else { return nil }
            if let marker = projectMarker(in: folder) { return (folder, marker) }
            let parent = parentDirectory(of: folder)
            if parent == folder { return nil }
            folder = parent
        }
    }

    /// Where a command that reads the code around `inputs` (files or folders) finds it.
    ///
    /// That is the project that holds them, the nearest folder at or above them with an `.xcodeproj`,
    /// `.xcworkspace`, `Package.swift`, Tuist `Project.swift` or `.git`. Inputs in several projects give the folder
    /// that holds those projects.
    ///
    /// An input in no project falls back to `fallback` when it is given (`sync`'s folder), else to the current
    /// folder when it holds every input and is neither `/` nor the home folder (a folder of tables without a
    /// project, as before), else to the folder of the inputs (a file in an `.lproj` folder: the folder above it).
    package static func projectRoot(holding inputs: [String], fallback: String? = nil) -> ProjectRoot {
        let current = absolute(".")
        let absolutes = inputs.map(absolute)
        var folders: [String] = []
        var markers: [String] = []
        var unmarked: [String] = []
        for path in absolutes {
            if let found = enclosingProject(ofAbsolute: path) {
                if !folders.contains(found.folder) {
                    folders.append(found.folder)
                    markers.append(found.marker)
                }
            } else {
                unmarked.append(path)
            }
        }
        if !unmarked.isEmpty {
            let home = FileManager.default.homeDirectoryForCurrentUser.standardizedFileURL.path
            if let fallback {
                folders.append(absolute(fallback))
            } else if current != "/", current != normalized(home),
                unmarked.allSatisfy({ $0 == current || $0.hasPrefix(current + "/") })
            {
                folders.append(current)
            } else {
                for path in unmarked {
                    var folder = isDirectory(path) ? path : parentDirectory(of: path)
                    if folder.hasSuffix(".lproj") { folder = parentDirectory(of: folder) }
                    folders.append(folder)
                }
            }
            markers = []
        }
        var common = folders.first ?? current
        for folder in folders.dropFirst() { common = commonFolder(common, folder) }
        let marker = folders.count == 1 ? markers.first : nil
        let isRelative = !inputs.isEmpty && !inputs.contains { $0.hasPrefix("/") } && fallback?.hasPrefix("/") != true
        return ProjectRoot(path: isRelative ? relative(common, to: ".") : common, marker: marker)
    }

    /// The project the current folder is in (``projectRoot(holding:fallback:)`` of `.`, falling back to `.`): what
    /// `sync` works on when no folder is named.
    package static func currentProject() -> ProjectRoot {
        projectRoot(holding: ["."], fallback: ".")
    }

    /// The deepest folder holding both absolute folders.
    static func commonFolder(_ a: String, _ b: String) -> String {
        let shared = zip(a.split(separator: "/"), b.split(separator: "/")).prefix { $0 == $1 }.map { String($0.0) }
        return "/" + shared.joined(separator: "/")
    }
}
