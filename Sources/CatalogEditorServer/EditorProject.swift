import CatalogChecks
import CatalogReport
import Foundation
import LocalizationCatalog
import LocalizationConverter
import StringBridgeSupport

/// The project `edit` serves: its tables read once, addressed by ids it assigned (never by a path from a request),
/// each with the revision (the files' bytes) the page loaded; saves go through the model, the formats' writers and
/// in-place editors, and a ``FileTransaction`` (docs/editor.md).
package actor EditorProject {
    /// A request that cannot be served, with its HTTP status.
    package struct Failure: Error, Sendable {
        package var status: Int
        package var message: String
        package var files: [String] = []
    }

    /// A table as the editor holds it.
    struct Held {
        var report: ProjectReport.TableReport
        /// Revision of the table's files as read (``EditorProject/revision(of:)``).
        var revision: String
        /// Size and modification time of each file when read, to notice a change on disk cheaply.
        var stamps: [String: FileStamp]
        /// Findings of check's rules per language, computed when first asked for.
        var findings: [String: [String: [Finding]]] = [:]
    }

    struct FileStamp: Equatable {
        var size: Int64
        var modified: Int64
    }

    let paths: [String]
    let checkOptions: CatalogCheck.Options
    let registry: FormatRegistry
    private var order: [String] = []
    private var held: [String: Held] = [:]
    private var ids: [String: String] = [:]
    private var overview: ProjectReport
    private var overviewIsStale = false
    package private(set) var version: String

    /// Reads the project.
    /// - Throws: ``ConversionError`` when a path does not exist.
    package init(paths: [String], checkOptions: CatalogCheck.Options = .init(), version: String = "") throws {
        self.paths = paths
        self.checkOptions = checkOptions
        self.registry = .standard
        self.version = version
        let report = try ProjectReport.collect(paths, checkOptions: checkOptions)
        var overview = report
        var order: [String] = []
        var held: [String: Held] = [:]
        var ids: [String: String] = [:]
        var renamed: [String: String] = [:]
        for table in report.tables {
            let identity = Self.identity(table.project)
            let id = "t\(ids.count)"
            ids[identity] = id
            renamed[table.id] = id
            var table = table
            table.id = id
            order.append(id)
            held[id] = Held(
                report: table, revision: Self.revision(of: table.project), stamps: Self.stamps(of: table.project))
        }
        overview.tables = order.compactMap { held[$0]?.report }
        for index in overview.findings.indices {
            overview.findings[index].table = overview.findings[index].table.flatMap { renamed[$0] }
        }
        self.overview = overview
        self.order = order
        self.held = held
        self.ids = ids
    }

    static func identity(_ table: ProjectTable) -> String { table.file + "\u{0}" + table.table.name }

    // MARK: - Pages

    /// The overview page, read again when a table changed since it was made.
    package func page() throws -> String {
        if overviewIsStale || changedOnDisk().count > 0 { try refreshOverview() }
        var page = ReportPage(report: overview, mode: .editor)
        page.version = version
        page.findingsPerRule = 200
        page.title = title
        return page.html()
    }

    var title: String {
        let first = paths.first ?? "."
        let absolute = first.hasPrefix("/") ? first : FileManager.default.currentDirectoryPath + "/" + first
        return URL(fileURLWithPath: absolute).standardizedFileURL.lastPathComponent
    }

    private func refreshOverview() throws {
        let report = try ProjectReport.collect(paths, checkOptions: checkOptions)
        var tables: [ProjectReport.TableReport] = []
        var renamed: [String: String] = [:]
        for var table in report.tables {
            let identity = Self.identity(table.project)
            let id = ids[identity] ?? "t\(ids.count)"
            ids[identity] = id
            renamed[table.id] = id
            table.id = id
            tables.append(table)
            if !order.contains(id) { order.append(id) }
            held[id] = Held(
                report: table, revision: Self.revision(of: table.project), stamps: Self.stamps(of: table.project))
        }
        overview = report
        overview.tables = tables
        for index in overview.findings.indices {
            overview.findings[index].table = overview.findings[index].table.flatMap { renamed[$0] }
        }
        overviewIsStale = false
    }

    /// The ids of the tables whose files changed on disk since they were read.
    private func changedOnDisk() -> [String] {
        order.filter { id in
            guard let table = held[id] else { return false }
            return Self.stamps(of: table.report.project) != table.stamps
        }
    }

    // MARK: - A table in one language

    /// The keys of a table in a language, as the editor's JSON.
    package func tableJSON(id: String, language: String) throws -> [UInt8] {
        var table = try self.table(id)
        if Self.stamps(of: table.report.project) != table.stamps {
            table = try reread(id)
        }
        let project = table.report.project
        guard language == project.table.sourceLanguage || project.languages.contains(language) else {
            throw Failure(status: 404, message: "the table has no language \(language)")
        }
        let byKey = self.findings(id: id, language: language)
        var out = JSONOutput()
        out.raw("{\"table\":")
        out.string(id)
        out.raw(",\"name\":")
        out.string(project.table.name)
        out.raw(",\"file\":")
        out.string(project.file)
        out.raw(",\"kind\":")
        out.string(project.kind.rawValue)
        out.raw(",\"language\":")
        out.string(language)
        out.raw(",\"sourceLanguage\":")
        out.string(project.table.sourceLanguage)
        out.raw(",\"editable\":\(project.kind != .xliff),\"states\":\(project.kind == .catalog)")
        out.raw(",\"revision\":")
        out.string(table.revision)
        out.raw(",\"keys\":[")
        var first = true
        for (key, entry) in project.table.entries {
            if !first { out.raw(",") }
            first = false
            out.raw("{\"k\":")
            out.string(key)
            if let comment = entry.comment {
                out.raw(",\"c\":")
                out.string(comment)
            }
            if let state = entry.extractionState {
                out.raw(",\"x\":")
                out.string(state.rawValue)
            }
            if entry.shouldTranslate == false { out.raw(",\"dt\":true") }
            out.raw(",\"s\":[")
            for (index, slot) in KeySlots.slots(key: key, entry: entry, language: language, in: project).enumerated() {
                if index > 0 { out.raw(",") }
                out.raw("[")
                out.string(slot.path)
                out.raw(",")
                out.optional(slot.source)
                out.raw(",")
                out.optional(slot.value)
                out.raw(",")
                out.optional(slot.state)
                out.raw("]")
            }
            out.raw("],\"f\":")
            Self.findingsJSON(byKey[key] ?? [], into: &out)
            out.raw("}")
        }
        out.raw("]}")
        return out.bytes
    }

    static func findingsJSON(_ findings: [Finding], into out: inout JSONOutput) {
        out.raw("[")
        for (index, finding) in findings.enumerated() {
            if index > 0 { out.raw(",") }
            out.raw("[")
            out.string(finding.path)
            out.raw(",")
            out.string(finding.rule.rawValue)
            out.raw(",")
            out.string(finding.severity.rawValue)
            out.raw(",")
            out.string(finding.message)
            out.raw("]")
        }
        out.raw("]")
    }

    /// check's findings of a table in one language, by key (computed on the development language and that one).
    private func findings(id: String, language: String) -> [String: [Finding]] {
        guard var table = held[id] else { return [:] }
        if let cached = table.findings[language] { return cached }
        var project = table.report.project
        let source = project.table.sourceLanguage
        project.table.entries = project.table.entries.mapValues { entry in
            var entry = entry
            entry.localizations?.removeAll { name, _ in name != source && name != language }
            return entry
        }
        project.languages = project.languages.filter { $0 == source || $0 == language }
        var byKey: [String: [Finding]] = [:]
        for finding in project.findings(rules: checkOptions.rules)
        where !finding.key.isEmpty && (finding.language == language || finding.language.isEmpty) {
            byKey[finding.key, default: []].append(finding)
        }
        table.findings[language] = byKey
        held[id] = table
        return byKey
    }

    /// check's findings of one key as the page has it now (`values`: path → value, `nil` for none).
    package func check(id: String, language: String, key: String, values: [(path: String, value: String?)]) throws
        -> [UInt8]
    {
        let table = try self.table(id)
        var project = table.report.project
        guard var entry = project.table.entries[key] else { throw Failure(status: 404, message: "no such key") }
        let source = project.table.sourceLanguage
        var localization = entry.localizations?[language]
        let sourceRoot = entry.localizations?[source] ?? (project.keyIsSourceText ? Localization(key) : nil)
        for (path, value) in values {
            let state =
                localization.flatMap { ProjectTable.leaves(of: $0).first { $0.path == path }?.state }
                .map(TranslationState.init(rawValue:)) ?? .translated
            KeySlots.set(value, state: state, at: path, in: &localization, source: sourceRoot)
        }
        var localizations = entry.localizations ?? OrderedMap()
        localizations.removeAll { name, _ in name != source && name != language }
        localizations[language] = localization
        if localization == nil { _ = localizations.removeValue(forKey: language) }
        entry.localizations = localizations
        project.table.entries = [key: entry]
        project.languages = project.languages.filter { $0 == source || $0 == language }
        if !project.languages.contains(language) { project.languages.append(language) }
        let findings = project.findings(rules: checkOptions.rules).filter {
            $0.language == language || $0.language.isEmpty
        }
        var out = JSONOutput()
        out.raw("{\"findings\":")
        Self.findingsJSON(findings, into: &out)
        out.raw("}")
        return out.bytes
    }

    // MARK: - Saving

    /// One change the page asks for.
    package struct Change: Sendable {
        package var key: String
        package var language: String
        package var path: String
        package var value: String?

        package init(key: String, language: String, path: String, value: String?) {
            self.key = key
            self.language = language
            self.path = path
            self.value = value
        }
    }

    /// Saves the changes and "mark as reviewed" of one table, if its files are still those of `revision`.
    /// - Returns: the new revision, the files written and what the writers warned about (a comment's NUL that a
    ///   UTF-8 file cannot keep, …: `path:line:column: warning: message`), which the page shows: nothing is dropped
    ///   without a message.
    /// - Throws: ``Failure`` 409 when a file changed on disk since (nothing is written), 400/404 for a request that
    ///   names no table, language or key the table has, 500 when a file cannot be written.
    package func save(id: String, revision: String, changes: [Change], reviewed: [(key: String, language: String)])
        throws -> (revision: String, files: [String], warnings: [String])
    {
        let held = try table(id)
        let project = held.report.project
        guard project.kind != .xliff else { throw Failure(status: 400, message: "XLIFF documents are read only here") }
        let languages = Set(project.languages + [project.table.sourceLanguage])
        for change in changes where !languages.contains(change.language) {
            throw Failure(status: 400, message: "the table has no language \(change.language)")
        }
        for item in reviewed where !languages.contains(item.language) {
            throw Failure(status: 400, message: "the table has no language \(item.language)")
        }
        var transaction = FileTransaction()
        transaction.lockTimeout = 10
        var warnings = Diagnostics()
        do {
            let written: [String]
            switch project.kind {
            case .catalog:
                written = try saveCatalog(
                    project, revision: revision, changes: changes, reviewed: reviewed, transaction: &transaction,
                    warnings: &warnings)
            case .legacy:
                written = try saveLegacy(
                    project, revision: revision, changes: changes, transaction: &transaction, warnings: &warnings)
            case .xliff:
                written = []
            }
            try transaction.commit()
            let fresh = try reread(id)
            overviewIsStale = true
            return (fresh.revision, written, warnings.all.filter { $0.severity != .note }.map(\.description))
        } catch let failure as Failure {
            transaction.discard()
            throw failure
        } catch let error as ConversionError {
            transaction.discard()
            if error.diagnostics.contains(where: { $0.id == .fileChangedMeanwhile }) {
                throw Failure(
                    status: 409,
                    message: "\(error.diagnostics.map(\.description).joined(separator: "; ")); reload to see it",
                    files: project.files.map(\.path))
            }
            throw Failure(status: 500, message: error.diagnostics.map(\.description).joined(separator: "; "))
        }
    }

    private func conflict(_ project: ProjectTable, _ file: String) -> Failure {
        Failure(
            status: 409,
            message: "\(file) changed on disk since this page loaded it (an import, a git pull?); nothing was "
                + "saved. Reload it to see the file as it is now (your unsaved changes are then dropped).",
            files: [file])
    }

    private func saveCatalog(
        _ project: ProjectTable, revision: String, changes: [Change], reviewed: [(key: String, language: String)],
        transaction: inout FileTransaction, warnings: inout Diagnostics
    ) throws -> [String] {
        let path = project.file
        let source = try transaction.readForUpdate(path)
        guard Self.revision(ofBytes: [(path, source.bytes)]) == revision else { throw conflict(project, path) }
        guard let format = registry.format(named: "xcstrings"), let reader = format.reader, let writer = format.writer
        else { throw Failure(status: 500, message: "no String Catalog format") }
        var diagnostics = Diagnostics()
        var table = try reader.read(source, options: ReadOptions(), diagnostics: &diagnostics)
        try apply(changes, reviewed: reviewed, to: &table, keyIsSourceText: true)
        // What the reader said was shown when the page loaded the table; what the writer says is new.
        var written = Diagnostics()
        guard let output = try writer.write(table, options: WriteOptions(), diagnostics: &written).first else {
            throw Failure(status: 500, message: "the catalog could not be written")
        }
        warnings.append(contentsOf: written)
        if output.bytes != source.bytes { transaction.stage(output.bytes, at: path) }
        return [path]
    }

    /// Applies changes to a table holding every language (a catalog).
    private func apply(
        _ changes: [Change], reviewed: [(key: String, language: String)], to table: inout StringTable,
        keyIsSourceText: Bool
    ) throws {
        for change in changes {
            guard var entry = table.entries[change.key] else {
                throw Failure(status: 404, message: "no key \(Diagnostic.quoted(change.key)) in the table")
            }
            let sourceRoot =
                entry.localizations?[table.sourceLanguage] ?? (keyIsSourceText ? Localization(change.key) : nil)
            var localizations = entry.localizations ?? OrderedMap()
            var localization = localizations[change.language]
            KeySlots.set(change.value, state: .translated, at: change.path, in: &localization, source: sourceRoot)
            if let localization {
                localizations[change.language] = localization
            } else {
                localizations.removeValue(forKey: change.language)
            }
            entry.localizations = localizations.isEmpty && entry.localizations == nil ? nil : localizations
            table.entries[change.key] = entry
        }
        for item in reviewed {
            guard var entry = table.entries[item.key], var localization = entry.localizations?[item.language] else {
                continue
            }
            KeySlots.markReviewed(&localization)
            entry.localizations?[item.language] = localization
            table.entries[item.key] = entry
        }
    }

    private func saveLegacy(
        _ project: ProjectTable, revision: String, changes: [Change], transaction: inout FileTransaction,
        warnings: inout Diagnostics
    ) throws -> [String] {
        let sourceLanguage = project.table.sourceLanguage
        // Every file of the table is compared with the revision; those written are read for update.
        let languages = Set(changes.map(\.language))
        var sources: [String: SourceFile] = [:]
        var contents: [(String, [UInt8])] = []
        for file in project.files {
            let source: SourceFile
            do {
                source =
                    languages.contains(file.language)
                    ? try transaction.readForUpdate(file.path) : try readSourceFile(file.path)
            } catch {
                throw conflict(project, file.path)
            }
            sources[file.path] = source
            contents.append((file.path, source.bytes))
        }
        guard Self.revision(ofBytes: contents) == revision else {
            throw conflict(project, project.files.map(\.path).joined(separator: ", "))
        }
        var written: [String] = []
        for language in languages.sorted() {
            let files = project.files.filter { $0.language == language }
            var parts: [String: StringTable] = [:]
            for file in files {
                guard let source = sources[file.path], let reader = registry.format(forPath: file.path)?.reader else {
                    continue
                }
                var ignored = Diagnostics()
                parts[file.path] = try reader.read(
                    source,
                    options: ReadOptions(
                        tableName: project.table.name, language: language, sourceLanguage: sourceLanguage),
                    diagnostics: &ignored)
            }
            var changedFiles: [String] = []
            for change in changes where change.language == language {
                guard let merged = project.table.entries[change.key] else {
                    throw Failure(status: 404, message: "no key \(Diagnostic.quoted(change.key)) in the table")
                }
                let sourceRoot = merged.localizations?[sourceLanguage]
                // The file holding the key in this language, else the .stringsdict for variations, the .strings
                // for a plain string (made beside the language's other file when there is none).
                var target = files.first { parts[$0.path]?.entries[change.key] != nil }?.path
                if target == nil {
                    var localization: Localization? = nil
                    KeySlots.set(
                        change.value, state: .translated, at: change.path, in: &localization, source: sourceRoot)
                    let wantsDict = localization?.hasMoreThanStringUnit ?? false
                    target =
                        files.first { $0.isStringsDict == wantsDict }?.path
                        ?? files.first.map { Self.sibling($0.path, table: project.table.name, dict: wantsDict) }
                }
                guard let path = target else {
                    throw Failure(status: 400, message: "the table has no file for \(language)")
                }
                var part =
                    parts[path] ?? StringTable(name: project.table.name, sourceLanguage: sourceLanguage)
                var entry = part.entries[change.key] ?? CatalogEntry(comment: merged.comment)
                var localization = entry.localizations?[language]
                KeySlots.set(change.value, state: .translated, at: change.path, in: &localization, source: sourceRoot)
                var localizations = entry.localizations ?? OrderedMap()
                if let localization {
                    localizations[language] = localization
                    entry.localizations = localizations
                    part.entries[change.key] = entry
                } else {
                    part.entries.removeValue(forKey: change.key)
                }
                parts[path] = part
                if !changedFiles.contains(path) { changedFiles.append(path) }
            }
            for path in changedFiles {
                guard let part = parts[path], let format = registry.format(forPath: path) else { continue }
                var options = WriteOptions(languages: [language])
                options.encoding = part.traits.encoding
                var diagnostics = Diagnostics()
                let file = try TableOutput.file(
                    for: part, format: format, options: options, over: sources[path], path: path,
                    diagnostics: &diagnostics)
                if file.bytes != sources[path]?.bytes {
                    transaction.stage(file.bytes, at: path)
                    written.append(path)
                    warnings.append(contentsOf: diagnostics)
                }
            }
        }
        return written
    }

    /// `X/fr.lproj/T.strings` → `X/fr.lproj/T.stringsdict` (or the other way).
    static func sibling(_ path: String, table: String, dict: Bool) -> String {
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return (folder.isEmpty ? "" : folder + "/") + table + (dict ? ".stringsdict" : ".strings")
    }

    /// Reads a table again from disk (the page's "Reload", after a save).
    package func reload(_ id: String) throws {
        try reread(id)
    }

    @discardableResult
    func reread(_ id: String) throws -> Held {
        let old = try table(id)
        let (tables, problems) = ProjectTables.reread(old.report.project, registry: registry)
        guard
            let project = tables.first(where: { $0.table.name == old.report.project.table.name }) ?? tables.first
        else {
            throw Failure(
                status: 500,
                message: "the table cannot be read: "
                    + problems.map(\.description).joined(separator: "; "))
        }
        let report = ProjectReport.tableReport(project, id: id)
        let fresh = Held(report: report, revision: Self.revision(of: project), stamps: Self.stamps(of: project))
        held[id] = fresh
        overviewIsStale = true
        return fresh
    }

    private func table(_ id: String) throws -> Held {
        guard let table = held[id] else { throw Failure(status: 404, message: "no such table") }
        return table
    }

    // MARK: - Revisions

    static func revision(of table: ProjectTable) -> String {
        revision(ofBytes: table.files.map { file in (file.path, (try? readSourceFile(file.path).bytes) ?? []) })
    }

    /// A digest of the files' paths and bytes (FNV-1a, 64 bits, over each file and over the list).
    static func revision(ofBytes files: [(String, [UInt8])]) -> String {
        var combined: UInt64 = 0xcbf2_9ce4_8422_2325
        for (path, bytes) in files.sorted(by: { $0.0 < $1.0 }) {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            hash = (hash ^ UInt64(bytes.count)) &* 0x100_0000_01b3
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            for shift in stride(from: 0, to: 64, by: 8) {
                combined = (combined ^ ((hash >> UInt64(shift)) & 0xFF)) &* 0x100_0000_01b3
            }
        }
        let hex = String(combined, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + "-\(files.count)"
    }

    static func stamps(of table: ProjectTable) -> [String: FileStamp] {
        var stamps: [String: FileStamp] = [:]
        for file in table.files {
            var info = stat()
            if stat(file.path, &info) == 0 {
                stamps[file.path] = FileStamp(
                    size: Int64(info.st_size),
                    modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
            }
        }
        return stamps
    }
}

/// JSON written straight into bytes.
struct JSONOutput {
    var bytes: [UInt8] = []

    mutating func raw(_ text: String) { bytes += text.utf8 }

    mutating func optional(_ text: String?) {
        if let text { string(text) } else { raw("null") }
    }

    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": bytes += "\\\"".utf8
            case "\\": bytes += "\\\\".utf8
            case "\n": bytes += "\\n".utf8
            case "\r": bytes += "\\r".utf8
            case "\t": bytes += "\\t".utf8
            case "<": bytes += "\\u003c".utf8
            case "\u{0}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16)
                bytes += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8
            default: bytes += String(scalar).utf8
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

extension EditorProject {
    /// The tables' ids and kinds, in the order found.
    package func tableIDs() -> [(id: String, kind: ProjectTable.Kind, file: String)] {
        order.compactMap { id in held[id].map { (id, $0.report.project.kind, $0.report.project.file) } }
    }
}
