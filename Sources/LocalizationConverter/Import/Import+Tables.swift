import Foundation
import LocalizationCatalog
@_spi(XLIFFDocuments) import XLIFFFormat

/// Finding and reading the table each `<file>` goes to.
extension Import {
    /// The table a `<file>` goes to, why it goes nowhere, or why the import is refused.
    enum FileTarget: Sendable {
        case table(TableRequest)
        case skip(XLIFFImportReport.Reason)
        /// A language that is no identifier, or a table outside the boundary: an error, nothing is written.
        case refuse(Diagnostic)
    }

    /// What to read for a `<file>`: the catalog, or a legacy table in one language.
    struct TableRequest: Sendable {
        var kind: TableKind
        /// The table's source file.
        var sourcePath: String
        /// The file written back: the catalog, or the language's legacy file.
        var outputPath: String
        var language: String
        var sourceLanguage: String
        /// The table's identity: the output file, however it is spelled (``ProjectPaths/identity(of:)``).
        var key: String
        /// For an Interface Builder table without a development-language `.strings` file (its texts live in the
        /// storyboard or xib, which is no table): the `<file>` whose sources stand for the development language,
        /// and the Interface Builder file.
        var sourcesFromDocument: (file: XLIFFFile, interfaceBuilderFile: String)?
        /// A note when ``language`` is the project's spelling of a `target-language` that differs only by case.
        var languageNote: Diagnostic?
        /// How the `<file>`'s unit ids are read, when not as ``kind`` says: a `.stringsdict`'s units imported into
        /// the catalog it was migrated to keep their `.stringsdict` ids.
        var unitKind: TableKind?
        /// The note that the `<file>` names a legacy table migrated to the catalog it is imported into.
        var migrationNote: Diagnostic?
    }

    /// The extensions of Interface Builder files, which Xcode names as the `original` of their tables.
    static let interfaceBuilderExtensions: Set<String> = ["storyboard", "xib"]

    /// The extensions of the files Xcode names as the `original` of their tables: Interface Builder files, and
    /// intent definitions (`X/Base.lproj/Intents.intentdefinition`, whose texts are `X/L.lproj/Intents.strings`).
    static let namingFileExtensions: Set<String> = interfaceBuilderExtensions.union(["intentdefinition"])

    /// Refuses a language that is not an identifier (a language becomes part of paths).
    static func checkLanguage(_ language: String, as what: String) throws {
        if let message = LanguageIdentifier.message(language, as: what) { throw ConversionError(message, path: nil) }
    }

    func target(of file: XLIFFFile, in document: String, options: Options, boundary: WriteBoundary)
        -> FileTarget
    {
        func refuse(_ message: String) -> FileTarget {
            .refuse(
                file.location.map { Diagnostic(.error, message, at: $0) }
                    ?? Diagnostic(.error, message, path: document))
        }
        if let language = file.targetLanguage, !language.isEmpty,
            let message = LanguageIdentifier.message(language, as: "target-language")
        {
            return refuse(message)
        }
        if !file.sourceLanguage.isEmpty,
            let message = LanguageIdentifier.message(file.sourceLanguage, as: "source-language")
        {
            return refuse(message)
        }
        let root = options.root(of: document)
        let resolved = ProjectPaths.resolve(file.original, against: root)
        if let message = boundary.refusal(of: resolved, named: "original \"\(file.original)\"") {
            return refuse(message)
        }
        let isInterfaceBuilder =
            fileExtension(resolved).map { Self.namingFileExtensions.contains($0.lowercased()) } ?? false
        guard isInterfaceBuilder || TableKind(path: file.original) != nil else { return .skip(.unknownTable) }
        guard var language = file.targetLanguage, !language.isEmpty else { return .skip(.noTargetLanguage) }
        // A language the project spells in another case (`FR` for `fr.lproj`) is the project's: on a
        // case-insensitive disk both are one folder. (A catalog's languages are matched once it is read.)
        var languageNote: Diagnostic?
        if TableKind(path: resolved) != .catalog,
            let spelled = Self.projectSpelling(
                of: language, folder: Self.languageFolders(of: resolved), sourceLanguage: options.sourceLanguage)
        {
            languageNote = Self.languageNote(
                file.targetLanguage ?? "", spelled: spelled, file: file, document: document)
            language = spelled
        }
        var request: TableRequest
        if isInterfaceBuilder {
            guard let found = interfaceBuilderTable(resolved, file: file, language: language, options: options) else {
                return .skip(.unknownTable)
            }
            request = found
        } else if let kind = TableKind(path: resolved), kind != .catalog,
            let catalog = Self.migratedCatalog(of: resolved, root: root)
        {
            // A legacy table migrated to a catalog (its files still there or gone): the catalog is the table now.
            request = TableRequest(
                kind: .catalog, sourcePath: catalog, outputPath: catalog, language: language,
                sourceLanguage: options.sourceLanguage, key: "", unitKind: kind == .stringsDict ? .stringsDict : nil)
            let message =
                "\(file.original) was migrated to the catalog \(catalog)"
                + (isRegularFile(resolved) ? " (the legacy file is still there, and no target builds it)" : "")
                + ": its units are imported into the catalog"
            request.migrationNote =
                file.location.map { Diagnostic(.note, message, at: $0) } ?? Diagnostic(.note, message, path: document)
        } else {
            guard let kind = TableKind(path: resolved), isRegularFile(resolved) else { return .skip(.unknownTable) }
            let outputPath =
                kind == .catalog
                ? resolved
                : Self.legacyOutputPath(source: resolved, language: language, sourceLanguage: options.sourceLanguage)
            request = TableRequest(
                kind: kind, sourcePath: resolved, outputPath: outputPath, language: language,
                sourceLanguage: options.sourceLanguage, key: "")
        }
        for path in Set([request.sourcePath, request.outputPath]) {
            if let message = boundary.refusal(of: path, named: "the table of original \"\(file.original)\"") {
                return refuse(message)
            }
        }
        request.key = ProjectPaths.identity(of: request.outputPath)
        request.languageNote = languageNote
        return .table(request)
    }

