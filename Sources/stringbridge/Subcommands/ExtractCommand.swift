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
            two or more arguments. Catalogs are written all or nothing; files already there are replaced. Prints \
            one line per catalog written, with its number of keys.

            Exit status: 0 when written (a code file that cannot be read is a warning and left out), 1 when a path \
            does not exist or a catalog cannot be written (nothing is written then), 64 on a usage error.

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
            var transaction = FileTransaction()
            // Catalogs made from the code: a file there is replaced, unread.
            for catalog in catalogs { transaction.stage(catalog.bytes, at: catalog.path, as: .replacingUnread) }
            try transaction.commit()
            for catalog in catalogs {
                printLine("wrote \(catalog.path): \(counted(catalog.table.entries.count, "key"))")
            }
            if catalogs.isEmpty { printLine("no localizable strings found; nothing written") }
        }
    }
}
