import Foundation
import LocalizationCatalog
@_spi(XLIFFDocuments) import XLIFFFormat

/// `xcodebuild -importLocalizations` without Xcode: translated XLIFF files or `.xcloc` bundles merged back into the
/// catalogs and legacy tables they were exported from.
///
/// Each `<file original>` is resolved against the project root. A catalog receives the targets of every language
/// it is given; a legacy table receives them in its `L.lproj` file next to the source language's (created when
/// missing). Every table is written back in its own format, all tables at once and atomically, and only when a
/// unit changed it: importing the same XLIFF twice changes nothing the second time. Units that are not applied are
/// counted and listed with their reason (``XLIFFImportReport``).
public struct Import: Sendable {
    /// How to import.
    public struct Options: Sendable {
        /// The project root that `original` paths are relative to.
        package var root: String
        /// Whether each document's root is found instead of ``root`` (`import` without `--root`).
        ///
        /// The root found (``Import/projectRoot(of:)``) is the project that holds the document, else the project
        /// that holds the current folder, else the current folder. ``root`` is then unused.
        package var findsProjectRoots = false
        /// The root of each document (by the path ``Import/documents(for:)`` gives it) when it is not ``root``.
        package var documentRoots: [String: String] = [:]
        /// The development language of legacy tables (catalogs say their own).
        package var sourceLanguage: String
        /// Compute and report everything, but write nothing.
        package var dryRun: Bool
        /// Skip units whose `<source>` no longer matches the table, instead of importing them as `needs_review`.
        package var skipChangedSource: Bool
        /// Import targets in unfinished states (`new`, `needs-translation`, `needs-l10n`, `needs-adaptation` →
        /// `new`; `needs-review-*` → `needs_review`), which Xcode skips.
        package var acceptUnfinished: Bool
        /// Refuse a target whose format arguments differ from its source's: the unit is reported as not applied.
        ///
        /// Without it, such a target is applied and reported as a warning.
        package var refusesPlaceholderMismatch: Bool
        /// Folders outside the default boundary (the git work tree holding ``root``, or ``root``) that tables
        /// may be written in (``WriteBoundary``).
        package var boundaries: [String] = []
        /// Whether the documents and tables read are freed when ``Import/run(_:options:diagnostics:)`` returns
        /// (on a background thread).
        ///
        /// A process that exits right after (the command-line tool) sets it to `false`
        /// and leaves them to the system, which saves the CPU time freeing a few hundred thousand strings takes.
        package var freesWorkingMemory = true
        /// Whether read-only table files are replaced (else the import fails, writing nothing).
        package var replacesReadOnlyFiles = false
        /// Whether the Xcode project holding a table that gets a new language gets it in its `knownRegions` too,
        /// as Xcode does (`--no-project` turns it off).
        package var editsProject = true
        /// How long to wait, in seconds, for another process writing one of the tables
        /// (``FileTransaction/readForUpdate(_:)``) before failing.
        package var lockTimeout: Double = 120

        /// Creates options; the defaults import as Xcode does.
        public init(
            root: String = ".", sourceLanguage: String = "en", dryRun: Bool = false,
            skipChangedSource: Bool = false, acceptUnfinished: Bool = false, refusesPlaceholderMismatch: Bool = false
        ) {
            self.root = root
            self.sourceLanguage = sourceLanguage
            self.dryRun = dryRun
            self.skipChangedSource = skipChangedSource
            self.acceptUnfinished = acceptUnfinished
            self.refusesPlaceholderMismatch = refusesPlaceholderMismatch
        }

        /// The root `original` paths of `document` are relative to.
        func root(of document: String) -> String { documentRoots[document] ?? root }

        /// The options of the XLIFF mapping.
        var mapping: XLIFFImport.Options {
            XLIFFImport.Options(
                skipChangedSource: skipChangedSource, acceptUnfinished: acceptUnfinished,
                refusesPlaceholderMismatch: refusesPlaceholderMismatch)
        }
    }

