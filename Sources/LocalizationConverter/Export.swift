import Foundation
import LocalizationCatalog
import XCStringsFormat
import XLIFFFormat

/// `xcodebuild -exportLocalizations` without Xcode: catalogs and legacy tables to XLIFF files or `.xcloc` bundles.
public struct Export: Sendable {
    /// How to export.
    public struct Options: Sendable {
        /// The languages to export (the development language too, if asked: its targets equal its sources).
        public var languages: [String]
        /// The project root; XLIFF `original` paths are relative to it.
        public var root: String
        /// The folder that receives `L.xliff` or `L.xcloc`.
        public var outputDirectory: String
        /// Whether to write `.xcloc` bundles instead of bare XLIFF files.
        public var xcloc: Bool
        /// The development language of legacy tables (catalogs say their own).
        public var sourceLanguage: String
        /// The tool named in the XLIFF header and `contents.json`.
        public var tool: XLIFFTool
        /// The project named in `contents.json`, if any.
        public var project: String?
        /// Whether read-only files in the output folder are replaced (else the export fails, writing nothing).
        public var replacesReadOnlyFiles = false
        /// Whether to export every language the tables have besides the development language, in addition to
        /// ``languages``.
        public var allLanguages = false

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

    /// One table to export.
    public struct Source: Sendable, Equatable {
        /// The kind of table.
        public var kind: TableKind
        /// The file: the catalog, or the source language's legacy file.
        public var path: String
        /// The path relative to the project root, which XLIFF calls `original`: the table's, or for an Interface
        /// Builder table the storyboard's or xib's, as Xcode names them (`App/Base.lproj/Main.storyboard`).
        public var original: String
        /// The storyboard or xib in `Base.lproj` that the table translates, if any.
        public var interfaceBuilderFile: String? = nil
    }

    /// The registry that provides readers and writers.
    public var registry: FormatRegistry

    /// Creates an export.
    public init(registry: FormatRegistry = .standard) {
        self.registry = registry
    }

