import Foundation
import LocalizationCatalog
import XcodeProjectSupport

/// The migration's edit of the Xcode projects that hold the legacy tables, as Xcode's "Migrate to String Catalog"
/// makes it (docs/migration.md, "Project file"): each table's variant groups go with their files and build files,
/// and the catalog takes their place in the group and in each target's Resources phase; an Interface Builder
/// table's `.strings` files in the storyboard's variant group are replaced by its `mul.lproj` catalog.
extension Migration {
    /// An edit of one `project.pbxproj`.
    package struct ProjectEdit: Sendable {
        /// The `project.pbxproj` file.
        package var path: String
        /// The file's bytes after the edit.
        package var bytes: [UInt8]
        /// What the edit does, one line per table.
        package var summary: [String]
        /// The project file, read for update: the edit is written only if nobody changed the file since.
        package var transaction: FileTransaction
    }

    /// The edits of the Xcode projects that hold the legacy tables of `plans`.
    ///
    /// The projects are those in the migrated folders, below them or in a folder above them. With
    /// `options.outputDirectory` (`-o`) the catalogs are not where Xcode puts them, and the projects are left
    /// alone, with a note naming them. A project that refers to none of the migrated files is left alone.
    /// - Throws: ``ConversionError`` when such a project cannot be read, or cannot be edited safely (a variant
    ///   group shared in a way Xcode's migration does not handle, a file of the table left out of the migration
    ///   still in its variant group, a layout that is not Xcode's). Nothing is to be written then.
    package func projectEdits(
        for plans: [PlannedCatalog], directories: [String], options: Options, diagnostics: inout Diagnostics
    ) throws -> [ProjectEdit] {
        var migrated: [String: Int] = [:]
        var leftOut: [String: String] = [:]
        for (index, plan) in plans.enumerated() {
            for source in plan.sources { migrated[ProjectPaths.absolute(source)] = index }
            for file in plan.leftOut { leftOut[ProjectPaths.absolute(file.path)] = file.path }
        }
        guard !migrated.isEmpty else { return [] }
        let projects = Self.candidateProjects(around: directories)
        if let output = options.outputDirectory {
            if !projects.isEmpty {
                diagnostics.append(
                    Diagnostic(
                        .note,
                        "the Xcode projects are left alone (\(projects.joined(separator: ", "))): -o puts the catalogs "
                            + "outside the places Xcode gives them; without -o, migrate edits the projects as Xcode does",
                        path: output))
            }
            return []
        }
        var edits: [ProjectEdit] = []
        for project in projects {
            if let edit = try projectEdit(
                of: project, plans: plans, migrated: migrated, leftOut: leftOut, lockTimeout: options.lockTimeout)
            {
                edits.append(edit)
            }
        }
        return edits
    }

    /// The legacy files (absolute paths) that the variant group of a storyboard or xib holds.
    ///
    /// The Xcode projects looked at are those in, below or above `directories`. Xcode migrates their tables as
    /// Interface Builder tables (`mul.lproj/<Name>.xcstrings` in that variant group), whether or not the storyboard is
    /// on disk. A project that cannot be read gives none (editing it reports why).
    package static func interfaceBuilderStrings(around directories: [String]) -> Set<String> {
        var result = Set<String>()
        for path in candidateProjects(around: directories) {
            guard let source = try? readSourceFile(path),
                let file = try? ProjectFile(path: path, bytes: Array(source.bytes))
            else { continue }
            var tree = ProjectGroupTree(file: file)
            for group in file.objects where group.isa == "PBXVariantGroup" {
                let children = (group["children"]?.strings ?? []).compactMap { child in
                    tree.path(of: child).map(ProjectPaths.absolute)
                }
                guard children.contains(where: isInterfaceBuilderPath) else { continue }
                for child in children where child.lowercased().hasSuffix(".strings") { result.insert(child) }
            }
        }
        return result
    }

    private static func isInterfaceBuilderPath(_ path: String) -> Bool {
        let name = ProjectPath.name(of: path).lowercased()
        return name.hasSuffix(".storyboard") || name.hasSuffix(".xib")
    }

