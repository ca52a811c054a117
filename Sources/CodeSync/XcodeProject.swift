import Foundation
import LocalizationCatalog
import StringBridgeSupport
import XcodeProjectSupport

/// The targets of an Xcode project and the files each one builds or copies, from its `project.pbxproj`.
struct XcodeProject {
    /// One native target.
    struct Target {
        var name: String
        /// Files of the Sources and Resources phases (a variant group gives all its files), and the Info.plist.
        var files: [String]
        /// Synchronized folders (Xcode 16): every file below belongs to the target, except `excludedFiles`.
        var folders: [String]
        /// Files of synchronized folders the target leaves out (`membershipExceptions` naming this target).
        var excludedFiles: [String] = []
        /// The build settings of its Debug configuration (the one Xcode's Run builds) over the project's.
        ///
        /// `TARGET_NAME` is the target's name; settings with a condition (`KEY[sdk=…]`) are left out.
        var settings: [String: String] = [:]
        /// Its Info.plist files (`INFOPLIST_FILE` of each configuration).
        var infoPlists: [String] = []
        /// Where `PRODUCT_NAME`, `TARGET_NAME` and the `INFOPLIST_KEY_*` settings in effect are written in the
        /// project file (the key of the layer that set them last); a setting from an `.xcconfig` file has none.
        var settingLocations: [String: FileLocation] = [:]
        /// The targets it depends on (`dependencies`, targets of this project) and the Swift package products it
        /// links (`packageProductDependencies`: `productName`, with the path of a local package's reference;
        /// products of remote packages are left out).
        var dependencies: [ModuleDependency] = []
    }

    /// The folder the project's paths are relative to (the one holding the `.xcodeproj`).
    var directory: String
    var targets: [Target]