    /// The tables named by `paths`: catalogs, legacy files, and folders holding them (searched recursively).
    ///
    /// Tables inside a `.bundle` folder below a folder searched (a `Settings.bundle`, whose tables the Settings
    /// app reads and which cannot be catalogs) are left out unless `includeBundles`, with a warning naming them;
    /// a file named explicitly is always taken. The translations of an Interface Builder table whose
    /// development-language texts live only in the storyboard or xib (no `Base.lproj` or source-language
    /// `.strings` file) cannot be exported: a warning names them.
    /// - Throws: ``ConversionError`` for a path that is missing or holds no table.
    public func sources(
        for paths: [String], root: String, sourceLanguage: String, includeBundles: Bool = false,
        diagnostics: inout Diagnostics
    ) throws -> [Source] {
        var result: [Source] = []
        var seen = Set<String>()
        var withoutSource: [(interfaceBuilderFile: String, translations: [String])] = []
        func add(_ path: String) {
            guard let kind = TableKind(path: path) else { return }
            var file = path
            if kind != .catalog, let language = ProjectPaths.lprojLanguage(of: path), language != sourceLanguage {
                // Export a legacy table from its source-language file, wherever the user pointed.
                var found = false
                for candidate in [sourceLanguage, "Base"] {
                    let sibling = ProjectPaths.sibling(of: path, language: candidate)
                    if fileExists(sibling) {
                        file = sibling
                        found = true
                        break
                    }
                }
                if !found, kind == .strings, let interfaceBuilder = Self.interfaceBuilderFile(for: path) {
                    if let index = withoutSource.firstIndex(where: { $0.interfaceBuilderFile == interfaceBuilder }) {
                        withoutSource[index].translations.append(path)
                    } else {
                        withoutSource.append((interfaceBuilder, [path]))
                    }
                    return
                }
            }
            // Xcode names an Interface Builder table after its storyboard or xib, whether the texts are in a
            // `mul.lproj` catalog beside it or in `.strings` files.
            var interfaceBuilder: String?
            if let language = ProjectPaths.lprojLanguage(of: file),
                kind == .catalog
                    ? language == "mul" : kind == .strings && (language == sourceLanguage || language == "Base")
            {
                interfaceBuilder = Self.interfaceBuilderFile(for: file)
            }
            let original = ProjectPaths.relative(interfaceBuilder ?? file, to: root)
            if seen.insert(original).inserted {
                result.append(
                    Source(kind: kind, path: file, original: original, interfaceBuilderFile: interfaceBuilder))
            }
        }
        var inBundles: [String] = []
        var bundlesFoundBelow: String?  // the folder the message about them names
        for path in paths {
            if isDirectory(path) {
                let found = ProjectPaths.files(below: path, extensions: ["xcstrings", "strings", "stringsdict"])
                var tables: [String] = []
                for file in found {
                    let below = file.dropFirst(path.count).split(separator: "/").dropLast()
                    if !includeBundles, below.contains(where: { $0.lowercased().hasSuffix(".bundle") }) {
                        inBundles.append(file)
                        bundlesFoundBelow = bundlesFoundBelow ?? path
                        continue
                    }
                    let language = ProjectPaths.lprojLanguage(of: file)
                    if TableKind(path: file) == .catalog || language == sourceLanguage || language == "Base" {
                        tables.append(file)
                    } else if TableKind(path: file) == .strings, Self.interfaceBuilderFile(for: file) != nil {
                        add(file)  // reports the translations of a table whose texts live in a storyboard
                    }
                }
                if tables.isEmpty, inBundles.isEmpty, withoutSource.isEmpty {
                    // A folder without tables is a warning; the export goes on with the other sources.
                    diagnostics.warn("no String Catalogs or source-language .lproj tables found", path: path)
                }
                tables.forEach(add)
            } else if fileExists(path) {
                guard TableKind(path: path) != nil else {
                    throw ConversionError("not a .xcstrings, .strings or .stringsdict file", path: path)
                }
                add(path)
            } else {
                throw ConversionError("cannot read the file: No such file or directory", path: path)
            }
        }
        for (interfaceBuilder, translations) in withoutSource {
            diagnostics.warn(
                "the development-language texts of this Interface Builder table live only in the "
                    + "\(fileExtension(interfaceBuilder) ?? "file"), which export cannot read (no Base.lproj or "
                    + "\(sourceLanguage).lproj .strings file); not exported: \(translations.joined(separator: ", "))",
                path: interfaceBuilder)
        }
        if !inBundles.isEmpty {
            diagnostics.warn(
                "left out \(inBundles.count) table\(inBundles.count == 1 ? "" : "s") inside .bundle folders (a "
                    + "Settings.bundle is read by the Settings app, not the app; --include-bundles exports them): "
                    + inBundles.joined(separator: ", "),
                path: bundlesFoundBelow)
        }
        if result.isEmpty, let first = paths.first {
            throw ConversionError("nothing to export: no String Catalogs or source-language .lproj tables found", path: first)
        }
        return result
    }

    /// The storyboard or xib in `Base.lproj` that the table of `path` (`X/L.lproj/T.strings` or
    /// `X/mul.lproj/T.xcstrings`) translates: `X/Base.lproj/T.storyboard` or `.xib`, if it exists.
    static func interfaceBuilderFile(for path: String) -> String? {
        guard ProjectPaths.lprojLanguage(of: path) != nil, let name = ProjectPaths.baseName(of: path) else { return nil }
        let folder = parentDirectory(of: parentDirectory(of: path))
        for ext in ["storyboard", "xib"] {
            let candidate = "\(folder)/Base.lproj/\(name).\(ext)"
            if isRegularFile(candidate) { return candidate }
        }
        return nil
    }

