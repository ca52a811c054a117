import Foundation
import LocalizationCatalog
@_spi(XLIFFDocuments) import XLIFFFormat

/// `xcodebuild -exportLocalizations` without Xcode: catalogs and legacy tables to XLIFF files or `.xcloc` bundles.
public struct Export: Sendable {
    /// How to export.
    public struct Options: Sendable {
        /// The languages to export (the development language too, if asked: its targets equal its sources).
        package var languages: [String]
        /// The project root; XLIFF `original` paths are relative to it.
        package var root: String
        /// The folder that receives `L.xliff` or `L.xcloc`.
        package var outputDirectory: String
        /// Whether to write `.xcloc` bundles instead of bare XLIFF files.
        package var xcloc: Bool
        /// The development language of legacy tables (catalogs say their own).
        package var sourceLanguage: String
        /// The tool named in the XLIFF header and `contents.json`.
        package var tool: XLIFFTool
        /// The project named in `contents.json`, if any.
        package var project: String?
        /// Whether read-only files in the output folder are replaced (else the export fails, writing nothing).
        package var replacesReadOnlyFiles = false
        /// Whether to export every language the tables have besides the development language, in addition to
        /// ``languages``.
        package var allLanguages = false
        /// What code says about the legacy tables, by ``Source/path`` (an export with extraction; see
        /// ``CodeStrings``); empty exports the tables as they are.
        package var codeStrings: [String: CodeStrings] = [:]
        /// Catalogs as a sync with the code leaves them (an export that syncs first, as Xcode's build does), by
        /// ``Source/path``: each is exported instead of the file on disk, which is not changed; a catalog not here is
        /// exported as it is on disk.
        package var syncedCatalogs: [String: StringTable] = [:]
        /// Whether to plan the files only: everything is read and made, and nothing is written.
        package var dryRun = false

        /// Creates options.
        public init(
            languages: [String], root: String = ".", outputDirectory: String, xcloc: Bool = false,
            sourceLanguage: String = "en", tool: XLIFFTool = Export.defaultTool, project: String? = nil
        ) {
            self.languages = languages
            self.root = root
            self.outputDirectory = outputDirectory
            self.xcloc = xcloc
            self.sourceLanguage = sourceLanguage
            self.tool = tool
            self.project = project
        }
    }

    /// The tool written by default: Xcode 26.4, the newest version whose exports the corpus holds.
    public static let defaultTool = XLIFFExport.defaultTool

    /// The default tool (Xcode) with another version and build number.
    package static func defaultTool(version: String, buildNumber: String) -> XLIFFTool {
        XLIFFTool(id: defaultTool.id, name: defaultTool.name, version: version, buildNumber: buildNumber)
    }

    /// One table to export.
    public struct Source: Sendable, Equatable {
        /// The kind of table.
        public var kind: XLIFFTableKind
        /// The file: the catalog, or the source language's legacy file.
        public var path: String
        /// The path relative to the project root, which XLIFF calls `original`: the table's, or for an Interface
        /// Builder table the storyboard's or xib's, as Xcode names them (`App/Base.lproj/Main.storyboard`).
        public var original: String
        /// The storyboard or xib in `Base.lproj` that the table translates, if any.
        package var interfaceBuilderFile: String? = nil
        /// The intent definition in `Base.lproj` whose texts the table holds (`X/Base.lproj/Intents.intentdefinition`
        /// for `X/L.lproj/Intents.strings`), if any: Xcode names it as the table's `original`.
        package var intentDefinitionFile: String? = nil
    }

    /// The registry that provides readers and writers.
    package var registry: FormatRegistry

    /// Creates an export.
    public init(registry: FormatRegistry = .standard) {
        self.registry = registry
    }