    /// The catalog a legacy table at `path` was migrated to, whether its legacy files are still there or not.
    ///
    /// For `X/L.lproj/T.strings`, `X/Plurals/L.lproj/T.stringsdict` or a file outside `.lproj` folders: `T.xcstrings`
    /// (or `mul.lproj/T.xcstrings`, an Interface Builder table's) in the folder holding its `.lproj` folder, else in
    /// the nearest folder above it that has one — up to `root`, and not above a folder holding a project
    /// (`*.xcodeproj`, `Package.swift`, `Project.swift`, `.git`), so that another project's catalog of the same
    /// name is never taken. The same table as ``Export`` leaves the legacy files out for (`docs/migration.md`).
    ///
    /// `nil` when there is none.
    static func migratedCatalog(of path: String, root: String) -> String? {
        let table = tableName(ofPath: path)
        guard !table.isEmpty else { return nil }
        var folder = languageFolders(of: path)
        let top = ProjectPaths.normalized(root)
        var visited = 0
        while visited < 64 {
            visited += 1
            let prefix = folder == "." ? "" : folder + "/"
            for candidate in ["\(prefix)\(table).xcstrings", "\(prefix)mul.lproj/\(table).xcstrings"]
            where isRegularFile(candidate) {
                return candidate
            }
            if ProjectPaths.normalized(folder) == top || holdsProject(folder) { return nil }
            let parent = parentDirectory(of: folder)
            guard parent != folder else { return nil }
            folder = parent
        }
        return nil
    }

    /// Whether `folder` holds a project of its own (`*.xcodeproj`, `Package.swift`, `Project.swift`, `.git`).
    private static func holdsProject(_ folder: String) -> Bool {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return entries.contains { name in
            name.hasSuffix(".xcodeproj") || name == "Package.swift" || name == "Project.swift" || name == ".git"
        }
    }

    /// The folder holding the `L.lproj` folders of a legacy table or Interface Builder file at `path`.
    static func languageFolders(of path: String) -> String {
        ProjectPaths.lprojLanguage(of: path) != nil
            ? parentDirectory(of: parentDirectory(of: path)) : parentDirectory(of: path)
    }

    /// The project's spelling of `language` when it differs only by case: the development language, or the
    /// language of an `L.lproj` folder in `folder`; `nil` when the project spells it so, or not at all.
    static func projectSpelling(of language: String, folder: String, sourceLanguage: String) -> String? {
        if language == sourceLanguage { return nil }
        if language.lowercased() == sourceLanguage.lowercased() { return sourceLanguage }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        let languages = entries.compactMap { lprojLanguage(ofFolderNamed: $0) }
        return LanguageSelection.sameFolderSpelling(of: language, in: languages)
    }

