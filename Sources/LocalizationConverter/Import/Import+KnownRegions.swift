import Foundation
import LocalizationCatalog
import XcodeProjectSupport

/// The project's `knownRegions` after an import that gave a table a new language, as Xcode extends it (a commit
/// that adds `zh-Hans` to a catalog adds it to `knownRegions` too): docs/formats/xliff.md, "New languages".
extension Import {
    /// An edit of one `project.pbxproj`: the languages appended to its `knownRegions`.
    struct KnownRegionsEdit {
        /// The `project.pbxproj` file.
        var path: String
        /// The file's bytes after the edit.
        var bytes: [UInt8]
        /// The languages added, in order.
        var added: [String]
        /// The project file, read for update in the import's transaction.
        var reads: FileTransaction
    }

    /// The languages each changed table got from this import (a catalog's languages it did not have; a legacy
    /// table's language whose file did not exist), by the table's path.
    static func newLanguages(of tables: [WorkingTable]) -> [(table: String, languages: [String])] {
        var result: [(table: String, languages: [String])] = []
        for table in tables where table.changed {
            var added: [String] = []
            if table.kind == .catalog {
                let before = Set(table.languagesBefore ?? [])
                added = LanguageSelection.available(in: table.merged).filter { !before.contains($0) }
            } else if !table.targetExists, let language = table.legacyLanguage,
                language != table.merged.sourceLanguage
            {
                added = [language]
            }
            if !added.isEmpty { result.append((table.outputPath, added)) }
        }
        return result
    }

    /// The edits of the projects holding the tables that got new languages.
    ///
    /// Each project's `knownRegions` gets the languages it lacks. A project that cannot be read or edited safely is left as it is, with a warning (the
    /// tables are still written).
    func knownRegionsEdits(
        for changes: [(table: String, languages: [String])], options: Options, diagnostics: inout Diagnostics
    ) -> [KnownRegionsEdit] {
        // Per project (in the order first found), the languages its tables got.
        var order: [String] = []
        var languages: [String: [String]] = [:]
        var files: [String: ProjectFile] = [:]
        var reads: [String: FileTransaction] = [:]
        for change in changes {
            let holding = projects(
                holding: change.table, options: options, files: &files, reads: &reads, diagnostics: &diagnostics)
            for path in holding {
                if languages[path] == nil { order.append(path) }
                for language in change.languages where !(languages[path] ?? []).contains(language) {
                    languages[path, default: []].append(language)
                }
            }
        }
        // Projects read that hold none of the tables are released.
        for (path, transaction) in reads where languages[path] == nil { transaction.discard() }
        var edits: [KnownRegionsEdit] = []
        for path in order {
            guard let file = files[path], let transaction = reads[path] else { continue }
            var editor = ProjectFileEditor(file: file)
            do {
                let added = try editor.addKnownRegions(languages[path] ?? [])
                guard !added.isEmpty else {
                    transaction.discard()
                    continue
                }
                edits.append(KnownRegionsEdit(path: path, bytes: try editor.result(), added: added, reads: transaction))
            } catch let error as ConversionError {
                transaction.discard()
                for diagnostic in error.diagnostics { diagnostics.append(diagnostic.asWarning) }
                diagnostics.warn(
                    "the project is left as it is: add \(languages[path, default: []].joined(separator: ", ")) to its "
                        + "localizations in Xcode (Project ▸ Info ▸ Localizations)", path: path)
            } catch {
                transaction.discard()
                diagnostics.warn("the project cannot be edited (\(error)); it is left as it is", path: path)
            }
        }
        return edits
    }

    /// The projects that hold the table at `table`.
    ///
    /// Those in the nearest folder at or above the table's that holds
    /// `*.xcodeproj` bundles (up to the import's boundary), that refer to the table's file — or to a file of the
    /// same legacy table in another language — or to a synchronized folder holding it. Each project file is read
    /// once (for update) into `files` and `reads`.
    private func projects(
        holding table: String, options: Options, files: inout [String: ProjectFile],
        reads: inout [String: FileTransaction], diagnostics: inout Diagnostics
    ) -> [String] {
        let target = ProjectPaths.absolute(table)
        let isLegacy = TableKind(path: table) != .catalog
        let legacyFolder = isLegacy ? parentDirectory(of: parentDirectory(of: target)) : ""
        var folder = parentDirectory(of: target)
        var levels = 0
        while levels < 64 {
            levels += 1
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            let bundles = names.filter { $0.lowercased().hasSuffix(".xcodeproj") }
            if !bundles.isEmpty {
                var result: [String] = []
                for bundle in bundles {
                    let path = ProjectPaths.relative(
                        "\(folder == "/" ? "" : folder)/\(bundle)/project.pbxproj", to: ".")
                    guard fileExists(path) else { continue }
                    if files[path] == nil {
                        var transaction = FileTransaction()
                        transaction.lockTimeout = options.lockTimeout
                        do {
                            files[path] = try ProjectFile(
                                path: path, bytes: Array(try transaction.readForUpdate(path).bytes))
                            reads[path] = transaction
                        } catch {
                            transaction.discard()
                            let reason = (error as? ConversionError)?.diagnostics.first?.description ?? "\(error)"
                            diagnostics.warn(
                                "the project cannot be read (\(reason)), so the languages the import added are not "
                                    + "added to its knownRegions", path: path)
                            continue
                        }
                    }
                    if let file = files[path], Self.refers(file, to: target, legacyFolder: legacyFolder) {
                        result.append(path)
                    }
                }
                return result
            }
            if names.contains(".git") || folder == "/" { return [] }
            let parent = parentDirectory(of: folder)
            if parent == folder { return [] }
            folder = parent
        }
        return []
    }

    /// Whether `file` refers to the table at `target` (absolute): a file reference resolving to it, or for a legacy
    /// table to `legacyFolder/L.lproj/<its file name>` in any language; or a synchronized folder holding it.
    static func refers(_ file: ProjectFile, to target: String, legacyFolder: String) -> Bool {
        var tree = ProjectGroupTree(file: file)
        let fileName = target.split(separator: "/").last.map(String.init) ?? target
        for object in file.objects {
            switch object.isa {
            case "PBXFileReference":
                guard let path = tree.path(of: object.id).map(ProjectPaths.absolute) else { continue }
                if path == target { return true }
                if !legacyFolder.isEmpty, path.hasSuffix("/" + fileName),
                    parentDirectory(of: parentDirectory(of: path)) == legacyFolder,
                    ProjectPaths.lprojLanguage(of: path) != nil
                {
                    return true
                }
            case "PBXFileSystemSynchronizedRootGroup":
                guard let path = tree.path(of: object.id).map(ProjectPaths.absolute) else { continue }
                if target.hasPrefix(path + "/") { return true }
            default: continue
            }
        }
        return false
    }
}

extension Diagnostic {
    /// The same diagnostic as a warning (an error that does not end the command).
    fileprivate var asWarning: Diagnostic {
        var copy = self
        if copy.severity == .error { copy.severity = .warning }
        return copy
    }
}
