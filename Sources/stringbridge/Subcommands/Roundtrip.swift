import ArgumentParser
import LocalizationCatalog
import LocalizationConverter
import StringBridgeSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

struct Roundtrip: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roundtrip",
        abstract: "Prove that conversions lose nothing for your tables.",
        discussion: """
            Finds every table under the paths (String Catalogs, legacy .lproj tables, XLIFF files and .xcloc \
            bundles) and runs the round trips that apply: read → write in the same format; legacy → catalog → \
            legacy; catalog → legacy → catalog; catalog → XLIFF → catalog for each language; legacy → XLIFF → \
            legacy for each translation file. Every difference is \
            reported with its table, key, language and variation path, as a loss or as expected from a format's \
            nature (docs/roundtrip.md lists them), one line each as path:line:column: error (a loss or an unreadable \
            input) or note (expected); --losses-only leaves the expected ones out.

            Exit status: 0 when nothing is lost, 1 when anything is (or when an input cannot be read, or when no \
            trip was made at all: a check that tries nothing proves nothing), 64 on a usage error.

            Examples:
              stringbridge roundtrip MyApp
              stringbridge roundtrip MyApp/Localizable.xcstrings --via xliff --format json
              stringbridge roundtrip Fixtures --exclude '*/invalid/*'
              stringbridge roundtrip MyApp --losses-only
            """
    )

    @Argument(help: "Files or folders to check.")
    var paths: [String]

    @Option(help: "Only the trips through this format: same, xcstrings, legacy, xliff (repeatable; default all).")
    var via: [RoundTrip.Via] = []

    @Option(help: "The report's format: text or json.")
    var format: ReportFormat = .text

    @Option(help: "The development language of legacy tables.")
    var sourceLanguage: String = "en"

    @Option(help: "Leave out paths matching this shell pattern, e.g. '*/invalid/*' (repeatable).")
    var exclude: [String] = []

    @Flag(help: "List only losses and unreadable inputs (not the expected differences), then the summary.")
    var lossesOnly = false

    @Flag(
        name: [.short, .long], help: "List only losses and unreadable inputs, without the summary: nothing when clean.")
    var quiet = false

    enum ReportFormat: String, ExpressibleByArgument {
        case text, json
    }

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("Name at least one file or folder to check.") }
    }

    func run() throws {
        var diagnostics = Diagnostics()
        var losses = false
        try reportingErrors(&diagnostics) { (_: inout Diagnostics) in
            var options = RoundTrip.Options(
                vias: via.isEmpty ? Set(RoundTrip.Via.allCases) : Set(via), sourceLanguage: sourceLanguage,
                excluded: exclude)
            // A text report that prints no expected difference only counts them (the summary gives the count).
            options.listsExpectedDifferences = format == .json || !(lossesOnly || quiet)
            let report = try RoundTrip().run(paths, options: options)
            switch format {
            case .text:
                report.writeText(expected: !lossesOnly && !quiet, summary: !quiet) { writeAll($0, to: 1) }
            case .json: writeAll(report.json, to: 1)
            }
            if report.triedNothing {
                throw ConversionError(nothingTriedMessage(tables: report.tables.count), path: paths[0])
            }
            losses = !report.isClean
            // A large catalog's report holds a difference per changed leaf (a million at 636 MB): the process ends
            // here, and the system takes its memory back at once, without freeing them one by one.
            leaveToExit(report)
        }
        if losses { throw ExitCode(1) }
    }
}

extension Roundtrip {
    /// Why a check that made no trip fails: what was found, and what the trips asked for need.
    func nothingTriedMessage(tables: Int) -> String {
        guard tables > 0 else {
            return "no round trip was made: no String Catalog, legacy .lproj table or XLIFF file was found"
        }
        let vias = via.isEmpty ? RoundTrip.Via.allCases : RoundTrip.Via.allCases.filter(via.contains)
        var needs: [String] = []
        if vias.contains(.xliff) {
            needs.append(
                "--via xliff needs a catalog with a language besides its development language, or a legacy table "
                    + "with a development-language file and a translation")
        }
        if vias.contains(.legacy) { needs.append("--via legacy needs a String Catalog") }
        if vias.contains(.xcstrings) { needs.append("--via xcstrings needs a legacy .lproj table") }
        return "no round trip was made: none of the \(tables) table\(tables == 1 ? "" : "s") found has a trip "
            + vias.map { "--via \($0.rawValue)" }.joined(separator: " or ")
            + (needs.isEmpty ? "" : " (\(needs.joined(separator: "; ")))")
    }
}

extension RoundTrip.Via: ExpressibleByArgument {}