    /// The note that a `target-language` is taken in the project's spelling.
    static func languageNote(_ language: String, spelled: String, file: XLIFFFile, document: String) -> Diagnostic {
        let message =
            "target-language \"\(language)\" is \"\(spelled)\" in the project (they differ only by case, and are "
            + "one folder on a case-insensitive disk): imported as \"\(spelled)\""
        return file.location.map { Diagnostic(.note, message, at: $0) } ?? Diagnostic(.note, message, path: document)
    }

    /// The table of an Interface Builder file or intent definition as Xcode names it (`X/Base.lproj/Main.storyboard`,
    /// `X/Base.lproj/Intents.intentdefinition`): the catalog
    /// `X/mul.lproj/Main.xcstrings` when there is one (Xcode 15 and later), else the legacy table
    /// `X/L.lproj/Main.strings`, whose development-language texts are `X/Base.lproj/Main.strings` or
    /// `X/en.lproj/Main.strings` — or, when neither exists, the storyboard itself, of which the document's
    /// `<source>` texts are Xcode's extraction.
    ///
    /// `nil` when none of these exists.
    func interfaceBuilderTable(_ path: String, file: XLIFFFile, language: String, options: Options)
        -> TableRequest?
    {
        guard ProjectPaths.lprojLanguage(of: path) != nil, let name = ProjectPaths.baseName(of: path) else {
            return nil
        }
        let folder = parentDirectory(of: parentDirectory(of: path))
        let catalog = "\(folder)/mul.lproj/\(name).xcstrings"
        if isRegularFile(catalog) {
            return TableRequest(
                kind: .catalog, sourcePath: catalog, outputPath: catalog, language: language,
                sourceLanguage: options.sourceLanguage, key: "")
        }
        for candidate in ["Base", options.sourceLanguage] {
            let source = "\(folder)/\(candidate).lproj/\(name).strings"
            guard isRegularFile(source) else { continue }
            return TableRequest(
                kind: .strings, sourcePath: source,
                outputPath: Self.legacyOutputPath(
                    source: source, language: language, sourceLanguage: options.sourceLanguage),
                language: language, sourceLanguage: options.sourceLanguage, key: "")
        }
        guard isRegularFile(path) else { return nil }
        let source = "\(folder)/\(options.sourceLanguage).lproj/\(name).strings"
        return TableRequest(
            kind: .strings, sourcePath: source, outputPath: "\(folder)/\(language).lproj/\(name).strings",
            language: language, sourceLanguage: options.sourceLanguage, key: "",
            sourcesFromDocument: (file, path))
    }

    /// Reads the table a request names; the file it is written to is read for update, in the table's own
    /// transaction (``WorkingTable/reads``).
    func readTable(_ request: TableRequest, lockTimeout: Double, diagnostics: inout Diagnostics) throws
        -> WorkingTable
    {
        var reads = FileTransaction()
        reads.lockTimeout = lockTimeout
        if request.kind == .catalog {
            return try catalogTable(at: request.sourcePath, reads: reads, diagnostics: &diagnostics)
        }
        var sourceTable: StringTable?
        if let (file, interfaceBuilderFile) = request.sourcesFromDocument {
            sourceTable = Self.interfaceBuilderSources(
                file, name: ProjectPaths.baseName(of: interfaceBuilderFile) ?? "", language: request.sourceLanguage)
            let what =
                fileExtension(interfaceBuilderFile) == "intentdefinition" ? "intent definition's" : "Interface Builder"
            diagnostics.warn(
                "this \(what) table has no \(request.sourceLanguage).lproj or Base.lproj .strings file "
                    + "(its texts live in the \(fileExtension(interfaceBuilderFile) ?? "file"), which is no table): "
                    + "the <source> texts of the XLIFF are taken as its development-language texts",
                path: interfaceBuilderFile)
        }
        return try legacyTable(
            kind: request.kind, sourcePath: request.sourcePath, outputPath: request.outputPath,
            language: request.language, sourceLanguage: request.sourceLanguage, sourceTable: sourceTable,
            reads: reads, diagnostics: &diagnostics)
    }

