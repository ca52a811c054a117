import ArgumentParser
import CodeSync
import LocalizationCatalog
import LocalizationConverter

struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Update every String Catalog below ROOT with its code, as an Xcode build does.",
        discussion: """
            Each catalog receives the strings of the code of the targets that contain it (Xcode projects' \
            targets and synchronized folders, Swift packages' targets; without a project, the nearest folder \
            above it that holds code). Keys found in code are added or updated (comments, source values from \
            code); keys no longer found become "stale" when they have a localization and are removed otherwise; \
            manual and migrated keys and every translation are left alone. Catalogs in .xcloc bundles are never \
            synced. Only the catalogs are written, all or nothing. See docs/sync.md. ROOT defaults to the project \
            the current folder is in (the nearest folder at or above it with an .xcodeproj, .xcworkspace, \
            Package.swift, Project.swift or .git), else the current folder.

            --create starts a project's localization as Xcode's File ▸ New ▸ String Catalog and a build do: each \
            target whose code names a table that none of its catalogs holds gets <Table>.xcstrings \
            (Localizable.xcstrings, and one per other table its code names) in the folder of its code, filled \
            from the code. An Xcode target's new catalog is registered in its project.pbxproj as Xcode adds a file \
            (a file reference in the group of its folder, a build file in the target's Resources phase); a \
            synchronized folder takes it as it is; a Swift package needs defaultLocalization in Package.swift \
            (said when missing). Then the catalogs are synced. Without --create, a project with localizable \
            strings in its code and no catalog is told how to start.

            Exit status: 0 when done (or, with --check, when every catalog is in sync), 1 with --check when no \
            catalog is checked (none below the folder belongs to a target) or when a \
            catalog is not in sync (each key that differs is listed as path:line:column: error: ...) or when an \
            input is invalid; 64 on a usage error. An interpolation whose type cannot be known without a type \
            checker is "unresolved": taken as the catalog's key with another specifier there (a warning, not a \
            failure), or, when no key matches, listed as not in sync. --report json prints what was (or, with --dry-run, would be) \
            written as JSON: per catalog changed its path, counts per kind of change and each key (docs/sync.md).

            Examples:
              stringbridge sync MyApp
              stringbridge sync . --dry-run
              stringbridge sync . --dry-run --report json
              stringbridge sync . --check
              stringbridge sync MyApp --create --dry-run
            """
    )

    @Argument(help: "The project folder (default: the project the current folder is in).")
    var root: String?

    @Flag(help: "Print what would change, and write nothing.")
    var dryRun = false

    @Flag(help: "Create the catalogs that targets' code needs and no catalog holds, registered in the project.")
    var create = false

    @Flag(help: "Write nothing; exit with status 1 when a catalog is not in sync, listing each key.")
    var check = false

    @Option(help: "The report format on standard output: text or json (not with --check).")
    var report: ReportFormat = .text

    enum ReportFormat: String, ExpressibleByArgument {
        case text, json
    }

    @OptionGroup var writing: WritingOptions

    func validate() throws {
        guard !(check && report == .json) else {
            throw ValidationError("--check reports as diagnostics; --report json cannot be combined with it.")
        }
        guard !(dryRun && check) else { throw ValidationError("--dry-run and --check cannot be combined.") }
        guard !(create && check) else {
            throw ValidationError("--check writes nothing; --create cannot be combined with it.")
        }
        guard !(create && report == .json) else {
            throw ValidationError("--create reports as text; --report json cannot be combined with it.")
        }
    }

    func run() throws {
        let project = self.root.map { ProjectRoot(path: $0, marker: nil) } ?? ProjectPaths.currentProject()
        let root = project.path
        guard isDirectory(root) else {
            printDiagnostics([Diagnostic(.error, "no such folder", path: root)])
            throw ExitCode(1)
        }
        var workflow = SyncWorkflow()
        workflow.lockTimeout = writing.lockTimeout
        var diagnostics = Diagnostics()
        try reportingErrors(&diagnostics) { (diagnostics: inout Diagnostics) in
            if self.root == nil, !project.isCurrentFolder, report == .text { printLine(project.summary) }
            // With --dry-run the catalogs to create are not on disk: the sync below does not count them.
            var wouldCreate = 0
            if create {
                let creation = try CatalogCreation.plan(
                    root: root, workflow: workflow, forUpdate: !dryRun, diagnostics: &diagnostics)
                if !dryRun { try CatalogCreation.write(creation, replacingReadOnlyFiles: writing.force) }
                for catalog in creation.catalogs {
                    printLine(
                        "\(dryRun ? "would create" : "created") \(catalog.path) for \(catalog.owner): "
                            + counted(catalog.table.entries.count, "key"))
                    let registration =
                        dryRun && catalog.registration.hasPrefix("registered in ")
                        ? "would be " + catalog.registration : catalog.registration
                    printLine("  \(registration)")
                }
                if creation.catalogs.isEmpty {
                    printLine("no catalog to create: every target whose code has localizable strings has its catalogs")
                }
                if dryRun { wouldCreate = creation.catalogs.count }
            }
            // Read for update (locked until written) only when the catalogs are written.
            let plan = try workflow.plan(root: root, forUpdate: !check && !dryRun, diagnostics: &diagnostics)
            if plan.catalogs.isEmpty, !create, let start = Self.howToStart(root: root, workflow: workflow) {
                diagnostics.append(start)
            }
            for (path, reason) in plan.leftOut {
                diagnostics.append(Diagnostic(.note, "not synced: \(reason)", path: path))
            }
            let changed = plan.changed
            if check {
                if let nothing = SyncWorkflow.nothingToCheck(plan, root: root) {
                    printDiagnostics(diagnostics.all + [nothing])
                    diagnostics = Diagnostics()
                    throw ExitCode(1)
                }
                let errors = changed.flatMap(SyncWorkflow.checkDiagnostics)
                // Strings taken as a catalog key with another specifier where the type is unknown: said, not failed.
                let unresolved = plan.catalogs.flatMap(SyncWorkflow.unresolvedDiagnostics)
                guard errors.isEmpty else {
                    printDiagnostics(diagnostics.all + unresolved)
                    diagnostics = Diagnostics()
                    printDiagnostics(errors)
                    printLine("\(counted(changed.count, "catalog")) of \(plan.catalogs.count) not in sync")
                    throw ExitCode(1)
                }
                printDiagnostics(diagnostics.all + unresolved)
                diagnostics = Diagnostics()
                let taken = unresolved.isEmpty ? "" : " (\(counted(unresolved.count, "string")) unresolved)"
                printLine("\(counted(plan.catalogs.count, "catalog")) in sync\(taken)")
                return
            }
            if !dryRun { try workflow.write(plan, replacingReadOnlyFiles: writing.force) }
            for catalog in plan.catalogs {
                for warning in SyncWorkflow.unresolvedDiagnostics(catalog) { diagnostics.append(warning) }
            }
            if report == .json {
                print(String(decoding: plan.json(dryRun: dryRun), as: UTF8.self))
                return
            }
            for catalog in changed {
                printLine(
                    "\(dryRun ? "would sync" : "synced") \(catalog.path): \(Self.summary(catalog.result.changes))")
                if dryRun {
                    for change in catalog.result.changes {
                        let place = change.codeLocation.map { " (\($0))" } ?? ""
                        let unresolved = change.unresolvedLocation.map {
                            "; unresolved: the type of the interpolation at \($0.line):\($0.column) is not known"
                        }
                        printLine(
                            "  \(change.kind.rawValue): \(Diagnostic.quoted(change.key))\(place)\(unresolved ?? "")")
                    }
                }
            }
            let unchanged = plan.catalogs.count - changed.count
            if changed.isEmpty, plan.catalogs.isEmpty, wouldCreate > 0 {
                // Nothing else to say: the catalogs would be created filled.
            } else if changed.isEmpty {
                printLine("\(counted(plan.catalogs.count, "catalog")) in sync; nothing to write")
            } else if unchanged > 0 {
                printLine("\(counted(unchanged, "catalog")) already in sync")
            }
        }
    }

    /// What to do in a project whose code has localizable strings and no catalog: a note naming `--create`, or
    /// `nil` when the code has none (or every target has its catalogs).
    static func howToStart(root: String, workflow: SyncWorkflow) -> Diagnostic? {
        var ignored = Diagnostics()
        guard
            let plan = try? CatalogCreation.plan(
                root: root, workflow: workflow, forUpdate: false, diagnostics: &ignored),
            !plan.catalogs.isEmpty
        else { return nil }
        let keys = plan.catalogs.reduce(0) { $0 + $1.table.entries.count }
        let command = "stringbridge sync\(root == "." ? "" : " " + root) --create"
        return Diagnostic(
            .note,
            "the code has \(counted(keys, "localizable string")) and no String Catalog holds them; `\(command)` "
                + "creates \(plan.catalogs.map(\.path).joined(separator: ", ")) in the folder of the targets' code, "
                + "registers them in the project and fills them, as Xcode's File > New > String Catalog and a build do "
                + "(--dry-run shows it first)", path: root)
    }

    /// `2 added, 1 stale`: the number of keys of each kind of change, in a fixed order.
    static func summary(_ changes: [SyncChange]) -> String {
        let kinds: [SyncChange.Kind] = [.added, .updated, .unmarkedStale, .markedStale, .removed]
        return kinds.compactMap { kind in
            let count = changes.filter { $0.kind == kind }.count
            return count == 0 ? nil : "\(count) \(kind.rawValue)"
        }.joined(separator: ", ")
    }
}
