import Foundation
import LocalizationCatalog
import StringsDictFormat
import StringsFormat
import XCStringsFormat
@_spi(XLIFFDocuments) import XLIFFFormat

/// Finding and reading the tables to export.
extension Export {
    /// The tables named by `paths`: catalogs, legacy files, and folders holding them (searched recursively).
    ///
    /// Tables inside a `.bundle` folder below a folder searched (a `Settings.bundle`, whose tables the Settings
    /// app reads and which cannot be catalogs) are left out unless `includeBundles`, with a warning naming them;
    /// a file named explicitly is always taken. The translations of an Interface Builder table whose
    /// development-language texts live only in the storyboard or xib (no `Base.lproj` or source-language
    /// `.strings` file) cannot be exported: a warning names them — unless `interfaceBuilderTables`, for an export
    /// whose code strings (``Options/codeStrings``) give those texts: such a table is then exported, and so is every
    /// storyboard or xib in a `Base.lproj` folder searched or named.
    /// - Throws: ``ConversionError`` for a path that is missing or holds no table.
    public func sources(
        for paths: [String], root: String, sourceLanguage: String, includeBundles: Bool = false,
        interfaceBuilderTables: Bool = false, diagnostics: inout Diagnostics
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
                for candidate in [sourceLanguage, "Base"] + Self.legacyFolderNames(of: sourceLanguage) {
                    let sibling = ProjectPaths.sibling(of: path, language: candidate)
                    if fileExists(sibling) {
                        file = sibling
                        found = true
                        break
                    }
                }
                if !found, let variant = Self.developmentVariant(of: path, sourceLanguage: sourceLanguage) {
                    file = variant
                    found = true
                }
                if !found, kind == .strings, let interfaceBuilder = Self.interfaceBuilderFile(for: path) {
                    if interfaceBuilderTables {
                        addInterfaceBuilder(interfaceBuilder)
                        return
                    }
                    if let index = withoutSource.firstIndex(where: { $0.interfaceBuilderFile == interfaceBuilder }) {
                        withoutSource[index].translations.append(path)
                    } else {
                        withoutSource.append((interfaceBuilder, [path]))
                    }
                    return
                }
            }
            // A variant group with a Base localization: its development-language table is `Base.lproj/T.strings`,
            // and the development language's variant is not exported in its stead (gold: Xcode 14.2's export of
            // LoopKit names only `Base.lproj` files of such tables).
            if kind != .catalog, ProjectPaths.lprojLanguage(of: file) == sourceLanguage {
                let base = ProjectPaths.sibling(of: file, language: "Base")
                if isRegularFile(base) { file = base }
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
            // Xcode names an intent definition's table after the `.intentdefinition` in `Base.lproj`.
            var intentDefinition: String?
            if interfaceBuilder == nil, kind == .strings, let language = ProjectPaths.lprojLanguage(of: file),
                language == sourceLanguage || language == "Base"
            {
                intentDefinition = Self.intentDefinitionFile(for: file)
            }
            let original = ProjectPaths.relative(interfaceBuilder ?? intentDefinition ?? file, to: root)
            var source = Source(kind: kind, path: file, original: original, interfaceBuilderFile: interfaceBuilder)
            source.intentDefinitionFile = intentDefinition
            if seen.insert(original).inserted {
                if kind != .catalog, let language = ProjectPaths.lprojLanguage(of: file),
                    Self.isVariant(language, of: sourceLanguage)
                {
                    diagnostics.append(
                        Diagnostic(
                            .note,
                            "the development language '\(sourceLanguage)' has no \(sourceLanguage).lproj or Base.lproj "
                                + "file of this table; this \(language).lproj file is taken as its table (the code's "
                                + "strings go into it), not as a translation",
                            path: file))
                }
                result.append(source)
            } else if kind == .catalog, let index = result.firstIndex(where: { $0.original == original }),
                result[index].kind != .catalog
            {
                // An Interface Builder table migrated to its `mul.lproj` catalog: the catalog stands for it.
                let legacy = result[index]
                Self.warnLegacyLeftOut(
                    fileExists(legacy.path) ? legacy.path : legacy.interfaceBuilderFile ?? legacy.path, catalog: file,
                    diagnostics: &diagnostics)
                result[index] = source
            }
        }
        /// A storyboard or xib in `Base.lproj` as a table: its development-language `.strings` file if there is
        /// one, else `Base.lproj/<Name>.strings` (which need not exist).
        func addInterfaceBuilder(_ file: String) {
            let name = ProjectPaths.baseName(of: file) ?? ""
            let base = parentDirectory(of: file) + "/" + name + ".strings"
            let development = ProjectPaths.sibling(of: base, language: sourceLanguage)
            let path = fileExists(development) ? development : base
            let original = ProjectPaths.relative(file, to: root)
            if seen.insert(original).inserted {
                result.append(Source(kind: .strings, path: path, original: original, interfaceBuilderFile: file))
            }
        }
        func isInterfaceBuilderTable(_ file: String) -> Bool {
            interfaceBuilderTables && ProjectPaths.lprojLanguage(of: file) == "Base"
                && ["storyboard", "xib"].contains(fileExtension(file)?.lowercased() ?? "")
        }
        var inBundles: [String] = []
        var bundlesFoundBelow: String?  // the folder the message about them names
        for path in paths {
            if isDirectory(path) {
                let found = ProjectPaths.files(
                    below: path,
                    extensions: registry.fileExtensions(of: [.xcstrings, .strings, .stringsdict])
                        .union(interfaceBuilderTables ? ["storyboard", "xib"] : []))
                var tables: [String] = []
                var interfaceBuilderFiles: [String] = []
                for file in found {
                    let below = file.dropFirst(path.count).split(separator: "/").dropLast()
                    if !includeBundles, below.contains(where: { $0.lowercased().hasSuffix(".bundle") }) {
                        inBundles.append(file)
                        bundlesFoundBelow = bundlesFoundBelow ?? path
                        continue
                    }
                    let language = ProjectPaths.lprojLanguage(of: file)
                    if isInterfaceBuilderTable(file) {
                        interfaceBuilderFiles.append(file)
                    } else if TableKind(path: file) == .catalog || language == sourceLanguage || language == "Base"
                        || Self.isLegacyDevelopmentTable(file, sourceLanguage: sourceLanguage, exists: fileExists)
                        || language.map({ Self.isVariant($0, of: sourceLanguage) }) == true
                            && Self.developmentVariant(of: file, sourceLanguage: sourceLanguage) == file
                    {
                        tables.append(file)
                    } else if TableKind(path: file) == .strings, Self.interfaceBuilderFile(for: file) != nil {
                        add(file)  // reports the translations of a table whose texts live in a storyboard
                    }
                }
                if tables.isEmpty, interfaceBuilderFiles.isEmpty, inBundles.isEmpty, withoutSource.isEmpty {
                    // A folder without tables is a warning; the export goes on with the other sources.
                    diagnostics.warn("no String Catalogs or source-language .lproj tables found", path: path)
                }
                tables.forEach(add)
                // A storyboard that a table above already stands for is skipped by its original.
                interfaceBuilderFiles.forEach(addInterfaceBuilder)
            } else if fileExists(path) {
                if isInterfaceBuilderTable(path) {
                    addInterfaceBuilder(path)
                    continue
                }
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
            throw ConversionError(
                "nothing to export: no String Catalogs or source-language .lproj tables found", path: first)
        }
        return Self.withoutMigratedLegacyTables(result, diagnostics: &diagnostics)
    }

