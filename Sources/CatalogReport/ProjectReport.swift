import CLDRSupport
import CatalogChecks
import LocalizationCatalog
import LocalizationConverter
import StringBridgeSupport

/// Everything `stringbridge report` shows, collected once: each table's figures (those of `stats`), its plural
/// coverage and stale keys, and `check`'s findings with the key's source and translation (docs/report.md).
package struct ProjectReport: Sendable {
    /// One table.
    package struct TableReport: Sendable {
        /// The id the page (and the editor's requests) name the table by: `t0`, `t1`…; never a path.
        package var id: String
        package var project: ProjectTable
        /// The figures `stats` prints.
        package var statistics: TableStatistics.Table
        /// Plural coverage per language (languages whose keys have plural variations).
        package var plurals: [PluralCoverage]
        /// Keys Xcode no longer finds in code (`extractionState` `stale`), with their source text.
        package var staleKeys: [(key: String, source: String)]
    }

    /// How many plural variations of one language have each of its CLDR categories.
    package struct PluralCoverage: Sendable, Equatable {
        package var language: String
        /// Plural variations the language should have: one per plural variation of the development language (or
        /// of its own, for keys the development language has none for).
        package var variations: Int
        /// Per CLDR category the language needs, in CLDR order: how many of those variations have it, non-empty.
        package var categories: [(category: String, covered: Int)]

        package static func == (lhs: PluralCoverage, rhs: PluralCoverage) -> Bool {
            lhs.language == rhs.language && lhs.variations == rhs.variations
                && lhs.categories.map(\.category) == rhs.categories.map(\.category)
                && lhs.categories.map(\.covered) == rhs.categories.map(\.covered)
        }
    }

    /// A finding with the key's source and translation, and whether it is new (not in the baseline).
    package struct FindingContext: Sendable {
        package var finding: Finding
        package var source: String?
        package var translation: String?
        package var isNew: Bool
        /// The table the finding is about (its id), if found.
        package var table: String?
    }

    /// The paths given.
    package var paths: [String]
    package var tables: [TableReport] = []
    package var check = CheckReport()
    package var findings: [FindingContext] = []
    /// Whether a baseline was given (findings then say whether they are new).
    package var hasBaseline = false
    /// Files that could not be read.
    package var unreadable: [Diagnostic] = []

    /// Reads every table under `paths` and checks them.
    /// - Parameters:
    ///   - paths: the files and folders, as `check` takes them.
    ///   - checkOptions: `check`'s options (rules, severities, required languages, development language).
    ///   - baseline: an earlier `check --format json` report: findings it lacks are marked new.
    /// - Returns: the report.
    /// - Throws: ``ConversionError`` when a path does not exist or the baseline is not such a report.
    package static func collect(
        _ paths: [String], checkOptions: CatalogCheck.Options = .init(),
        baseline: (bytes: [UInt8], path: String)? = nil
    ) throws -> ProjectReport {
        var options = checkOptions
        options.fix = false
        let read = try ProjectTables.read(paths, sourceLanguage: options.sourceLanguage)
        var report = ProjectReport(paths: paths)
        report.unreadable = read.unreadable
        report.tables = parallelMap(Array(read.tables.enumerated())) { index, table in
            Self.tableReport(table, id: "t\(index)")
        }
        report.check = try CatalogCheck().run(paths, options: options)
        var fresh: Set<String>?
        if let baseline {
            var subtracted = report.check
            try subtracted.subtract(baseline: baseline.bytes, path: baseline.path)
            fresh = Set(subtracted.findings.map(\.identity))
            report.hasBaseline = true
        }
        var byFile: [String: [Int]] = [:]
        for (index, table) in report.tables.enumerated() {
            for file in table.project.files { byFile[file.path, default: []].append(index) }
        }
        report.findings = report.check.findings.map { finding in
            var context = FindingContext(
                finding: finding, source: nil, translation: nil, isNew: fresh?.contains(finding.identity) ?? false)
            let candidates = byFile[finding.file] ?? []
            guard
                let index = candidates.first(where: { report.tables[$0].project.table.name == finding.table })
                    ?? candidates.first
            else { return context }
            let table = report.tables[index]
            context.table = table.id
            if !finding.key.isEmpty, let entry = table.project.table.entries[finding.key] {
                let text = Self.texts(
                    key: finding.key, entry: entry, language: finding.language, path: finding.path,
                    in: table.project)
                context.source = text.source
                context.translation = text.translation
            }
            return context
        }
        return report
    }

    /// The figures, plural coverage and stale keys of one table.
    package static func tableReport(_ table: ProjectTable, id: String) -> TableReport {
        TableReport(
            id: id, project: table, statistics: table.statistics, plurals: pluralCoverage(table),
            staleKeys: staleKeys(table))
    }

    /// The source and translation of a key at a variation path.
    package static func texts(
        key: String, entry: CatalogEntry, language: String, path: String, in table: ProjectTable
    ) -> (source: String?, translation: String?) {
        let sourceLanguage = table.table.sourceLanguage
        let sourceRoot = entry.localizations?[sourceLanguage] ?? (table.keyIsSourceText ? Localization(key) : nil)
        let source = sourceRoot.flatMap { ProjectTable.sourceText(for: path, in: $0) }
        var translation: String?
        if !language.isEmpty, language != sourceLanguage, let localization = entry.localizations?[language] {
            translation = ProjectTable.leaves(of: localization).first { $0.path == path }?.value
        }
        return (source, translation)
    }

    /// Keys whose extraction state is `stale`, with their source text.
    static func staleKeys(_ table: ProjectTable) -> [(key: String, source: String)] {
        var keys: [(key: String, source: String)] = []
        for (key, entry) in table.table.entries where entry.extractionState == .stale {
            let source =
                entry.localizations?[table.table.sourceLanguage].flatMap {
                    ProjectTable.leaves(of: $0).first?.value
                } ?? key
            keys.append((key, source))
        }
        return keys
    }

    /// Plural coverage of each language of `table` (``PluralCoverage``), for keys to translate that are not stale.
    static func pluralCoverage(_ table: ProjectTable) -> [PluralCoverage] {
        let source = table.table.sourceLanguage
        let languages = [source] + table.languages.filter { $0 != source }.sorted()
        var result: [PluralCoverage] = []
        for language in languages {
            let pluralLanguage = ProjectTable.pluralLanguage(language, source: source)
            guard let categories = PluralRules.categories(for: pluralLanguage)?.map(\.rawValue) else { continue }
            var variations = 0
            var covered = [Int](repeating: 0, count: categories.count)
            for (_, entry) in table.table.entries
            where entry.shouldTranslate != false && entry.extractionState != .stale {
                let own = entry.localizations?[language]
                let levels = (entry.localizations?[source]).map(pluralLevels) ?? own.map(pluralLevels) ?? []
                for level in levels {
                    variations += 1
                    guard let own, let cases = localization(at: level, in: own)?.variations?.plural else { continue }
                    for (index, category) in categories.enumerated() {
                        if let leaf = cases[category],
                            ProjectTable.leaves(of: leaf).contains(where: { !$0.value.isEmpty })
                        {
                            covered[index] += 1
                        }
                    }
                }
            }
            guard variations > 0 else { continue }
            result.append(
                PluralCoverage(
                    language: language, variations: variations,
                    categories: Array(zip(categories, covered)).map { (category: $0.0, covered: $0.1) }))
        }
        return result
    }

    /// The paths of the levels of `localization` that have plural variations (`""`, `device.iphone`,
    /// `substitutions.count`).
    package static func pluralLevels(_ localization: Localization) -> [String] {
        var levels: [String] = []
        func walk(_ localization: Localization, _ path: String) {
            if localization.variations?.plural != nil { levels.append(path) }
            for (device, value) in localization.variations?.device ?? [:] {
                walk(value, join(path, "device.\(device)"))
            }
            for (name, substitution) in localization.substitutions ?? [:]
            where substitution.variations?.plural != nil {
                levels.append(join(path, "substitutions.\(name)"))
            }
        }
        walk(localization, "")
        return levels
    }

    /// The localization (or variation case, or substitution as a localization) at `path`.
    package static func localization(at path: String, in localization: Localization) -> Localization? {
        var current = localization
        let parts = path.isEmpty ? [] : path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index + 1 < parts.count {
            let kind = parts[index]
            let name = parts[index + 1]
            index += 2
            switch kind {
            case "plural":
                guard let next = current.variations?.plural?[name] else { return nil }
                current = next
            case "device":
                guard let next = current.variations?.device?[name] else { return nil }
                current = next
            case "width":
                guard let next = current.variations?.width?[name] else { return nil }
                current = next
            case "substitutions":
                guard let substitution = current.substitutions?[name] else { return nil }
                current = Localization(variations: substitution.variations)
            default: return nil
            }
        }
        return index == parts.count ? current : nil
    }

    static func join(_ path: String, _ part: String) -> String { path.isEmpty ? part : path + "." + part }
}

/// Languages written right to left (their base language subtag), and scripts that are.
package enum TextDirection {
    static let rightToLeftLanguages: Set<String> = [
        "ar", "arc", "ckb", "dv", "fa", "ha-arab", "he", "iw", "khw", "ks", "ku-arab", "lrc", "mzn", "nqo", "pnb",
        "ps", "sd", "syr", "ug", "ur", "yi",
    ]

    /// Whether `language` (`ar`, `fa-IR`, `ur_PK`, `az-Arab`) is written right to left.
    package static func isRightToLeft(_ language: String) -> Bool {
        let parts = language.replacingOccurrences(of: "_", with: "-").lowercased().split(separator: "-").map(
            String.init)
        guard let base = parts.first else { return false }
        if parts.contains(where: { ["arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg"].contains($0) }) {
            return true
        }
        if parts.contains(where: { ["latn", "cyrl", "deva"].contains($0) }) { return false }
        // A pseudo-language with region XB is the source mirrored: right to left.
        if parts.count >= 2, parts.last == "xb" { return true }
        return rightToLeftLanguages.contains(base)
    }
}
