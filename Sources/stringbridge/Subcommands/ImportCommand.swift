import ArgumentParser
import LocalizationCatalog
import LocalizationConverter

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import translated XLIFF files or .xcloc bundles, as xcodebuild -importLocalizations does.",
        discussion: """
            Each <file original> is found relative to the project root, its targets are merged into that table, \
            and the table is written back in its own format: the catalog, or the L.lproj/.strings and .stringsdict files of a \
            legacy table (created when missing). Tables are written all or nothing and atomically, and only when \
            something changed. A table is locked from its reading to its writing, so that imports run at the same \
            time into one table wait for each other (up to --lock-timeout) instead of losing one another's \
            languages. Like Xcode, targets in an unfinished state (new, needs-translation, needs-l10n, \
            needs-adaptation) are skipped (--accept-unfinished takes them); a needs-review-* target goes into a \
            catalog as needs_review (Xcode drops it; a legacy table, which holds no state, skips it), and a unit \
            whose <source> no longer matches the table is imported as needs_review (--skip-changed-source skips \
            it). A target whose format placeholders differ from its source's (a %@ left out, %lld turned into %@: a \
            crash at run time) is refused and the command exits 1 after writing the other units \
            (--accept-placeholder-mismatch imports it with a warning); so is one that renames or leaves out a \
            parameter the system fills (${content} in intent and App Shortcuts strings). A language new to a table \
            is added to the knownRegions of the Xcode project holding it, in the same transaction (--no-project \
            leaves the project alone). A <file> naming a legacy table that was migrated to a catalog is imported \
            into the catalog, with a note. Interface Builder files' strings are text, \
            not format strings: their placeholders are not compared. Units not applied are counted per file and \
            reason (--verbose lists each one). --quiet prints no report and no warning, only errors.

            The project root is --root, else the project that holds the XLIFF file or .xcloc bundle (the nearest \
            folder at or above it with an .xcodeproj, .xcworkspace, Package.swift, Tuist Project.swift or .git; \
            never the home folder or /), else the project that holds the current folder, as Xcode resolves \
            originals against the project's folder (export writes them so); the summary names it when it is not the \
            current folder. A document none of whose tables its root holds is looked for in the current folder and \
            its project, then in the projects directly below the current folder (two of them holding its tables is \
            an error). A document none of whose tables exists anywhere tried applies nothing: it is an error at \
            its first <file>, and nothing is written.

            Exit status: 0 when imported (units not applied are reported, not errors); 1 when an input is invalid, \
            a document names no table that exists, a table cannot be written (no table is written then), a target was refused for its placeholders, or, \
            with --strict, a unit is not applied; 64 on a usage error.

            Examples:
              stringbridge import Localizations/fr.xcloc Localizations/de.xcloc
              stringbridge import fr.xliff --root MyApp --dry-run --report json
              stringbridge import Localizations/fr.xcloc --quiet
            """
    )

    @Argument(help: "XLIFF files (.xliff, .xlf) or .xcloc bundles.")
    var inputs: [String]

    @Option(
        help: ArgumentHelp(
            "The project root that XLIFF original paths are relative to (default: the project that holds each XLIFF "
                + "file or bundle, else the one that holds the current folder, else the current folder).",
            valueName: "dir"))
    var root: String?

    @Option(
        name: .customLong("boundary"),
        help: ArgumentHelp(
            "Also allow tables in this folder (repeatable). By default only tables inside the git work tree that "
                + "holds the project root (or inside the root outside a repository) are changed.",
            valueName: "dir"))
    var boundaries: [String] = []

    @Option(help: "The development language of legacy tables (catalogs name their own).")
    var sourceLanguage: String = "en"

    @Flag(help: "Report what would change without writing anything.")
    var dryRun = false

    @Flag(help: "Skip units whose source no longer matches the table instead of importing them as needs_review.")
    var skipChangedSource = false

    @Flag(
        help: """
            Import targets in state new, needs-translation, needs-l10n, needs-adaptation (as new) and \
            needs-review-* (as needs_review), which Xcode skips.
            """)
    var acceptUnfinished = false

    @OptionGroup var writing: WritingOptions

    @Flag(
        help: """
            Exit 1 when any unit is not applied for an unknown table or id, an unfinished state, a changed source \
            or a placeholder mismatch.
            """)
    var strict = false

    @Flag(help: "Import targets whose placeholders differ from the source's, with a warning, instead of refusing them.")
    var acceptPlaceholderMismatch = false

    @Flag(
        help: """
            Leave the Xcode project alone: by default a language the import adds to a table is added to the \
            knownRegions of the project holding the table, as Xcode does.
            """)
    var noProject = false

    @Flag(help: "List every unit not applied, instead of a count per file and reason.")
    var verbose = false

    @Option(help: "The report format on standard output: text or json.")
    var report: ReportFormat = .text

    @Flag(help: "Print no report and no warning: only errors (on standard error); the exit status says the rest.")
    var quiet = false

    enum ReportFormat: String, ExpressibleByArgument {
        case text, json
    }

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("Name at least one XLIFF file or .xcloc bundle.") }
        guard !(quiet && (report == .json || verbose)) else {
            throw ValidationError("--quiet prints no report: it takes neither --report json nor --verbose.")
        }
    }

    func run() throws {
        var diagnostics = Diagnostics()
        try reportingErrors(&diagnostics) { (diagnostics: inout Diagnostics) in
            // Quiet, the errors alone are printed, also when the import fails.
            defer { if quiet { diagnostics = Self.errors(of: diagnostics) } }
            var options = Import.Options(
                root: root ?? ".", sourceLanguage: sourceLanguage, dryRun: dryRun,
                skipChangedSource: skipChangedSource, acceptUnfinished: acceptUnfinished,
                refusesPlaceholderMismatch: !acceptPlaceholderMismatch)
            options.boundaries = boundaries
            options.findsProjectRoots = root == nil
            // The command exits right after: the system takes the memory back faster than freeing it would.
            options.freesWorkingMemory = false
            options.replacesReadOnlyFiles = writing.force
            options.lockTimeout = writing.lockTimeout
            options.editsProject = !noProject
            let result = try Import().run(inputs, options: options, diagnostics: &diagnostics)
            for warning in result.placeholderWarnings { diagnostics.append(warning) }
            for error in result.placeholderErrors { diagnostics.append(error) }
            switch report {
            case .text where quiet: break
            case .text: writeAll(result.text(verbose: verbose), to: 1)
            case .json: print(String(decoding: result.json(), as: UTF8.self))
            }
            // Each ends the command with an error at the first unit it counts.
            if strict, let refusal = result.strictRefusalDiagnostic { throw ConversionError(refusal) }
            if let refusal = result.placeholderRefusalDiagnostic { throw ConversionError(refusal) }
        }
    }

    /// The errors of `diagnostics`, in order.
    static func errors(of diagnostics: Diagnostics) -> Diagnostics {
        var errors = Diagnostics()
        for diagnostic in diagnostics.all where diagnostic.severity == .error { errors.append(diagnostic) }
        return errors
    }
}