    /// A table as read once for all languages: the catalog, or the source-language legacy file.
    func baseTable(for source: Source, sourceLanguage: String, diagnostics: inout Diagnostics) throws -> StringTable {
        guard let reader = registry.format(forPath: source.path)?.reader else {
            throw ConversionError("no reader for this file", path: source.path)
        }
        let options =
            source.kind == .catalog ? ReadOptions() : ReadOptions(language: sourceLanguage, sourceLanguage: sourceLanguage)
        return try reader.read(try readSourceFile(source.path), options: options, diagnostics: &diagnostics)
    }

    /// The table to export for `language`: the catalog, or the source-language legacy table merged with the same
    /// table's file for `language`.
    func table(
        for source: Source, base: StringTable, language: String, sourceLanguage: String,
        diagnostics: inout Diagnostics
    ) throws -> StringTable {
        guard source.kind != .catalog, language != sourceLanguage else { return base }
        let target = ProjectPaths.sibling(of: source.path, language: language)
        guard fileExists(target), let reader = registry.format(forPath: source.path)?.reader else { return base }
        var table = base
        let options = ReadOptions(language: language, sourceLanguage: sourceLanguage)
        let translated = try reader.read(try readSourceFile(target), options: options, diagnostics: &diagnostics)
        table.merge(translated, diagnostics: &diagnostics, origin: target)
        return table
    }

    /// The other half of a legacy table: the `.stringsdict` next to a `.strings` file of the same name, and the
    /// other way round, in the source language; `nil` for catalogs and tables without one.
    func companionTable(of source: Source, sourceLanguage: String) -> StringTable? {
        let otherExtension: String
        switch source.kind {
        case .catalog: return nil
        case .strings: otherExtension = "stringsdict"
        case .stringsDict: otherExtension = "strings"
        }
        guard let dot = source.path.lastIndex(of: ".") else { return nil }
        let path = source.path[..<dot] + "." + otherExtension
        guard fileExists(path), let reader = registry.format(forPath: path)?.reader else { return nil }
        let options = ReadOptions(language: sourceLanguage, sourceLanguage: sourceLanguage)
        var ignored = Diagnostics()  // the companion's own problems are reported when it is exported itself
        guard let file = try? readSourceFile(path) else { return nil }
        return try? reader.read(file, options: options, diagnostics: &ignored)
    }

