import ArgumentParser
import CodeSync
import LocalizationCatalog
import LocalizationConverter

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract:
            "Export catalogs and legacy tables to XLIFF for translators, as xcodebuild -exportLocalizations does.",
        discussion: """
            SOURCES are String Catalogs, legacy .strings/.stringsdict files (the table is exported from its \
            source-language file together with the target language's file next to it), or folders holding them. \
            One OUTDIR/L.xliff is written per language, with one <file> per table whose original is the table's \
            path relative to the project root (--root, else the project that holds the sources: the nearest folder at \
            or above them with an .xcodeproj, .xcworkspace, Package.swift, Tuist Project.swift or .git, named in the \
            summary); with --xcloc an OUTDIR/L.xcloc bundle (contents.json, Localized Contents/L.xliff, \
            Source Contents/ with the source-language copies, Notes/). Exporting the development language gives \
            targets equal to the sources, as in Xcode.

            Like Xcode, export extracts strings from code: a legacy table also gets the keys its targets' Swift and \
            Objective-C code (and, for InfoPlist, the Info.plist) use, with their comments, and every storyboard or \
            xib in a Base.lproj folder is exported with its texts (its <file> named after the storyboard). \
            A table of a variant group with a Base localization is exported from Base.lproj (the development \
            language's .lproj variant is not a table of its own); without either, a table in an older project's \
            English.lproj is the en table, and one in a single regional variant's folder (en-US.lproj for en) \
            is the development table (a note says so). The development language of legacy tables is \
            --source-language, else the project's developmentRegion (a package's defaultLocalization), else en. A target's Swift is read as the compiler reads it \
            with SWIFT_EMIT_LOC_STRINGS = YES, else as genstrings reads it (NSLocalizedString-like calls and Text() \
            literals, comments included, \\(x) kept as (x)). --no-extract exports the tables as they are.

            As xcodebuild -exportLocalizations builds first, a String Catalog is synced with its targets' code \
            before it is exported, as `stringbridge sync` would sync it (new keys from code are exported, keys no \
            longer in the code are marked stale): in memory only, the catalog on disk is not changed (run \
            `stringbridge sync` to write it). A catalog with neither an Xcode target nor Swift or Objective-C code \
            around it is exported as it is. --no-sync exports catalogs as they are on disk.

            Prints one line per language: the XLIFF file and the number of tables (<file> elements) in it; \
            --report json prints the same as JSON with every file written (docs/formats/xliff.md). --dry-run \
            writes nothing.

            Exit status: 0 when written; 1 when a file cannot be read (what can be read is still exported, and \
            each file left out is named), an input is invalid, or a file cannot be written (nothing is written \
            then); 64 on a usage error.

            Examples:
              stringbridge export MyApp --language fr --language de -o Localizations
              stringbridge export MyApp/Localizable.xcstrings --language ja \\
                -o out --xcloc --root .
              stringbridge export MyApp --all-languages -o Localizations --dry-run
              stringbridge export MyApp --language fr -o Localizations --no-sync
            """
    )

    @Argument(help: "Catalogs, legacy tables, or folders holding them.")
    var sources: [String]

    @Option(name: .customLong("language"), help: "A language to export (repeatable).")
    var languages: [String] = []

    @Flag(help: "Export every language the tables have besides the development language and pseudo-languages.")
    var allLanguages = false

    @Option(name: [.short, .customLong("output")], help: "The folder that receives the XLIFF files or bundles.")
    var output: String

    @Flag(help: "Write .xcloc bundles instead of bare XLIFF files.")
    var xcloc = false

    @Option(
        help: ArgumentHelp(
            "The project root: XLIFF original paths are relative to it, and no code outside it is read (default: "
                + "the project that holds the sources, as Xcode writes originals relative to the project's folder; "
                + "each source's own project for its code).",
            valueName: "dir"))
    var root: String?

    @Option(
        help: ArgumentHelp(
            "The development language of legacy tables (catalogs name their own; default: the project's "
                + "developmentRegion or the package's defaultLocalization, else en)."))
    var sourceLanguage: String?

    @Option(help: "The tool version written in the XLIFF header and contents.json.")
    var toolVersion: String = Export.defaultTool.version ?? "26.4"

    @Option(help: "The tool build number written in the XLIFF header and contents.json.")
    var toolBuild: String = Export.defaultTool.buildNumber ?? "17E192"

    @Flag(help: "Also export the tables inside .bundle folders (Settings.bundle) of the folders searched.")
    var includeBundles = false

    @Flag(
        name: .customLong("extract"), inversion: .prefixedNo,
        help: "Add the strings that code, storyboards and Info.plist files give legacy tables, as Xcode does.")
    var extract = true

    @Flag(
        name: .customLong("sync"), inversion: .prefixedNo,
        help: "Sync String Catalogs with the code in memory first, as Xcode's build does (files are not changed).")
    var sync = true

    @Option(help: "The project name written in contents.json (e.g. MyApp.xcodeproj).")
    var project: String?

    @Flag(help: "Replace output files even when they are read-only.")
    var force = false

    @Flag(help: "Print the files that would be written, and write nothing.")
    var dryRun = false

    @Option(help: "The report format on standard output: text or json.")
    var report: ReportFormat = .text

    enum ReportFormat: String, ExpressibleByArgument {
        case text, json
    }

    func validate() throws {
        guard !sources.isEmpty else { throw ValidationError("Name at least one catalog, table or folder.") }
        guard !languages.isEmpty || allLanguages else {
            throw ValidationError("Name at least one --language to export, or pass --all-languages.")
        }
        guard output != "-" else {
            throw ValidationError("export writes a folder; -o - (standard output) takes one file.")
        }
    }

    func run() throws {
        let export = Export()
        var diagnostics = Diagnostics()
        try reportingErrors(&diagnostics) { (diagnostics: inout Diagnostics) in
            // Original paths: relative to --root, else to the project that holds the sources, as Xcode writes them
            // relative to the project's folder (import resolves them against the project holding the XLIFF).
            let originalsRoot =
                root.map { ProjectRoot(path: $0, marker: nil) } ?? ProjectPaths.projectRoot(holding: sources)
            let originals = originalsRoot.path
            // Legacy tables are in the project's development language (issue 32: a `de` project has no `en.lproj`).
            let sourceLanguage =
                self.sourceLanguage ?? DevelopmentRegion.language(for: sources, diagnostics: &diagnostics)
            let found = try export.sources(
                for: sources, root: originals, sourceLanguage: sourceLanguage, includeBundles: includeBundles,
                interfaceBuilderTables: extract, diagnostics: &diagnostics)
            let tool = Export.defaultTool(version: toolVersion, buildNumber: toolBuild)
            var options = Export.Options(
                languages: languages, root: originals, outputDirectory: output, xcloc: xcloc,
                sourceLanguage: sourceLanguage, tool: tool, project: project)
            options.replacesReadOnlyFiles = force
            options.allLanguages = allLanguages
            // The sync and the extraction may read the same code: each of its warnings is said once.
            var fromCode = Diagnostics()
            // The code read is that of the project holding each source (--root: that folder), never the whole
            // current folder (docs/extraction.md, "Export").
            let projects = Self.projects(of: found, root: root, readsCode: sync || extract)
            for (project, group) in projects {
                if sync {
                    options.syncedCatalogs.merge(
                        ExportExtraction.syncedCatalogs(for: group, root: project.path, diagnostics: &fromCode)
                    ) { first, _ in first }
                }
                if extract {
                    options.codeStrings.merge(
                        ExportExtraction.codeStrings(
                            for: group, root: project.path, sourceLanguage: sourceLanguage, diagnostics: &fromCode)
                    ) { first, _ in first }
                }
            }
            var seen = Set<Diagnostic>()
            for diagnostic in fromCode.all where seen.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
            options.dryRun = dryRun
            let result = try export.report(found, options: options, diagnostics: &diagnostics)
            switch report {
            case .text:
                if root == nil {
                    // The project the original paths are relative to, and each other one whose code was read.
                    var named: [ProjectRoot] = []
                    for project in [originalsRoot] + projects.map(\.0)
                    where !project.isCurrentFolder && !named.contains(project) {
                        named.append(project)
                        printLine(project.summary)
                    }
                }
                for document in result.documents {
                    printLine(
                        "\(dryRun ? "would write" : "wrote") \(document.path) (\(counted(document.tables, "table")))")
                }
            case .json: print(String(decoding: result.json(dryRun: dryRun), as: UTF8.self))
            }
            if diagnostics.hasErrors { throw ExitCode(1) }
        }
    }

    /// The sources grouped by the project whose code they get (``ProjectPaths/projectRoot(holding:fallback:)``),
    /// in the order first met; with `root`, every source in that one.
    static func projects(of sources: [Export.Source], root: String?, readsCode: Bool)
        -> [(ProjectRoot, [Export.Source])]
    {
        guard readsCode, !sources.isEmpty else { return [] }
        if let root { return [(ProjectRoot(path: root, marker: nil), sources)] }
        var groups: [(ProjectRoot, [Export.Source])] = []
        var byFolder: [String: ProjectRoot] = [:]
        for source in sources {
            let folder = source.path.lastIndex(of: "/").map { String(source.path[..<$0]) } ?? "."
            let project = byFolder[folder] ?? ProjectPaths.projectRoot(holding: [source.path])
            byFolder[folder] = project
            if let index = groups.firstIndex(where: { $0.0 == project }) {
                groups[index].1.append(source)
            } else {
                groups.append((project, [source]))
            }
        }
        return groups
    }
}
