import LocalizationCatalog
import LocalizationConverter
import StringBridgeSupport
import XLIFFFormat

/// One table `check` and `stats` find, read whole: what `report` shows and `edit` edits (CatalogReport,
/// CatalogEditorServer).
package struct ProjectTable: Sendable {
    /// Where the table comes from.
    package enum Kind: String, Sendable {
        case catalog, legacy, xliff
    }

    /// One file of the table.
    package struct File: Sendable, Equatable {
        package var path: String
        /// The language it holds (legacy files); empty for a catalog or XLIFF document.
        package var language: String
        /// Whether it is a `.stringsdict` (legacy files).
        package var isStringsDict: Bool

        package init(path: String, language: String, isStringsDict: Bool) {
            self.path = path
            self.language = language
            self.isStringsDict = isStringsDict
        }
    }

    package var kind: Kind
    /// The table, every language merged (legacy tables: each file's entries, as `stats` reads them).
    package var table: StringTable
    /// The file `stats` names the table by (the catalog, the XLIFF document, or the development language's file).
    package var file: String
    /// The files read.
    package var files: [File]
    /// The languages the table has: those with a localization (catalogs), with a file (legacy tables).
    package var languages: [String]
    /// Whether a key with no development-language localization is its own source text (catalogs).
    package var keyIsSourceText: Bool { kind != .legacy }
    /// Whether the languages are known (a legacy file outside an `.lproj` folder is only assumed to be the
    /// development language's).
    package var languagesAreKnown = true
    /// Whether the table is an Interface Builder file's (no placeholder comparison).
    package var isInterfaceBuilder = false
    /// What was discovered, to read it again.
    var unit: CatalogCheck.Unit? = nil

    package init(kind: Kind, table: StringTable, file: String, files: [File], languages: [String]) {
        self.kind = kind
        self.table = table
        self.file = file
        self.files = files
        self.languages = languages
    }

    /// The figures `stats` prints for the table.
    package var statistics: TableStatistics.Table { TableStatistics.count(table, file: file) }

    /// What `check`'s rules over keys say of the table's `keys` (all when `nil`), read from memory.
    ///
    /// The rules about keys and values (placeholders, plural categories, missing translations, whitespace, control characters,
    /// stale keys…), not those about files (layout, duplicates, unreadable files). Positions are the reader's.
    package func findings(
        keys: Set<String>? = nil, rules: Set<CheckRule> = Set(CheckRule.allCases), requiredLanguages: [String] = []
    ) -> [Finding] {
        var subject = table
        if let keys { subject.entries.removeAll { key, _ in !keys.contains(key) } }
        let mainFile = file
        var under = TableUnderCheck(
            table: subject, files: [:], mainFile: mainFile,
            position: { key, _ in
                guard let origin = subject.entries[key]?.origin else { return KeyPosition(file: mainFile) }
                return KeyPosition(file: origin.path, line: origin.line, column: origin.column)
            },
            languages: languages, keyIsSourceText: keyIsSourceText)
        under.languagesAreKnown = languagesAreKnown
        under.isInterfaceBuilder = isInterfaceBuilder
        under.reportsOrphans = kind == .legacy && languagesAreKnown && languages.contains(table.sourceLanguage)
        var findings: [Finding] = []
        TableRules(rules: rules, requiredLanguages: requiredLanguages).check(under, into: &findings)
        return findings
    }

    /// The string `check` compares a translation's leaf at `path` with (the same case of the development
    /// language, else its `other`, else the level above); `nil` when there is none.
    package static func sourceText(for path: String, in source: Localization) -> String? {
        TableRules.sourceText(for: path, in: source)
    }

    /// Every leaf of a localization: `(path, value, state)`, paths as `check` writes them (`plural.one`,
    /// `substitutions.count.plural.few`).
    package static func leaves(of localization: Localization) -> [(path: String, value: String, state: String?)] {
        TableRules.leaves(of: localization).map { ($0.path, $0.value, $0.state?.rawValue) }
    }

    /// The language whose plural rules a localization follows (a pseudo-language follows the development one).
    package static func pluralLanguage(_ language: String, source: String) -> String {
        TableRules.pluralLanguage(language, source: source)
    }
}