    /// Exports `sources` for every language, all or nothing.
    ///
    /// Every table is read once; the languages are then exported in parallel (each legacy table merged with its
    /// language's file), and all files are written in one transaction.
    /// - Returns: The paths written.
    @discardableResult
    public func run(_ sources: [Source], options: Options, diagnostics: inout Diagnostics) throws -> [String] {
        for language in options.languages {
            if let message = LanguageIdentifier.message(language, as: "--language") {
                throw ConversionError(message, path: nil)
            }
        }
        // Xcode writes the <file> elements ordered by `original`, case-insensitively (the corpus's exports).
        let order = XcodeKeyOrder.sortedIndices(sources.map(\.original))
        let sources = order.map { sources[$0] }
        // Read once: catalogs whole, legacy tables in the source language, with their companions.
        var bases: [(table: StringTable, companion: StringTable?)] = []
        var developmentRegion = options.sourceLanguage
        for source in sources {
            let table = try baseTable(for: source, sourceLanguage: options.sourceLanguage, diagnostics: &diagnostics)
            if source.kind == .catalog { developmentRegion = table.sourceLanguage }
            bases.append((table, companionTable(of: source, sourceLanguage: options.sourceLanguage)))
        }
        var sourceCopies: [(path: String, bytes: [UInt8])] = []
        if options.xcloc {
            let paths = sourceContentsPaths(sources.map(\.original))
            for (index, source) in sources.enumerated() {
                sourceCopies.append((paths[index], try sourceCopy(of: source, table: bases[index].table)))
            }
        }
        let languages = try chosenLanguages(sources, bases: bases.map(\.table), options: options)
        let readTables = bases
        // A catalog is the same table in every language: what its export does not owe to the language is
        // worked out once, and shared by the languages' threads.
        let catalogs = zip(sources, bases).map { source, base in
            source.kind == .catalog ? XLIFFCatalogExport(table: base.table, original: source.original) : nil
        }
        let results = ParallelResults<(xliff: [UInt8], diagnostics: Diagnostics)>(count: languages.count)
        DispatchQueue.concurrentPerform(iterations: languages.count) { index in
            let language = languages[index]
            var local = Diagnostics()
            do {
                // Each file is written as soon as it is made, in Xcode's layout.
                var document = XLIFFDocumentStream()
                for (position, (source, base)) in zip(sources, readTables).enumerated() {
                    if let catalog = catalogs[position] {
                        document.writeCatalog(catalog, targetLanguage: language, tool: options.tool, diagnostics: &local)
                        continue
                    }
                    let table = try self.table(
                        for: source, base: base.table, language: language, sourceLanguage: options.sourceLanguage,
                        diagnostics: &local)
                    document.write(
                        XLIFFExport.file(
                            for: table, kind: source.kind, original: source.original, targetLanguage: language,
                            tool: options.tool, companion: base.companion, diagnostics: &local))
                }
                results.set(index, .success((document.finish(), local)))
            } catch {
                results.set(index, .failure(error))
            }
        }
        // The tables are freed while the files are written, not after.
        releaseInBackground((consume bases, consume readTables, consume catalogs))
        var transaction = FileTransaction()
        transaction.replacesReadOnlyFiles = options.replacesReadOnlyFiles
        var seen = Set<Diagnostic>()
        for (language, result) in zip(languages, try results.values()) {
            // The same table gives the same warnings in every language; say each once.
            for diagnostic in result.diagnostics.all where seen.insert(diagnostic).inserted {
                diagnostics.append(diagnostic)
            }
            if options.xcloc {
                let bundle = "\(options.outputDirectory)/\(language).xcloc"
                transaction.stage(result.xliff, at: "\(bundle)/Localized Contents/\(language).xliff")
                transaction.stage(
                    contentsJSON(developmentRegion: developmentRegion, language: language, options: options),
                    at: "\(bundle)/contents.json")
                for copy in sourceCopies {
                    transaction.stage(copy.bytes, at: "\(bundle)/Source Contents/\(copy.path)")
                }
                transaction.stageDirectory("\(bundle)/Notes")
            } else {
                transaction.stage(result.xliff, at: "\(options.outputDirectory)/\(language).xliff")
            }
        }
        try transaction.commit()
        return transaction.destinations
    }

    /// The languages to export: those asked for, and with ``Options/allLanguages`` every language of the tables
    /// besides the development language. A language that only differs from one of the tables' in case or in `_`
    /// for `-` is an error; one the tables lack altogether starts its translation, as in Xcode.
    func chosenLanguages(_ sources: [Source], bases: [StringTable], options: Options) throws -> [String] {
        var available: [String] = []
        var developmentLanguages = Set<String>()
        for (source, table) in zip(sources, bases) {
            let languages: [String]
            if source.kind == .catalog {
                languages = LanguageSelection.available(in: table)
                developmentLanguages.insert(table.sourceLanguage)
            } else {
                languages = [options.sourceLanguage] + lprojLanguages(of: source)
                developmentLanguages.insert(options.sourceLanguage)
            }
            for language in languages where !available.contains(language) { available.append(language) }
        }
        for language in options.languages where !available.contains(language) {
            if let match = LanguageSelection.nearMatch(for: language, in: available) {
                let holder = zip(sources, bases).first { source, table in
                    source.kind == .catalog ? table.languages.contains(match) : lprojLanguages(of: source).contains(match)
                }
                let source = holder?.0 ?? sources[0]
                throw ConversionError(
                    "the tables have no language '\(language)'; did you mean '\(match)'?",
                    at: FileLocation(path: source.path, line: 1, column: 1))
            }
        }
        var chosen = options.languages
        if options.allLanguages {
            for language in available where !developmentLanguages.contains(language) && !chosen.contains(language) {
                chosen.append(language)
            }
        }
        if chosen.isEmpty, let first = sources.first {
            throw ConversionError(
                "the tables have no language besides the development language to export",
                at: FileLocation(path: first.path, line: 1, column: 1))
        }
        return chosen
    }