    /// What happened to one `<file>` of one document.
    public struct FileResult: Sendable {
        /// The XLIFF document the file is in.
        public var document: String
        /// The file's `original`.
        package var original: String
        /// The file's `target-language`.
        package var language: String?
        /// The table file the targets went to (the `L.lproj` file for a legacy table); `nil` when none was found.
        package var table: String?
        /// Counts and skipped units.
        public var report: XLIFFImportReport
        /// Whether the table is a legacy one (`.strings`, `.stringsdict`), which holds no states: a unit imported
        /// with a changed source cannot be flagged `needs_review` there.
        package var isLegacy = false
    }

    /// What an import did.
    public struct Result: Sendable {
        /// One result per `<file>`, in document order.
        public var files: [FileResult] = []
        /// The table files that changed (were written, or would be with a dry run), in the order first touched.
        public var changed: [String] = []
        /// Whether nothing was written because of a dry run.
        package var dryRun = false
        /// The project files whose `knownRegions` got the new languages of the import, with those languages.
        package var knownRegions: [(project: String, added: [String])] = []
        /// The roots of the documents, in the order first met, each with its documents: the one given, or those
        /// found (``Options/findsProjectRoots``).
        package var roots: [(root: ProjectRoot, documents: [String])] = []
        /// Whether ``roots`` were found rather than given.
        package var rootsFound = false

        /// The reports of all files added up.
        public var total: XLIFFImportReport {
            var total = XLIFFImportReport()
            for file in files { total.add(file.report) }
            return total
        }
    }

    /// The registry that provides readers and writers.
    package var registry: FormatRegistry

    /// Creates an import.
    public init(registry: FormatRegistry = .standard) {
        self.registry = registry
    }

    /// Imports every document of `inputs`.
    ///
    /// The documents are parsed side by side, and each table is read as soon as a document names it, while the
    /// other documents are still being parsed. The files are then planned side by side (one per table and
    /// language at a time) and applied in document order, so the result is the same as applying them one by one.
    /// - Throws: ``ConversionError`` when a document or a table cannot be read or written; nothing is written then.
    public func run(_ inputs: [String], options: Options, diagnostics: inout Diagnostics) throws -> Result {
        let paths = try documents(for: inputs)
        try Self.checkLanguage(options.sourceLanguage, as: "--source-language")
        var options = options
        var projects: [String: ProjectRoot] = [:]
        if options.findsProjectRoots {
            for path in paths {
                let root = Self.projectRoot(of: path)
                projects[path] = root
                options.documentRoots[path] = root.path
            }
        }

        // Read: the documents side by side, each table as soon as a document names it.
        let loader = TableLoader(lockTimeout: options.lockTimeout)
        let parsed = try parseDocuments(paths, options: options, loader: loader)
        var result = Result()
        result.rootsFound = options.findsProjectRoots
        if options.findsProjectRoots {
            for read in parsed {
                // A document none of whose tables its project holds, read against another root that holds some.
                let root = read.foundRoot ?? projects[read.path] ?? ProjectRoot(path: ".", marker: nil)
                options.documentRoots[read.path] = root.path
                if let index = result.roots.firstIndex(where: { $0.root == root }) {
                    result.roots[index].documents.append(read.path)
                } else {
                    result.roots.append((root, [read.path]))
                }
            }
        } else {
            result.roots = [(ProjectRoot(path: options.root, marker: nil), paths)]
        }
        // Languages that are no identifiers and tables outside the boundary fail the import before anything is
        // written.
        try refuseForbiddenFiles(in: parsed, diagnostics: &diagnostics)
        // So does a document that would apply nothing because none of its tables exists: its originals are relative
        // to a project the import did not find.
        let withoutTables = parsed.filter(\.namesNoTable)
        if !withoutTables.isEmpty {
            for read in parsed { diagnostics.append(contentsOf: read.diagnostics) }
            throw ConversionError(withoutTables.map { noTableError($0, root: options.root(of: $0.path)) })
        }

        // Find each `<file>`'s table, in document order.
        result.dryRun = options.dryRun
        var tables = WorkingTables()
        let pending = try assignTables(
            to: parsed, tables: &tables, loader: loader, result: &result, diagnostics: &diagnostics)

        // Apply: plans made side by side, applied in document order.
        apply(pending, to: &tables, result: &result, options: options)

        // Write the tables that changed, all or nothing.
        try writeChanges(
            of: consume tables, freeing: (consume parsed, consume pending), options: options, result: &result,
            diagnostics: &diagnostics)
        return result
    }
}