    /// Exports `sources` for every language, in one transaction.
    ///
    /// Every table is read once; the languages are then exported in parallel (each legacy table merged with its
    /// language's file), and all files are written in one transaction. A file that cannot be read does not stop
    /// the others: a table whose catalog or development-language file cannot be read is left out of every
    /// language, and a language whose file of a table cannot be read is not written (its XLIFF would lack that
    /// table); each such file is an error in `diagnostics` at the place of the problem, and the rest is written.
    /// - Returns: The paths written.
    /// - Throws: ``ConversionError`` when nothing can be exported or the files cannot be written (nothing is
    ///   written then).
    @discardableResult
    public func run(_ sources: [Source], options: Options, diagnostics: inout Diagnostics) throws -> [String] {
        try report(sources, options: options, diagnostics: &diagnostics).files
    }

    /// What an export wrote (or, with ``Options/dryRun``, would write).
    package struct Report: Sendable, Equatable {
        /// One language's XLIFF document.
        package struct Document: Sendable, Equatable {
            /// The language.
            package var language: String
            /// The XLIFF file (in its bundle with `--xcloc`).
            package var path: String
            /// The tables written into it: its `<file>` elements.
            package var tables: Int
        }

        /// The documents, one per language, in the order of the languages.
        package var documents: [Document] = []
        /// Every file written, the documents included (a bundle's `contents.json` and source copies too).
        package var files: [String] = []
    }

    /// ``run(_:options:diagnostics:)``, reporting each document with its tables.
    package func report(_ sources: [Source], options: Options, diagnostics: inout Diagnostics) throws -> Report {
        for language in options.languages {
            if let message = LanguageIdentifier.message(language, as: "--language") {
                throw ConversionError(message, path: nil)
            }
        }
        // Xcode writes the <file> elements ordered by `original`, case-insensitively (the corpus's exports).
        let sorted = XcodeKeyOrder.sortedIndices(sources.map(\.original)).map { sources[$0] }

        // Read once: catalogs whole, legacy tables in the source language, with their companions; a table that
        // cannot be read is left out.
        var leftOut: [Diagnostic] = []
        let tables = readTables(sorted, options: options, leftOut: &leftOut, diagnostics: &diagnostics)
        let sources = tables.sources
        guard !sources.isEmpty else { throw ConversionError(leftOut) }
        let sourceCopies = options.xcloc ? try sourceCopies(of: sources, tables: tables.tables) : []
        let languages = try chosenLanguages(sources, bases: tables.tables.map(\.table), options: options)
        let developmentRegion = tables.developmentRegion

        // Make each language's document, side by side; the tables are freed while the files are written.
        let documents = try exportDocuments(of: sources, tables: consume tables, languages: languages, options: options)

        // Write every file in one transaction.
        var transaction = FileTransaction()
        transaction.replacesReadOnlyFiles = options.replacesReadOnlyFiles
        var seen = Set<Diagnostic>()
        var report = Report()
        for (language, document) in zip(languages, documents) {
            // The same table gives the same warnings in every language; say each once.
            for diagnostic in document.diagnostics.all where seen.insert(diagnostic).inserted {
                diagnostics.append(diagnostic)
            }
            leftOut += document.leftOut
            guard let xliff = document.xliff else { continue }
            let path =
                options.xcloc
                ? "\(options.outputDirectory)/\(language).xcloc/Localized Contents/\(language).xliff"
                : "\(options.outputDirectory)/\(language).xliff"
            report.documents.append(Report.Document(language: language, path: path, tables: document.tables))
            stage(
                xliff, language: language, sourceCopies: sourceCopies, developmentRegion: developmentRegion,
                options: options, in: &transaction)
        }
        guard !report.documents.isEmpty else { throw ConversionError(leftOut) }
        for diagnostic in leftOut { diagnostics.append(diagnostic) }
        // The summary lists the languages sorted, whatever order they were asked in.
        report.documents.sort { $0.language < $1.language }
        report.files = transaction.destinations
        if options.dryRun {
            transaction.discard()
        } else {
            try transaction.commit()
        }
        return report
    }
}