    /// `sources` less the legacy tables that a catalog beside them holds.
    ///
    /// A table migrated to a catalog whose
    /// legacy files are still there (`X/en.lproj/T.strings` and `X/T.xcstrings`, where a migration puts it) is
    /// exported once, from the catalog, with a warning naming the legacy file left out. The table's other legacy
    /// files below `X` (`X/Plurals/en.lproj/T.stringsdict`, which the migration merged into the same catalog) go too.
    static func withoutMigratedLegacyTables(_ sources: [Source], diagnostics: inout Diagnostics) -> [Source] {
        var catalogs: [String: String] = [:]
        for source in sources where source.kind == .catalog {
            catalogs[parentDirectory(of: source.path) + "/" + tableName(ofPath: source.path)] = source.path
        }
        guard !catalogs.isEmpty else { return sources }
        func folder(_ source: Source) -> String { parentDirectory(of: parentDirectory(of: source.path)) }
        // The catalogs whose table has a legacy file beside them: a migration's.
        var migrated: [(folder: String, table: String, catalog: String)] = []
        for source in sources where source.kind != .catalog {
            let table = tableName(ofPath: source.path)
            if let catalog = catalogs[folder(source) + "/" + table] {
                migrated.append((folder(source), table, catalog))
            }
        }
        guard !migrated.isEmpty else { return sources }
        return sources.filter { source in
            guard source.kind != .catalog else { return true }
            let table = tableName(ofPath: source.path)
            let below = folder(source)
            guard
                let match = migrated.first(where: { entry in
                    entry.table == table && (below == entry.folder || below.hasPrefix(entry.folder + "/"))
                })
            else { return true }
            warnLegacyLeftOut(source.path, catalog: match.catalog, diagnostics: &diagnostics)
            return false
        }
    }