    /// Reads `path` (`…/Name.xcodeproj/project.pbxproj`).
    /// - Throws: ``ConversionError`` at the place of the problem when the file cannot be read (nested deeper than
    ///   ``InputLimits/nesting`` included).
    init(path: String, text: String) throws {
        let file = try ProjectFile(path: path, bytes: Array(text.utf8))
        var tree = ProjectGroupTree(file: file)
        let directory = tree.directory
        self.directory = directory
        let root = file.rootObject
        let resolve = { (id: String) in tree.path(of: id) }
        let objects = file
        var projectOffsets: [String: Int] = [:]
        let projectSettings = Self.debugSettings(
            of: root?["buildConfigurationList"]?.string.flatMap(objects.object), in: objects, over: [:],
            offsets: &projectOffsets, resolve: resolve)
        // The synchronized folders, and the exception sets of each (a file of a folder listed for another target).
        var synchronizedExceptions: [String: [(folder: String, members: [String])]] = [:]
        for group in objects.objects where group.isa == "PBXFileSystemSynchronizedRootGroup" {
            guard let folder = resolve(group.id) else { continue }
            for exceptionID in group["exceptions"]?.array ?? [] {
                guard let exception = exceptionID.string.flatMap(objects.object),
                    exception["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                    let target = exception["target"]?.string
                else { continue }
                synchronizedExceptions[target, default: []].append(
                    (folder, (exception["membershipExceptions"]?.array ?? []).compactMap(\.string)))
            }
        }
        // The product of each target (`productReference`): a target whose Frameworks phase links it depends on it.
        var productTargets: [String: String] = [:]
        for object in objects.objects where object.isa == "PBXNativeTarget" {
            if let product = object["productReference"]?.string, let name = object["name"]?.string {
                productTargets[product] = name
            }
        }
        var targets: [Target] = []
        for object in objects.objects.sorted(by: { $0.id < $1.id }) where object.isa == "PBXNativeTarget" {
            let targetID = object.id
            var files: [String] = []
            var folders: [String] = []
            for phaseID in object["buildPhases"]?.array ?? [] {
                guard let phase = phaseID.string.flatMap(objects.object),
                    ["PBXSourcesBuildPhase", "PBXResourcesBuildPhase"].contains(phase["isa"]?.string ?? "")
                else { continue }
                for buildFileID in phase["files"]?.array ?? [] {
                    guard let buildFile = buildFileID.string.flatMap(objects.object),
                        let reference = buildFile["fileRef"]?.string, let referenced = objects.object(reference)
                    else { continue }
                    if referenced["isa"]?.string == "PBXVariantGroup" {
                        files += (referenced["children"]?.array ?? []).compactMap { $0.string.flatMap(resolve) }
                    } else if let file = resolve(reference) {
                        files.append(file)
                    }
                }
            }
            var excluded: [String] = []
            for groupID in object["fileSystemSynchronizedGroups"]?.array ?? [] {
                guard let id = groupID.string, let folder = resolve(id) else { continue }
                folders.append(folder)
            }
            // An exception set naming this target: in a folder the target has, the files it leaves out; in a folder
            // of another target, files it builds too (Xcode's "Target Membership" of one file of that folder).
            for exception in synchronizedExceptions[targetID] ?? [] {
                let members = exception.members.map { ProjectWalk.join(exception.folder, $0) }
                if folders.contains(exception.folder) {
                    excluded += members
                } else {
                    for member in members {
                        var isFolder: ObjCBool = false
                        if FileManager.default.fileExists(atPath: member, isDirectory: &isFolder), isFolder.boolValue {
                            folders.append(member)
                        } else {
                            files.append(member)
                        }
                    }
                }
            }
            // The Info.plist of each configuration (relative to the project folder).
            let configurations = object["buildConfigurationList"]?.string.flatMap(objects.object)
            var offsets = projectOffsets
            var settings = Self.debugSettings(
                of: configurations, in: objects, over: projectSettings, offsets: &offsets, resolve: resolve)
            let name = object["name"]?.string ?? ""
            settings["TARGET_NAME"] = name
            offsets["TARGET_NAME"] = object.value.members.first { $0.key == "name" }?.range.lowerBound
            var settingLocations: [String: FileLocation] = [:]
            for (key, offset) in offsets
            where key == "PRODUCT_NAME" || key == "TARGET_NAME" || key.hasPrefix("INFOPLIST_KEY_") {
                settingLocations[key] = file.location(offset)
            }
            // The Info.plist: `INFOPLIST_FILE` of the Debug settings (an `.xcconfig` file may set it), then that of
            // each configuration (relative to the project folder, settings expanded).
            var infoPlists: [String] = []
            var written = settings["INFOPLIST_FILE"].map { [$0] } ?? []
            for configurationID in configurations?["buildConfigurations"]?.array ?? [] {
                guard let configuration = configurationID.string.flatMap(objects.object),
                    let infoPlist = configuration["buildSettings"]?["INFOPLIST_FILE"]?.string
                else { continue }
                written.append(infoPlist)
            }
            for infoPlist in written {
                guard let file = Self.infoPlistPath(infoPlist, settings: settings, directory: directory) else {
                    continue
                }
                if !files.contains(file) { files.append(file) }
                if !infoPlists.contains(file) { infoPlists.append(file) }
            }
            var dependencies = (object["dependencies"]?.array ?? []).compactMap {
                $0.string.flatMap(objects.object)?["target"]?.string.flatMap(objects.object)?["name"]?.string
            }.map { ModuleDependency(name: $0, path: "") }
            // Implicit dependencies: a library target of this project linked in the Frameworks phase only (Xcode's
            // "Find Implicit Dependencies"); its declarations are seen as an explicit dependency's are.
            for phaseID in object["buildPhases"]?.array ?? [] {
                guard let phase = phaseID.string.flatMap(objects.object),
                    phase["isa"]?.string == "PBXFrameworksBuildPhase"
                else { continue }
                for buildFileID in phase["files"]?.array ?? [] {
                    guard let reference = buildFileID.string.flatMap(objects.object)?["fileRef"]?.string,
                        let linked = productTargets[reference], linked != name,
                        !dependencies.contains(where: { $0.name == linked && $0.path == "" })
                    else { continue }
                    dependencies.append(ModuleDependency(name: linked, path: ""))
                }
            }
            for productID in object["packageProductDependencies"]?.array ?? [] {
                guard let product = productID.string.flatMap(objects.object),
                    let name = product["productName"]?.string
                else { continue }
                guard let package = product["package"]?.string.flatMap(objects.object) else {
                    dependencies.append(ModuleDependency(name: name))
                    continue
                }
                if package.isa == "XCLocalSwiftPackageReference", let path = package["relativePath"]?.string {
                    dependencies.append(ModuleDependency(name: name, path: path))
                }
            }
            targets.append(
                Target(
                    name: name, files: files, folders: folders, excludedFiles: excluded, settings: settings,
                    infoPlists: infoPlists, settingLocations: settingLocations, dependencies: dependencies))
        }
        self.targets = targets
    }

    /// The path of an `INFOPLIST_FILE` setting, relative to the project folder: `$(SRCROOT)/` and `$(PROJECT_DIR)/`
    /// stand for the folder, other settings are expanded; `nil` when a setting stays unknown or the value is empty.
    static func infoPlistPath(_ value: String, settings: [String: String], directory: String) -> String? {
        var infoPlist = value.trimmingCharacters(in: .whitespaces)
        for prefix in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/", "${PROJECT_DIR}/"]
        where infoPlist.hasPrefix(prefix) {
            infoPlist.removeFirst(prefix.count)
        }
        infoPlist = BuildSettings.expand(infoPlist, settings)
        guard !infoPlist.isEmpty, !infoPlist.contains("$") else { return nil }
        return ProjectWalk.join(directory, infoPlist)
    }

    /// The `Debug` configuration's settings of a configuration list over `inherited`.
    ///
    /// The configuration named `Debug` (the first one when none is named so): its `.xcconfig`
    /// (`baseConfigurationReference`), then its own settings, each layer's `$(inherited)` standing for the layer
    /// below. Conditional settings (`KEY[sdk=…]`) are left out; arrays are joined with spaces, as Xcode expands them.
    /// `offsets` gets the byte offset of each key the configuration itself writes, and loses the keys its
    /// `.xcconfig` sets.
    static func debugSettings(
        of list: ProjectObject?, in objects: ProjectFile, over inherited: [String: String],
        offsets: inout [String: Int], resolve: (String) -> String?
    ) -> [String: String] {
        let configurations = (list?["buildConfigurations"]?.array ?? []).compactMap {
            $0.string.flatMap(objects.object)
        }
        guard let configuration = configurations.first(where: { $0["name"]?.string == "Debug" }) ?? configurations.first
        else { return inherited }
        var result = inherited
        if let reference = configuration["baseConfigurationReference"]?.string, let path = resolve(reference) {
            var layer: [(String, String)] = []
            var visited = Set<String>()
            XCConfig.read(path, into: &layer, depth: 0, visited: &visited)
            merge(layer, into: &result)
            for (key, _) in layer { offsets[key] = nil }
        }
        var own: [(String, String)] = []
        for member in configuration["buildSettings"]?.members ?? [] {
            if !member.key.contains("[") { offsets[member.key] = member.range.lowerBound }
            if let string = member.value.string {
                own.append((member.key, string))
            } else {
                own.append((member.key, member.value.array.compactMap(\.string).joined(separator: " ")))
            }
        }
        merge(own.sorted { $0.0 < $1.0 }, into: &result)
        return result
    }

    /// Sets each unconditional setting of `layer` over `settings`, `$(inherited)` replaced by the value below.
    private static func merge(_ layer: [(String, String)], into settings: inout [String: String]) {
        for (key, value) in layer where !key.contains("[") {
            var value = value
            for inherited in ["$(inherited)", "${inherited}"] where value.contains(inherited) {
                value = value.replacingOccurrences(of: inherited, with: settings[key] ?? "")
            }
            settings[key] = value.trimmingCharacters(in: .whitespaces)
        }
    }
}

/// Reads `.xcconfig` files: `KEY = value` lines, `//` comments, `#include "other.xcconfig"` (and `#include?`)
/// relative to the including file.
enum XCConfig {
    /// Appends the settings of the file at `path` (and of the files it includes, in place) to `settings`.
    ///
    /// A file that cannot be read gives nothing. Includes are followed ``InputLimits/includeDepth`` deep, and a file
    /// already read on the way (`visited`) is not read again: an include cycle ends.
    static func read(_ path: String, into settings: inout [(String, String)], depth: Int, visited: inout Set<String>) {
        guard depth < InputLimits.includeDepth, visited.insert(ProjectWalk.normalized(path)).inserted,
            let text = try? String(contentsOfFile: path, encoding: .utf8)
        else { return }
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            var line = Substring(rawLine)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#include") {
                guard let open = trimmed.firstIndex(of: "\""),
                    let close = trimmed[trimmed.index(after: open)...].firstIndex(of: "\"")
                else { continue }
                let included = String(trimmed[trimmed.index(after: open)..<close])
                read(
                    ProjectWalk.join(ProjectWalk.parent(of: path), included), into: &settings, depth: depth + 1,
                    visited: &visited)
                continue
            }
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, !key.contains(" ") else { continue }
            settings.append((key, trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)))
        }
    }
}
