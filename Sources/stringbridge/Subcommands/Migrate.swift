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
            entry becomes its comment, and single-variable plurals become plural variations. Whatever a catalog \
            cannot hold (width variations) is listed with its file and line. A malformed legacy file is left out \
            with a warning at the place of the problem, as Xcode does (--strict makes it an error and writes \
            nothing). The legacy files are left in place.

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

    @Flag(help: "Replace catalogs that already exist.")
    var force = false

    @Flag(help: "Stop at a malformed legacy file instead of leaving it out with a warning.")
    var strict = false

    @Flag(help: "Print what would be written, and write nothing.")
    var dryRun = false

    func validate() throws {
        guard !directories.isEmpty else { throw ValidationError("Name at least one folder to migrate.") }
    }

    func run() throws {
        let migration = Migration()
        var diagnostics = Diagnostics()
        try reportingErrors(&diagnostics) { (diagnostics: inout Diagnostics) in
            var plans: [Migration.PlannedCatalog] = []
            for directory in directories {
                let options = Migration.Options(sourceLanguage: sourceLanguage, outputDirectory: output, force: force, strict: strict)
                plans += try migration.plan(directory: directory, options: options, diagnostics: &diagnostics)
            }
            for plan in plans {
                let languages = plan.table.languages
                print(
                    "\(dryRun ? "would write" : "wrote") \(plan.destination): \(plan.table.entries.count) keys, "
                        + "\(languages.count) languages (\(languages.joined(separator: ", "))) "
                        + "from \(plan.sources.count) files")
            }
            if !dryRun { try migration.write(plans, diagnostics: &diagnostics) }
        }
    }
}
