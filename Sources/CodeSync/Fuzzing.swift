@_spi(Fuzzing) import CodeExtraction
import LocalizationCatalog

// Entry points of the Xcode project reader and the build settings for the libFuzzer targets of `Fuzz/`
// (docs/development.md, "Fuzzing"). Not API: only `@_spi(Fuzzing) import` sees them.

/// What sync and export learn from one `project.pbxproj` or `.xcconfig`, in a form that can be compared.
@_spi(Fuzzing) public enum ProjectFuzzing {
    /// One target of a project, and what its settings tell the code readers.
    @_spi(Fuzzing) public struct Target: Sendable, Equatable {
        /// The target's name.
        @_spi(Fuzzing) public var name: String
        /// Its files (Sources and Resources phases, Info.plist).
        @_spi(Fuzzing) public var files: [String]
        /// Its synchronized folders.
        @_spi(Fuzzing) public var folders: [String]
        /// Files its synchronized folders leave out.
        @_spi(Fuzzing) public var excludedFiles: [String]
        /// Its Info.plist files.
        @_spi(Fuzzing) public var infoPlists: [String]
        /// The Debug settings, sorted by name.
        @_spi(Fuzzing) public var settings: [String]
        /// `BuildSettings.platforms`, sorted; `nil` when not known.
        @_spi(Fuzzing) public var platforms: [String]?
        /// `ReaderSettings` of the target alone: macro names (sorted) and commented-out code.
        @_spi(Fuzzing) public var macroNames: [String]
        /// `LOCALIZED_STRING_CODE_COMMENTS = YES`.
        @_spi(Fuzzing) public var includesCommentedOutCode: Bool
        /// What an export reads of the target's Swift code.
        @_spi(Fuzzing) public var exportExtraction: String
        /// The Info.plist strings generated from the settings (`GENERATE_INFOPLIST_FILE`), at their places in the
        /// project file.
        @_spi(Fuzzing) public var generated: CodeReaderOutcome
    }

    /// Reads a project as sync's project walk does, and applies each target's settings as sync and export do.
    ///
    /// - Throws: ``ConversionError`` when the file is not a property list.
    @_spi(Fuzzing) public static func readProject(path: String, bytes: [UInt8]) throws -> (
        directory: String, targets: [Target]
    ) {
        let text = String(decoding: bytes, as: UTF8.self)
        let project = try XcodeProject(path: path, text: text)
        let targets = project.targets.map { target in
            let build = ProjectLayout.TargetBuild(
                projectFile: path, settings: target.settings, infoPlists: target.infoPlists)
            let readerSettings = ReaderSettings([build])
            let generated = BuildSettings.generatedInfoPlistStrings(
                target.settings, fromFile: [], projectFile: path, settingLocations: target.settingLocations)
            return Target(
                name: target.name, files: target.files, folders: target.folders, excludedFiles: target.excludedFiles,
                infoPlists: target.infoPlists,
                settings: target.settings.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" },
                platforms: BuildSettings.platforms(target.settings)?.sorted(),
                macroNames: readerSettings.macroNames.sorted(),
                includesCommentedOutCode: readerSettings.includesCommentedOutCode,
                exportExtraction: "\(ReaderSettings.exportExtraction([build]))",
                generated: CodeReaderOutcome(generated, Diagnostics()))
        }
        return (project.directory, targets)
    }

    /// Reads the `.xcconfig` at `path` (and what it includes) as a configuration's base does, then expands every
    /// value over the settings read and applies them as a target's settings (`platforms`, reader settings, Info.plist
    /// strings).
    @_spi(Fuzzing) public static func readXCConfig(path: String) -> (
        settings: [String], expanded: [String], platforms: [String]?, macroNames: [String]
    ) {
        var layer: [(String, String)] = []
        var visited = Set<String>()
        XCConfig.read(path, into: &layer, depth: 0, visited: &visited)
        var settings: [String: String] = [:]
        for (key, value) in layer where !key.contains("[") { settings[key] = value }
        let sorted = settings.sorted { $0.key < $1.key }
        let build = ProjectLayout.TargetBuild(projectFile: path, settings: settings, infoPlists: [])
        return (
            layer.map { "\($0.0)=\($0.1)" }, sorted.map { "\($0.key)=\(BuildSettings.expand($0.value, settings))" },
            BuildSettings.platforms(settings)?.sorted(), ReaderSettings([build]).macroNames.sorted()
        )
    }
}

extension ProjectFuzzing {
    /// One target of a Tuist manifest as ``TuistManifest`` reads it, in a form that can be compared.
    @_spi(Fuzzing) public struct TuistTarget: Sendable, Equatable {
        /// The target's name.
        @_spi(Fuzzing) public var name: String
        /// Its source and resource globs.
        @_spi(Fuzzing) public var patterns: [String]
        /// The globs its `excluding:` lists leave out.
        @_spi(Fuzzing) public var exclusions: [String]
        /// `buildableFolders:`.
        @_spi(Fuzzing) public var folders: [String]
        /// `infoPlist:` when it names a file.
        @_spi(Fuzzing) public var infoPlist: String?
        /// The generated Info.plist's entries, `KEY=value`; `nil` for none.
        @_spi(Fuzzing) public var generatedInfoPlist: [String]?
        /// Its dependencies, `name|path|package`.
        @_spi(Fuzzing) public var dependencies: [String]
    }

    /// The targets of a Tuist `Project.swift` read by syntax, and why it was not read.
    @_spi(Fuzzing) public static func tuistManifest(_ bytes: [UInt8]) -> (targets: [TuistTarget], problem: String?) {
        let (targets, problem) = TuistManifest.read(String(decoding: bytes, as: UTF8.self))
        return (
            targets.map { target in
                TuistTarget(
                    name: target.name, patterns: target.patterns, exclusions: target.exclusions,
                    folders: target.folders, infoPlist: target.infoPlist,
                    generatedInfoPlist: target.generatedInfoPlist?.map { "\($0.key)=\($0.value)" },
                    dependencies: target.dependencies.map { "\($0.name)|\($0.path ?? "-")|\($0.package ?? "-")" })
            }, problem
        )
    }

    /// Whether `path` (relative) matches the Tuist glob `pattern`; `nil` when the pattern is beyond ``Glob``'s
    /// bounds.
    @_spi(Fuzzing) public static func globMatches(_ pattern: String, _ path: String) -> Bool? {
        Glob(pattern)?.matches(path)
    }

    /// What sync's project walk makes of the tree at `root`: each catalog with the code files that feed it (or why
    /// it is left out), in the walk's order, and the walk's diagnostics.
    @_spi(Fuzzing) public static func layout(root: String, codeExtensions: Set<String>) -> (
        catalogs: [(path: String, codeFiles: [String], owners: [String])], leftOut: [(path: String, reason: String)],
        diagnostics: [Diagnostic]
    ) {
        var diagnostics = Diagnostics()
        let layout = ProjectLayout(root: root, codeExtensions: codeExtensions, diagnostics: &diagnostics)
        return (
            layout.catalogs.map { ($0.path, $0.codeFiles, $0.owners) }, layout.leftOut, diagnostics.all
        )
    }
}
