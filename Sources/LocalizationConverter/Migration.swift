import Foundation
import LocalizationCatalog

/// "Migrate to String Catalog", as Xcode does it: legacy tables below a folder become one catalog per table.
public struct Migration: Sendable {
    /// How to migrate.
    public struct Options: Sendable {
        /// The development language; `Base.lproj` files count as this language.
        public var sourceLanguage: String
        /// Where to write the catalogs; `nil` puts each next to its source language's `.lproj` folder, as Xcode does.
        public var outputDirectory: String?
        /// Whether an existing catalog may be replaced.
        public var force: Bool
        /// Whether a malformed legacy file stops the migration. Off by default: like Xcode, the migration leaves
        /// the file out and says so in a warning with the place of the problem.
        public var strict: Bool

        /// Creates options.
        public init(
            sourceLanguage: String = "en", outputDirectory: String? = nil, force: Bool = false, strict: Bool = false
        ) {
            self.sourceLanguage = sourceLanguage
            self.outputDirectory = outputDirectory
            self.force = force
            self.strict = strict
        }
    }

    /// One catalog the migration writes.
    public struct PlannedCatalog: Sendable {
        /// Where the catalog goes.
        public var destination: String
        /// The legacy files it is made from, in the order they were merged.
        public var sources: [String]
        /// The catalog.
        public var table: StringTable
    }

    /// The registry that provides the legacy readers and the catalog writer.
    public var registry: FormatRegistry

    /// Creates a migration.
    public init(registry: FormatRegistry = .standard) {
        self.registry = registry
    }

    /// Reads every `*.lproj/*.strings` and `*.stringsdict` below `directory` and builds one catalog per table name.
    /// - Throws: ``ConversionError`` when a file is malformed or a catalog exists and `force` is off.
    public func plan(
        directory: String, options: Options, diagnostics: inout Diagnostics
    ) throws -> [PlannedCatalog] {
        guard isDirectory(directory) else {
            throw ConversionError("is not a folder", path: directory)
        }
        let files = legacyFiles(below: directory)
        if files.isEmpty {
            diagnostics.warn("no .lproj/*.strings or .stringsdict files found", path: directory)
        }
        var plans: [PlannedCatalog] = []
        for (tableName, ordered) in tables(in: files, sourceLanguage: options.sourceLanguage) {
            let parts = try read(ordered, tableName: tableName, options: options, diagnostics: &diagnostics)
            let table = catalog(
                named: tableName, parts: parts, sourceLanguage: options.sourceLanguage,
                interfaceBuilder: interfaceBuilderFile(for: tableName, files: ordered) != nil,
                diagnostics: &diagnostics)
            let destination = options.outputDirectory.map { "\($0)/\(tableName).xcstrings" }
                ?? defaultDestination(for: tableName, files: ordered, sourceLanguage: options.sourceLanguage)
            plans.append(PlannedCatalog(destination: destination, sources: parts.map(\.file.path), table: table))
        }
        var seen = Set<String>()
        for plan in plans where !seen.insert(plan.destination).inserted {
            throw ConversionError("two tables would be migrated to this catalog", path: plan.destination)
        }
        if !options.force {
            for plan in plans where fileExists(plan.destination) {
                throw ConversionError("a catalog already exists here; pass --force to replace it", path: plan.destination)
            }
        }
        return plans
    }

    /// The legacy tables below `directory`: each table's files, in the order they are merged (the source language
    /// first, so its comments win; `.strings` before `.stringsdict`).
    public func tables(below directory: String, sourceLanguage: String) -> [(name: String, files: [LegacyFile])] {
        tables(in: legacyFiles(below: directory), sourceLanguage: sourceLanguage)
    }

    func tables(in files: [LegacyFile], sourceLanguage: String) -> [(name: String, files: [LegacyFile])] {
        var groups = OrderedMap<[LegacyFile]>()
        for file in files {
            if let position = groups.index(forKey: file.table) {
                groups[valueAt: position].append(file)
            } else {
                _ = groups.appendNew([file], forKey: file.table)
            }
        }
        return groups.map { name, group in
            let ordered = group.sorted { lhs, rhs in
                let lhsRank = rank(lhs, sourceLanguage)
                let rhsRank = rank(rhs, sourceLanguage)
                return lhsRank != rhsRank ? lhsRank < rhsRank : lhs.path < rhs.path
            }
            return (name, ordered)
        }
    }