    /// The languages of a legacy table's other `.lproj` folders that hold its file (`Base` left out).
    private func lprojLanguages(of source: Source) -> [String] {
        let lproj = parentDirectory(of: source.path)
        let file = source.path.split(separator: "/").last.map(String.init) ?? source.path
        let project = parentDirectory(of: lproj)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: project) else { return [] }
        return names.sorted().compactMap { name in
            guard name.hasSuffix(".lproj") else { return nil }
            let language = String(name.dropLast(6))
            guard language != "Base", fileExists("\(project)/\(name)/\(file)") else { return nil }
            return language
        }
    }

    /// What Xcode puts in `Source Contents`: a catalog keeps only its source language (rewritten in Xcode's
    /// layout); a legacy file is copied as it is.
    private func sourceCopy(of source: Source, table: StringTable) throws -> [UInt8] {
        if let interfaceBuilder = source.interfaceBuilderFile { return try readSourceFile(interfaceBuilder).bytes }
        guard source.kind == .catalog else { return try readSourceFile(source.path).bytes }
        var copy = table
        for index in copy.entries.indices {
            var entry = copy.entries[valueAt: index]
            if let localizations = entry.localizations {
                var kept = OrderedMap<Localization>()
                if let source = localizations[table.sourceLanguage] { kept[table.sourceLanguage] = source }
                entry.localizations = kept.isEmpty && !localizations.isEmpty ? nil : kept
            }
            copy.entries[valueAt: index] = entry
        }
        copy.traits.endsWithNewline = false
        var ignored = Diagnostics()
        return XCStringsWriter().encode(copy, diagnostics: &ignored)
    }

    /// Paths under `Source Contents` for each original: leading `../` removed, and a clash between two originals
    /// resolved as Xcode does, by numbering the first folder (`Resources`, `Resources 1`, …).
    func sourceContentsPaths(_ originals: [String]) -> [String] {
        var used = Set<String>()
        return originals.map { original in
            var parts = original.split(separator: "/").map(String.init)
            while parts.first == ".." || parts.first == "." { parts.removeFirst() }
            var candidate = parts.joined(separator: "/")
            var number = 1
            while !used.insert(candidate).inserted, parts.count > 0 {
                var numbered = parts
                numbered[0] = "\(parts[0]) \(number)"
                candidate = numbered.joined(separator: "/")
                number += 1
            }
            return candidate
        }
    }

    private func contentsJSON(developmentRegion: String, language: String, options: Options) -> [UInt8] {
        var contents: OrderedMap<JSONValue> = ["developmentRegion": .string(developmentRegion)]
        if let project = options.project { contents["project"] = .string(project) }
        contents["targetLocale"] = .string(language)
        var toolInfo: OrderedMap<JSONValue> = [:]
        if let build = options.tool.buildNumber { toolInfo["toolBuildNumber"] = .string(build) }
        toolInfo["toolID"] = .string(options.tool.id)
        toolInfo["toolName"] = .string(options.tool.name)
        if let version = options.tool.version { toolInfo["toolVersion"] = .string(version) }
        contents["toolInfo"] = .object(toolInfo)
        contents["version"] = .string("1.0")
        return AppleJSON.encode(.object(contents))
    }
}

/// The kinds of table an XLIFF `<file>` can stand for, by the extension of its `original`.
public typealias TableKind = XLIFFTableKind

/// Results of a parallel loop, one slot per iteration.
final class ParallelResults<Value>: @unchecked Sendable {
    private var slots: [Result<Value, any Error>?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ result: Result<Value, any Error>) {
        lock.lock()
        slots[index] = result
        lock.unlock()
    }

    /// The values in order; throws the first error.
    func values() throws -> [Value] {
        try slots.map { slot in
            guard let slot else { preconditionFailure("a parallel iteration left no result") }
            return try slot.get()
        }
    }
}
