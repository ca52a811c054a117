import Foundation
import LocalizationCatalog

/// Paths inside a project: tables found below folders, and paths relative to the project root (XLIFF `original`).
package enum ProjectPaths {
    /// `path` relative to `root` (both may be relative to the current folder), with `..` where needed.
    ///
    /// When both are relative the result is lexical and keeps the route the user wrote: relative to `.`,
    /// `../../DZ/x/en.lproj/T.strings` stays as it is, the way Xcode writes `original` for files outside the
    /// project folder, even when the current folder lies on that route.
    static func relative(_ path: String, to root: String) -> String {
        if !path.hasPrefix("/"), !root.hasPrefix("/") {
            let target = components(normalized(path)).filter { $0 != "." }
            let base = components(normalized(root)).filter { $0 != "." }
            var common = 0
            while common < min(target.count, base.count), target[common] == base[common], target[common] != ".." {
                common += 1
            }
            // A root that climbs out of the current folder cannot be walked back lexically.
            if !base[common...].contains("..") {
                let joined = (Array(repeating: "..", count: base.count - common) + target[common...])
                    .joined(separator: "/")
                return joined.isEmpty ? "." : joined
            }
        }
        let target = components(absolute(path))
        let base = components(absolute(root))
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        let ups = Array(repeating: "..", count: base.count - common)
        let rest = Array(target[common...])
        let joined = (ups + rest).joined(separator: "/")
        return joined.isEmpty ? "." : joined
    }

    /// `relative` resolved against `root`.
    static func resolve(_ relative: String, against root: String) -> String {
        if relative.hasPrefix("/") { return relative }
        return normalized(root == "." ? relative : "\(root)/\(relative)")
    }

    /// An absolute, normalized path.
    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return normalized(path) }
        return normalized(FileManager.default.currentDirectoryPath + "/" + path)
    }

    /// `a/./b/../c` → `a/c`, keeping leading `..` of relative paths.
    static func normalized(_ path: String) -> String {
        var parts: [String] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                if let last = parts.last, last != ".." {
                    parts.removeLast()
                } else if !path.hasPrefix("/") {
                    parts.append("..")
                }
            default: parts.append(String(part))
            }
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    private static func components(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init)
    }

    /// Files below `directory` whose extension is in `extensions`, sorted by path, skipping hidden folders, build
    /// folders and `.xcloc` bundles.
    package static func files(below directory: String, extensions: Set<String>) -> [String] {
        walk(below: directory) { name, ext in
            if name.hasSuffix(".xcloc") { return .skip }
            return extensions.contains(ext) ? .take : .descend
        }
    }

    /// Folders below `directory` whose extension is `ext` (`.xcloc` bundles), sorted; hidden and build folders are
    /// skipped, and nothing inside a bundle is searched.
    package static func bundles(below directory: String, extension ext: String) -> [String] {
        walk(below: directory) { _, found in found == ext ? .takeWithoutDescending : .descend }
    }

    private enum Visit {
        case descend, skip, take, takeWithoutDescending
    }

    /// The paths below `directory` that `decide` takes (given a name and its lowercased extension), sorted, as
    /// `directory/relative/path`; hidden and build folders (`.build`, `.build-*`) are never entered.
    private static func walk(below directory: String, _ decide: (String, String) -> Visit) -> [String] {
        let root = URL(fileURLWithPath: directory)
        guard
            let enumerator = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        else { return [] }
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let rootPath = root.standardizedFileURL.path
        var result: [String] = []
        for case let url as URL in enumerator {
            let name = url.lastPathComponent
            // A temporary file left by a killed write is hidden already; it is never a table either way.
            if TemporaryFile.isTemporaryName(name) { continue }
            let visit =
                name == ".build" || name.hasPrefix(".build-") ? .skip : decide(name, url.pathExtension.lowercased())
            if visit == .skip || visit == .takeWithoutDescending { enumerator.skipDescendants() }
            guard visit == .take || visit == .takeWithoutDescending else { continue }
            let standardized = url.standardizedFileURL.path
            guard standardized.hasPrefix(rootPath + "/") else { continue }
            result.append("\(base)/\(standardized.dropFirst(rootPath.count + 1))")
        }
        return result.sorted()
    }

    /// The language of a file in an `xx.lproj` folder, if it is in one (the hub's rule,
    /// ``LocalizationCatalog/lprojLanguage(ofPath:)``).
    package static func lprojLanguage(of path: String) -> String? {
        LocalizationCatalog.lprojLanguage(ofPath: path)
    }

    /// The same table's file for `language`: `X/en.lproj/T.strings` → `X/fr.lproj/T.strings`.
    static func sibling(of path: String, language: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let lproj = parentDirectory(of: path)
        return "\(parentDirectory(of: lproj))/\(language).lproj/\(name)"
    }
}