    /// One legacy file of a table, read.
    public struct LegacyPart: Sendable {
        /// The file it was read from.
        public var file: LegacyFile
        /// The language its `.lproj` folder stands for (`Base` is the source language).
        public var language: String
        /// Its entries, in the faithful legacy shape.
        public var table: StringTable
    }

    /// Reads a table's files side by side; a malformed file is left out with a warning unless `options.strict`.
    public func read(
        _ files: [LegacyFile], tableName: String, options: Options, diagnostics: inout Diagnostics
    ) throws -> [LegacyPart] {
        let registry = self.registry
        let sourceLanguage = options.sourceLanguage
        let results = concurrentMap(files) { file -> Result<(StringTable, Diagnostics)?, any Error> in
            let language = file.lprojLanguage == "Base" ? sourceLanguage : file.lprojLanguage
            guard let format = registry.format(forPath: file.path), let reader = format.reader else {
                return .success(nil)
            }
            let readOptions = ReadOptions(tableName: tableName, language: language, sourceLanguage: sourceLanguage)
            var diagnostics = Diagnostics()
            return Result {
                let part = try reader.read(try readSourceFile(file.path), options: readOptions, diagnostics: &diagnostics)
                return (part, diagnostics)
            }
        }
        var parts: [LegacyPart] = []
        for (file, result) in zip(files, results) {
            do {
                guard let (table, readDiagnostics) = try result.get() else { continue }
                diagnostics.append(contentsOf: readDiagnostics)
                let language = file.lprojLanguage == "Base" ? sourceLanguage : file.lprojLanguage
                parts.append(LegacyPart(file: file, language: language, table: table))
            } catch let error as ConversionError where !options.strict {
                for diagnostic in error.diagnostics {
                    var warning = diagnostic
                    warning.severity = .warning
                    warning.message = "\(diagnostic.message); this file is left out of the migration"
                    diagnostics.append(warning)
                }
            }
        }
        return parts
    }

    /// The catalog Xcode's migration makes of a table's legacy files (see docs/migration.md).
    ///
    /// - Parameter interfaceBuilder: Whether the table translates a storyboard or xib, whose comments are kept
    ///   as written.
    public func catalog(
        named name: String, parts: [LegacyPart], sourceLanguage: String, interfaceBuilder: Bool,
        diagnostics: inout Diagnostics
    ) -> StringTable {
        // Each part is prepared on its own, side by side: comments, width variations, the catalog shape of its
        // localizations. Merging then only moves localizations, in the parts' order.
        let prepared = concurrentMap(parts) { part -> (StringTable, Diagnostics) in
            var diagnostics = Diagnostics()
            var table = part.table
            if !interfaceBuilder, !part.file.isStringsDict {
                for index in table.entries.indices {
                    if let comment = table.entries[valueAt: index].comment, comment.utf8.contains(92) {
                        table.entries[valueAt: index].comment = Self.unescapedComment(comment)
                    }
                }
            }
            Self.reportWhatCannotMigrate(table, language: part.language, file: part.file.path, diagnostics: &diagnostics)
            return (table.removingWidthVariations().migratedToCatalog(), diagnostics)
        }
        var table = StringTable(name: name, sourceLanguage: sourceLanguage)
        for (part, (prepared, partDiagnostics)) in zip(parts, prepared) {
            diagnostics.append(contentsOf: partDiagnostics)
            table.merge(prepared, diagnostics: &diagnostics, origin: part.file.path)
        }
        table.version = "1.0"
        return table
    }

    /// Writes planned catalogs, all or nothing.
    public func write(_ plans: [PlannedCatalog], diagnostics: inout Diagnostics) throws {
        guard let writer = registry.format(named: "xcstrings")?.writer else { return }
        var transaction = FileTransaction()
        for plan in plans {
            for file in try writer.write(plan.table, options: WriteOptions(), diagnostics: &diagnostics) {
                transaction.stage(file.bytes, at: plan.destination)
            }
        }
        try transaction.commit()
    }

    // MARK: - Details

    /// A legacy table file below a migrated folder.
    public struct LegacyFile: Sendable, Equatable {
        /// Its path.
        public var path: String
        /// The table it belongs to: its name without extension.
        public var table: String
        /// The name of its `.lproj` folder without the extension (`en`, `Base`).
        public var lprojLanguage: String
        /// Whether it is a `.stringsdict` file.
        public var isStringsDict: Bool
    }

