import ArgumentParser
import LocalizationCatalog
import LocalizationConverter
import XCStringsFormat
import XLIFFFormat

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import translated XLIFF files or .xcloc bundles, as xcodebuild -importLocalizations does.",
        discussion: """
            Each <file original> is found relative to --root, its targets are merged into that table, and the table \
            is written back in its own format: the catalog, or the L.lproj/.strings and .stringsdict files of a \
            legacy table (created when missing). Tables are written all or nothing and atomically, and only when \
            something changed. A table is locked from its reading to its writing, so that imports run at the same \
            time into one table wait for each other (up to --lock-timeout) instead of losing one another's \
            languages. Like Xcode, targets in state new or needs-review-* are skipped (--accept-unfinished \
            takes them), and a unit whose <source> no longer matches the table is imported as needs_review \
            (--skip-changed-source skips it). Every unit that is not applied is listed with its reason.

            Examples:
              stringbridge import Localizations/fr.xcloc Localizations/de.xcloc
              stringbridge import fr.xliff --root MyApp --dry-run --report json
            """
    )

    @Argument(help: "XLIFF files (.xliff, .xlf) or .xcloc bundles.")
    var inputs: [String]

    @Option(help: "The project root that XLIFF original paths are relative to.")
    var root: String = "."

    @Option(
        name: .customLong("boundary"),
        help: ArgumentHelp(
            "Also allow tables in this folder (repeatable). By default only tables inside the git work tree that "
                + "holds --root (or inside --root outside a repository) are changed.",
            valueName: "dir"))
    var boundaries: [String] = []

    @Option(help: "The development language of legacy tables (catalogs name their own).")
    var sourceLanguage: String = "en"

    @Flag(help: "Report what would change without writing anything.")
    var dryRun = false

    @Flag(help: "Skip units whose source no longer matches the table instead of importing them as needs_review.")
    var skipChangedSource = false

    @Flag(help: "Import targets in state new (as new) and needs-review-* (as needs_review), which Xcode skips.")
    var acceptUnfinished = false

    @Flag(help: "Replace table files even when they are read-only.")
    var force = false

    @Option(
        help: ArgumentHelp(
            "How long to wait for another stringbridge process writing the same table, in seconds.",
            valueName: "seconds"))
    var lockTimeout: Double = 120

    @Option(help: "The report format on standard output: text or json.")
    var report: ReportFormat = .text

    enum ReportFormat: String, ExpressibleByArgument {
        case text, json
    }

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("Name at least one XLIFF file or .xcloc bundle.") }
    }

    func run() throws {
        var diagnostics = Diagnostics()
        try reportingErrors(&diagnostics) { (diagnostics: inout Diagnostics) in
            var options = Import.Options(
                root: root, sourceLanguage: sourceLanguage, dryRun: dryRun,
                mapping: XLIFFImport.Options(skipChangedSource: skipChangedSource, acceptUnfinished: acceptUnfinished))
            options.boundaries = boundaries
            // The command exits right after: the system takes the memory back faster than freeing it would.
            options.freesWorkingMemory = false
            options.replacesReadOnlyFiles = force
            options.lockTimeout = lockTimeout
            let result = try Import().run(inputs, options: options, diagnostics: &diagnostics)
            switch report {
            case .text: writeAll(ImportSummary.text(result), to: 1)
            case .json: print(String(decoding: ImportSummary.json(result), as: UTF8.self))
            }
        }
    }
}

/// The import report, for people or machines.
enum ImportSummary {
    /// The text report as UTF-8. A large import lists tens of thousands of units, so each file's lines are made
    /// side by side, as bytes.
    static func text(_ result: Import.Result) -> [UInt8] {
        let pieces = concurrentMap(result.files) { text(of: $0) }
        var out: [UInt8] = []
        out.reserveCapacity(pieces.reduce(200) { $0 + $1.count })
        for piece in pieces { out += piece }
        let total = result.total
        var byReason: [(String, Int)] = []
        for unit in total.skipped {
            if let index = byReason.firstIndex(where: { $0.0 == unit.reason.code }) {
                byReason[index].1 += 1
            } else {
                byReason.append((unit.reason.code, 1))
            }
        }
        let reasons = byReason.isEmpty ? "" : " (" + byReason.map { "\($0.1) \($0.0)" }.joined(separator: ", ") + ")"
        let verb = result.dryRun ? "would change" : "changed"
        var summary = "import: \(total.applied) applied, \(total.unchanged) unchanged, \(total.skipped.count) not applied"
        summary += "\(reasons); \(verb) \(result.changed.count) file\(result.changed.count == 1 ? "" : "s")\n"
        for path in result.changed { summary += "  \(verb): \(path)\n" }
        out += summary.utf8
        return out
    }

    /// One file's lines: its counts, then each unit not applied.
    private static func text(of file: Import.FileResult) -> [UInt8] {
        let report = file.report
        var out: [UInt8] = []
        out.reserveCapacity(100 + 140 * report.skipped.count)
        func add(_ string: String) { out += string.utf8 }
        let language = file.language.map { " [\($0)]" } ?? ""
        let target = file.table.map { " -> \($0)" } ?? ""
        add("\(file.original)\(language)\(target): \(report.applied) applied, \(report.unchanged) unchanged, ")
        add("\(report.skipped.count) not applied\n")
        for unit in report.skipped {
            add("  ")
            if let location = unit.location {
                add(location.path)
                add(":")
                add(String(location.line))
                add(":")
                add(String(location.column))
                add(": ")
            } else {
                add(file.document)
                add(": ")
            }
            add(unit.reason.code)
            add(": \"")
            add(unit.id)
            add("\": ")
            add(unit.reason.description)
            add("\n")
        }
        for id in report.appliedWithChangedSource {
            add("  \(file.document): source-changed: \"\(id)\": imported as needs_review\n")
        }
        return out
    }

    static func json(_ result: Import.Result) -> [UInt8] {
        func number(_ value: Int) -> JSONValue { .number(String(value)) }
        let total = result.total
        var files: [JSONValue] = []
        for file in result.files {
            var object: OrderedMap<JSONValue> = [
                "document": .string(file.document), "original": .string(file.original),
            ]
            object["language"] = file.language.map(JSONValue.string) ?? .null
            object["table"] = file.table.map(JSONValue.string) ?? .null
            object["applied"] = number(file.report.applied)
            object["unchanged"] = number(file.report.unchanged)
            object["appliedWithChangedSource"] = .array(file.report.appliedWithChangedSource.map(JSONValue.string))
            object["skipped"] = .array(
                file.report.skipped.map { unit in
                    var skipped: OrderedMap<JSONValue> = [
                        "id": .string(unit.id), "reason": .string(unit.reason.code),
                        "message": .string(unit.reason.description),
                    ]
                    if let location = unit.location {
                        skipped["line"] = number(location.line)
                        skipped["column"] = number(location.column)
                    }
                    return .object(skipped)
                })
            files.append(.object(object))
        }
        let summary: OrderedMap<JSONValue> = [
            "applied": number(total.applied), "unchanged": number(total.unchanged),
            "notApplied": number(total.skipped.count), "dryRun": .bool(result.dryRun),
            "changedFiles": .array(result.changed.map(JSONValue.string)), "files": .array(files),
        ]
        return AppleJSON.encode(.object(summary))
    }
}
