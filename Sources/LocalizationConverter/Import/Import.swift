import Foundation
import LocalizationCatalog
import StringBridgeSupport
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
        /// How many documents are read and applied at a time, side by side (``Import/run(_:options:diagnostics:)``):
        /// one per core, and at least two.
        ///
        /// The import holds its tables and this many documents at once, however many it is given.
        package var documentsAtOnce = max(Parallelism.availableProcessors(), 2)
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
    /// The documents are read a few at a time (``Options/documentsAtOnce``), side by side, and each table as soon as a
    /// document names it. Each few are then planned side by side (one file per table and language at a time) and
    /// applied in document order, so the result is the same as applying them one by one, and let go before the next
    /// few are read: the import holds its tables and a few documents, however many it is given.
    ///
    /// Nothing is written before every document has been read and applied: a document that cannot be read, a file
    /// that is refused or a table that cannot be read fails the import, and no table is written.
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
        // The documents are read with the roots found so far, whatever later documents find.
        let readingOptions = options
        let boundaries = writeBoundaries(for: paths, options: options)
        let loader = TableLoader(lockTimeout: options.lockTimeout)
        var result = Result()
        result.rootsFound = options.findsProjectRoots
        result.dryRun = options.dryRun
        if !options.findsProjectRoots {
            result.roots = [(ProjectRoot(path: options.root, marker: nil), paths)]
        }
        var tables = WorkingTables()
        var assignment = TableAssignment()
        // The documents read, without their `<file>` elements (what the errors below need).
        var read: [ParsedDocument] = []
        // The diagnostics of an import that goes through, in the order the files are applied.
        var applied = Diagnostics()
        // The first table that cannot be read, in document order: the import fails once every document is read.
        var failure: (any Error)?
        // Whether a file was refused or a document names no table: the import fails, nothing more is applied.
        var fails = false
        for window in Self.windows(paths.count, size: options.documentsAtOnce) {
            // Read: these documents side by side, each table as soon as a document names it.
            let parsed = try parseDocuments(
                Array(paths[window]), options: readingOptions, boundaries: boundaries, loader: loader)
            if options.findsProjectRoots {
                for document in parsed {
                    // A document none of whose tables its project holds, read against another root that holds some.
                    let root = document.foundRoot ?? projects[document.path] ?? ProjectRoot(path: ".", marker: nil)
                    options.documentRoots[document.path] = root.path
                    if let index = result.roots.firstIndex(where: { $0.root == root }) {
                        result.roots[index].documents.append(document.path)
                    } else {
                        result.roots.append((root, [document.path]))
                    }
                }
            }
            fails = fails || parsed.contains { $0.namesNoTable || $0.refuses }
            if !fails, failure == nil {
                do {
                    // Find each `<file>`'s table, in document order; plan side by side, apply in document order.
                    let pending = try assignTables(
                        to: parsed, tables: &tables, assignment: &assignment, loader: loader, result: &result,
                        diagnostics: &applied)
                    apply(pending, to: &tables, result: &result, options: options)
                } catch {
                    failure = error
                }
            }
            read += parsed.map { $0.withoutFiles() }
        }
        // Languages that are no identifiers and tables outside the boundary fail the import before anything is
        // written.
        try refuseForbiddenFiles(in: read, diagnostics: &diagnostics)
        // So does a document that would apply nothing because none of its tables exists: its originals are relative
        // to a project the import did not find.
        let withoutTables = read.filter(\.namesNoTable)
        if !withoutTables.isEmpty {
            for document in read { diagnostics.append(contentsOf: document.diagnostics) }
            throw ConversionError(withoutTables.map { noTableError($0, root: options.root(of: $0.path)) })
        }
        diagnostics.append(contentsOf: applied)
        if let failure { throw failure }

        // Write the tables that changed, all or nothing.
        try writeChanges(
            of: consume tables, freeing: consume read, options: options, result: &result, diagnostics: &diagnostics)
        return result
    }

    /// `0..<count` in consecutive ranges of `size` (the last one shorter).
    package static func windows(_ count: Int, size: Int) -> [Range<Int>] {
        stride(from: 0, to: count, by: max(size, 1)).map { $0..<min($0 + max(size, 1), count) }
    }
}
