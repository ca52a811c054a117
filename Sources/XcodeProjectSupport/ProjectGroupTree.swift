import StringBridgeSupport

/// Where the files and groups of a project are: each object's parent group, and the path each resolves to.
///
/// The walk up the parents keeps a visited set, so a cycle of groups (`A` a child of `B`, `B` of `A`) resolves to
/// nothing instead of looping; a chain of groups deeper than ``InputLimits/nesting`` resolves to nothing too, and
/// each object is resolved once.
package struct ProjectGroupTree {
    /// The folder the project's paths are relative to (the one holding the `.xcodeproj`, or `projectDirPath`).
    package let directory: String
    /// The group (or variant group) that lists each object among its `children`; the first one when several do.
    package private(set) var parents: [String: String] = [:]
    /// Objects listed among the children of more than one group, or twice by one.
    package private(set) var sharedChildren: Set<String> = []
    private let file: ProjectFile
    private let mainGroup: String?
    private var resolved: [String: String?] = [:]

    /// The tree of `file`, the project file at `projectFilePath` (`…/Name.xcodeproj/project.pbxproj`).
    package init(file: ProjectFile) {
        self.file = file
        let bundle = ProjectPath.parent(of: file.path)
        var directory = ProjectPath.parent(of: bundle)
        let root = file.rootObject
        if let extra = root?["projectDirPath"]?.string, !extra.isEmpty {
            directory = ProjectPath.join(directory, extra)
        }
        self.directory = directory
        mainGroup = root?["mainGroup"]?.string
        for object in file.objects {
            for child in object["children"]?.strings ?? [] {
                if parents[child] == nil {
                    parents[child] = object.id
                } else {
                    sharedChildren.insert(child)
                }
            }
        }
    }

    /// The path of a file reference or group (normalized, relative to the current folder when the project's is);
    /// `nil` when it cannot be known (a build-setting-relative source tree, no parent, a cycle).
    package mutating func path(of id: String) -> String? {
        // The chain of `<group>`-relative objects up to one whose path is known or does not depend on a parent.
        var chain: [String] = []
        var visited = Set<String>()
        var current = id
        var base: String?
        while true {
            if let known = resolved[current] {
                base = known
                break
            }
            guard visited.insert(current).inserted, let object = file.object(current) else {
                base = nil
                break
            }
            let sourceTree = object["sourceTree"]?.string ?? "<group>"
            guard sourceTree == "<group>" else {
                let path = object["path"]?.string
                switch sourceTree {
                case "SOURCE_ROOT": base = path.map { ProjectPath.join(directory, $0) } ?? directory
                case "<absolute>": base = path.map(ProjectPath.normalized)
                default: base = nil
                }
                resolved[current] = base
                break
            }
            chain.append(current)
            // Groups nested deeper than any real project (each level's path is joined to the one above): no path.
            // Not remembered: the groups near the top of the chain may well resolve on their own.
            guard chain.count <= InputLimits.nesting else { return nil }
            guard let parent = parents[current] else {
                base = current == mainGroup ? directory : nil
                break
            }
            current = parent
        }
        var folder = base
        for node in chain.reversed() {
            let path = file.object(node)?["path"]?.string
            folder = folder.map { known in path.map { ProjectPath.join(known, $0) } ?? known }
            resolved[node] = folder
        }
        return resolved[id] ?? nil
    }
}

/// Path arithmetic on `/`-separated strings, as project files need it.
package enum ProjectPath {
    /// The folder holding `path` (`.` for a bare name).
    package static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of a path.
    package static func name(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `base/relative`, normalized; an absolute `relative` stays as it is.
    package static func join(_ base: String, _ relative: String) -> String {
        if relative.hasPrefix("/") { return normalized(relative) }
        return normalized(base.isEmpty || base == "." ? relative : "\(base)/\(relative)")
    }

    /// `a/./b/../c` → `a/c`; leading `..` of a relative path are kept.
    package static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part != ".." || !path.hasPrefix("/") {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        if path.hasPrefix("/") { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// `path` relative to `folder` (both normalized, both relative or both absolute): `../x` where needed.
    package static func relative(_ path: String, to folder: String) -> String {
        let target = path.split(separator: "/")
        let base = folder == "." ? [] : folder.split(separator: "/")
        var common = 0
        while common < target.count, common < base.count, target[common] == base[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        return (ups + target[common...].map(String.init)).joined(separator: "/")
    }
}
