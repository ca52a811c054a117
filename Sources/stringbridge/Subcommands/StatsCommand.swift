import ArgumentParser
import CatalogChecks
import CatalogReport
import LocalizationCatalog

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show how far each table is translated, per language.",
        discussion: """
            Finds every table under the paths, as check does, and counts per table and language: keys to be \
            translated, translated, needs_review, new, missing, stale, the development language's words, and the \
            words not yet translated ("to do"). A key with variations counts in its least finished state. A file \
            that cannot be read is reported as path:line:column: error: … and left out. Languages are listed \
            with the development language first, the others sorted. Pseudo-languages (en-XA, ar-XB: what \
            `stringbridge pseudo` writes) are no translations and are left out unless named with --language; with \
            --language, only the languages named are counted (besides the development language), also where a \
            table lacks them.

            Exit status: 0 when every file was read, 1 when a file cannot be read (the others are still counted), \
            64 on a usage error.

            Examples:
              stringbridge stats MyApp
              stringbridge stats MyApp/Localizable.xcstrings --format json > stats.json
              stringbridge stats MyApp --language de --language en-XA
            """
    )

    @Argument(help: "Files or folders.")
    var paths: [String]

    @Option(help: "text, json or markdown (a job summary).")
    var format: ReportFormat = .text

    @Option(name: .customLong("language"), help: "Count only this language (repeatable; pseudo-languages too).")
    var languages: [String] = []

    @Option(help: "The development language of legacy tables.")
    var sourceLanguage: String = "en"

    enum ReportFormat: String, ExpressibleByArgument {
        case text, json, markdown
    }

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("Name at least one file or folder.") }
    }

    func run() throws {
        var diagnostics = Diagnostics()
        var failed = false
        try reportingErrors(&diagnostics) { (diagnostics: inout Diagnostics) in
            let statistics = try TableStatistics.collect(paths, sourceLanguage: sourceLanguage, languages: languages)
            for problem in statistics.unreadable { diagnostics.append(problem) }
            switch format {
            case .text: writeAll(Array(statistics.text().utf8), to: 1)
            case .json: writeAll(statistics.json(), to: 1)
            case .markdown: writeAll(Array(CIReports.markdown(statistics).utf8), to: 1)
            }
            failed = !statistics.unreadable.isEmpty
        }
        if failed { throw ExitCode(1) }
    }
}
