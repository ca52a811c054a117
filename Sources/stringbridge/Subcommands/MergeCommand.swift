import ArgumentParser
import CatalogMerge
import LocalizationCatalog

struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge two changed versions of one table with their common base (a git merge driver).",
        discussion: """
            Three-way merge of a String Catalog, a .strings or a .stringsdict file at the level of entries, \
            languages and variation cases: a change made on one side is taken, the same change made on both is \
            taken once, and different changes to the same value are conflicts. OUT is written as the format's \
            writer writes it, also when there are conflicts (with our side at each). The rules: docs/merge.md.

            Exit status: 0 when merged cleanly, 1 when there are conflicts (each printed as \
            OUT:line:column: error: conflict: …), 2 when an input cannot be read or OUT cannot be written (OUT is \
            then untouched), 64 on a usage error.

            As a git merge driver:
              git config merge.stringbridge.driver 'stringbridge merge %O %A %B -o %A'
              echo '*.xcstrings merge=stringbridge' >> .gitattributes

            Examples:
              stringbridge merge base.xcstrings ours.xcstrings theirs.xcstrings -o Localizable.xcstrings
              stringbridge merge base.strings ours.strings theirs.strings -o out.strings --format json
            """
    )

    @Argument(help: "The common ancestor.")
    var base: String

    @Argument(help: "Our version (git's %A).")
    var ours: String

    @Argument(help: "Their version (git's %B).")
    var theirs: String

    @Option(name: [.short, .customLong("output")], help: "The file to write (may be OURS).")
    var output: String

    @Option(help: "The report: text (conflicts on standard error) or json (on standard output).")
    var format: ReportFormat = .text

    @Option(help: "The files' format when their names do not tell it (xcstrings, strings, stringsdict).")
    var from: String?

    @OptionGroup var writing: WritingOptions

    enum ReportFormat: String, ExpressibleByArgument {
        case text, json
    }

    func run() throws {
        var diagnostics = Diagnostics()
        let report: FileMergeReport
        do {
            report = try FileMerge.merge(
                base: base, ours: ours, theirs: theirs, output: output, format: from,
                replacesReadOnlyFiles: writing.force, lockTimeout: writing.lockTimeout, diagnostics: &diagnostics)
        } catch let error as ConversionError {
            printDiagnostics(diagnostics.all)
            printDiagnostics(error.diagnostics)
            throw ExitCode(2)
        }
        printDiagnostics(diagnostics.all)
        switch format {
        case .text: printDiagnostics(report.diagnostics)
        case .json: writeAll(Array(report.json.utf8), to: 1)
        }
        if !report.conflicts.isEmpty { throw ExitCode(1) }
    }
}