    /// The warning for a legacy table left out of an export because a catalog holds the same table.
    static func warnLegacyLeftOut(_ legacy: String, catalog: String, diagnostics: inout Diagnostics) {
        diagnostics.warn(
            "the catalog \(catalog) holds this table (migrated); the table is exported once, from the catalog, and "
                + "its legacy files are left out", path: legacy)
    }

    /// The storyboard or xib in `Base.lproj` that the table of `path` (`X/L.lproj/T.strings` or
    /// `X/mul.lproj/T.xcstrings`) translates: `X/Base.lproj/T.storyboard` or `.xib`, if it exists.
    static func interfaceBuilderFile(for path: String) -> String? {
        guard ProjectPaths.lprojLanguage(of: path) != nil, let name = ProjectPaths.baseName(of: path) else {
            return nil
        }
        let folder = parentDirectory(of: parentDirectory(of: path))
        for ext in ["storyboard", "xib"] {
            let candidate = "\(folder)/Base.lproj/\(name).\(ext)"
            if isRegularFile(candidate) { return candidate }
        }
        return nil
    }

    /// The intent definition in `Base.lproj` whose texts the table of `path` (`X/L.lproj/T.strings`) holds:
    /// `X/Base.lproj/T.intentdefinition`, if it exists.
    static func intentDefinitionFile(for path: String) -> String? {
        guard ProjectPaths.lprojLanguage(of: path) != nil, let name = ProjectPaths.baseName(of: path) else {
            return nil
        }
        let candidate = "\(parentDirectory(of: parentDirectory(of: path)))/Base.lproj/\(name).intentdefinition"
        return isRegularFile(candidate) ? candidate : nil
    }

    /// A table as read once for all languages: the catalog, or the source-language legacy file.
    func baseTable(for source: Source, sourceLanguage: String, diagnostics: inout Diagnostics) throws -> StringTable {
        if source.interfaceBuilderFile != nil, source.kind == .strings, !fileExists(source.path) {
            // An Interface Builder table whose texts live only in the storyboard: code gives them.
            return StringTable(name: ProjectPaths.baseName(of: source.path) ?? "", sourceLanguage: sourceLanguage)
        }
        guard let reader = registry.format(forPath: source.path)?.reader else {
            throw ConversionError("no reader for this file", path: source.path)
        }
        let options =
            source.kind == .catalog
            ? ReadOptions() : ReadOptions(language: sourceLanguage, sourceLanguage: sourceLanguage)
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
        let other: FormatID
        switch source.kind {
        case .catalog: return nil
        case .strings: other = .stringsdict
        case .stringsDict: other = .strings
        }
        guard let dot = source.path.lastIndex(of: "."),
            let otherExtension = registry.format(other)?.fileExtensions.first
        else { return nil }
        let path = source.path[..<dot] + "." + otherExtension
        guard fileExists(path), let reader = registry.format(forPath: path)?.reader else { return nil }
        let options = ReadOptions(language: sourceLanguage, sourceLanguage: sourceLanguage)
        var ignored = Diagnostics()  // the companion's own problems are reported when it is exported itself
        guard let file = try? readSourceFile(path) else { return nil }
        return try? reader.read(file, options: options, diagnostics: &ignored)
    }

