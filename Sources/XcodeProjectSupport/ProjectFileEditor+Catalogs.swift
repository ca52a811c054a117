import LocalizationCatalog

extension ProjectFileEditor {
    /// Registers a new String Catalog in a target as Xcode's File ▸ New ▸ String Catalog does (`sync --create`): a
    /// file reference (`lastKnownFileType = text.json.xcstrings`) at the end of the children of the group whose
    /// folder holds the catalog, and a build file at the end of the files of the target's Resources phase.
    ///
    /// A reference to the catalog that exists already is used, not doubled, and so is a build file of it in the
    /// phase. When no group has the catalog's folder, the group of the nearest folder above it takes the reference,
    /// with its path from there (`name` then says the file's name, as Xcode writes it).
    /// - Parameters:
    ///   - path: The catalog's path, as ``ProjectGroupTree/path(of:)`` gives paths (relative to the current folder
    ///     when the project's is, else absolute).
    ///   - targetID: The `PBXNativeTarget`.
    ///   - tree: The project's groups.
    /// - Returns: What was done, in one line.
    /// - Throws: ``ConversionError`` when the target has no Resources phase, no group holds the catalog's folder, or
    ///   the places to edit are not laid out as Xcode writes them.
    package mutating func addCatalog(at path: String, toTarget targetID: String, tree: inout ProjectGroupTree)
        throws -> String
    {
        let file = self.file
        guard let target = file.object(targetID), target.isa == "PBXNativeTarget" else {
            throw ConversionError("the project file has no target \(targetID)", path: file.path)
        }
        let targetName = target["name"]?.string ?? targetID
        let phases = (target["buildPhases"]?.strings ?? []).compactMap(file.object)
        guard let phase = phases.first(where: { $0.isa == "PBXResourcesBuildPhase" }) else {
            throw ConversionError(
                "target \(targetName) has no Resources build phase to copy the catalog; add one in Xcode (or add the "
                    + "catalog there), then run sync", at: file.location(target.range.lowerBound))
        }
        let name = ProjectPath.name(of: path)
        let folder = ProjectPath.parent(of: path)
        var referenceID = file.objects.first { object in
            object.isa == "PBXFileReference" && tree.path(of: object.id) == path
        }?.id
        var summary: [String] = []
        if referenceID == nil {
            // The group of the catalog's folder, else of the nearest folder above it.
            var best: (group: ProjectObject, folder: String)?
            for group in file.objects where group.isa == "PBXGroup" {
                guard let groupFolder = tree.path(of: group.id) else { continue }
                let holds =
                    groupFolder == folder || folder.hasPrefix(groupFolder == "/" ? "/" : groupFolder + "/")
                    || (groupFolder == "." && !folder.hasPrefix("/") && !folder.hasPrefix("../"))
                guard holds else { continue }
                if groupFolder.count > best?.folder.count ?? -1 { best = (group, groupFolder) }
            }
            guard let best else {
                throw ConversionError(
                    "no group of the project holds the folder \(folder) of the new catalog; add the catalog in Xcode",
                    path: file.path)
            }
            let relative = best.folder == "." ? path : ProjectPath.relative(path, to: best.folder)
            var members: [(key: String, value: String)] = [("lastKnownFileType", "text.json.xcstrings")]
            if relative.contains("/") { members.append(("name", projectFileQuoted(name))) }
            members += [("path", projectFileQuoted(relative)), ("sourceTree", projectFileQuoted("<group>"))]
            let id = newID("PBXFileReference \(relative) in \(best.group.id)")
            try addObject(id, isa: "PBXFileReference", comment: name, members: members)
            try insertElement(id.rawValue, comment: name, ofArray: "children", in: best.group.id)
            referenceID = id.rawValue
            let groupName = best.group["name"]?.string ?? best.group["path"]?.string ?? "the main group"
            summary.append("a file reference in group \(groupName)")
        }
        guard let referenceID else { return "" }
        let phaseName = phase["name"]?.string ?? "Resources"
        let present = (phase["files"]?.strings ?? []).contains { file.object($0)?["fileRef"]?.string == referenceID }
        if !present {
            let comment = "\(name) in \(phaseName)"
            let id = newID("PBXBuildFile \(referenceID) in \(phase.id)")
            try addObject(
                id, isa: "PBXBuildFile", comment: comment, members: [("fileRef", "\(referenceID) /* \(name) */")])
            try insertElement(id.rawValue, comment: comment, ofArray: "files", in: phase.id)
            summary.append("a build file in target \(targetName)'s \(phaseName) phase")
        }
        return summary.isEmpty
            ? "\(name) is in target \(targetName)'s \(phaseName) phase already"
            : "\(name): " + summary.joined(separator: " and ")
    }
}