    /// The development-language table an Interface Builder `<file>`'s sources make: one entry per unit, the
    /// note as comment (as Xcode's `ibtool` writes them into `.strings` files).
    static func interfaceBuilderSources(_ file: XLIFFFile, name: String, language: String) -> StringTable {
        var table = StringTable(name: name, sourceLanguage: language)
        for unit in file.units {
            guard let source = unit.source, table.entries[unit.id] == nil else { continue }
            let note = unit.notes.first?.text ?? ""
            table.entries[unit.id] = CatalogEntry(
                comment: note.isEmpty ? nil : note, localizations: [language: Localization(source)])
        }
        return table
    }

    /// The file a legacy table's `language` lives in: the source file itself when it is that language's, else the
    /// `language.lproj` file next to it (for the development language of a `Base.lproj` table too, where Xcode
    /// keeps the development language's own texts).
    static func legacyOutputPath(source: String, language: String, sourceLanguage: String) -> String {
        switch ProjectPaths.lprojLanguage(of: source) {
        case language?: return source
        case nil:
            if language == sourceLanguage { return source }
            let name = source.split(separator: "/").last.map(String.init) ?? source
            return "\(parentDirectory(of: source))/\(language).lproj/\(name)"
        default: return ProjectPaths.sibling(of: source, language: language)
        }
    }

    func catalogTable(
        at path: String, reads: FileTransaction, diagnostics: inout Diagnostics
    ) throws -> WorkingTable {
        var reads = reads
        guard let reader = registry.format(forPath: path)?.reader else {
            throw ConversionError("no reader for this file", path: path)
        }
        let file = try reads.readForUpdate(path)
        let table = try reader.read(file, options: ReadOptions(), diagnostics: &diagnostics)
        var working = WorkingTable(
            kind: .catalog, outputPath: path, merged: table, target: nil, legacyLanguage: nil, before: nil,
            targetExists: true, reads: reads)
        working.languagesBefore = LanguageSelection.available(in: table)
        working.versionBefore = table.version
        return working
    }

    /// A legacy table to import into: the source language's file merged with the language's own file, which is
    /// kept apart so that it is written back with its own order, comments and encoding.
    func legacyTable(
        kind: TableKind, sourcePath: String, outputPath: String, language: String, sourceLanguage: String,
        sourceTable: StringTable? = nil, reads: FileTransaction, diagnostics: inout Diagnostics
    ) throws -> WorkingTable {
        var reads = reads
        guard let reader = registry.format(forPath: sourcePath)?.reader else {
            throw ConversionError("no reader for this file", path: sourcePath)
        }
        let sourceOptions = ReadOptions(language: sourceLanguage, sourceLanguage: sourceLanguage)
        if outputPath == sourcePath, sourceTable == nil {
            let options = ReadOptions(language: language, sourceLanguage: language)
            let file = try reads.readForUpdate(sourcePath)
            let table = try reader.read(file, options: options, diagnostics: &diagnostics)
            return WorkingTable(
                kind: kind, outputPath: outputPath, merged: table, target: table, legacyLanguage: language,
                before: table, targetExists: true, targetFile: file, reads: reads)
        }
        var merged =
            try sourceTable
            ?? reader.read(try readSourceFile(sourcePath), options: sourceOptions, diagnostics: &diagnostics)
        var target: StringTable
        var targetFile: SourceFile?
        let targetExists = fileExists(outputPath)
        if targetExists {
            let options = ReadOptions(language: language, sourceLanguage: sourceLanguage)
            let file = try reads.readForUpdate(outputPath)
            targetFile = file
            target = try reader.read(file, options: options, diagnostics: &diagnostics)
            var ignored = Diagnostics()
            merged.merge(target, diagnostics: &ignored, origin: outputPath)
        } else {
            target = StringTable(name: merged.name, sourceLanguage: sourceLanguage)
            target.version = merged.version
            target.traits = merged.traits
        }
        return WorkingTable(
            kind: kind, outputPath: outputPath, merged: merged, target: target, legacyLanguage: language,
            before: merged, targetExists: targetExists, targetFile: targetFile, reads: reads)
    }

    /// A `<file>` waiting to be applied: its place in the result, and the table it goes to.
    struct PendingFile: Sendable {
        /// The position of its ``FileResult`` in ``Result/files``.
        var result: Int
        var file: XLIFFFile
        /// The position of its table in ``WorkingTables/tables``.
        var table: Int
        var kind: TableKind
    }

    /// What assigning tables remembers from one few documents to the next (``Import/Options/documentsAtOnce``).
    struct TableAssignment {
        /// Per catalog (by table index): its languages, and those of the files assigned to it so far.
        var catalogLanguages: [Int: [String]] = [:]
    }

