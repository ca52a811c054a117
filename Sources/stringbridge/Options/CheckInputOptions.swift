import ArgumentParser
import CatalogChecks
import CodeSync
import LocalizationCatalog

/// What `check`, `report` and `edit` read to find `check`'s findings: the languages that must be complete, the
/// development language of legacy tables, the configuration file, and whether the code is read.
///
/// One group, so that the three commands find the same findings in the same project (`report` and `edit` show
/// what `check` reports).
struct CheckInputOptions: ParsableArguments {
    @Option(help: "A language that must be complete in every table: what it lacks is an error (repeatable).")
    var language: [String] = []

    @Option(
        help: ArgumentHelp(
            "The development language of legacy tables (default: the configuration's, else the project's "
                + "developmentRegion or the package's defaultLocalization, else en)."))
    var sourceLanguage: String?

    @Option(help: "The configuration file (default: .stringbridge.json in the first path's folder or above).")
    var config: String?

    @Flag(name: .customLong("no-config"), help: "Read no configuration file.")
    var noConfig = false

    @Flag(
        name: .customLong("no-code"),
        help: "Read no code: orphan-key and missing-translation of legacy tables go by the tables alone.")
    var noCode = false

    /// The check's options for `paths`.
    ///
    /// The configuration file's (unless `--no-config`), then these options over them, and the code's keys unless
    /// `--no-code`. `adjust` changes the rules and severities before the code reader
    /// is set (`check`'s own options).
    func checkOptions(
        paths: [String], adjust: (inout CatalogCheck.Options) -> Void = { _ in }
    ) throws -> CatalogCheck.Options {
        var options = CatalogCheck.Options()
        let configPath = noConfig ? nil : (config ?? paths.first.flatMap { CheckConfiguration.find(for: $0) })
        var configuredLanguage: String?
        if let configPath {
            let configuration = try CheckConfiguration.read(configPath)
            if let rules = configuration.rules { options.rules = Set(rules) }
            options.rules.subtract(configuration.excludeRules ?? [])
            options.severities = configuration.severities
            options.minimumSeverity = configuration.minimumSeverity ?? options.minimumSeverity
            options.languages = configuration.languages ?? []
            configuredLanguage = configuration.sourceLanguage
        }
        adjust(&options)
        if !language.isEmpty { options.languages = language }
        if let sourceLanguage {
            options.sourceLanguage = sourceLanguage
        } else if let configuredLanguage {
            options.sourceLanguage = configuredLanguage
        } else {
            // Legacy tables are in the project's development language (a `de` project has no `en.lproj`; issue 32).
            var found = Diagnostics()
            options.sourceLanguage = DevelopmentRegion.language(for: paths, diagnostics: &found)
            printDiagnostics(found.all)
        }
        if !noCode {
            let sourceLanguage = options.sourceLanguage
            options.codeKeys = { root, files in
                CheckCodeKeys.keys(root: root, files: files, sourceLanguage: sourceLanguage)
            }
        }
        return options
    }
}
