import LocalizationCatalog

// The entry point of `check` for the libFuzzer targets of `Fuzz/` (docs/development.md, "Fuzzing"). Not API: only
// `@_spi(Fuzzing) import` sees it.

/// ``CatalogCheck`` with every rule, and what its report makes of the findings.
@_spi(Fuzzing) public enum CheckFuzzing {
    /// One finding, as the text report and the baseline see it.
    @_spi(Fuzzing) public struct Found: Sendable, Equatable {
        /// The rule's name.
        @_spi(Fuzzing) public var rule: String
        /// The file.
        @_spi(Fuzzing) public var file: String
        /// 1-based line.
        @_spi(Fuzzing) public var line: Int
        /// 1-based column, in Unicode scalars.
        @_spi(Fuzzing) public var column: Int
        /// The key, or empty.
        @_spi(Fuzzing) public var key: String
        /// The language, or empty.
        @_spi(Fuzzing) public var language: String
        /// The variation path, or empty.
        @_spi(Fuzzing) public var path: String
        /// The message.
        @_spi(Fuzzing) public var message: String
    }

    /// The outcome of one run.
    @_spi(Fuzzing) public struct Outcome: Sendable, Equatable {
        /// The findings, in the report's order.
        @_spi(Fuzzing) public var findings: [Found]
        /// The rewrites `--fix` would write: path and bytes.
        @_spi(Fuzzing) public var fixes: [String: [UInt8]]
        /// The findings left when the report's own JSON is its baseline (`--baseline`).
        @_spi(Fuzzing) public var leftByOwnBaseline: Int
        /// The text report.
        @_spi(Fuzzing) public var text: String
        /// The JSON report.
        @_spi(Fuzzing) public var json: [UInt8]
        /// The SARIF report.
        @_spi(Fuzzing) public var sarif: [UInt8]
    }

    /// Checks the tables under `paths` (files or folders) with every rule; `fix` asks for the rewrites.
    ///
    /// - Throws: ``ConversionError`` when a path does not exist, or the report's JSON is not a baseline.
    @_spi(Fuzzing) public static func run(_ paths: [String], languages: [String] = [], fix: Bool = false) throws
        -> Outcome
    {
        var options = CatalogCheck.Options()
        options.languages = languages
        options.fix = fix
        let report = try CatalogCheck().run(paths, options: options)
        let json = report.json()
        var subtracted = report
        try subtracted.subtract(baseline: json, path: "baseline.json")
        return Outcome(
            findings: report.findings.map {
                Found(
                    rule: $0.rule.rawValue, file: $0.file, line: $0.line, column: $0.column, key: $0.key,
                    language: $0.language, path: $0.path, message: $0.message)
            },
            fixes: Dictionary(report.fixes.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first }),
            leftByOwnBaseline: subtracted.findings.count, text: report.text(), json: json,
            sarif: report.sarif(version: "fuzz"))
    }
}
