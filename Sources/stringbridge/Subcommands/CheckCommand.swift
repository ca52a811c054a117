import ArgumentParser
import CatalogChecks
import LocalizationCatalog
import LocalizationConverter

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check tables for problems that break or degrade localizations (quality gates for CI).",
        discussion: """
            Finds every table under the paths (String Catalogs, legacy .lproj tables, XLIFF files and .xcloc \
            bundles) and reports each finding as path:line:column: severity: message [rule]. Rules: \
            placeholder-mismatch, plural-missing-category, plural-extra-category, missing-translation, \
            untranslated-state, duplicate-key, invalid-file, not-xcode-formatted, stale-key, control-character, \
            whitespace-mismatch, width-variation, lowercase-unicode-escape (docs/check.md). Exit status 0 when no finding is an error, 1 when \
            one is, 64 on a usage error.

            Examples:
              stringbridge check MyApp
              stringbridge check MyApp --language de --language fr --format sarif > check.sarif
              stringbridge check MyApp --format json > baseline.json
              stringbridge check MyApp --baseline baseline.json
              stringbridge check MyApp --rule not-xcode-formatted --fix

            """
    )

    @Argument(help: "Files or folders to check.")
    var paths: [String]

    @Option(help: "The report's format: text, json or sarif.")
    var format: ReportFormat = .text

    @Option(help: "A language that must be complete in every table (repeatable).")
    var language: [String] = []

    @Option(help: "An earlier JSON report: report only findings it does not have.")
    var baseline: String?

    @Option(help: "Only this rule (repeatable; default all).")
    var rule: [CheckRule] = []

    @Option(help: "The development language of legacy tables.")
    var sourceLanguage: String = "en"

    @Flag(help: "Rewrite String Catalogs not laid out as Xcode writes them (content unchanged).")
    var fix = false

    enum ReportFormat: String, ExpressibleByArgument {
        case text, json, sarif
    }

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("Name at least one file or folder to check.") }
    }

    func run() throws {
        var diagnostics = Diagnostics()
        var failed = false
        try reportingErrors(&diagnostics) { (_: inout Diagnostics) in
            var options = CatalogCheck.Options()
            if !rule.isEmpty { options.rules = Set(rule) }
            options.languages = language
            options.sourceLanguage = sourceLanguage
            options.fix = fix
            var report = try CatalogCheck().run(paths, options: options)
            if let baseline {
                try report.subtract(baseline: try readSourceFile(baseline).bytes, path: baseline)
            }
            try report.apply()
            for fixed in report.fixes {
                printError("\(fixed.path):1:1: note: rewritten as Xcode writes it [not-xcode-formatted]")
            }
            switch format {
            case .text: writeAll(Array(report.text().utf8), to: 1)
            case .json: writeAll(report.json(), to: 1)
            case .sarif: writeAll(report.sarif(version: StringBridgeCommand.configuration.version), to: 1)
            }
            failed = report.hasErrors
        }
        if failed { throw ExitCode(1) }
    }
}

extension CheckRule: ExpressibleByArgument {}