    /// The `project.pbxproj` files below the folders and in the folders above them, sorted, each once.
    static func candidateProjects(around directories: [String]) -> [String] {
        var result: [String] = []
        var seen = Set<String>()
        func add(_ path: String) {
            if seen.insert(ProjectPaths.absolute(path)).inserted { result.append(ProjectPath.normalized(path)) }
        }
        for directory in directories {
            for file in ProjectPaths.files(below: directory, extensions: ["pbxproj"])
            where ProjectPath.name(of: file) == "project.pbxproj"
                && ProjectPath.parent(of: file).lowercased().hasSuffix(".xcodeproj")
            {
                add(file)
            }
            var folder = ProjectPaths.absolute(directory)
            while folder != "/" {
                folder = ProjectPath.parent(of: folder)
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                for name in names.sorted() where name.lowercased().hasSuffix(".xcodeproj") {
                    let file = "\(folder == "/" ? "" : folder)/\(name)/project.pbxproj"
                    // Named relative to the current folder, as the user's paths are.
                    if fileExists(file) { add(ProjectPaths.relative(file, to: ".")) }
                }
            }
        }
        return result
    }

    /// What happens to a variant group that holds migrated files.
    private enum GroupChange {
        /// A table's own variant group (`Localizable.strings`): it goes, the catalog takes its place.
        case removed
        /// A storyboard's or xib's variant group: its `.strings` files go, the `mul.lproj` catalog joins it.
        case interfaceBuilder
    }

    private struct FoundGroup {
        var group: ProjectObject
        var plan: Int
        var migratedChildren: [String]
        var change: GroupChange
    }

    private func projectEdit(
        of path: String, plans: [PlannedCatalog], migrated: [String: Int], leftOut: [String: String],
        lockTimeout: Double
    ) throws -> ProjectEdit? {
        let file: ProjectFile
        var transaction = FileTransaction()
        transaction.lockTimeout = lockTimeout
        do {
            file = try ProjectFile(path: path, bytes: Array(try transaction.readForUpdate(path).bytes))
        } catch let error as ConversionError {
            transaction.discard()
            throw ConversionError(
                error.diagnostics + [
                    Diagnostic(
                        .note,
                        "the project file around the migrated folder cannot be read, so it cannot be edited; "
                            + "nothing is written (pass --no-project to migrate without editing the project)",
                        path: path)
                ])
        }
        var tree = ProjectGroupTree(file: file)
        var found: [FoundGroup] = []
        // Every group that cannot be edited is reported, in one run.
        var refusals: [(error: Diagnostic, table: String)] = []
        for group in file.objects where group.isa == "PBXVariantGroup" {
            var matched: [String] = []
            var others: [(id: String, path: String?)] = []
            var tables = Set<Int>()
            for child in group["children"]?.strings ?? [] {
                let childPath = tree.path(of: child).map(ProjectPaths.absolute)
                if let childPath, let plan = migrated[childPath] {
                    matched.append(child)
                    tables.insert(plan)
                } else {
                    others.append((child, childPath))
                }
            }
            guard let plan = tables.first else { continue }
            let table = plans[plan].table.name
            guard tables.count == 1 else {
                refusals.append(
                    (
                        refusal(
                            "the variant group \(quoted(group)) holds files of several migrated tables", group, file),
                        table
                    ))
                continue
            }
            let left = Self.distinct(others.compactMap { $0.path.flatMap { leftOut[$0] } })
            if !left.isEmpty {
                refusals.append(
                    (
                        refusal(
                            "the variant group \(quoted(group)) holds \(left.joined(separator: ", ")), which "
                                + "\(left.count == 1 ? "is" : "are") left out of the migration; the group cannot be "
                                + "replaced by the catalog without losing \(left.count == 1 ? "it" : "them")", group,
                            file),
                        table
                    ))
                continue
            }
            let change: GroupChange
            if others.isEmpty {
                change = .removed
            } else if others.allSatisfy({ $0.path.map(Self.isInterfaceBuilderPath) ?? false }) {
                change = .interfaceBuilder
            } else {
                // Each file once, by its path in the project's folder.
                let names = Self.distinct(
                    others.map { other in
                        other.path.map { ProjectPath.relative($0, to: ProjectPaths.absolute(tree.directory)) }
                            ?? other.id
                    })
                let files = names.count == 1 ? "a file that is" : "files that are"
                let message =
                    "the variant group \(quoted(group)) holds \(files) not the migrated table's "
                    + "(\(names.joined(separator: ", ")))"
                refusals.append((refusal(message, group, file), table))
                continue
            }
            found.append(FoundGroup(group: group, plan: plan, migratedChildren: matched, change: change))
        }
        if !refusals.isEmpty {
            transaction.discard()
            throw Self.refused(refusals, plans: plans, file: file)
        }
        guard !found.isEmpty else { return nil }
        var editor = ProjectFileEditor(file: file)
        var summary: [String] = []
        let references = Self.references(in: file)
        for plan in Set(found.map(\.plan)).sorted() {
            let groups = found.filter { $0.plan == plan }
            try checkShared(groups, references: references, tree: tree, file: file)
            let legacy = groups.filter { $0.change == .removed }
            if !legacy.isEmpty {
                summary.append(
                    try replace(legacy, by: plans[plan], editor: &editor, tree: &tree, references: references))
            }
            for group in groups where group.change == .interfaceBuilder {
                summary.append(try addInterfaceBuilderCatalog(plans[plan], to: group, editor: &editor, tree: &tree))
            }
        }
        let touched = Set(found.map(\.group.id)).union(found.flatMap(\.migratedChildren))
        summary += try addCatalogSettings(buildingAnyOf: touched, references: references, editor: &editor)
        return ProjectEdit(path: path, bytes: try editor.result(), summary: summary, transaction: transaction)
    }

