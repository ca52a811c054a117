import LocalizationCatalog
import LocalizationConverter
import StringBridgeSupport
import XCStringsFormat
@_spi(XLIFFDocuments) import XLIFFFormat

/// Quality gates for CI: finds every table under some paths and reports what is wrong with it (docs/check.md).
///
/// ```swift
/// let report = try CatalogCheck().run(["MyApp"], options: .init())
/// print(report.text())
/// ```
package struct CatalogCheck: Sendable {
    /// What to check.
    package struct Options: Sendable {
        /// The rules to apply; all by default.
        package var rules: Set<CheckRule> = Set(CheckRule.allCases)
        /// Languages that must be complete, even where a table lacks them entirely.
        package var languages: [String] = []
        /// The development language of legacy tables.
        package var sourceLanguage = "en"
        /// Whether catalogs not in Xcode's layout are rewritten (``CheckReport/fixes``).
        ///
        /// The catalogs are then read for update (``FileTransaction/readForUpdate(_:)``), those that get a fix
        /// staying locked until ``CheckReport/apply()``.
        package var fix = false
        /// A severity per rule, replacing the rule's own (``CheckRule/severity``) for its findings; a finding made
        /// less serious for its own reason (a stale key's, a source without specifiers) keeps its severity.
        package var severities: [CheckRule: CheckSeverity] = [:]
        /// Findings less serious than this are left out of the report.
        package var minimumSeverity = CheckSeverity.note
        /// How long to wait, in seconds, for another process writing a catalog that `fix` would rewrite.
        package var lockTimeout: Double = 120
        /// The keys the code uses for legacy tables, read as `sync` reads it; nil: code is not read.
        ///
        /// The command-line tool's reading is `CodeSync`'s; this module reads no code. Called once per folder
        /// checked, with that folder and the development-language file of each of its legacy tables; returns the
        /// keys of each file whose code is there. Without it `orphan-key` goes by the tables alone.
        package var codeKeys: (@Sendable (_ root: String, _ files: [String]) -> [String: Set<String>])?

        package init() {}
    }

    /// The formats used.
    package var registry: FormatRegistry

    package init(registry: FormatRegistry = .standard) {
        self.registry = registry
    }

    /// One thing to check: a catalog, a legacy table, or an XLIFF document.
    enum Unit: Sendable {
        case catalog(String)
        case legacy(name: String, files: [Migration.LegacyFile])
        case single(String)
        case xliff(String)
    }

    /// Finds the tables under `paths` and checks them.
    /// - Throws: ``ConversionError`` when a path does not exist, or with `fix` when a catalog cannot be read for
    ///   update (another process held it past `lockTimeout`): no fix is written then.
    package func run(_ paths: [String], options: Options) throws -> CheckReport {
        var units: [Unit] = []
        var codeKeys: [String: Set<String>] = [:]
        for path in paths {
            guard fileExists(path) else { throw ConversionError("no such file or folder", path: path) }
            let found = discover(path, sourceLanguage: options.sourceLanguage)
            units += found
            if let provider = options.codeKeys, isDirectory(path) {
                let files = found.compactMap { Self.developmentFile(of: $0, sourceLanguage: options.sourceLanguage) }
                if !files.isEmpty {
                    codeKeys.merge(provider(path, files)) { $0.union($1) }
                }
            }
        }
        let usedKeys = codeKeys
        let results = parallelMap(units) { unit in
            check(
                unit, options: options,
                codeKeys: Self.developmentFile(of: unit, sourceLanguage: options.sourceLanguage).flatMap {
                    usedKeys[$0]
                })
        }
        let updateErrors = results.flatMap(\.updateErrors)
        if !updateErrors.isEmpty { throw ConversionError(updateErrors) }
        var report = CheckReport()
        // A key one folder's development-language file lacks may be in another folder's file of the same table
        // (Resources/en.lproj/Localizable.strings beside Resources/Plurals/en.lproj/Localizable.stringsdict): both
        // go into one bundle, so such a key is no orphan.
        var sourceKeys: [String: Set<[UInt8]>] = [:]
        for result in results {
            for (table, keys) in result.sourceKeys { sourceKeys[table, default: []].formUnion(keys) }
        }
        for result in results {
            report.findings += result.findings.filter { finding in
                finding.rule != .orphanKey || sourceKeys[finding.table]?.contains(Array(finding.key.utf8)) != true
            }
            report.fixes += result.fixes
            report.updates.include(result.updates)
            report.files += result.files
            report.tables += result.tables
        }
        // Reader findings (duplicate-key, invalid-file) are made before the rules are known to apply.
        report.findings.removeAll { !options.rules.contains($0.rule) }
        // A pseudo-language (en-XA) is no language the app is translated into: checked only when named.
        report.findings.removeAll {
            LanguageIdentifier.isPseudoLanguage($0.language) && !Self.names($0.language, in: options.languages)
        }
        for index in report.findings.indices {
            let rule = report.findings[index].rule
            if let severity = options.severities[rule], report.findings[index].severity == rule.severity {
                report.findings[index].severity = severity
            } else if rule == .missingTranslation, report.findings[index].severity == rule.severity,
                Self.names(report.findings[index].language, in: options.languages)
            {
                // A language that must be complete (`--language`, the configuration's `languages`): what it lacks
                // fails the gate; the other languages' missing translations stay warnings.
                report.findings[index].severity = .error
            }
        }
        report.findings.removeAll { $0.severity > options.minimumSeverity }
        report.sort()
        return report
    }

    /// Whether `languages` names `language` (case and `_`/`-` aside, as languages are compared on the command line).
    static func names(_ language: String, in languages: [String]) -> Bool {
        guard !language.isEmpty else { return false }
        let spelled = { (name: String) in name.lowercased().replacingOccurrences(of: "_", with: "-") }
        let wanted = spelled(language)
        return languages.contains { spelled($0) == wanted }
    }

    func discover(_ path: String, sourceLanguage: String) -> [Unit] {
        let lowercased = path.lowercased()
        if lowercased.hasSuffix(".xcloc") || lowercased.hasSuffix(".xcloc/") {
            return ProjectPaths.files(below: path + "/Localized Contents", extensions: ["xliff", "xlf"]).map {
                .xliff($0)
            }
        }
        guard isDirectory(path) else { return [unit(forFile: path)] }
        var units: [Unit] = []
        for file in ProjectPaths.files(below: path, extensions: ["xcstrings", "xliff", "xlf"]) {
            units.append(unit(forFile: file))
        }
        for bundle in ProjectPaths.bundles(below: path, extension: "xcloc") {
            units += discover(bundle, sourceLanguage: sourceLanguage)
        }
        for file in ProjectPaths.files(below: path, extensions: ["strings", "stringsdict"])
        where ProjectPaths.lprojLanguage(of: file) == nil {
            units.append(.single(file))
        }
        // Grouped by table and by the folder holding the `.lproj` folders, as roundtrip does.
        for (name, files) in Migration(registry: registry).tables(below: path, sourceLanguage: sourceLanguage) {
            var byFolder = OrderedMap<[Migration.LegacyFile]>()
            for file in files {
                let folder = Self.parent(Self.parent(file.path))
                if let position = byFolder.index(forKey: folder) {
                    byFolder[valueAt: position].append(file)
                } else {
                    _ = byFolder.appendNew([file], forKey: folder)
                }
            }
            for (_, group) in byFolder { units.append(.legacy(name: name, files: group)) }
        }
        return units
    }

    private func unit(forFile path: String) -> Unit {
        let lowercased = path.lowercased()
        if lowercased.hasSuffix(".xliff") || lowercased.hasSuffix(".xlf") { return .xliff(path) }
        if lowercased.hasSuffix(".xcstrings") { return .catalog(path) }
        return .single(path)
    }

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func baseName(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    struct UnitResult: Sendable {
        var findings: [Finding] = []
        /// The keys of each legacy table's development-language files (for `orphan-key` across folders).
        var sourceKeys: [String: Set<[UInt8]>] = [:]
        var fixes: [CheckReport.Fix] = []
        /// The catalogs of ``fixes``, read for update.
        var updates = FileTransaction()
        /// Why a catalog `fix` would rewrite could not be read for update; the check then fails.
        var updateErrors: [Diagnostic] = []
        var files = 0
        var tables = 0
    }

    /// The development-language file of a legacy table (its `Base.lproj` or development-language `.strings` file,
    /// else `.stringsdict`), which code keys are asked for; nil for other units.
    static func developmentFile(of unit: Unit, sourceLanguage: String) -> String? {
        guard case .legacy(_, let files) = unit else { return nil }
        let own = files.filter { $0.lprojLanguage == "Base" || $0.lprojLanguage == sourceLanguage }
        // A table whose development language lives only in code (no file of its own): asked for by a translation.
        return
            (own.first { !$0.isStringsDict && $0.lprojLanguage == "Base" } ?? own.first { !$0.isStringsDict }
            ?? own.first ?? files.first { !$0.isStringsDict } ?? files.first)?.path
    }

    private func check(_ unit: Unit, options: Options, codeKeys: Set<String>? = nil) -> UnitResult {
        var result = UnitResult()
        switch unit {
        case .catalog(let path): checkCatalog(path, options: options, into: &result)
        case .legacy(let name, let files):
            let inputs = files.map {
                LegacyInput(path: $0.path, lprojLanguage: $0.lprojLanguage, isStringsDict: $0.isStringsDict)
            }
            checkLegacy(name: name, files: inputs, options: options, codeKeys: codeKeys, into: &result)
        case .single(let path):
            let language = ProjectPaths.lprojLanguage(of: path) ?? options.sourceLanguage
            let file = LegacyInput(
                path: path, lprojLanguage: language, isStringsDict: path.lowercased().hasSuffix(".stringsdict"))
            checkLegacy(
                name: Self.baseName(path), files: [file], options: options,
                languagesAreKnown: ProjectPaths.lprojLanguage(of: path) != nil, into: &result)
        case .xliff(let path): XLIFFRules(rules: options.rules).check(path, into: &result)
        }
        return result
    }

    /// Reader errors as findings: a duplicate key is `duplicate-key`, anything else `invalid-file`; `language` is the
    /// file's (legacy files), empty for a file of several languages.
    static func readFailure(
        _ error: any Error, path: String, table: String, language: String = "", into result: inout UnitResult
    ) {
        let diagnostics = (error as? ConversionError)?.diagnostics ?? [Diagnostic(.error, "\(error)", path: path)]
        for diagnostic in diagnostics where diagnostic.severity == .error {
            let duplicate = diagnostic.id == .duplicateKey
            let position = KeyPosition(
                file: diagnostic.path ?? path, line: diagnostic.line ?? 1, column: diagnostic.column ?? 1)
            result.findings.append(
                Finding(
                    duplicate ? .duplicateKey : .invalidFile, at: position, table: table,
                    key: duplicate ? diagnostic.key ?? "" : "", language: language, message: diagnostic.message))
        }
    }

    /// Reader warnings that are findings: duplicate keys (`duplicate-key`) and `.strings` strings holding `\u`
    /// with hexadecimal digits (`lowercase-unicode-escape`, the `.strings` reader's warning at the backslash,
    /// whose key is the last one `read` places before it).
    static func readerFindings(
        _ diagnostics: Diagnostics, path: String, table: String, language: String = "", read: StringTable? = nil,
        into result: inout UnitResult
    ) {
        for diagnostic in diagnostics.all {
            let rule: CheckRule
            let key: String
            if diagnostic.id == .duplicateKey {
                rule = .duplicateKey
                key = diagnostic.key ?? ""
            } else if diagnostic.id == .lowercaseUnicodeEscape {
                rule = .lowercaseUnicodeEscape
                key = read.map { keyBefore(diagnostic, in: $0) } ?? ""
            } else {
                continue
            }
            let position = KeyPosition(
                file: diagnostic.path ?? path, line: diagnostic.line ?? 1, column: diagnostic.column ?? 1)
            result.findings.append(
                Finding(rule, at: position, table: table, key: key, language: language, message: diagnostic.message))
        }
    }

    /// The key of `table` placed last at or before `diagnostic` in its file (``CatalogEntry/origin``), or `""`.
    static func keyBefore(_ diagnostic: Diagnostic, in table: StringTable) -> String {
        guard let line = diagnostic.line, let column = diagnostic.column else { return "" }
        var found = ""
        var foundPlace = (line: 0, column: 0)
        for (key, entry) in table.entries {
            guard let origin = entry.origin, origin.path == diagnostic.path else { continue }
            let place = (line: origin.line, column: origin.column)
            if place <= (line, column), place > foundPlace {
                found = key
                foundPlace = place
            }
        }
        return found
    }

    // MARK: - Catalogs

    private func checkCatalog(_ path: String, options: Options, into result: inout UnitResult) {
        result.files += 1
        let name = Self.baseName(path)
        guard let format = registry.format(named: "xcstrings"), let reader = format.reader else { return }
        // The file is held (mapped, for a large one) only while it is read and its layout compared.
        guard let table = readCatalog(path, name: name, format: format, reader: reader, options: options, into: &result)
        else { return }
        // Each key's place is the reader's (its member name's opening quote); no second scan of the file.
        let subject = TableUnderCheck(
            table: table, files: [:], mainFile: path,
            position: { key, _ in
                guard let origin = table.entries[key]?.origin else { return KeyPosition(file: path) }
                return KeyPosition(file: path, line: origin.line, column: origin.column)
            },
            languages: table.languages, keyIsSourceText: true)
        TableRules(rules: options.rules, requiredLanguages: options.languages).check(subject, into: &result.findings)
    }

    /// Reads a catalog and checks its layout (`not-xcode-formatted`, or its fix); `nil` when it cannot be read.
    private func readCatalog(
        _ path: String, name: String, format: FormatDescriptor, reader: any CatalogReader, options: Options,
        into result: inout UnitResult
    ) -> StringTable? {
        let source: SourceFile
        let table: StringTable
        var diagnostics = Diagnostics()
        // A catalog --fix may rewrite is read for update: released at once unless it gets a fix.
        var updates = FileTransaction()
        updates.lockTimeout = options.lockTimeout
        let forUpdate = options.fix && options.rules.contains(.notXcodeFormatted)
        do {
            if forUpdate {
                do {
                    source = try updates.readForUpdate(path)
                } catch let error as ConversionError {
                    result.updateErrors += error.diagnostics
                    return nil
                }
            } else {
                source = try readSourceFile(path)
            }
            table = try reader.read(source, options: ReadOptions(), diagnostics: &diagnostics)
        } catch {
            Self.readFailure(error, path: path, table: name, into: &result)
            return nil
        }
        result.tables += 1
        Self.readerFindings(diagnostics, path: path, table: name, into: &result)
        guard options.rules.contains(.notXcodeFormatted), let writer = format.writer else { return table }
        var ignored = Diagnostics()
        // A catalog in Xcode's layout (the common case) is compared with its rewrite as the rewrite is made,
        // without a copy of either; only one that differs is written out whole, to re-read and to offer as a fix.
        // A large file's memory is let go once read, and again behind the comparison, which reads it once more.
        source.releaseResidentBytes()
        if writer is XCStringsWriter,
            source.withUnsafeBytes({
                XCStringsWriter().firstDifference(of: table, from: $0, diagnostics: &ignored) { compared in
                    source.releaseResidentBytes(before: compared)
                }
            }) == nil
        {
            return table
        }
        let bytes = source.bytes
        guard let output = try? writer.write(table, options: WriteOptions(), diagnostics: &ignored).first,
            output.bytes != bytes
        else { return table }
        let common = zip(bytes, output.bytes).prefix { $0 == $1 }.count
        // Back up to the start of the scalar the difference is in.
        var offset = common
        while offset > 0, offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
        let (line, column) = SourceLines(path: path, bytes: bytes).lineAndColumn(of: offset)
        let position = KeyPosition(file: path, line: line, column: column)
        // The rewrite must hold the same content, or it is not offered as a fix.
        // Content: the traits (a final newline) are layout, which the rewrite is meant to change.
        var again = Diagnostics()
        var reread = try? reader.read(
            SourceFile(path: path, bytes: output.bytes), options: ReadOptions(), diagnostics: &again)
        reread?.traits = table.traits
        let same = reread.map { Self.sameContent($0, table) } ?? false
        if options.fix, same {
            result.fixes.append(CheckReport.Fix(path: path, bytes: output.bytes))
            result.updates.include(updates)
            return table
        }
        result.findings.append(
            Finding(
                .notXcodeFormatted, at: position, table: name,
                message: same
                    ? "not laid out as Xcode writes it, from line \(position.line) on (--fix rewrites it)"
                    : "not laid out as Xcode writes it, from line \(position.line) on; a rewrite would change "
                        + "its content, so --fix leaves it"))
        return table
    }

    /// Whether two tables hold the same content, whatever the order of their keys and of each key's languages
    /// (Xcode's writer sorts both); anything deeper must be equal, order included.
    static func sameContent(_ lhs: StringTable, _ rhs: StringTable) -> Bool {
        guard lhs.name == rhs.name, lhs.sourceLanguage == rhs.sourceLanguage, lhs.version == rhs.version,
            lhs.extraMembers == rhs.extraMembers, lhs.entries.count == rhs.entries.count
        else { return false }
        for (key, entry) in lhs.entries {
            guard var other = rhs.entries[key] else { return false }
            if let languages = entry.localizations, let otherLanguages = other.localizations {
                guard languages.count == otherLanguages.count else { return false }
                for (language, localization) in languages where otherLanguages[language] != localization {
                    return false
                }
                other.localizations = languages
            }
            guard other == entry else { return false }
        }
        return true
    }

    // MARK: - Legacy tables

    /// Whether the table `name` of `files` belongs to a storyboard or xib: a `name.storyboard` or `name.xib` in one of
    /// the `.lproj` folders (`Base.lproj` included) beside its files' folders.
    static func isInterfaceBuilderTable(name: String, files: [String]) -> Bool {
        var folders: [String] = []
        for file in files {
            let folder = parent(parent(file))
            if !folders.contains(folder) { folders.append(folder) }
        }
        for folder in folders {
            var lprojs = ["Base.lproj"]
            for file in files where parent(parent(file)) == folder {
                let lproj = String(parent(file).split(separator: "/").last ?? "")
                if !lprojs.contains(lproj) { lprojs.append(lproj) }
            }
            for lproj in lprojs {
                for ext in ["storyboard", "xib"] where fileExists("\(folder)/\(lproj)/\(name).\(ext)") { return true }
            }
        }
        return false
    }

    /// One file of a legacy table.
    struct LegacyInput {
        var path: String
        /// The name of its `.lproj` folder without the extension (`en`, `Base`).
        var lprojLanguage: String
        var isStringsDict: Bool
    }

    private func checkLegacy(
        name: String, files: [LegacyInput], options: Options, languagesAreKnown: Bool = true,
        codeKeys: Set<String>? = nil, into result: inout UnitResult
    ) {
        let sourceLanguage = options.sourceLanguage
        var table = StringTable(name: name, sourceLanguage: sourceLanguage)
        var positions: [String: [String: KeyPosition]] = [:]
        var fileOf: [String: String] = [:]
        var languages: [String] = []
        var readAny = false
        for file in files {
            result.files += 1
            let language = file.lprojLanguage == "Base" ? sourceLanguage : file.lprojLanguage
            guard let reader = registry.format(forPath: file.path)?.reader else { continue }
            var diagnostics = Diagnostics()
            let part: StringTable
            let source: SourceFile
            do {
                source = try readSourceFile(file.path)
                part = try reader.read(
                    source, options: ReadOptions(tableName: name, language: language, sourceLanguage: sourceLanguage),
                    diagnostics: &diagnostics)
            } catch {
                Self.readFailure(
                    error, path: file.path, table: name, language: languagesAreKnown ? language : "", into: &result)
                continue
            }
            readAny = true
            Self.readerFindings(
                diagnostics, path: file.path, table: name, language: languagesAreKnown ? language : "", read: part,
                into: &result)
            if !languages.contains(language) { languages.append(language) }
            if fileOf[language] == nil || !file.isStringsDict { fileOf[language] = file.path }
            // Each key's place is the reader's (a repeated key's last statement, the one whose value is read).
            var found = positions[language] ?? [:]
            for (key, entry) in part.entries where found[key] == nil {
                let origin = entry.origin
                found[key] = KeyPosition(file: file.path, line: origin?.line ?? 1, column: origin?.column ?? 1)
            }
            positions[language] = found
            var ignored = Diagnostics()
            table.merge(part, diagnostics: &ignored, origin: file.path)
        }
        guard readAny else { return }
        result.tables += 1
        if languagesAreKnown {
            var keys = result.sourceKeys[name] ?? []
            for (key, entry) in table.entries where entry.localizations?[sourceLanguage] != nil {
                keys.insert(Array(key.utf8))
            }
            result.sourceKeys[name] = keys
        }
        let mainFile = fileOf[sourceLanguage] ?? files[0].path
        let finalPositions = positions
        // A key the development language lacks is placed in the first language, in sorted order, that has it: the
        // same place on every run.
        let sortedLanguages = positions.keys.sorted()
        var subject = TableUnderCheck(
            table: table, files: fileOf, mainFile: mainFile,
            position: { key, language in
                finalPositions[language]?[key] ?? finalPositions[sourceLanguage]?[key]
                    ?? sortedLanguages.lazy.compactMap { finalPositions[$0]?[key] }.first ?? KeyPosition(file: mainFile)
            },
            languages: languages, keyIsSourceText: false)
        subject.languagesAreKnown = languagesAreKnown
        subject.reportsOrphans = languagesAreKnown && fileOf[sourceLanguage] != nil
        subject.codeKeys = languagesAreKnown ? codeKeys : nil
        subject.isInterfaceBuilder = Self.isInterfaceBuilderTable(name: name, files: files.map(\.path))
        TableRules(rules: options.rules, requiredLanguages: options.languages).check(subject, into: &result.findings)
    }
}
