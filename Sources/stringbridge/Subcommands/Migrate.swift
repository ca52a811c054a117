import ArgumentParser
import CodeSync
import LocalizationCatalog
import LocalizationConverter

struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Migrate legacy .strings and .stringsdict tables to String Catalogs, as Xcode does.",
        discussion: """
            Each folder is migrated on its own, like one Xcode target: every *.lproj/*.strings and \
            *.lproj/*.stringsdict below it is grouped by table name (a table's .strings and .stringsdict may sit in \
            different folders; Base.lproj counts as the source language), and one <Table>.xcstrings is written per \
            table — next to the source language's .lproj folder (an Interface Builder table's in mul.lproj there), \
            or into the folder given with -o; --table NAME (repeatable) migrates only the tables named. As in Xcode, \
            every value becomes state "translated", every entry extractionState "migrated", and single-variable \
            plurals become plural variations. A key's comment is the one its code gives, as in Xcode, whose \
            migration runs in a build: the Swift and Objective-C code of the targets that hold the table (found \
            below --root, as sync finds them) and, for an Interface Builder table, its storyboard or xib; a key the \
            code gives no comment keeps the comment above its entry in the development language (with \
            --no-extract, every key does). Whatever a catalog cannot hold (width variations) is listed with its \
            file and line. A ';' \
            missing at the end of a line is a warning and the file is read, as Xcode does; a file that cannot be \
            read is left out with a warning at the place of the problem, as Xcode does, and the summary names it \
            (--strict makes it an error and writes nothing). Tables in a .bundle (Settings.bundle) are left out: \
            the Settings app cannot read catalogs. A catalog that already exists is merged into with --force: its \
            keys, values, states and comments stay, and a legacy value that differs is reported by key and \
            language. The Xcode projects that hold the legacy tables (in, below or above the folders) are edited \
            as Xcode does: each table's variant groups are replaced by the catalog in their group and in the \
            targets' Resources phases (an Interface Builder table's .strings by its mul.lproj catalog, a child \
            named mul of the storyboard's variant group); a project that cannot be edited safely is an error \
            naming each such variant group, and nothing is written; --no-project leaves projects alone, and so \
            does -o (the catalogs are then not where Xcode puts them). Migrating in place, the legacy files \
            migrated are deleted with the writes, as Xcode does, and the .lproj folders they leave empty \
            (--keep-legacy-files keeps them); with -o or --no-project nothing of the migrated folders is deleted. \
            --report json prints the same as JSON: per catalog its path, keys, languages, sources, the catalog \
            merged into, the files left out and the files deleted (docs/migration.md).

            Exit status: 0 when written (or, with --dry-run, planned); 1 when a catalog exists and --force is not \
            given, a file cannot be read with --strict, a project cannot be edited safely, a --table names no \
            table, or a file cannot be written or deleted (nothing is written then); 64 on a usage error.

            Examples:
              stringbridge migrate MyApp/Resources
              stringbridge migrate MyApp --source-language de -o Migrated --dry-run
              stringbridge migrate MyApp --dry-run --report json
              stringbridge migrate MyApp --table Localizable --keep-legacy-files
            """
    )

    @Argument(help: "The folders to migrate.")
    var directories: [String]

    @Option(name: [.short, .customLong("output")], help: "Write the catalogs into this folder.")
    var output: String?

    @Option(help: "The development language; Base.lproj counts as it.")
    var sourceLanguage: String = "en"

    @Flag(
        help:
            "Merge the legacy tables into catalogs that already exist (their keys, values and states stay), read-only ones too."
    )
    var force = false

    @Flag(help: "Stop at a malformed legacy file instead of leaving it out with a warning.")
    var strict = false

    @Flag(help: "Leave the Xcode projects alone: write the catalogs only (the legacy files are kept).")
    var noProject = false

    @Flag(help: "Keep the legacy files migrated (Xcode deletes them, and so does migrate in place).")
    var keepLegacyFiles = false

    @Option(
        name: .customLong("table"),
        help: "Migrate only this table (repeatable): Localizable for Localizable.strings and .stringsdict.")
    var tables: [String] = []

    @Flag(help: "Print what would be written, and write nothing.")
    var dryRun = false

    @Option(help: "The report format on standard output: text or json.")
    var report: ReportFormat = .text

    enum ReportFormat: String, ExpressibleByArgument {
        case text, json
    }

    @OptionGroup var lock: LockOptions
    @Option(
        help: ArgumentHelp(
            "The project root below which the code of the tables' targets is found (default: the project that "
                + "holds each folder: the nearest folder at or above it with an .xcodeproj, .xcworkspace, "
                + "Package.swift, Project.swift or .git).", valueName: "dir"))
    var root: String?

    @Flag(
        name: .customLong("extract"), inversion: .prefixedNo,
        help: "Take the keys' comments from the code that uses them, as Xcode's migration does.")
    var extract = true

    func validate() throws {
        guard !directories.isEmpty else { throw ValidationError("Name at least one folder to migrate.") }
        guard output != "-" else {
            throw ValidationError("migrate writes a folder; -o - (standard output) takes one file.")
        }
    }

    func run() throws {
        let migration = Migration()
        var diagnostics = Diagnostics()
        try reportingErrors(&diagnostics) { (diagnostics: inout Diagnostics) in
            var plans: [Migration.PlannedCatalog] = []
            let selected = tables.isEmpty ? nil : Set(tables)
            let interfaceBuilderStrings = Migration.interfaceBuilderStrings(around: directories)
            var found: [String] = []
            for directory in directories {
                var options = Migration.Options(
                    sourceLanguage: sourceLanguage, outputDirectory: output, force: force, strict: strict)
                options.lockTimeout = lock.lockTimeout
                options.tables = selected
                options.interfaceBuilderStrings = interfaceBuilderStrings
                options.deletesLegacyFiles = !keepLegacyFiles && !noProject
                let all =
                    isDirectory(directory) ? migration.tables(below: directory, sourceLanguage: sourceLanguage) : []
                found += all.map(\.name)
                if let selected {
                    let alone = all.map(\.name).filter { !selected.contains($0) }
                    if !alone.isEmpty {
                        diagnostics.append(
                            Diagnostic(
                                .note,
                                "left alone (not named by --table): \(alone.joined(separator: ", "))", path: directory))
                    }
                }
                if extract, isDirectory(directory) {
                    let project =
                        root.map { ProjectRoot(path: $0, marker: nil) }
                        ?? ProjectPaths.projectRoot(holding: [directory])
                    if !project.isCurrentFolder, root == nil, report == .text { printLine(project.summary) }
                    options.codeComments = MigrationExtraction.codeComments(
                        for: all.filter { selected?.contains($0.name) ?? true }, root: project.path,
                        sourceLanguage: sourceLanguage, migration: migration, diagnostics: &diagnostics)
                }
                plans += try migration.plan(directory: directory, options: options, diagnostics: &diagnostics)
            }
            let unknown = tables.filter { !found.contains($0) }
            if !unknown.isEmpty {
                var names: [String] = []
                for name in found where !names.contains(name) { names.append(name) }
                throw ConversionError(
                    unknown.map { name in
                        Diagnostic(
                            .error,
                            "--table \(name): no legacy table \(Diagnostic.quoted(name)) below "
                                + "\(directories.joined(separator: ", ")); the tables there are "
                                + (names.isEmpty ? "none" : names.joined(separator: ", ")), path: directories[0])
                    })
            }
            if !dryRun { try Migration.checkExisting(plans, force: force) }
            let projectEdits =
                noProject
                ? []
                : try migration.projectEdits(
                    for: plans, directories: directories,
                    options: {
                        var options = Migration.Options(sourceLanguage: sourceLanguage, outputDirectory: output)
                        options.lockTimeout = lock.lockTimeout
                        return options
                    }(),
                    diagnostics: &diagnostics)
            // Before the deletions, which remove them.
            let emptied = Migration.foldersEmptied(by: plans.flatMap { $0.deletions.map(\.path) })
            if report == .json {
                if !dryRun {
                    try migration.write(plans, projectEdits: projectEdits, force: force, diagnostics: &diagnostics)
                }
                print(
                    String(
                        decoding: Migration.json(plans, dryRun: dryRun, removedFolders: emptied), as: UTF8.self))
                return
            }
            for plan in plans {
                let languages = plan.table.languages.sorted()
                let verb =
                    plan.existing == nil
                    ? (dryRun ? "would write" : "wrote") : (dryRun ? "would merge into" : "merged into")
                printLine(
                    "\(verb) \(plan.destination): \(counted(plan.table.entries.count, "key")), "
                        + "\(counted(languages.count, "language")) (\(languages.joined(separator: ", "))) "
                        + "from \(counted(plan.sources.count, "file"))")
                if let existing = plan.existing {
                    printLine("  " + Self.describe(existing, force: force))
                }
                let fromCode = plan.commentsFromCode
                if fromCode.keys > 0 {
                    print(
                        "  comments from code: \(counted(fromCode.keys, "key")), \(fromCode.replaced) of them "
                            + "replacing the development language's comment or its absence")
                }
                for file in plan.leftOut {
                    let absence = languages.contains(file.language) ? "" : "; the catalog has no \(file.language)"
                    printLine("  left out: \(file.path) (\(file.language)), which \(file.reason)\(absence)")
                }
                if !plan.deletions.isEmpty {
                    printLine(
                        "  \(dryRun ? "would delete" : "deleted") the legacy \(plan.deletions.count == 1 ? "file" : "files"): "
                            + plan.deletions.map(\.path).joined(separator: ", "))
                }
            }
            if !emptied.isEmpty {
                printLine(
                    "\(dryRun ? "would remove" : "removed") the \(emptied.count == 1 ? "folder" : "folders") left empty: "
                        + emptied.joined(separator: ", "))
            }
            for edit in projectEdits {
                print("\(dryRun ? "would edit" : "edited") \(edit.path):")
                for line in edit.summary { print("  \(line)") }
            }
            if !dryRun {
                try migration.write(plans, projectEdits: projectEdits, force: force, diagnostics: &diagnostics)
            }
        }
    }

    /// What merging into an existing catalog does, in one line.
    static func describe(_ existing: Migration.ExistingCatalog, force: Bool) -> String {
        let conflicts = existing.conflicts.count
        return
            "the catalog there had \(counted(existing.keys, "key")): \(counted(existing.addedKeys.count, "key")) and "
            + "\(counted(existing.addedLocalizations, "localization")) added, \(counted(conflicts, "conflict")) "
            + "(the catalog's value kept)"
            + (force ? "" : "; --force is needed to write it")
    }
}
