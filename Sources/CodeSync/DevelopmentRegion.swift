import Foundation
import LocalizationCatalog
import LocalizationConverter
import XcodeProjectSupport

/// The development language of the projects that hold some paths, for the commands that work on legacy tables
/// (`export`, `check`) when no `--source-language` is given: an Xcode project's `developmentRegion` (an older name,
/// `English`, as `en`), a package's `defaultLocalization` (docs/extraction.md, "Export").
package enum DevelopmentRegion {
    /// What a project says its development language is.
    package struct Found: Sendable, Equatable {
        /// The language (`de`, `en-GB`; `English` given as `en`).
        package var language: String
        /// The file that says so (`App.xcodeproj/project.pbxproj`, `Package.swift`).
        package var file: String
        /// Where it says so: the `developmentRegion` member, the `defaultLocalization:` argument.
        package var location: FileLocation
    }

    /// The development language of the nearest Xcode project or package at or above each of `paths` (the folder
    /// itself for a folder), in the order of `paths`, each project once; projects that name none, or whose file
    /// cannot be read, are left out.
    package static func of(_ paths: [String]) -> [Found] {
        var result: [Found] = []
        var seen = Set<String>()
        for path in paths {
            guard let found = nearest(above: path), seen.insert(found.file).inserted else { continue }
            result.append(found)
        }
        return result
    }

    /// The development language for `paths`: that of their projects (``of(_:)``) when they have one, else `en`;
    /// `note` says which project gave it when that is not `en`, and a warning names the projects that disagree (the
    /// first is taken).
    package static func language(for paths: [String], diagnostics: inout Diagnostics) -> String {
        let found = of(paths)
        guard let first = found.first else { return "en" }
        let others = found.dropFirst().filter { $0.language != first.language }
        if !others.isEmpty {
            diagnostics.warn(
                "the projects have different development languages ("
                    + ([first] + others).map { "\($0.file): \($0.language)" }.joined(separator: ", ")
                    + "); the tables are read with '\(first.language)' as theirs (--source-language sets it)",
                path: first.file)
        } else if first.language != "en" {
            diagnostics.append(
                Diagnostic(
                    .note,
                    "the development language of the legacy tables is '\(first.language)', the project's "
                        + (first.file.hasSuffix("Package.swift") ? "defaultLocalization" : "developmentRegion")
                        + " (--source-language sets another)", at: first.location))
        }
        return first.language
    }

    /// The development language said by the nearest `.xcodeproj` or `Package.swift` at or above `path`.
    static func nearest(above path: String) -> Found? {
        let absolute = ExportExtraction.absolutePath(path)
        var folder = isDirectory(absolute) ? absolute : ProjectWalk.parent(of: absolute)
        let home = ProjectWalk.normalized(FileManager.default.homeDirectoryForCurrentUser.standardizedFileURL.path)
        while !folder.isEmpty, folder != "/", folder != home {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            if let project = names.first(where: { $0.hasSuffix(".xcodeproj") }) {
                let file = ProjectWalk.join(folder, project + "/project.pbxproj")
                let shown = relative(file, to: path)
                guard let bytes = try? readSourceFile(file).bytes,
                    let project = try? ProjectFile(path: shown, bytes: Array(bytes)),
                    let member = project.rootObject?.value.members.first(where: { $0.key == "developmentRegion" }),
                    let region = member.value.string, !region.isEmpty
                else { return nil }
                return Found(
                    language: Export.legacyLanguageNames[region] ?? region, file: shown,
                    location: project.location(member.range.lowerBound))
            }
            if names.contains("Package.swift") {
                let file = ProjectWalk.join(folder, "Package.swift")
                let shown = relative(file, to: path)
                guard let text = try? String(contentsOfFile: file, encoding: .utf8),
                    let language = CatalogCreation.defaultLocalization(in: text),
                    let argument = text.utf8.firstRange(of: "defaultLocalization:".utf8)
                else { return nil }
                let offset = text.utf8.distance(from: text.utf8.startIndex, to: argument.lowerBound)
                return Found(
                    language: language, file: shown,
                    location: SourceLines(path: shown, text: text).location(of: offset))
            }
            let parent = ProjectWalk.parent(of: folder)
            if parent == folder { break }
            folder = parent
        }
        return nil
    }

    /// `file` (absolute) as the user's `path` names things: relative to the current folder when `path` is relative.
    static func relative(_ file: String, to path: String) -> String {
        guard !path.hasPrefix("/") else { return file }
        let current = ExportExtraction.absolutePath(".")
        return file.hasPrefix(current + "/") ? String(file.dropFirst(current.count + 1)) : file
    }
}
