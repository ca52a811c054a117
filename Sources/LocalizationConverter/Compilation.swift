import LocalizationCatalog
import StringsDictFormat
import StringsFormat
import XCStringsFormat

/// Compiles String Catalogs back to legacy tables, as `xcstringstool compile` does.
///
/// For each catalog and language: entries whose localization is a plain string go to
/// `<lang>.lproj/<Table>.strings`; entries with variations or substitutions go to `<lang>.lproj/<Table>.stringsdict`
/// (written only when there are some). Unlike `xcstringstool`, source-language strings equal to their key are kept,
/// so nothing the catalog holds is lost; entries with no localization in a language are left out of it.
public struct Compilation: Sendable {
    /// The registry that provides the catalog reader and the legacy writers.
    package var registry: FormatRegistry

    /// Creates a compilation.
    public init(registry: FormatRegistry = .standard) {
        self.registry = registry
    }

    /// The files compiling `table` gives, relative to the output folder.
    ///
    /// `path` is the catalog's file, which messages name (its table name with `.xcstrings` when `nil`). A language
    /// in `languages` that the catalog lacks is an error: it would give an empty table.
    public func compile(
        _ table: StringTable, languages: [String]?, path: String? = nil, diagnostics: inout Diagnostics
    ) throws -> [OutputFile] {
        let path = path ?? table.name + ".xcstrings"
        guard let stringsWriter = registry.format(.strings)?.writer,
            let stringsDictWriter = registry.format(.stringsdict)?.writer
        else { throw ConversionError("the legacy formats are not available", path: nil) }
        let available = LanguageSelection.available(in: table)
        if let languages {
            try LanguageSelection.check(languages, available: available, what: "the String Catalog", path: path)
        }
        let chosen = languages ?? available
        // `fr` and `FR` would be written as two folders that a case-insensitive disk (macOS) holds as one.
        if let group = LanguageSelection.caseCollisions(in: chosen).first {
            throw ConversionError(
                "the languages \(group.map { "\"\($0)\"" }.joined(separator: " and ")) differ only by case: their "
                    + "\(group.map { "\($0).lproj" }.joined(separator: " and ")) would be one folder on a "
                    + "case-insensitive disk (macOS); keep one spelling in the catalog",
                at: FileLocation(path: path, line: 1, column: 1))
        }
        guard let strings = stringsWriter as? StringsWriter, let stringsDict = stringsDictWriter as? StringsDictWriter
        else {
            return try Self.compileByTables(
                table, languages: chosen, path: path, writers: (stringsWriter, stringsDictWriter),
                diagnostics: &diagnostics)
        }
        var files: [OutputFile] = []
        for language in chosen {
            let split = Self.split(table, language: language, path: path, diagnostics: &diagnostics)
            if !split.plain.isEmpty || split.varied.isEmpty {
                files.append(
                    OutputFile(
                        relativePath: "\(language).lproj/\(table.name).strings",
                        bytes: strings.encodeStringUnits(
                            of: table, at: split.plain, language: language, diagnostics: &diagnostics)))
            }
            if !split.varied.isEmpty {
                // The tables the split stands for have no version: plural cases keep the catalog's order where
                // only a catalog's version would put them in CLDR order.
                files.append(
                    OutputFile(
                        relativePath: "\(language).lproj/\(table.name).stringsdict",
                        bytes: stringsDict.encode(
                            table, picks: split.varied, language: language, cldrOrder: false,
                            diagnostics: &diagnostics)))
            }
        }
        return files
    }

    /// One language of a catalog as ``split(_:language:path:diagnostics:)`` divides it.
    package struct LanguageSplit {
        /// The localizations that are plain strings (an entry's position, then its localization's): the
        /// `.strings` file.
        package var plain: [(entry: Int, localization: Int)] = []
        /// The localizations with variations, substitutions or unknown members: the `.stringsdict` file.
        package var varied: [StringsDictWriter.Pick] = []
    }

    /// Which localizations of `language` go to its `.strings` file and which to its `.stringsdict` file, in entry
    /// order, with the warnings for what neither can hold (string sets, variations of unknown kinds only).
    ///
    /// The rule is ``compileByTables(_:languages:path:writers:diagnostics:)``'s, the exact form: it builds, for
    /// each language, a table of the entries with only that localization (and, for a root plural in another
    /// language, the source's, which the `.stringsdict` writer reads its value type from); this names the same
    /// localizations by position, and the writers read them in place (a copy of each entry and a map for each
    /// localization were a third of `compile`). A localization that is only a string unit is a plain string
    /// without looking at its variations; `language` is looked for first where the entry before had it.
    /// `CompilationSpeedTests` holds the files and diagnostics of both equal.
    package static func split(
        _ table: StringTable, language: String, path: String, diagnostics: inout Diagnostics
    ) -> LanguageSplit {
        var split = LanguageSplit()
        var hint = 0
        // The entries' fields are read where they are (`entries[index].localizations`): binding an entry to a
        // constant, or handing it to a closure, copies it whole.
        let entries = table.entries.values
        for index in entries.indices {
            guard let localizations = entries[index].localizations else { continue }
            guard let position = localizations.index(forKey: language, hint: &hint) else { continue }
            let share = localizations.withValue(at: position, Self.share(of:))
            if share.isStringSet || share.withoutVariations {
                let key = table.entries.key(at: index)
                let message =
                    share.isStringSet
                    ? Self.stringSetWarning(key: key, language: language)
                    : Self.unknownVariationsWarning(key: key, language: language)
                diagnostics.warn(message, at: entries[index].origin, orPath: path)
            }
            switch share.file {
            case .none:
                break
            case .strings:
                split.plain.append((index, position))
            case .stringsDict:
                let source =
                    share.isRootPlural && language != table.sourceLanguage
                    ? localizations.index(forKey: table.sourceLanguage) : nil
                split.varied.append(
                    StringsDictWriter.Pick(
                        entry: index, localization: position, source: source,
                        withoutVariations: share.withoutVariations))
            }
        }
        return split
    }

    /// Where a localization goes, as ``split(_:language:path:diagnostics:)`` sorts it.
    struct Share {
        enum File { case none, strings, stringsDict }
        /// The file it goes to.
        var file: File = .none
        /// A string set, which no legacy table holds (warned about; it goes nowhere).
        var isStringSet = false
        /// Variations of unknown kinds only, left out (warned about).
        var withoutVariations = false
        /// Plural variations at the root, which may take their value type from the source's.
        var isRootPlural = false
    }

    /// Where `localization` goes: the rule of ``compileByTables(_:languages:path:writers:diagnostics:)``.
    static func share(of localization: Localization) -> Share {
        guard localization.hasMoreThanStringUnit else {
            return Share(file: localization.stringUnit != nil ? .strings : .none)
        }
        if localization.stringSet != nil { return Share(isStringSet: true) }
        let variations = localization.variations
        let hasKnownVariations = variations.map { $0.plural != nil || $0.device != nil || $0.width != nil } ?? false
        var share = Share(withoutVariations: variations != nil && !hasKnownVariations)
        // Unknown members of a localization have a place in a .stringsdict entry, not in a .strings file.
        if hasKnownVariations || localization.substitutions != nil || !localization.extraMembers.isEmpty {
            share.file = .stringsDict
            share.isRootPlural = variations?.plural != nil
        } else if localization.stringUnit != nil {
            share.file = .strings
        }
        return share
    }

    static func stringSetWarning(key: String, language: String) -> String {
        "\"\(key)\" (\(language)): a string set cannot be written to a legacy table; it is left out"
    }

    static func unknownVariationsWarning(key: String, language: String) -> String {
        "\"\(key)\" (\(language)): variations of a kind this version does not know cannot be written to a legacy "
            + "table; they are left out"
    }

    /// Compiles `languages` of `table` the exact way.
    ///
    /// For each language, a table of the entries with only that language's localization (and a root plural's
    /// source) for each writer, written with its `write`: the fallback for writers other than this package's, and
    /// the reference ``split(_:language:path:diagnostics:)`` is held to.
    package static func compileByTables(
        _ table: StringTable, languages: [String], path: String,
        writers: (strings: any CatalogWriter, stringsDict: any CatalogWriter), diagnostics: inout Diagnostics
    ) throws -> [OutputFile] {
        var files: [OutputFile] = []
        for language in languages {
            var plain = StringTable(name: table.name, sourceLanguage: table.sourceLanguage, traits: FileTraits())
            var varied = plain
            for (key, entry) in table.entries {
                guard let localization = entry.localizations?[language] else { continue }
                if localization.stringSet != nil {
                    diagnostics.warn(stringSetWarning(key: key, language: language), at: entry.origin, orPath: path)
                    continue
                }
                var single = entry
                single.localizations = [language: localization]
                // Variations of kinds this version does not know (unknown members only) cannot be compiled; the
                // rest of the localization can.
                let variations = localization.variations
                let hasKnownVariations =
                    variations.map { $0.plural != nil || $0.device != nil || $0.width != nil } ?? false
                if variations != nil, !hasKnownVariations {
                    diagnostics.warn(
                        unknownVariationsWarning(key: key, language: language), at: entry.origin, orPath: path)
                    single.localizations?[valueAt: 0].variations = nil
                }
                // Unknown members of a localization have a place in a .stringsdict entry, not in a .strings file.
                if hasKnownVariations || localization.substitutions != nil || !localization.extraMembers.isEmpty {
                    // A root plural whose cases print no number takes its value type from the source's (the
                    // .stringsdict writer reads it there; it writes only this language).
                    if variations?.plural != nil, language != table.sourceLanguage,
                        let source = entry.localizations?[table.sourceLanguage]
                    {
                        single.localizations?[table.sourceLanguage] = source
                    }
                    varied.entries[key] = single
                } else if localization.stringUnit != nil {
                    plain.entries[key] = single
                }
            }
            let options = WriteOptions(languages: [language])
            if !plain.entries.isEmpty || varied.entries.isEmpty {
                files += try writers.strings.write(plain, options: options, diagnostics: &diagnostics)
            }
            if !varied.entries.isEmpty {
                files += try writers.stringsDict.write(varied, options: options, diagnostics: &diagnostics)
            }
        }
        return files
    }

    /// Reads catalogs and writes their legacy tables into `outputDirectory`, all or nothing; read-only files there
    /// are replaced only with `replacesReadOnlyFiles`.
    ///
    /// With `mirror`, each catalog's tables go below its folder's path relative to the catalogs' common folder
    /// (`App/Localizable.xcstrings` and `Widget/Localizable.xcstrings` give `OUT/App/fr.lproj/…` and
    /// `OUT/Widget/fr.lproj/…`). Without it, two catalogs that compile to the same file are an error, never an
    /// overwrite.
    /// With `dryRun`, everything is read and compiled, and nothing is written.
    ///
    /// - Returns: The files written (or, with `dryRun`, that would be), in order.
    @discardableResult
    public func compile(
        catalogs: [String], outputDirectory: String, languages: [String]?, replacesReadOnlyFiles: Bool = false,
        mirror: Bool = false, dryRun: Bool = false,
        diagnostics: inout Diagnostics
    ) throws -> [String] {
        guard let reader = registry.format(.xcstrings)?.reader else { return [] }
        for language in languages ?? [] {
            if let message = LanguageIdentifier.message(language, as: "--language") {
                throw ConversionError(message, path: nil)
            }
        }
        var transaction = FileTransaction()
        transaction.replacesReadOnlyFiles = replacesReadOnlyFiles
        var written: [String: String] = [:]
        let folders = mirror ? Self.mirroredFolders(of: catalogs) : catalogs.map { _ in "" }
        for (path, folder) in zip(catalogs, folders) {
            let source = try readSourceFile(path)
            let table = try reader.read(source, options: ReadOptions(), diagnostics: &diagnostics)
            // A mapped catalog's memory is let go once read: the compiled files are held until the commit, and the
            // file's bytes with them would be the peak (read again, from disk, only to place a refusal below).
            source.releaseResidentBytes()
            // Each language becomes a folder name (`OUT/<language>.lproj`): a catalog's languages are checked
            // before anything is written.
            var refused: [(language: String, isSource: Bool, message: String)] = []
            var named = [table.sourceLanguage] + table.languages
            if let languages { named = named.filter(languages.contains) }
            var checked = Set<String>()
            for language in named where checked.insert(language).inserted {
                let isSource = language == table.sourceLanguage
                guard let message = LanguageIdentifier.message(language, as: isSource ? "sourceLanguage" : "language")
                else { continue }
                refused.append((language, isSource, message))
            }
            if !refused.isEmpty {
                // At the places the reader recorded: the `sourceLanguage` value, a language's first localization.
                throw ConversionError(
                    refused.map { refusal in
                        let place =
                            refusal.isSource
                            ? table.sourceLanguageOrigin : Self.firstPlace(of: refusal.language, in: table)
                        return place.map { Diagnostic(.error, refusal.message, at: $0) }
                            ?? Diagnostic(.error, refusal.message, path: path)
                    })
            }
            for file in try compile(table, languages: languages, path: path, diagnostics: &diagnostics) {
                let relative = folder.isEmpty ? file.relativePath : "\(folder)/\(file.relativePath)"
                let destination = "\(outputDirectory)/\(relative)"
                if let first = written[destination] {
                    throw ConversionError(
                        "compiles to \(destination), as \(first) does; pass --mirror to keep each catalog's folder",
                        at: FileLocation(path: path, line: 1, column: 1))
                }
                written[destination] = path
                // Outputs made from the catalogs: a file there is replaced unread.
                transaction.stage(file.bytes, at: destination, as: .replacingUnread)
            }
        }
        if dryRun {
            transaction.discard()
        } else {
            try transaction.commit()
        }
        return transaction.destinations
    }

    /// Where `table` first names `language`: the name of its first localization in that language
    /// (``Localization/places``), else that entry's key; `nil` when no entry has one.
    static func firstPlace(of language: String, in table: StringTable) -> FileLocation? {
        for entry in table.entries.values {
            guard let localization = entry.localizations?[language] else { continue }
            return localization.places.name(from: entry.origin) ?? entry.origin
        }
        return nil
    }

    /// The folder of each catalog relative to the folder that holds them all (`""` for a catalog in it).
    static func mirroredFolders(of catalogs: [String]) -> [String] {
        let folders = catalogs.map { ProjectPaths.absolute(parentDirectory(of: ProjectPaths.absolute($0))) }
        let split = folders.map { $0.split(separator: "/").map(String.init) }
        var common = split.first ?? []
        for parts in split.dropFirst() {
            var count = 0
            while count < min(common.count, parts.count), common[count] == parts[count] { count += 1 }
            common.removeLast(common.count - count)
        }
        return split.map { $0.dropFirst(common.count).joined(separator: "/") }
    }
}