    /// For each id, the objects and top-level members that name it (`fileRef`, `children`, `files`, …).
    private static func references(in file: ProjectFile) -> [String: [(object: String, key: String)]] {
        var result: [String: [(object: String, key: String)]] = [:]
        for object in file.objects {
            for member in object.value.members where member.key != "isa" {
                var pending = [member.value]
                while let value = pending.popLast() {
                    switch value.kind {
                    case .string(let text):
                        if file.contains(text) { result[text, default: []].append((object.id, member.key)) }
                    case .array(let values): pending += values
                    case .dictionary(let members): pending += members.map(\.value)
                    }
                }
            }
        }
        return result
    }

    /// Throws when a variant group, one of its migrated files or one of its build files is named anywhere
    /// Xcode's migration does not expect: a second parent group, another group's children, a target's settings.
    private func checkShared(
        _ groups: [FoundGroup], references: [String: [(object: String, key: String)]], tree: ProjectGroupTree,
        file: ProjectFile
    ) throws {
        for found in groups {
            let group = found.group
            for reference in references[group.id] ?? [] {
                let isa = file.object(reference.object)?.isa ?? ""
                let expected =
                    (reference.key == "children" && reference.object == tree.parents[group.id])
                    || (reference.key == "fileRef" && isa == "PBXBuildFile")
                guard expected else {
                    throw unsafe(
                        "the variant group \(quoted(group)) is also named by \(isa) \(reference.object) "
                            + "(\(reference.key))", group, file)
                }
            }
            for child in found.migratedChildren {
                for reference in references[child] ?? []
                where !(reference.key == "children" && reference.object == group.id) {
                    throw unsafe(
                        "the file \(child) of the variant group \(quoted(group)) is also named by "
                            + "\(file.object(reference.object)?.isa ?? "") \(reference.object) (\(reference.key))",
                        group, file)
                }
            }
            guard found.change == .removed else { continue }
            for buildFile in buildFiles(of: group.id, references: references, file: file) {
                let phases = references[buildFile]?.filter { $0.key == "files" } ?? []
                guard phases.count == 1, references[buildFile]?.count == 1 else {
                    throw unsafe(
                        "the build file \(buildFile) of the variant group \(quoted(group)) is named \(references[buildFile]?.count ?? 0) times, "
                            + "not once by one build phase", group, file)
                }
            }
        }
    }

