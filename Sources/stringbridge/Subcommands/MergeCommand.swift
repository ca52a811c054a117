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
            writer writes it, also when there are conflicts (with our side at each). In a .strings or \
            .stringsdict file, the text outside entries (a header, section comments, blank lines) is merged too. \
            A side that empties the file, deletes every key, or deletes more than half of the keys (at least 10) \
            that the other side kept is a conflict, and OUT keeps those keys (--allow-mass-deletion deletes \
            them). The rules: docs/merge.md.

            Exit status: 0 when merged cleanly, 1 when there are conflicts (each printed as \
            NAME:line:column: error: conflict: …, NAME being --name or else OUT), 2 when an input cannot be read or \
            OUT cannot be written (OUT is then untouched), 64 on a usage error.

            As a git merge driver (%P names the file in the repository, where git's %A is a temporary file):
              git config merge.stringbridge.driver \\
                'stringbridge merge %O %A %B -o %A --name %P'
              echo '*.xcstrings merge=stringbridge' >> .gitattributes

            --list FILE... prints again the conflicts of files whose merge git left unresolved, from the three \
            versions git keeps in its index; nothing is written (exit status 1 when a file has conflicts, 2 when \
            a file's versions cannot be read). --dry-run merges and reports, and writes nothing.

            Examples:
              stringbridge merge base.xcstrings ours.xcstrings theirs.xcstrings \\
                -o Localizable.xcstrings
              stringbridge merge base.strings ours.strings theirs.strings \\
                -o out.strings --format json
              stringbridge merge --list App/Localizable.xcstrings
            """
    )

    @Argument(
        help: "BASE OURS THEIRS: the common ancestor, our version (git's %A) and theirs (%B); with --list, the files.")
    var files: [String]

    @Option(name: [.short, .customLong("output")], help: "The file to write (may be OURS).")
    var output: String?

    @Option(help: "The file's path in the repository (git's %P), named in conflicts; its folder gives the language.")
    var name: String?

    @Flag(help: "List the conflicts of files git left unresolved, from its index; write nothing.")
    var list = false

    @Option(help: "The report: text (conflicts on standard error) or json (on standard output).")
    var format: ReportFormat = .text

    @Option(help: "The files' format when their names do not tell it (xcstrings, strings, stringsdict).")
    var from: String?

    @Flag(help: "Merge and report, print the file that would be written, and write nothing.")
    var dryRun = false

    @Flag(
        help: """
            Take a side's deletion of every key, or of more than half of the keys, as a deletion, and an emptied \
            file as emptied (without it, each is a conflict and the keys are kept).
            """)
    var allowMassDeletion = false

    @OptionGroup var writing: WritingOptions

    enum ReportFormat: String, ExpressibleByArgument {
        case text, json
    }

    func validate() throws {
        if list {
            guard !files.isEmpty else { throw ValidationError("Name the files whose conflicts to list.") }
            guard output == nil, name == nil, !dryRun else {
                throw ValidationError("--list writes nothing: it takes neither -o, --name nor --dry-run.")
            }
        } else {
            guard files.count == 3 else {
                throw ValidationError("Name three files: BASE OURS THEIRS (or use --list FILE...).")
            }
            guard output != nil else { throw ValidationError("Name the file to write with -o.") }
        }
    }

    func run() throws {
        if list { return try listConflicts() }
        var diagnostics = Diagnostics()
        let report: FileMergeReport
        do {
            report = try FileMerge.merge(
                base: files[0], ours: files[1], theirs: files[2], output: output ?? files[1], name: name, format: from,
                replacesReadOnlyFiles: writing.force, lockTimeout: writing.lockTimeout, dryRun: dryRun,
                allowsMassDeletion: allowMassDeletion, diagnostics: &diagnostics)
        } catch let error as ConversionError {
            printDiagnostics(diagnostics.all)
            printDiagnostics(error.diagnostics)
            throw ExitCode(2)
        }
        printDiagnostics(diagnostics.all)
        switch format {
        case .text:
            printDiagnostics(report.diagnostics)
            if dryRun { print("would write \(output ?? files[1])") }
        case .json: writeAll(Array(report.json.utf8), to: 1)
        }
        if !report.conflicts.isEmpty { throw ExitCode(1) }
    }

    /// `--list`: each file's conflicts again, from git's index stages; exit 1 when any has conflicts, 2 when a file's
    /// versions cannot be read.
    private func listConflicts() throws {
        var conflicts = false
        var failed = false
        var reports: [String] = []
        for path in files {
            var diagnostics = Diagnostics()
            do {
                let versions = try GitStages.read(path)
                let report = try FileMerge.conflicts(
                    base: versions.base, ours: versions.ours, theirs: versions.theirs, name: path, format: from,
                    allowsMassDeletion: allowMassDeletion, diagnostics: &diagnostics)
                printDiagnostics(diagnostics.all)
                if format == .text { printDiagnostics(report.diagnostics) }
                reports.append(report.json)
                conflicts = conflicts || !report.conflicts.isEmpty
            } catch let error as ConversionError {
                printDiagnostics(diagnostics.all)
                printDiagnostics(error.diagnostics)
                failed = true
            }
        }
        if format == .json {
            let indented = reports.map { $0.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") }
            let text = indented.isEmpty ? "[]\n" : "[\n" + indented.joined(separator: ",\n") + "\n]\n"
            writeAll(Array(text.utf8), to: 1)
        }
        if failed { throw ExitCode(2) }
        if conflicts { throw ExitCode(1) }
    }
}
