import Foundation
import LocalizationCatalog
import LocalizationConverter
import StringBridgeSupport
import XLIFFFormat

/// How far each table is translated, per language: what `stringbridge stats` prints (docs/check.md, "stats").
///
/// Tables are found as `check` finds them (String Catalogs, legacy `.lproj` tables grouped by table, XLIFF files,
/// `.xcloc` bundles). A key counts when it is to be translated (`shouldTranslate` is not `false`). In each language
/// it is `translated`, `needs_review`, `new` or `missing`: a key with variations takes the least finished state of its
/// leaves (`missing` < `new` < `needs_review` < `translated`); a leaf with no state (legacy tables, Xcode's
/// development-language strings) counts as translated when it has a value, and an empty value counts as missing.
package struct TableStatistics: Sendable {
    /// One language of one table.
    package struct Row: Sendable, Equatable {
        /// The language.
        package var language: String
        /// Keys to be translated.
        package var keys = 0
        /// Keys translated in this language.
        package var translated = 0
        /// Keys whose translation is to be reviewed.
        package var needsReview = 0
        /// Keys with a translation in state `new`.
        package var new = 0
        /// Keys with no value in this language.
        package var missing = 0
        /// Keys marked `stale` (no longer found in code), the same in every language of the table.
        package var stale = 0
        /// Words of the development language in the keys to be translated.
        package var words = 0
        /// Words of the development language in the keys not yet translated in this language.
        package var wordsToTranslate = 0
    }

    /// One table.
    package struct Table: Sendable, Equatable {
        /// The table's name.
        package var name: String
        /// The file (catalog, XLIFF) or the development language's file (legacy) it was read from.
        package var file: String
        /// The development language.
        package var sourceLanguage: String
        /// The development language first, then the others in the table's order.
        package var rows: [Row]
    }

    /// The tables, in the order they were found.
    package var tables: [Table] = []
    /// Files that could not be read, with the reader's diagnostics (they are left out of the figures).
    package var unreadable: [Diagnostic] = []

    package init() {}

    /// Finds the tables under `paths` and counts them: with `languages`, only those (and each table's development
    /// language); without, every language but pseudo-languages (`en-XA`, ``LanguageIdentifier/isPseudoLanguage(_:)``).
    /// - Throws: ``ConversionError`` when a path does not exist.
    package static func collect(
        _ paths: [String], sourceLanguage: String = "en", languages: [String] = [],
        registry: FormatRegistry = .standard
    ) throws -> TableStatistics {
        let check = CatalogCheck(registry: registry)
        var units: [CatalogCheck.Unit] = []
        for path in paths {
            guard fileExists(path) else { throw ConversionError("no such file or folder", path: path) }
            units += check.discover(path, sourceLanguage: sourceLanguage)
        }
        let read = parallelMap(units) { unit in
            Self.read(unit, sourceLanguage: sourceLanguage, registry: registry)
        }
        var statistics = TableStatistics()
        for (found, problems) in read {
            statistics.tables += found.map { Self.count($0.table, file: $0.file, languages: languages) }
            statistics.unreadable += problems
        }
        return statistics
    }

    /// The tables one discovered unit holds, and the diagnostics of the files that cannot be read.
    ///
    /// A legacy table's malformed file leaves out that file alone: the table's other languages are still counted.
    /// An XLIFF document gives one table per `<file>`.
    private static func read(
        _ unit: CatalogCheck.Unit, sourceLanguage: String, registry: FormatRegistry
    ) -> (tables: [(table: StringTable, file: String)], problems: [Diagnostic]) {
        let converter = Converter(registry: registry)
        var ignored = Diagnostics()
        func attempt<T>(_ body: () throws -> T) -> Result<T, ConversionError> {
            do {
                return .success(try body())
            } catch let error as ConversionError {
                return .failure(error)
            } catch {
                return .failure(ConversionError("\(error)", path: nil))
            }
        }
        func outcome(_ result: Result<[(StringTable, String)], ConversionError>) -> (
            tables: [(table: StringTable, file: String)], problems: [Diagnostic]
        ) {
            switch result {
            case .success(let tables): (tables.map { (table: $0.0, file: $0.1) }, [])
            case .failure(let error): ([], error.diagnostics)
            }
        }
        switch unit {
        case .catalog(let path):
            return outcome(attempt { [(try converter.read(path, diagnostics: &ignored), path)] })
        case .xliff(let path):
            return outcome(
                attempt {
                    try XLIFFReader().tables(in: try readSourceFile(path), diagnostics: &ignored).map { ($0, path) }
                })
        case .single(let path):
            let language = ProjectPaths.lprojLanguage(of: path) ?? sourceLanguage
            let options = ReadOptions(
                language: language == "Base" ? sourceLanguage : language, sourceLanguage: sourceLanguage)
            return outcome(attempt { [(try converter.read(path, options: options, diagnostics: &ignored), path)] })
        case .legacy(let name, let files):
            var table = StringTable(name: name, sourceLanguage: sourceLanguage)
            var problems: [Diagnostic] = []
            var main: String?
            var readAny = false
            for file in files {
                let language = file.lprojLanguage == "Base" ? sourceLanguage : file.lprojLanguage
                let options = ReadOptions(tableName: name, language: language, sourceLanguage: sourceLanguage)
                switch attempt({ try converter.read(file.path, options: options, diagnostics: &ignored) }) {
                case .success(let part):
                    readAny = true
                    table.merge(part, diagnostics: &ignored, origin: file.path)
                    if language == sourceLanguage, main == nil { main = file.path }
                case .failure(let error):
                    problems += error.diagnostics
                }
            }
            return (readAny ? [(table, main ?? files[0].path)] : [], problems)
        }
    }

    /// The figures of one table.
    static func count(_ table: StringTable, file: String, languages named: [String] = []) -> Table {
        let others = table.languages.filter { $0 != table.sourceLanguage }
        // A language named is counted even where the table lacks it (all missing), spelled as the table spells it.
        let counted =
            named.isEmpty
            ? others.filter { !LanguageIdentifier.isPseudoLanguage($0) }
            : named.compactMap { language in
                CatalogCheck.names(language, in: [table.sourceLanguage])
                    ? nil : others.first { CatalogCheck.names($0, in: [language]) } ?? language
            }
        var languages = [table.sourceLanguage]
        for language in counted.sorted() where !languages.contains(language) { languages.append(language) }
        var rows = languages.map { Row(language: $0) }
        for (key, entry) in table.entries where entry.shouldTranslate != false {
            // A key Xcode no longer finds in code is no work to do: it counts as stale alone.
            if entry.extractionState == .stale {
                for index in rows.indices { rows[index].stale += 1 }
                continue
            }
            let sourceText =
                entry.localization(for: table.sourceLanguage).flatMap { leafTexts($0).first } ?? key
            let words = wordCount(sourceText)
            for index in rows.indices {
                rows[index].keys += 1
                rows[index].words += words
                let progress: Progress
                if let localization = entry.localization(for: rows[index].language) {
                    progress = self.progress(of: localization)
                } else if rows[index].language == table.sourceLanguage {
                    // Xcode's development language needs no value when the key is the text.
                    progress = .translated
                } else {
                    progress = .missing
                }
                switch progress {
                case .translated: rows[index].translated += 1
                case .needsReview: rows[index].needsReview += 1
                case .new: rows[index].new += 1
                case .missing: rows[index].missing += 1
                }
                if progress != .translated { rows[index].wordsToTranslate += words }
            }
        }
        return Table(name: table.name, file: file, sourceLanguage: table.sourceLanguage, rows: rows)
    }

    /// How finished a localization is, least finished first.
    enum Progress: Int, Comparable {
        case missing, new, needsReview, translated

        static func < (lhs: Progress, rhs: Progress) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The least finished state of the localization's leaves.
    static func progress(of localization: Localization) -> Progress {
        var leaves: [Progress] = []
        func unit(_ value: String, _ state: TranslationState?) {
            if value.isEmpty {
                leaves.append(.missing)
            } else if state == .new {
                leaves.append(.new)
            } else if state == .needsReview {
                leaves.append(.needsReview)
            } else {
                leaves.append(.translated)
            }
        }
        func walk(_ localization: Localization) {
            if let stringUnit = localization.stringUnit { unit(stringUnit.value, stringUnit.state) }
            if let set = localization.stringSet { unit(set.values.joined(), set.state) }
            for map in [localization.variations?.plural, localization.variations?.device] {
                for (_, leaf) in map ?? [:] { walk(leaf) }
            }
            for (_, substitution) in localization.substitutions ?? [:] {
                for (_, leaf) in substitution.variations?.plural ?? [:] { walk(leaf) }
            }
        }
        walk(localization)
        return leaves.min() ?? .missing
    }

    /// The texts of a localization's leaves, main string first.
    static func leafTexts(_ localization: Localization) -> [String] {
        var texts: [String] = []
        if let stringUnit = localization.stringUnit { texts.append(stringUnit.value) }
        for (_, leaf) in localization.variations?.plural ?? [:] { texts += leafTexts(leaf) }
        for (_, leaf) in localization.variations?.device ?? [:] { texts += leafTexts(leaf) }
        return texts
    }

    /// Words in `text`: runs of letters and digits, format specifiers and substitution references left out.
    static func wordCount(_ text: String) -> Int {
        var words = 0
        for piece in Pseudolocalization.split(text) {
            guard case .text(let part) = piece else { continue }
            var inWord = false
            for scalar in part.unicodeScalars {
                let isWordScalar = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                if isWordScalar, !inWord { words += 1 }
                inWord = isWordScalar
            }
        }
        return words
    }
}

extension TableStatistics {
    /// A table to read: one block per table, one line per language.
    package func text() -> String {
        var out = ""
        let header = ["language", "keys", "translated", "needs_review", "new", "missing", "stale", "words", "to do"]
        for table in tables {
            out += "\(escapingControls(table.file)) (table \(escapingControls(table.name)), "
            out += "development language \(escapingControls(table.sourceLanguage)))\n"
            let lines =
                [header]
                + table.rows.map {
                    [escapingControls($0.language)]
                        + [
                            $0.keys, $0.translated, $0.needsReview, $0.new, $0.missing, $0.stale, $0.words,
                            $0.wordsToTranslate,
                        ].map(String.init)
                }
            let widths = header.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
            for line in lines {
                var cells: [String] = []
                for (column, cell) in line.enumerated() {
                    let padding = String(repeating: " ", count: widths[column] - cell.count)
                    cells.append(column == 0 ? cell + padding : padding + cell)
                }
                out += "  " + cells.joined(separator: "  ") + "\n"
            }
        }
        out += "\(tables.count) table\(tables.count == 1 ? "" : "s")"
        if !unreadable.isEmpty { out += ", \(unreadable.count) file problem\(unreadable.count == 1 ? "" : "s")" }
        return out + "\n"
    }

    /// The figures as JSON: `{"version": 1, "tables": [{"table", "file", "sourceLanguage", "languages": [{…}]}]}`.
    package func json() -> [UInt8] {
        let root: [String: Any] = [
            "version": 1,
            "tables": tables.map { table -> [String: Any] in
                [
                    "table": table.name, "file": table.file, "sourceLanguage": table.sourceLanguage,
                    "languages": table.rows.map { row -> [String: Any] in
                        [
                            "language": row.language, "keys": row.keys, "translated": row.translated,
                            "needsReview": row.needsReview, "new": row.new, "missing": row.missing,
                            "stale": row.stale, "words": row.words, "wordsToTranslate": row.wordsToTranslate,
                        ]
                    },
                ]
            },
        ]
        let data =
            (try? JSONSerialization.data(
                withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return Array(data) + [UInt8(ascii: "\n")]
    }
}