    /// The build files whose `fileRef` is `id`.
    private func buildFiles(
        of id: String, references: [String: [(object: String, key: String)]], file: ProjectFile
    ) -> [String] {
        (references[id] ?? []).filter { $0.key == "fileRef" && file.object($0.object)?.isa == "PBXBuildFile" }
            .map(\.object)
    }

    /// Replaces a table's variant groups by the catalog: one file reference in the first group's place (the
    /// `.strings` group's when there are both), one build file per build phase in the place of that phase's last
    /// legacy entry; the groups, their files and build files go.
    private func replace(
        _ groups: [FoundGroup], by plan: PlannedCatalog, editor: inout ProjectFileEditor, tree: inout ProjectGroupTree,
        references: [String: [(object: String, key: String)]]
    ) throws -> String {
        let file = editor.file
        let destination = ProjectPaths.absolute(plan.destination)
        let anchor = groups.first { $0.group["name"]?.string?.hasSuffix(".strings") == true } ?? groups[0]
        // A reference to the catalog that exists already (a migration run again) is used, not doubled.
        var catalogID: String?
        var catalogComment = ProjectPath.name(of: plan.destination)
        for object in file.objects where object.isa == "PBXFileReference" {
            if tree.path(of: object.id).map(ProjectPaths.absolute) == destination {
                catalogID = object.id
                catalogComment = object["name"]?.string ?? ProjectPath.name(of: object["path"]?.string ?? "")
                break
            }
        }
        if catalogID == nil {
            let parent = tree.parents[anchor.group.id]
            let groupRelative = (anchor.group["sourceTree"]?.string ?? "<group>") == "<group>"
            let parentFolder = parent.flatMap { tree.path(of: $0) }.map(ProjectPaths.absolute)
            let base = groupRelative ? parentFolder : nil
            let folder = base ?? ProjectPaths.absolute(tree.directory)
            let path = ProjectPath.relative(destination, to: folder)
            var members: [(key: String, value: String)] = [("lastKnownFileType", "text.json.xcstrings")]
            if path.contains("/") { members.append(("name", projectFileQuoted(ProjectPath.name(of: path)))) }
            members.append(("path", projectFileQuoted(path)))
            members.append(("sourceTree", projectFileQuoted(base == nil ? "SOURCE_ROOT" : "<group>")))
            let id = editor.newID("PBXFileReference \(path) in \(parent ?? "")")
            try editor.addObject(id, isa: "PBXFileReference", comment: catalogComment, members: members)
            if let parent {
                try editor.insertElement(
                    id.rawValue, comment: catalogComment, ofArray: "children", in: parent, before: anchor.group.id)
            }
            catalogID = id.rawValue
        }
        guard let catalogID else { return "" }
        // Build files: per phase, in the place of its last legacy entry.
        let removedBuildFiles = Set(groups.flatMap { buildFiles(of: $0.group.id, references: references, file: file) })
        var phases = 0
        for phase in file.objects {
            let entries = phase["files"]?.strings ?? []
            guard let last = entries.last(where: removedBuildFiles.contains) else { continue }
            phases += 1
            let hasCatalog = entries.contains { file.object($0)?["fileRef"]?.string == catalogID }
            if !hasCatalog {
                let phaseName = phase["name"]?.string ?? Self.defaultPhaseName(phase.isa)
                let comment = "\(catalogComment) in \(phaseName)"
                let id = editor.newID("PBXBuildFile \(catalogID) in \(phase.id)")
                try editor.addObject(
                    id, isa: "PBXBuildFile", comment: comment,
                    members: [("fileRef", "\(catalogID) /* \(catalogComment) */")])
                try editor.insertElement(id.rawValue, comment: comment, ofArray: "files", in: phase.id, before: last)
            }
            for entry in entries where removedBuildFiles.contains(entry) {
                try editor.removeElement(entry, ofArray: "files", in: phase.id)
            }
        }
        for buildFile in removedBuildFiles { try editor.removeObject(buildFile) }
        var files = 0
        for found in groups {
            if let parent = tree.parents[found.group.id] {
                try editor.removeElement(found.group.id, ofArray: "children", in: parent)
            }
            try editor.removeObject(found.group.id)
            for child in found.migratedChildren {
                try editor.removeObject(child)
                files += 1
            }
        }
        let names = groups.map { $0.group["name"]?.string ?? $0.group.id }
        return "the variant \(groups.count == 1 ? "group" : "groups") \(names.joined(separator: ", ")) "
            + "(\(files) \(files == 1 ? "file" : "files")) replaced by \(catalogComment) in "
            + "\(phases) build \(phases == 1 ? "phase" : "phases")"
    }