    /// The tables of `sources` as read once for all languages, with their companions, and the development region
    /// of the export (the last catalog's, else the option's).
    ///
    /// A table whose catalog or development-language file cannot be read is left out: its errors, saying so, are
    /// added to `leftOut`.
    func readTables(
        _ sources: [Source], options: Options, leftOut: inout [Diagnostic], diagnostics: inout Diagnostics
    ) -> ReadTables {
        var read = ReadTables(sources: [], tables: [], sourceTexts: [], developmentRegion: options.sourceLanguage)
        for source in sources {
            var table: StringTable
            do {
                table =
                    try options.syncedCatalogs[source.path]
                    ?? baseTable(for: source, sourceLanguage: options.sourceLanguage, diagnostics: &diagnostics)
            } catch let error as ConversionError {
                leftOut += Self.leftOut(error, because: "this table is not exported")
                continue
            } catch {
                leftOut.append(Diagnostic(.error, "\(error); this table is not exported", path: source.path))
                continue
            }
            if source.kind == .catalog { read.developmentRegion = table.sourceLanguage }
            var companion = companionTable(of: source, sourceLanguage: options.sourceLanguage)
            var sourceTexts = OrderedMap<String>()
            if let code = options.codeStrings[source.path] {
                switch source.kind {
                case .catalog: break
                case .strings: (table, sourceTexts) = Self.merging(code, into: table)
                case .stringsDict:
                    // The units of a .stringsdict take their notes from the .strings comments: code's comments
                    // join those; its keys are added to the .strings table, not here.
                    let strings = companion ?? StringTable(name: table.name, sourceLanguage: table.sourceLanguage)
                    companion = Self.merging(code, into: strings).table
                }
            }
            read.sources.append(source)
            read.tables.append((table, companion))
            read.sourceTexts.append(sourceTexts)
        }
        return read
    }

    /// The errors of a file that cannot be read, each saying what the export leaves out.
    static func leftOut(_ error: ConversionError, because consequence: String) -> [Diagnostic] {
        error.diagnostics.map { diagnostic in
            var result = diagnostic
            if diagnostic.severity == .error { result.message += "; \(consequence)" }
            return result
        }
    }

    /// The tables of an export, one per source that could be read, and its development region.
    struct ReadTables: Sendable {
        /// The sources read, in the order given.
        var sources: [Source]
        var tables: [(table: StringTable, companion: StringTable?)]
        /// For each table, the source texts that code gives instead of the table's values.
        var sourceTexts: [OrderedMap<String>]
        var developmentRegion: String
    }

