import ArgumentParser
import CatalogChecks
import CodeSync
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
            whitespace-mismatch, width-variation, orphan-key, unused-key, lowercase-unicode-escape (docs/check.md). \
            Legacy tables are checked against the code of their targets, found as sync finds it (--no-code: by the \
            tables alone). --quiet prints only the summary line.

            --language L names a language that must be complete: every key it lacks in a table is an error \
            (missing-translation), while the missing translations of the other languages stay warnings. \
            Pseudo-languages (en-XA, ar-XB: what `stringbridge pseudo` writes) are not checked unless named with \
            --language.

            Exit status: 0 when no finding is an error; 1 when one is, when the paths hold no table (a gate that \
            checks nothing does not pass), or when the configuration or a baseline cannot be read or a --fix \
            cannot be written; 64 on a usage error.

            Settings a project checks in go in .stringbridge.json, found in the first path's folder or the nearest \
            folder above it ({"check": {"excludeRules": [...], "severity": {"rule": "error"}, "minSeverity": \
            "warning", "rules": [...], "languages": [...], "sourceLanguage": "en"}}); options given here override it.

            Examples:
              stringbridge check MyApp
              stringbridge check MyApp --language de --language fr \\
                --format sarif > check.sarif
              stringbridge check MyApp --format json > baseline.json
              stringbridge check MyApp --baseline baseline.json
              stringbridge check MyApp --rule not-xcode-formatted --fix
              stringbridge check MyApp --exclude-rule stale-key \\
                --severity missing-translation=error
              stringbridge check MyApp --min-severity warning --quiet
            """
    )

    @Argument(help: "Files or folders to check.")
    var paths: [String]

    @OptionGroup var inputs: CheckInputOptions

    @Option(help: "The report's format: text, json, sarif, github, markdown or junit.")
    var format: ReportFormat = .text

    @Option(help: "An earlier JSON report: report only findings it does not have.")
    var baseline: String?

    @Option(help: "Only this rule (repeatable; default all).")
    var rule: [CheckRule] = []

    @Option(name: .customLong("exclude-rule"), help: "Leave this rule out (repeatable).")
    var excludeRule: [CheckRule] = []

    @Option(help: "A rule's severity instead of its own, as RULE=error|warning|note (repeatable).")
    var severity: [RuleSeverity] = []

    @Option(
        name: .customLong("min-severity"), help: "Report only findings this serious or more: error, warning or note.")
    var minSeverity: CheckSeverity?

    @Flag(help: "Rewrite String Catalogs not laid out as Xcode writes them (content unchanged).")
    var fix = false

    @Flag(help: "Print no finding, only the summary line (text report); the exit status says the rest.")
    var quiet = false

    @OptionGroup var lock: LockOptions

    enum ReportFormat: String, ExpressibleByArgument {
        case text, json, sarif, github, markdown, junit
    }

    /// `RULE=SEVERITY`.
    struct RuleSeverity: ExpressibleByArgument {
        var rule: CheckRule
        var severity: CheckSeverity

        init?(argument: String) {
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let rule = CheckRule(rawValue: parts[0]),
                let severity = CheckSeverity(rawValue: parts[1])
            else { return nil }
            self.rule = rule
            self.severity = severity
        }
    }

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("Name at least one file or folder to check.") }
        guard !quiet || format == .text else {
            throw ValidationError("--quiet shortens the text report; a \(format.rawValue) report is meant whole.")
        }
    }

    func run() throws {
        var diagnostics = Diagnostics()
        var failed = false
        try reportingErrors(&diagnostics) { (_: inout Diagnostics) in
            var options = try inputs.checkOptions(paths: paths) { options in
                if !rule.isEmpty { options.rules = Set(rule) }
                options.rules.subtract(excludeRule)
                for entry in severity { options.severities[entry.rule] = entry.severity }
                if let minSeverity { options.minimumSeverity = minSeverity }
            }
            options.fix = fix
            options.lockTimeout = lock.lockTimeout
            var report = try CatalogCheck().run(paths, options: options)
            if let baseline {
                try report.subtract(baseline: try readSourceFile(baseline).bytes, path: baseline)
            }
            try report.apply()
            for fixed in report.fixes {
                printError("\(fixed.path):1:1: note: rewritten as Xcode writes it [not-xcode-formatted]")
            }
            switch format {
            case .text: writeAll(Array(report.text(quiet: quiet).utf8), to: 1)
            case .json: writeAll(report.json(), to: 1)
            case .sarif: writeAll(report.sarif(version: StringBridgeCommand.configuration.version), to: 1)
            case .github, .markdown, .junit: writeAll(Array(ciReport(report, format: format).utf8), to: 1)
            }
            failed = report.hasErrors
            if report.tables == 0, !report.hasErrors {
                // As `sync --check`: a gate that checks nothing must not pass.
                let named = paths.count == 1 ? paths[0] : nil
                printDiagnostics([
                    Diagnostic(
                        .error,
                        "no table to check: there is no String Catalog, .strings, .stringsdict or XLIFF file "
                            + (named == nil ? "in these paths" : "here") + "; check passes only when it checks a table",
                        path: named)
                ])
                failed = true
            }
        }
        if failed { throw ExitCode(1) }
    }
}

extension CheckRule: ExpressibleByArgument {}
extension CheckSeverity: ExpressibleByArgument {}
