import ArgumentParser
import LocalizationCatalog
import LocalizationConverter

struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Migrate legacy .strings and .stringsdict tables to String Catalogs, as Xcode does.",
        discussion: """
            Each folder is migrated on its own, like one Xcode target: every *.lproj/*.strings and \
            *.lproj/*.stringsdict below it is grouped by table name (a table's .strings and .stringsdict may sit in \
            different folders; Base.lproj counts as the source language), and one <Table>.xcstrings is written per \
            table — next to the source language's .lproj folder, or into the folder given with -o. As in Xcode, \
            every value becomes state "translated", every entry extractionState "migrated", the comment above an \
            entry in the development language becomes its comment, and single-variable plurals become plural \
            variations. Whatever a catalog cannot hold (width variations) is listed with its file and line. A ';' \
            missing at the end of a line is a warning and the file is read, as Xcode does; a file that cannot be \
            read is left out with a warning at the place of the problem, as Xcode does, and the summary names it \
            (--strict makes it an error and writes nothing). Tables in a .bundle (Settings.bundle) are left out: \
            the Settings app cannot read catalogs. A catalog that already exists is merged into with --force: its \
            keys, values, states and comments stay, and a legacy value that differs is reported by key and \
            language. The legacy files are left in place.

            Examples:
              stringbridge migrate MyApp/Resources
              stringbridge migrate MyApp --source-language de -o Migrated --dry-run
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

    @Flag(help: "Print what would be written, and write nothing.")
    var dryRun = false

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
            for directory in directories {
                let options = Migration.Options(
                    sourceLanguage: sourceLanguage, outputDirectory: output, force: force, strict: strict)
                plans += try migration.plan(directory: directory, options: options, diagnostics: &diagnostics)
            }
            if !dryRun { try Migration.checkExisting(plans, force: force) }
            for plan in plans {
                let languages = plan.table.languages
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
                for file in plan.leftOut {
                    let absence = languages.contains(file.language) ? "" : "; the catalog has no \(file.language)"
                    printLine("  left out: \(file.path) (\(file.language)), which \(file.reason)\(absence)")
                }
            }
            if !dryRun { try migration.write(plans, force: force, diagnostics: &diagnostics) }
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