    private func rank(_ file: LegacyFile, _ sourceLanguage: String) -> Int {
        let isSource = file.lprojLanguage == sourceLanguage || file.lprojLanguage == "Base"
        return (isSource ? 0 : 2) + (file.isStringsDict ? 1 : 0)
    }

    /// Legacy files below `directory`, sorted by path; hidden folders and build folders are skipped.
    func legacyFiles(below directory: String) -> [LegacyFile] {
        ProjectPaths.files(below: directory, extensions: ["strings", "stringsdict"]).compactMap { path in
            guard let language = ProjectPaths.lprojLanguage(of: path) else { return nil }
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return LegacyFile(
                path: path, table: tableName(of: name), lprojLanguage: language,
                isStringsDict: name.lowercased().hasSuffix(".stringsdict"))
        }
    }

    /// Where Xcode puts the catalog: the folder that holds the source language's `.lproj` (or `mul.lproj` in it
    /// when the table belongs to an Interface Builder file in `Base.lproj`).
    func defaultDestination(for table: String, files: [LegacyFile], sourceLanguage: String) -> String {
        let anchor =
            files.first { !$0.isStringsDict && ($0.lprojLanguage == sourceLanguage || $0.lprojLanguage == "Base") }
            ?? files.first { $0.lprojLanguage == sourceLanguage || $0.lprojLanguage == "Base" } ?? files[0]
        let folder = parentDirectory(of: parentDirectory(of: anchor.path))
        if interfaceBuilderFile(for: table, files: files) != nil {
            return "\(folder)/mul.lproj/\(table).xcstrings"
        }
        return "\(folder)/\(table).xcstrings"
    }

    /// The storyboard or xib in `Base.lproj` that the table translates, if any.
    public func interfaceBuilderFile(for table: String, files: [LegacyFile]) -> String? {
        for file in files {
            let folder = parentDirectory(of: parentDirectory(of: file.path))
            for ext in ["storyboard", "xib"] where fileExists("\(folder)/Base.lproj/\(table).\(ext)") {
                return "\(folder)/Base.lproj/\(table).\(ext)"
            }
        }
        return nil
    }

    /// A `.strings` comment as Xcode's migration stores it: the escapes a string value would have (`\n`, `\'`,
    /// `\"`, `\t`, `\\`) are resolved; others stay as written. Interface Builder tables are the exception: Xcode
    /// takes their comments from the storyboard, escaped as `ibtool` writes them, so they are kept verbatim (so is
    /// any comment in `ibtool`'s shape).
    static func unescapedComment(_ comment: String) -> String {
        guard comment.utf8.contains(UInt8(ascii: "\\")), !isInterfaceBuilderComment(comment) else { return comment }
        var result = ""
        var iterator = comment.makeIterator()
        while let character = iterator.next() {
            guard character == "\\" else {
                result.append(character)
                continue
            }
            guard let next = iterator.next() else {
                result.append(character)
                break
            }
            switch next {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "\"", "'", "\\": result.append(next)
            default:
                result.append(character)
                result.append(next)
            }
        }
        return result
    }

    /// Whether a comment is one `ibtool` generated (`Class = "NSMenuItem"; title = "…"; ObjectID = "…";`), which
    /// Xcode keeps as written even when the storyboard itself is not next to the table.
    static func isInterfaceBuilderComment(_ comment: String) -> Bool {
        comment.hasPrefix("Class = \"") && comment.contains("ObjectID = \"")
    }

    /// Warnings, with the entry's place, for what a String Catalog cannot hold.
    private static func reportWhatCannotMigrate(
        _ table: StringTable, language: String, file: String, diagnostics: inout Diagnostics
    ) {
        for (key, entry) in table.entries {
            guard let localization = entry.localizations?[language], localization.hasMoreThanStringUnit else { continue }
            if containsWidthVariations(localization) {
                let message = "\"\(key)\": width variations cannot be carried over to a String Catalog; they are left out"
                if let origin = entry.origin {
                    diagnostics.append(Diagnostic(.warning, message, at: origin))
                } else {
                    diagnostics.warn(message, path: file)
                }
            }
        }
    }

    private static func containsWidthVariations(_ localization: Localization) -> Bool {
        if localization.variations?.width != nil { return true }
        for value in localization.variations?.device?.values ?? [] where containsWidthVariations(value) { return true }
        for substitution in localization.substitutions?.values ?? [] where substitution.variations?.width != nil {
            return true
        }
        return false
    }
}