    /// Gives each `<file>` of `parsed` its ``FileResult`` and, in document order, its table: a table is taken
    /// from `loader` where it is first named, with its reading diagnostics.
    ///
    /// `parsed` are the next documents after those `assignment` has seen. Returns the files to apply.
    func assignTables(
        to parsed: [ParsedDocument], tables work: inout WorkingTables, assignment: inout TableAssignment,
        loader: TableLoader, result: inout Result, diagnostics: inout Diagnostics
    ) throws -> [PendingFile] {
        var pending: [PendingFile] = []
        for read in parsed {
            diagnostics.append(contentsOf: read.diagnostics)
            for (file, target) in zip(read.document.files, read.targets) {
                var fileResult = FileResult(
                    document: read.path, original: file.original, language: file.targetLanguage,
                    report: XLIFFImportReport())
                switch target {
                case .skip(let reason):
                    fileResult.report.skipAll(of: file, reason)
                case .refuse:
                    preconditionFailure("refused files end the import before tables are assigned")
                case .table(let request):
                    let index = try work.index(for: request.key) {
                        let loaded = try loader.take(request.key)
                        diagnostics.append(contentsOf: loaded.diagnostics)
                        return loaded.table
                    }
                    var file = file
                    var request = request
                    if request.kind == .catalog {
                        // A language the catalog (or an earlier file into it) spells in another case is the
                        // catalog's. The catalog's languages are listed once.
                        var languages =
                            assignment.catalogLanguages[index]
                            ?? LanguageSelection.available(in: work.tables[index].merged)
                        if let spelled = LanguageSelection.sameFolderSpelling(of: request.language, in: languages) {
                            request.languageNote = Self.languageNote(
                                request.language, spelled: spelled, file: file, document: read.path)
                            request.language = spelled
                        }
                        if !languages.contains(request.language) { languages.append(request.language) }
                        assignment.catalogLanguages[index] = languages
                    }
                    if let note = request.languageNote {
                        diagnostics.append(note)
                        file.targetLanguage = request.language
                        fileResult.language = request.language
                    }
                    if let note = request.migrationNote { diagnostics.append(note) }
                    fileResult.isLegacy = work.tables[index].kind != .catalog
                    fileResult.table = work.tables[index].outputPath
                    if let legacyLanguage = work.tables[index].legacyLanguage, legacyLanguage != request.language {
                        // Two languages cannot share one legacy file; cannot happen since the file is chosen by
                        // language.
                        fileResult.report.skipAll(of: file, .unknownTable)
                    } else {
                        pending.append(
                            PendingFile(
                                result: result.files.count, file: file, table: index,
                                kind: request.unitKind ?? request.kind))
                    }
                }
                result.files.append(fileResult)
            }
        }
        return pending
    }
}

/// A table being imported into, and whether an import changed it.
struct WorkingTable {
    var kind: TableKind
    /// Where the table is written.
    var outputPath: String
    /// The table the XLIFF is applied to (for a legacy table, the source language merged with the language's file).
    var merged: StringTable
    /// For a legacy table, the language's own file as read (empty when it does not exist yet).
    var target: StringTable?
    /// For a legacy table, the language of its file.
    var legacyLanguage: String?
    /// For a legacy table, ``merged`` before the import.
    var before: StringTable?
    /// For a legacy table, whether the language's file exists.
    var targetExists: Bool
    /// For a legacy table, the language's file as read (when it exists), which the import edits in place.
    var targetFile: SourceFile? = nil
    /// The files read that the import writes (the table's own transaction, taken into the import's when the
    /// table changed), locked until it is done.
    var reads = FileTransaction()
    var changed = false
    /// For a catalog, its languages before the import (``Import/newLanguages(of:)``).
    var languagesBefore: [String]? = nil
    /// For a catalog, its version before the import (a note says when the import raised it).
    var versionBefore: String? = nil
}

/// The tables of one import, each read once however many `<file>` elements name it, in the order first named.
struct WorkingTables {
    var tables: [WorkingTable] = []
    var positions: [String: Int] = [:]

    mutating func index(for key: String, load: () throws -> WorkingTable) throws -> Int {
        if let index = positions[key] { return index }
        tables.append(try load())
        positions[key] = tables.count - 1
        return tables.count - 1
    }
}
