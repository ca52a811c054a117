import ArgumentParser
import CatalogChecks
import CatalogReport
import Foundation
import LocalizationCatalog
import LocalizationConverter

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write one self-contained HTML page: progress, plural coverage, findings, stale keys.",
        discussion: """
            Finds every table under the paths, as check and stats do, and writes one HTML file that needs \
            nothing else (inline style, script and pictures; it fetches nothing): per table and language a \
            progress bar by state (translated, needs review, new, missing, stale) with stats' figures, the plural \
            coverage of each language per CLDR category, check's findings with their path:line:column and the \
            key's source and translation, and the keys the code no longer uses (stale). Right-to-left languages \
            are shown right to left; light or dark follows the browser. --baseline (an earlier \
            `check --format json`) marks the findings that are new. docs/report.md.

            Exit status: 0 when the report was written, 1 when a path, the configuration or the baseline cannot \
            be read or the report cannot be written, 64 on a usage error.

            Examples:
              stringbridge report MyApp -o report.html
              stringbridge check MyApp --format json > baseline.json
              stringbridge report MyApp --baseline baseline.json -o report.html
            """
    )

    @Argument(help: "Files or folders.")
    var paths: [String]

    @Option(name: .shortAndLong, help: "The HTML file to write (- for standard output).")
    var output: String

    @Option(help: "An earlier JSON report of check: mark the findings it does not have as new.")
    var baseline: String?

    @OptionGroup(title: "What check reads") var inputs: CheckInputOptions

    @Option(help: "Findings listed per rule (the others are counted).")
    var maxFindings = 1000

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("Name at least one file or folder.") }
        guard maxFindings >= 0 else { throw ValidationError("--max-findings must be 0 or more.") }
    }

    func run() throws {
        var diagnostics = Diagnostics()
        try reportingErrors(&diagnostics) { (_: inout Diagnostics) in
            let options = try inputs.checkOptions(paths: paths)
            let baselineBytes = try baseline.map { (bytes: try readSourceFile($0).bytes, path: $0) }
            let report = try ProjectReport.collect(paths, checkOptions: options, baseline: baselineBytes)
            var page = ReportPage(report: report)
            page.version = StringBridgeCommand.configuration.version
            page.findingsPerRule = maxFindings
            page.title = reportTitle(paths)
            let bytes = Array(page.html().utf8)
            if output == "-" {
                writeAll(bytes, to: 1)
            } else {
                var transaction = FileTransaction()
                transaction.stage(bytes, at: output, as: .replacingUnread)
                try transaction.commit()
            }
        }
    }
}

/// The page's title: the first path's last component (the project's folder).
func reportTitle(_ paths: [String]) -> String {
    let first = paths.first ?? "."
    let absolute = first.hasPrefix("/") ? first : FileManager.default.currentDirectoryPath + "/" + first
    return URL(fileURLWithPath: absolute).standardizedFileURL.lastPathComponent
}