    /// Replaces the migrated `.strings` files of a storyboard's or xib's variant group by one reference.
    ///
    /// The `mul` reference to the catalog takes the first one's place; the group and its build file stay. The project's `objectVersion`
    /// becomes 60 when it was lower, as Xcode does when it adds `mul.lproj` catalogs.
    private func addInterfaceBuilderCatalog(
        _ plan: PlannedCatalog, to found: FoundGroup, editor: inout ProjectFileEditor, tree: inout ProjectGroupTree
    ) throws -> String {
        let file = editor.file
        let group = found.group
        let destination = ProjectPaths.absolute(plan.destination)
        let children = group["children"]?.strings ?? []
        let present = children.contains { child in
            tree.path(of: child).map(ProjectPaths.absolute) == destination
        }
        guard let folder = tree.path(of: group.id).map(ProjectPaths.absolute) else {
            throw unsafe("the folder of the variant group \(quoted(group)) cannot be known", group, file)
        }
        let path = ProjectPath.relative(destination, to: folder)
        if !present {
            // `mul` names the catalog of every language (`mul.lproj`); a catalog written elsewhere (`-o`, or no
            // storyboard on disk) is named as other references are.
            let inMul = ProjectPath.name(of: ProjectPath.parent(of: path)) == "mul.lproj"
            let name = inMul ? "mul" : (path.contains("/") ? ProjectPath.name(of: path) : nil)
            let id = editor.newID("PBXFileReference \(path) in \(group.id)")
            var members: [(key: String, value: String)] = [("lastKnownFileType", "text.json.xcstrings")]
            if let name { members.append(("name", projectFileQuoted(name))) }
            members += [("path", projectFileQuoted(path)), ("sourceTree", projectFileQuoted("<group>"))]
            let comment = name ?? path
            try editor.addObject(id, isa: "PBXFileReference", comment: comment, members: members)
            try editor.insertElement(
                id.rawValue, comment: comment, ofArray: "children", in: group.id, before: found.migratedChildren.first)
            if let version = file.root["objectVersion"]?.string, let number = Int(version), number < 60 {
                editor.replaceRootValue("objectVersion", with: "60")
            }
        }
        for child in found.migratedChildren {
            try editor.removeElement(child, ofArray: "children", in: group.id)
            try editor.removeObject(child)
        }
        let count = found.migratedChildren.count
        return "the \(count) .strings \(count == 1 ? "file" : "files") of the variant group \(quoted(group)) "
            + "replaced by \(path)"
    }