/// Finding and reading the tables under some paths, as `check` and `stats` do.
package enum ProjectTables {
    /// Finds the tables under `paths` and reads each whole; a file that cannot be read is left out and said in
    /// `unreadable` (a legacy table keeps its other files).
    /// - Throws: ``ConversionError`` when a path does not exist.
    package static func read(
        _ paths: [String], sourceLanguage: String = "en", registry: FormatRegistry = .standard
    ) throws -> (tables: [ProjectTable], unreadable: [Diagnostic]) {
        let check = CatalogCheck(registry: registry)
        var units: [CatalogCheck.Unit] = []
        for path in paths {
            guard fileExists(path) else { throw ConversionError("no such file or folder", path: path) }
            units += check.discover(path, sourceLanguage: sourceLanguage)
        }
        let read = parallelMap(units) { unit in
            Self.read(unit, sourceLanguage: sourceLanguage, registry: registry)
        }
        var tables: [ProjectTable] = []
        var unreadable: [Diagnostic] = []
        for (found, problems) in read {
            tables += found
            unreadable += problems
        }
        return (tables, unreadable)
    }

    /// Reads one catalog or legacy table again (after a save, or a reload), as ``read(_:sourceLanguage:registry:)``
    /// reads it.
    package static func reread(_ table: ProjectTable, registry: FormatRegistry = .standard) -> (
        tables: [ProjectTable], problems: [Diagnostic]
    ) {
        guard let unit = table.unit else { return ([], []) }
        return read(unit, sourceLanguage: table.table.sourceLanguage, registry: registry)
    }

    private static func read(
        _ unit: CatalogCheck.Unit, sourceLanguage: String, registry: FormatRegistry
    ) -> (tables: [ProjectTable], problems: [Diagnostic]) {
        var result = readUnit(unit, sourceLanguage: sourceLanguage, registry: registry)
        for index in result.tables.indices { result.tables[index].unit = unit }
        return result
    }

    private static func readUnit(
        _ unit: CatalogCheck.Unit, sourceLanguage: String, registry: FormatRegistry
    ) -> (tables: [ProjectTable], problems: [Diagnostic]) {
        let converter = Converter(registry: registry)
        var ignored = Diagnostics()
        switch unit {
        case .catalog(let path):
            do {
                let table = try converter.read(path, diagnostics: &ignored)
                let found = ProjectTable(
                    kind: .catalog, table: table, file: path,
                    files: [.init(path: path, language: "", isStringsDict: false)],
                    languages: table.languages)
                return ([found], [])
            } catch {
                return ([], problems(error, path))
            }
        case .xliff(let path):
            do {
                let tables = try XLIFFReader().tables(in: try readSourceFile(path), diagnostics: &ignored)
                return (
                    tables.map {
                        ProjectTable(
                            kind: .xliff, table: $0, file: path,
                            files: [.init(path: path, language: "", isStringsDict: false)], languages: $0.languages)
                    }, []
                )
            } catch {
                return ([], problems(error, path))
            }
        case .single(let path):
            let known = ProjectPaths.lprojLanguage(of: path)
            let language = known ?? sourceLanguage
            let options = ReadOptions(
                language: language == "Base" ? sourceLanguage : language, sourceLanguage: sourceLanguage)
            do {
                let table = try converter.read(path, options: options, diagnostics: &ignored)
                var found = ProjectTable(
                    kind: .legacy, table: table, file: path,
                    files: [
                        .init(
                            path: path, language: options.language ?? sourceLanguage,
                            isStringsDict: path.lowercased().hasSuffix(".stringsdict"))
                    ],
                    languages: [options.language ?? sourceLanguage])
                found.languagesAreKnown = known != nil
                return ([found], [])
            } catch {
                return ([], problems(error, path))
            }
        case .legacy(let name, let files):
            var table = StringTable(name: name, sourceLanguage: sourceLanguage)
            var problems: [Diagnostic] = []
            var main: String?
            var read: [ProjectTable.File] = []
            var languages: [String] = []
            for file in files {
                let language = file.lprojLanguage == "Base" ? sourceLanguage : file.lprojLanguage
                let options = ReadOptions(tableName: name, language: language, sourceLanguage: sourceLanguage)
                do {
                    let part = try converter.read(file.path, options: options, diagnostics: &ignored)
                    table.merge(part, diagnostics: &ignored, origin: file.path)
                    read.append(.init(path: file.path, language: language, isStringsDict: file.isStringsDict))
                    if !languages.contains(language) { languages.append(language) }
                    if language == sourceLanguage, main == nil { main = file.path }
                } catch {
                    problems += Self.problems(error, file.path)
                }
            }
            guard !read.isEmpty else { return ([], problems) }
            var found = ProjectTable(
                kind: .legacy, table: table, file: main ?? files[0].path, files: read, languages: languages)
            found.isInterfaceBuilder = CatalogCheck.isInterfaceBuilderTable(name: name, files: files.map(\.path))
            return ([found], problems)
        }
    }

    private static func problems(_ error: any Error, _ path: String) -> [Diagnostic] {
        (error as? ConversionError)?.diagnostics ?? [Diagnostic(.error, "\(error)", path: path)]
    }
}
