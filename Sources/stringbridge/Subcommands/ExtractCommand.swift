import ArgumentParser
import CodeSync
import LocalizationCatalog
import LocalizationConverter

struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Write the String Catalogs that code says, one per table, as xcstringstool extract does.",
        discussion: """
            Reads the code and writes new catalogs from it; it changes no catalog of the project (to update those, \
            use sync). PATHS are code files or folders holding them: Swift, Objective-C, C and C++ (.m, .mm, .h, .c, .cpp), \
            storyboards and xibs, and Info.plist files.

            Output layout: one OUTDIR/<Table>.xcstrings per table the code names (Localizable unless a call names \
            another table), as an Xcode build would add its strings to an empty catalog: the key, the comments of \
            its call sites (distinct ones sorted and joined with a newline), a source value with state "new" when \
            the code gives one (extractionState extracted_with_value), and the positional source value of keys with \
            two or more arguments. Catalogs are written all or nothing. A catalog already there is replaced only \
            when it holds nothing but what extract writes (an earlier extract's output); one that holds more — \
            translations, manual or migrated keys, comments the code does not give, source values or states set \
            in the catalog — is a project's catalog: it is refused, nothing is written, and `stringbridge sync` is \
            the command that updates it with its code. Prints one line per catalog written, with its number of \
            keys.

            Exit status: 0 when written (a code file that cannot be read is a warning and left out), 1 when a path \
            does not exist, a catalog there would lose what it holds or is read-only, or a catalog cannot be \
            written (nothing is written then); 64 on a usage error.

            Examples:
              stringbridge extract MyApp -o Extracted
              stringbridge extract Sources/App/ContentView.swift \\
                --source-language de -o out
            """
    )

    @Argument(help: "Code files, or folders holding them.")
    var paths: [String]

    @Option(name: [.short, .customLong("output")], help: "The folder that receives the catalogs.")
    var output: String

    @Option(help: "The development language of the catalogs.")
    var sourceLanguage: String = "en"

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("Name at least one code file or folder.") }
        guard output != "-" else {
            throw ValidationError("extract writes a folder; -o - (standard output) takes one file.")
        }
    }

    func run() throws {
        var diagnostics = Diagnostics()
        try reportingErrors(&diagnostics) { (diagnostics: inout Diagnostics) in
            let catalogs = try SyncWorkflow().extractCatalogs(
                from: paths, outputDirectory: output, sourceLanguage: sourceLanguage, diagnostics: &diagnostics)
            try Self.refuseReplacingProjectCatalogs(catalogs, output: output)
            var transaction = FileTransaction()
            // extract has no --force: a read-only catalog there is refused with a message that names none.
            transaction.readOnlyAdvice = "extract does not replace read-only files; write into another folder"
            // Catalogs made from the code: a file there holding nothing else (checked above) is replaced.
            for catalog in catalogs { transaction.stage(catalog.bytes, at: catalog.path, as: .replacingUnread) }
            try transaction.commit()
            for catalog in catalogs {
                printLine("wrote \(catalog.path): \(counted(catalog.table.entries.count, "key"))")
            }
            if catalogs.isEmpty { printLine("no localizable strings found; nothing written") }
        }
    }

    /// Refuses, writing nothing, when a catalog already at an output path holds what the extracted one would drop
    /// (``ExtractReplacement``): a project's catalog, which `sync` updates.
    static func refuseReplacingProjectCatalogs(
        _ catalogs: [(path: String, table: StringTable, bytes: [UInt8])], output: String
    ) throws {
        var refusals: [Diagnostic] = []
        guard let reader = FormatRegistry.standard.format(named: "xcstrings")?.reader else { return }
        for catalog in catalogs where fileExists(catalog.path) {
            let sync =
                "run `stringbridge sync \(ProjectPaths.projectRoot(holding: [output], fallback: output).path)` to update it with the code"
            var ignored = Diagnostics()
            guard let file = try? readSourceFile(catalog.path),
                let existing = try? reader.read(file, options: ReadOptions(), diagnostics: &ignored)
            else {
                refusals.append(
                    Diagnostic(
                        .error,
                        "a file that is not a readable String Catalog is here; extract replaces only catalogs it "
                            + "wrote; write into another folder", path: catalog.path))
                continue
            }
            let losses = ExtractReplacement.losses(replacing: existing, with: catalog.table)
            guard !losses.isEmpty else { continue }
            refusals.append(
                Diagnostic(
                    .error,
                    "this catalog holds what extract, which writes catalogs from code alone, would drop: "
                        + losses.joined(separator: ", ") + "; it is not replaced; \(sync), or write the extracted "
                        + "catalogs into another folder", path: catalog.path))
        }
        if !refusals.isEmpty { throw ConversionError(refusals) }
    }
}