    /// The languages to export: those asked for, and with ``Options/allLanguages`` every language of the tables
    /// besides the development language and pseudo-languages (`en-XA`, `ar-XB`).
    ///
    /// A language that only differs from one of the tables' in case or in `_`
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
                    source.kind == .catalog
                        ? table.languages.contains(match) : lprojLanguages(of: source).contains(match)
                }
                let source = holder?.0 ?? sources[0]
                throw ConversionError(
                    "the tables have no language '\(language)'; did you mean '\(match)'?",
                    at: FileLocation(path: source.path, line: 1, column: 1))
            }
        }
        var chosen = options.languages
        if options.allLanguages {
            // A pseudo-language (en-XA) is for testing layouts, not for translators: exported only when named.
            for language in available
            where !developmentLanguages.contains(language) && !chosen.contains(language)
                && !LanguageIdentifier.isPseudoLanguage(language)
            {
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

    /// The folder names older Xcode versions gave a language (`English.lproj` for `en`; a project whose
    /// `developmentRegion` is `English`): Apple's bundles still read them.
    package static let legacyLanguageNames: [String: String] = [
        "English": "en", "French": "fr", "German": "de", "Italian": "it", "Japanese": "ja", "Spanish": "es",
        "Dutch": "nl",
    ]

    /// The older folder names of `language` (`English` for `en`).
    static func legacyFolderNames(of language: String) -> [String] {
        legacyLanguageNames.filter { $0.value == language }.map(\.key).sorted()
    }

    /// Whether `file` is a legacy table in the older folder of the development language (`English.lproj/T.strings`)
    /// with neither a `<sourceLanguage>.lproj` nor a `Base.lproj` file beside it: it is then the development
    /// language's table.
    static func isLegacyDevelopmentTable(
        _ file: String, sourceLanguage: String, exists: (String) -> Bool
    ) -> Bool {
        guard TableKind(path: file) != .catalog, let language = ProjectPaths.lprojLanguage(of: file),
            legacyLanguageNames[language] == sourceLanguage
        else { return false }
        return !exists(ProjectPaths.sibling(of: file, language: sourceLanguage))
            && !exists(ProjectPaths.sibling(of: file, language: "Base"))
    }

    /// Whether `language` is `sourceLanguage` with more or fewer subtags: a regional or script variant of it
    /// (`en-US`, `en_GB` for `en`; `zh-Hans-CN` for `zh-Hans`) or the language it is a variant of (`en` for `en-US`).
    static func isVariant(_ language: String, of sourceLanguage: String) -> Bool {
        func normalized(_ tag: String) -> String { tag.lowercased().replacingOccurrences(of: "_", with: "-") }
        let (folder, development) = (normalized(language), normalized(sourceLanguage))
        return folder != development && (folder.hasPrefix(development + "-") || development.hasPrefix(folder + "-"))
    }

    /// The development language's table of `file`'s table kept in a variant's folder: `X/en-US.lproj/T.strings`
    /// when the development language is `en` (or `X/en.lproj/T.strings` when it is `en-US`), when neither
    /// `X/<sourceLanguage>.lproj/T.strings`, `X/Base.lproj/T.strings` nor a file in an older folder name
    /// (`English.lproj`) exists and exactly one variant folder (``isVariant(_:of:)``) holds the table; `nil`
    /// otherwise (none, or several: `en-GB` and `en-US` for `en` are both translations then).
    static func developmentVariant(of file: String, sourceLanguage: String) -> String? {
        guard TableKind(path: file) != .catalog, ProjectPaths.lprojLanguage(of: file) != nil else { return nil }
        for language in [sourceLanguage, "Base"] + legacyFolderNames(of: sourceLanguage)
        where fileExists(ProjectPaths.sibling(of: file, language: language)) {
            return nil
        }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let project = parentDirectory(of: parentDirectory(of: file))
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: project) else { return nil }
        let variants = names.sorted().filter { folder in
            guard let language = lprojLanguage(ofFolderNamed: folder) else { return false }
            return isVariant(language, of: sourceLanguage) && fileExists("\(project)/\(folder)/\(name)")
        }
        guard variants.count == 1, let variant = variants.first else { return nil }
        return "\(project)/\(variant)/\(name)"
    }

    /// The languages of a legacy table's other `.lproj` folders that hold its file (`Base` left out).
    func lprojLanguages(of source: Source) -> [String] {
        let lproj = parentDirectory(of: source.path)
        let file = source.path.split(separator: "/").last.map(String.init) ?? source.path
        let project = parentDirectory(of: lproj)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: project) else { return [] }
        return names.sorted().compactMap { name in
            // The development language's table in its older folder (`English.lproj`) is not a translation.
            guard let language = lprojLanguage(ofFolderNamed: name), language != "Base",
                "\(project)/\(name)" != lproj, fileExists("\(project)/\(name)/\(file)")
            else { return nil }
            return language
        }
    }
}