    /// The build settings Xcode's migration sets.
    ///
    /// `LOCALIZATION_PREFERS_STRING_CATALOGS = YES` in each of the project's configurations, and `SWIFT_EMIT_LOC_STRINGS = YES` in each configuration of a migrated target
    /// (one whose build phases held the groups) when neither it nor any project configuration sets it. A setting
    /// already there, whatever its value, is left as it is.
    private func addCatalogSettings(
        buildingAnyOf groups: Set<String>, references: [String: [(object: String, key: String)]],
        editor: inout ProjectFileEditor
    ) throws -> [String] {
        let file = editor.file
        func configurations(_ list: String?) -> [ProjectObject] {
            (list.flatMap(file.object)?["buildConfigurations"]?.strings ?? []).compactMap(file.object)
                .filter { $0.isa == "XCBuildConfiguration" && $0["buildSettings"]?.isDictionary == true }
        }
        func sets(_ configuration: ProjectObject, _ key: String) -> Bool {
            configuration["buildSettings"]?.members.contains { $0.key == key } == true
        }
        var summary: [String] = []
        let project = configurations(file.rootObject?["buildConfigurationList"]?.string)
        let preferring = project.filter { !sets($0, "LOCALIZATION_PREFERS_STRING_CATALOGS") }
        for configuration in preferring {
            try editor.insertMember(
                "LOCALIZATION_PREFERS_STRING_CATALOGS", value: "YES", inDictionary: "buildSettings",
                of: configuration.id)
        }
        if !preferring.isEmpty {
            summary.append(
                "LOCALIZATION_PREFERS_STRING_CATALOGS = YES in the project's "
                    + preferring.map { $0["name"]?.string ?? $0.id }.joined(separator: ", "))
        }
        guard !project.contains(where: { sets($0, "SWIFT_EMIT_LOC_STRINGS") }) else { return summary }
        // The phases whose build files name the groups, and the targets that run them.
        var phases = Set<String>()
        for group in groups {
            for buildFile in references[group] ?? [] where file.object(buildFile.object)?.isa == "PBXBuildFile" {
                for phase in references[buildFile.object] ?? [] where phase.key == "files" {
                    phases.insert(phase.object)
                }
            }
        }
        for target in file.objects where target.isa == "PBXNativeTarget" {
            guard target["buildPhases"]?.strings.contains(where: phases.contains) == true else { continue }
            let emitting = configurations(target["buildConfigurationList"]?.string)
                .filter { !sets($0, "SWIFT_EMIT_LOC_STRINGS") }
            for configuration in emitting {
                try editor.insertMember(
                    "SWIFT_EMIT_LOC_STRINGS", value: "YES", inDictionary: "buildSettings", of: configuration.id)
            }
            if !emitting.isEmpty {
                summary.append(
                    "SWIFT_EMIT_LOC_STRINGS = YES in target \(target["name"]?.string ?? target.id)'s "
                        + emitting.map { $0["name"]?.string ?? $0.id }.joined(separator: ", "))
            }
        }
        return summary
    }

    private static func defaultPhaseName(_ isa: String) -> String {
        switch isa {
        case "PBXSourcesBuildPhase": return "Sources"
        case "PBXFrameworksBuildPhase": return "Frameworks"
        case "PBXCopyFilesBuildPhase": return "CopyFiles"
        case "PBXHeadersBuildPhase": return "Headers"
        default: return "Resources"
        }
    }

    private func quoted(_ group: ProjectObject) -> String {
        Diagnostic.quoted(group["name"]?.string ?? group.id)
    }

    /// The names, each once, in their order.
    private static func distinct(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// The error of a variant group that cannot be edited (``unsafe(_:_:_:)``'s first diagnostic).
    private func refusal(_ message: String, _ object: ProjectObject, _ file: ProjectFile) -> Diagnostic {
        Diagnostic(
            .error, message + "; the project cannot be edited safely", at: file.location(object.range.lowerBound))
    }

    /// The errors of the variant groups that cannot be edited, and a note saying what to do: migrate the other
    /// tables by name (`--table`), or leave the project alone.
    private static func refused(
        _ refusals: [(error: Diagnostic, table: String)], plans: [PlannedCatalog], file: ProjectFile
    ) -> ConversionError {
        let blocked = distinct(refusals.map(\.table))
        let others = distinct(plans.map(\.table.name)).filter { !blocked.contains($0) }
        let quotedBlocked = blocked.map { Diagnostic.quoted($0) }.joined(separator: ", ")
        let advice =
            others.isEmpty
            ? ""
            : "; to migrate the other tables and leave \(quotedBlocked) as \(blocked.count == 1 ? "it is" : "they are"), "
                + "name them: " + others.map { "--table \($0)" }.joined(separator: " ")
        return ConversionError(
            refusals.map(\.error) + [
                Diagnostic(
                    .note,
                    "nothing is written\(advice); or pass --no-project to migrate without editing the project",
                    path: file.path)
            ])
    }

    private func unsafe(_ message: String, _ object: ProjectObject, _ file: ProjectFile) -> ConversionError {
        ConversionError(
            [
                Diagnostic(
                    .error, message + "; the project cannot be edited safely",
                    at: file.location(object.range.lowerBound)),
                Diagnostic(
                    .note, "nothing is written; pass --no-project to migrate without editing the project",
                    path: file.path),
            ])
    }
}
