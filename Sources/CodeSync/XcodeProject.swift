import Foundation
import LocalizationCatalog

/// A value of an old-style (OpenStep) property list, as `project.pbxproj` is written.
enum OpenStepValue {
    case string(String)
    case array([OpenStepValue])
    case dictionary([String: OpenStepValue])

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var array: [OpenStepValue] {
        if case .array(let values) = self { return values }
        return []
    }

    var dictionary: [String: OpenStepValue] {
        if case .dictionary(let values) = self { return values }
        return [:]
    }

    subscript(key: String) -> OpenStepValue? { dictionary[key] }
}

/// Reads an old-style property list: `{ key = value; }`, `( a, b, )`, quoted and bare strings, comments.
struct OpenStepParser {
    private let bytes: [UInt8]
    private var index = 0
    private let path: String

    init(text: String, path: String) {
        bytes = Array(text.utf8)
        self.path = path
    }

    /// Parses the whole text.
    static func parse(_ text: String, path: String) throws -> OpenStepValue {
        var parser = OpenStepParser(text: text, path: path)
        return try parser.value()
    }

    private func error(_ message: String) -> ConversionError {
        ConversionError(message, at: FileLocation(path: path, bytes: bytes, offset: index))
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < bytes.count,
                    !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    index += 1
                }
                index = min(index + 2, bytes.count)
            } else {
                return
            }
        }
    }

    private mutating func expect(_ byte: UInt8) throws {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else {
            throw error("expected '\(Character(Unicode.Scalar(byte)))' in project file")
        }
        index += 1
    }

    private mutating func value() throws -> OpenStepValue {
        skipSpace()
        guard index < bytes.count else { throw error("unexpected end of project file") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var result: [String: OpenStepValue] = [:]
            while true {
                skipSpace()
                guard index < bytes.count else { throw error("unexpected end of project file") }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .dictionary(result)
                }
                let key = try string()
                try expect(UInt8(ascii: "="))
                result[key] = try value()
                try expect(UInt8(ascii: ";"))
            }
        case UInt8(ascii: "("):
            index += 1
            var result: [OpenStepValue] = []
            while true {
                skipSpace()
                guard index < bytes.count else { throw error("unexpected end of project file") }
                if bytes[index] == UInt8(ascii: ")") {
                    index += 1
                    return .array(result)
                }
                result.append(try value())
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1 }
            }
        default:
            return .string(try string())
        }
    }

    private mutating func string() throws -> String {
        skipSpace()
        guard index < bytes.count else { throw error("unexpected end of project file") }
        if bytes[index] == UInt8(ascii: "\"") {
            index += 1
            var result: [UInt8] = []
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    index += 1
                    switch bytes[index] {
                    case UInt8(ascii: "n"): result.append(0x0A)
                    case UInt8(ascii: "t"): result.append(0x09)
                    case UInt8(ascii: "r"): result.append(0x0D)
                    default: result.append(bytes[index])
                    }
                } else {
                    result.append(bytes[index])
                }
                index += 1
            }
            guard index < bytes.count else { throw error("unterminated string in project file") }
            index += 1
            return String(decoding: result, as: UTF8.self)
        }
        let start = index
        while index < bytes.count, Self.isBare(bytes[index]) { index += 1 }
        guard index > start else { throw error("unexpected character in project file") }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private static func isBare(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default: return "_$/:.-+".utf8.contains(byte) || byte >= 0x80
        }
    }
}

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
    }

    /// The folder the project's paths are relative to (the one holding the `.xcodeproj`).
    var directory: String
    var targets: [Target]

    /// Reads `path` (`…/Name.xcodeproj/project.pbxproj`).
    init(path: String, text: String) throws {
        let plist = try OpenStepParser.parse(text, path: path)
        let objects = plist["objects"]?.dictionary ?? [:]
        let xcodeproj = ProjectWalk.parent(of: path)
        var directory = ProjectWalk.parent(of: xcodeproj)
        let root = plist["rootObject"]?.string.flatMap { objects[$0] }
        if let extra = root?["projectDirPath"]?.string, !extra.isEmpty {
            directory = ProjectWalk.join(directory, extra)
        }
        self.directory = directory
        var parents: [String: String] = [:]
        for (id, object) in objects {
            for child in object["children"]?.array ?? [] {
                if let child = child.string { parents[child] = id }
            }
        }
        let mainGroup = root?["mainGroup"]?.string
        var resolved: [String: String?] = [:]
        func resolve(_ id: String) -> String? {
            if let known = resolved[id] { return known }
            guard let object = objects[id] else { return nil }
            let path = object["path"]?.string
            var result: String?
            switch object["sourceTree"]?.string ?? "<group>" {
            case "<group>":
                let base: String?
                if let parent = parents[id] {
                    base = resolve(parent)
                } else {
                    base = id == mainGroup ? directory : nil
                }
                if let base { result = path.map { ProjectWalk.join(base, $0) } ?? base }
            case "SOURCE_ROOT": result = path.map { ProjectWalk.join(directory, $0) } ?? directory
            case "<absolute>": result = path
            default: result = nil
            }
            resolved[id] = result
            return result
        }
        let projectSettings = Self.debugSettings(
            of: root?["buildConfigurationList"]?.string.flatMap { objects[$0] }, in: objects, over: [:],
            resolve: resolve)
        var targets: [Target] = []
        for (targetID, object) in objects.sorted(by: { $0.key < $1.key })
        where object["isa"]?.string == "PBXNativeTarget" {
            var files: [String] = []
            var folders: [String] = []
            for phaseID in object["buildPhases"]?.array ?? [] {
                guard let phase = phaseID.string.flatMap({ objects[$0] }),
                    ["PBXSourcesBuildPhase", "PBXResourcesBuildPhase"].contains(phase["isa"]?.string ?? "")
                else { continue }
                for buildFileID in phase["files"]?.array ?? [] {
                    guard let buildFile = buildFileID.string.flatMap({ objects[$0] }),
                        let reference = buildFile["fileRef"]?.string, let referenced = objects[reference]
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
                // Files of the folder that this target leaves out (an exception set naming this target).
                for exceptionID in objects[id]?["exceptions"]?.array ?? [] {
                    guard let exception = exceptionID.string.flatMap({ objects[$0] }),
                        exception["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                        exception["target"]?.string == targetID
                    else { continue }
                    for member in exception["membershipExceptions"]?.array ?? [] {
                        if let member = member.string { excluded.append(ProjectWalk.join(folder, member)) }
                    }
                }
            }
            // The Info.plist of each configuration (relative to the project folder).
            let configurations = object["buildConfigurationList"]?.string.flatMap { objects[$0] }
            var settings = Self.debugSettings(
                of: configurations, in: objects, over: projectSettings, resolve: resolve)
            let name = object["name"]?.string ?? ""
            settings["TARGET_NAME"] = name
            var infoPlists: [String] = []
            for configurationID in configurations?["buildConfigurations"]?.array ?? [] {
                guard let configuration = configurationID.string.flatMap({ objects[$0] }),
                    var infoPlist = configuration["buildSettings"]?["INFOPLIST_FILE"]?.string
                else { continue }
                for prefix in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/", "${PROJECT_DIR}/"]
                where infoPlist.hasPrefix(prefix) {
                    infoPlist.removeFirst(prefix.count)
                }
                guard !infoPlist.contains("$") else { continue }
                let file = ProjectWalk.join(directory, infoPlist)
                if !files.contains(file) { files.append(file) }
                if !infoPlists.contains(file) { infoPlists.append(file) }
            }
            targets.append(
                Target(
                    name: name, files: files, folders: folders, excludedFiles: excluded, settings: settings,
                    infoPlists: infoPlists))
        }
        self.targets = targets
    }

    /// The `Debug` configuration's settings of a configuration list over `inherited`.
    ///
    /// The configuration named `Debug` (the first one when none is named so): its `.xcconfig`
    /// (`baseConfigurationReference`), then its own settings, each layer's `$(inherited)` standing for the layer
    /// below. Conditional settings (`KEY[sdk=…]`) are left out; arrays are joined with spaces, as Xcode expands them.
    static func debugSettings(
        of list: OpenStepValue?, in objects: [String: OpenStepValue], over inherited: [String: String],
        resolve: (String) -> String?
    ) -> [String: String] {
        let configurations = (list?["buildConfigurations"]?.array ?? []).compactMap {
            $0.string.flatMap { objects[$0] }
        }
        guard let configuration = configurations.first(where: { $0["name"]?.string == "Debug" }) ?? configurations.first
        else { return inherited }
        var result = inherited
        if let reference = configuration["baseConfigurationReference"]?.string, let path = resolve(reference) {
            var layer: [(String, String)] = []
            XCConfig.read(path, into: &layer, depth: 0)
            merge(layer, into: &result)
        }
        var own: [(String, String)] = []
        for (key, value) in configuration["buildSettings"]?.dictionary ?? [:] {
            if let string = value.string {
                own.append((key, string))
            } else {
                own.append((key, value.array.compactMap(\.string).joined(separator: " ")))
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
    /// Appends the settings of the file at `path` (and of the files it includes, in place) to `settings`; a file
    /// that cannot be read gives nothing.
    static func read(_ path: String, into settings: inout [(String, String)], depth: Int) {
        guard depth < 8, let text = try? String(contentsOfFile: path, encoding: .utf8) else { return }
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            var line = Substring(rawLine)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#include") {
                guard let open = trimmed.firstIndex(of: "\""),
                    let close = trimmed[trimmed.index(after: open)...].firstIndex(of: "\"")
                else { continue }
                let included = String(trimmed[trimmed.index(after: open)..<close])
                read(ProjectWalk.join(ProjectWalk.parent(of: path), included), into: &settings, depth: depth + 1)
                continue
            }
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, !key.contains(" ") else { continue }
            settings.append((key, trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)))
        }
    }
}
