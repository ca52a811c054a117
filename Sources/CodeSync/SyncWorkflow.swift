import CodeExtraction
import LocalizationCatalog
import LocalizationConverter
import StringBridgeSupport
import SwiftCodeReader

/// Keeps the String Catalogs of a project in sync with its code (`stringbridge sync`) and extracts catalogs from
/// code (`stringbridge extract`).
package struct SyncWorkflow: Sendable {
    /// The code readers, one per kind of source file.
    package var readers: [any CodeReader]
    /// What Xcode version's choices to follow.
    package var options: SyncOptions
    /// Which threads read the code files: all cores by default (files side by side).
    package var parallelism: Parallelism
    /// How long to wait, in seconds, for another process writing a catalog (``FileTransaction/lockTimeout``).
    package var lockTimeout: Double = 120
    let registry = FormatRegistry.standard

    /// Creates the workflow with the given readers; by default every reader of this package, reading and parsing
    /// files on the threads `parallelism` allows.
    package init(
        readers: [any CodeReader]? = nil, options: SyncOptions = SyncOptions(),
        parallelism: Parallelism = .automatic
    ) {
        self.readers = readers ?? Self.standardReaders(parallelism: parallelism)
        self.options = options
        self.parallelism = parallelism
    }

    /// Every code reader of this package, each reading its files on the threads `parallelism` allows.
    package static func standardReaders(parallelism: Parallelism = .automatic) -> [any CodeReader] {
        var swift = SwiftCodeReader()
        var objectiveC = ObjectiveCCodeReader()
        var interfaceBuilder = InterfaceBuilderReader()
        var infoPlist = InfoPlistReader()
        swift.parallelism = parallelism
        objectiveC.parallelism = parallelism
        interfaceBuilder.parallelism = parallelism
        infoPlist.parallelism = parallelism
        return [swift, objectiveC, interfaceBuilder, infoPlist]
    }

    /// One catalog as a sync would leave it.
    package struct PlannedCatalog: Sendable {
        /// The catalog's path.
        package var path: String
        /// The synced table and its changes.
        package var result: SyncResult
        /// The bytes to write; `nil` when nothing changes.
        package var bytes: [UInt8]?
        /// The line of each key in the catalog file as read (for messages about keys that are not in the code).
        var keyLocations: OrderedMap<FileLocation>
        /// The catalog read for update (when planned for update and changed): locked until
        /// ``SyncWorkflow/write(_:replacingReadOnlyFiles:)`` has written it, and checked to be unchanged then.
        var transaction = FileTransaction()
    }

    /// What a sync of a project would do.
    package struct Plan: Sendable {
        /// Every catalog that is synced, in path order.
        package var catalogs: [PlannedCatalog]
        /// Catalogs not synced, with the reason (no target contains them).
        package var leftOut: [(path: String, reason: String)]

        /// The catalogs that change.
        package var changed: [PlannedCatalog] { catalogs.filter { $0.bytes != nil } }
    }

    /// Reads every catalog below `root` and the code of its targets, and works out the synced catalogs.
    ///
    /// With `forUpdate` (a plan to write), each catalog is read for update (``FileTransaction/readForUpdate(_:)``):
    /// another stringbridge process writing it (an `import`) is waited for, and the catalog stays locked until
    /// ``write(_:replacingReadOnlyFiles:)`` or until the plan is dropped. A plan only looked at (`--check`) is
    /// read without locks.
    /// - Throws: ``ConversionError`` when a catalog cannot be read (nothing is written then).
    package func plan(root: String, forUpdate: Bool = true, diagnostics: inout Diagnostics) throws -> Plan {
        let extensions = readers.reduce(into: Set<String>()) { $0.formUnion($1.fileExtensions) }
        let layout = ProjectLayout(root: root, codeExtensions: extensions, diagnostics: &diagnostics)
        var cache: [CacheKey: [ExtractedString]] = [:]
        // The code of the targets that depend on no other module is read first, so that the declarations of the
        // modules others depend on are learnt once (`DeclarationCache`); diagnostics stay in catalog order.
        let declarationCache = DeclarationCache()
        let order = layout.catalogs.indices.sorted {
            (layout.catalogs[$0].declarationFiles.count, $0) < (layout.catalogs[$1].declarationFiles.count, $1)
        }
        var read: [(strings: [ExtractedString], diagnostics: Diagnostics)?] = Array(
            repeating: nil, count: layout.catalogs.count)
        for index in order {
            let scope = layout.catalogs[index]
            let key = CacheKey(
                files: scope.codeFiles, settings: scope.readerSettings, declarations: scope.declarationFiles)
            if let cached = cache[key] {
                read[index] = (cached, Diagnostics())
            } else {
                var found = Diagnostics()
                let strings = extract(
                    scope.codeFiles, settings: scope.readerSettings, declarations: scope.declarationFiles,
                    declarationCache: declarationCache, diagnostics: &found)
                read[index] = (strings, found)
                cache[key] = strings
            }
        }
        var work: [(path: String, strings: [ExtractedString])] = []
        for (scope, result) in zip(layout.catalogs, read) {
            guard let result else { continue }
            Self.appendSkipping(result.diagnostics, to: &diagnostics)
            let built = Self.applyingBuildSettings(scope.builds, to: result.strings)
            work.append((scope.path, built.filter { $0.table == scope.table }))
        }
        // The catalogs side by side (read, merge, write to bytes); results and errors in path order.
        let planned = parallelism.map(work) { item in
            Result { try plan(catalog: item.path, strings: item.strings, forUpdate: forUpdate) }
        }
        var catalogs: [PlannedCatalog] = []
        var errors: [Diagnostic] = []
        for outcome in planned {
            switch outcome {
            case .success(let catalog): catalogs.append(catalog)
            case .failure(let error as ConversionError): errors += error.diagnostics
            case .failure(let error): throw error
            }
        }
        if !errors.isEmpty { throw ConversionError(errors) }
        return Plan(catalogs: catalogs, leftOut: layout.leftOut)
    }

    /// Syncs one catalog file with `strings` (those of its table).
    func plan(catalog path: String, strings: [ExtractedString], forUpdate: Bool = true) throws -> PlannedCatalog {
        var transaction = FileTransaction()
        transaction.lockTimeout = lockTimeout
        let file = forUpdate ? try transaction.readForUpdate(path) : try readSourceFile(path)
        var diagnostics = Diagnostics()
        guard let format = registry.format(forPath: path), let reader = format.reader, let writer = format.writer else {
            throw ConversionError("not a String Catalog", path: path)
        }
        let table = try reader.read(file, options: ReadOptions(), diagnostics: &diagnostics)
        let result = CatalogSync.sync(table, with: strings, options: options)
        var bytes: [UInt8]?
        if !result.changes.isEmpty {
            let written = try writer.write(result.table, options: WriteOptions(), diagnostics: &diagnostics)
            bytes = written.first?.bytes
        }
        let lines = file.withUnsafeBytes { CatalogKeyLines.locations(in: Array($0), path: path) }
        // A catalog that does not change is not written: released at once.
        if bytes == nil { transaction.discard() }
        return PlannedCatalog(path: path, result: result, bytes: bytes, keyLocations: lines, transaction: transaction)
    }

    /// Writes the catalogs that change, all or nothing; read-only catalogs only when `replacingReadOnlyFiles`.
    ///
    /// Each must have been planned for update and still be the file read, else nothing is written.
    package func write(_ plan: Plan, replacingReadOnlyFiles: Bool = false) throws {
        var transaction = FileTransaction()
        transaction.replacesReadOnlyFiles = replacingReadOnlyFiles
        for catalog in plan.catalogs {
            guard let bytes = catalog.bytes else { continue }
            transaction.include(catalog.transaction)
            transaction.stage(bytes, at: catalog.path)
        }
        try transaction.commit()
    }

    /// The code files and reader settings that give one set of strings.
    struct CacheKey: Hashable {
        var files: [String]
        var settings: ReaderSettings
        var declarations: [String] = []
    }

    /// What a build of the targets adds to the strings of their files: Info.plist values with build settings
    /// expanded (`$(PRODUCT_NAME)`), and the Info.plist keys Xcode generates from settings
    /// (`GENERATE_INFOPLIST_FILE`: `CFBundleName`, `INFOPLIST_KEY_*`).
    static func applyingBuildSettings(_ builds: [ProjectLayout.TargetBuild], to strings: [ExtractedString])
        -> [ExtractedString]
    {
        guard !builds.isEmpty else { return strings }
        var result = strings
        for index in result.indices where result[index].origin == .infoPlist {
            guard let value = result[index].value,
                let build = builds.first(where: { $0.infoPlists.contains(result[index].location.path) })
            else { continue }
            result[index].value = BuildSettings.expand(value, build.settings)
        }
        for build in builds {
            let fromFile = Set(strings.filter { build.infoPlists.contains($0.location.path) }.map(\.key))
            result += BuildSettings.generatedInfoPlistStrings(
                build.settings, fromFile: fromFile, projectFile: build.projectFile,
                settingLocations: build.settingLocations)
        }
        return result
    }

    /// What the code files say, every reader over the files of its kind, configured by the targets' `settings`:
    /// the Swift reader reads the `#if os(…)` clauses of their platforms (all when not known); both code readers
    /// take their `LOCALIZED_STRING_MACRO_NAMES`, and the Objective-C reader their `LOCALIZED_STRING_CODE_COMMENTS`.
    ///
    /// The Swift reader's notes on interpolations of unknown type are kept only with `keepsUnresolvedNotes`
    /// (`extract`); `sync` says instead what it made of each such string (``unresolvedDiagnostics(_:)``).
    /// `declarations` are Swift files of the modules the code depends on: the Swift reader learns their
    /// declarations and returns none of their strings (a file that cannot be read is left out without a message).
    func extract(
        _ paths: [String], settings: ReaderSettings = ReaderSettings(), keepsUnresolvedNotes: Bool = false,
        declarations: [String] = [], declarationCache: DeclarationCache? = nil, diagnostics: inout Diagnostics
    ) -> [ExtractedString] {
        var result: [ExtractedString] = []
        for var reader in readers {
            if var swift = reader as? SwiftCodeReader {
                if swift.declarationCache == nil { swift.declarationCache = declarationCache }
                if !declarations.isEmpty {
                    let maximumBytes = swift.maximumFileBytes
                    swift.declarationFiles += parallelism.map(declarations) { path -> CodeFile? in
                        guard let file = try? readSourceFile(path), file.bytes.count <= maximumBytes else { return nil }
                        return CodeFile(path: path, text: String(decoding: file.bytes, as: UTF8.self))
                    }.compactMap { $0 }
                }
                if swift.platforms == nil { swift.platforms = settings.platforms }
                swift.localizedStringMacroNames.formUnion(settings.macroNames)
                swift.extraction = min(swift.extraction, settings.swiftExtraction)
                if settings.predatesResources { swift.resourceOverloads = false }
                reader = swift
            } else if var objectiveC = reader as? ObjectiveCCodeReader {
                for name in settings.macroNames.sorted() where !objectiveC.macroBaseNames.contains(name) {
                    objectiveC.macroBaseNames.append(name)
                }
                objectiveC.includesCommentedOutCode =
                    objectiveC.includesCommentedOutCode
                    || settings.includesCommentedOutCode
                reader = objectiveC
            }
            let fileExtensions = reader.fileExtensions
            let ofKind = paths.filter { fileExtensions.contains(ProjectWalk.fileExtension($0)) }
            // Read side by side; the files and warnings are taken in path order, as one thread reads them.
            let maximumBytes = reader.maximumFileBytes
            let read = parallelism.map(ofKind) { path -> Result<CodeFile, ConversionError> in
                do {
                    let file = try readSourceFile(path)
                    // Too large: not even decoded (the reader would refuse it with this same warning).
                    if let refusal = CodeFileAdmission.sizeProblem(
                        path: path, byteCount: file.bytes.count, limit: maximumBytes)
                    {
                        return .failure(ConversionError([refusal]))
                    }
                    return .success(CodeFile(path: path, text: String(decoding: file.bytes, as: UTF8.self)))
                } catch let error as ConversionError {
                    return .failure(error)
                } catch {
                    return .failure(ConversionError("cannot read the file: \(error)", path: path))
                }
            }
            var files: [CodeFile] = []
            for outcome in read {
                switch outcome {
                case .success(let file): files.append(file)
                case .failure(let error):
                    for var diagnostic in error.diagnostics {
                        diagnostic.severity = .warning
                        diagnostics.append(diagnostic)
                    }
                }
            }
            // The classes Xcode generates from the Core Data models among the files, as Swift declarations.
            if reader is SwiftCodeReader {
                for path in paths where CoreDataModel.isModelContents(path) {
                    guard let bytes = try? readSourceFile(path).bytes,
                        let text = CoreDataModel.swiftDeclarations(of: bytes, path: path)
                    else { continue }
                    files.append(CodeFile(path: path, text: text))
                }
            }
            if !files.isEmpty {
                var read = Diagnostics()
                let strings = reader.strings(in: files, diagnostics: &read)
                result += strings
                diagnostics.append(
                    contentsOf: keepsUnresolvedNotes ? read : Self.droppingUnresolvedNotes(read, of: strings))
            }
        }
        return TableNames.refusingPaths(result, diagnostics: &diagnostics)
    }

    /// `read` less its notes at the interpolations of unknown type of `strings`.
    static func droppingUnresolvedNotes(_ read: Diagnostics, of strings: [ExtractedString]) -> Diagnostics {
        let places = Set(strings.flatMap { $0.unresolvedSpecifiers.map(\.location) })
        guard !places.isEmpty else { return read }
        var kept = Diagnostics()
        for diagnostic in read.all {
            if diagnostic.severity == .note, let path = diagnostic.path, let line = diagnostic.line,
                let column = diagnostic.column, places.contains(FileLocation(path: path, line: line, column: column))
            {
                continue
            }
            kept.append(diagnostic)
        }
        return kept
    }

    /// What a sync made of the strings with an interpolation of unknown type whose key the catalog does not have
    /// as the reader wrote it: a warning at the interpolation for each taken as catalog keys (`unresolved: … taken
    /// as "Total %lld"`); the added ones are said by ``checkDiagnostics(_:)`` (`--check`) or the added line.
    package static func unresolvedDiagnostics(_ catalog: PlannedCatalog) -> [Diagnostic] {
        catalog.result.unresolved.compactMap { string -> Diagnostic? in
            guard !string.catalogKeys.isEmpty else { return nil }
            let taken = string.catalogKeys.map { Diagnostic.quoted($0) }.joined(separator: ", ")
            return Diagnostic(
                .warning,
                "unresolved: the type of this interpolation is not known without a type checker; "
                    + "\(Diagnostic.quoted(string.codeKey)) is taken as the key \(taken) of \(catalog.path)",
                at: string.location)
        }
    }

    /// Appends what reading code reported, a file that cannot be read as a warning: its strings are left out and
    /// the other files are still synced, so the run is not failed by one file (and says no `error:` it then
    /// ignores).
    static func appendSkipping(_ read: Diagnostics, to diagnostics: inout Diagnostics) {
        for var diagnostic in read.all {
            if diagnostic.severity == .error {
                diagnostic.severity = .warning
                diagnostic.message += "; its strings are not extracted"
            }
            diagnostics.append(diagnostic)
        }
    }

    /// The catalogs the code below `paths` (files or folders) says, one per table: `<outputDirectory>/<Table>.xcstrings`.
    package func extractCatalogs(
        from paths: [String], outputDirectory: String, sourceLanguage: String, diagnostics: inout Diagnostics
    ) throws -> [(path: String, table: StringTable, bytes: [UInt8])] {
        let extensions = readers.reduce(into: Set<String>()) { $0.formUnion($1.fileExtensions) }
        var files: [String] = []
        for path in paths {
            if isDirectory(path) {
                files += ProjectWalk.files(below: path).filter { extensions.contains(ProjectWalk.fileExtension($0)) }
            } else if fileExists(path) {
                files.append(path)
            } else {
                throw ConversionError("no such file or folder", path: path)
            }
        }
        var read = Diagnostics()
        let strings = extract(files, keepsUnresolvedNotes: true, diagnostics: &read)
        Self.appendSkipping(read, to: &diagnostics)
        // Each table's strings in code order, the tables in the order first seen (an array per table appended in
        // place: copying a table's array for every string was quadratic).
        var tables = OrderedMap<Int>()
        var groups: [[ExtractedString]] = []
        for string in strings {
            if let index = tables.index(forKey: string.table) {
                groups[tables[valueAt: index]].append(string)
            } else {
                _ = tables.appendNew(groups.count, forKey: string.table)
                groups.append([string])
            }
        }
        guard let writer = registry.format(named: "xcstrings")?.writer else { return [] }
        var result: [(path: String, table: StringTable, bytes: [UInt8])] = []
        for (name, group) in tables {
            let strings = groups[group]
            let table = CatalogSync.extractedTable(
                named: name, sourceLanguage: sourceLanguage, strings: strings, options: options)
            let bytes = try writer.write(table, options: WriteOptions(), diagnostics: &diagnostics).first?.bytes ?? []
            result.append((path: ProjectWalk.join(outputDirectory, name + ".xcstrings"), table: table, bytes: bytes))
        }
        return result.sorted { $0.path < $1.path }
    }

    /// The messages `--check` prints for a catalog that is not in sync: one per key, at the code for keys found in
    /// code and at the catalog's key for the others.
    package static func checkDiagnostics(_ catalog: PlannedCatalog) -> [Diagnostic] {
        catalog.result.changes.map { change in
            let key = Diagnostic.quoted(change.key)
            let message: String
            switch change.kind {
            case .added where change.unresolvedLocation != nil:
                let place = change.unresolvedLocation.map { "\($0.line):\($0.column)" } ?? ""
                message =
                    "\(key) is not in \(catalog.path); unresolved: the type of the interpolation at \(place) is not "
                    + "known without a type checker, and no key of the catalog has another specifier there"
            case .added: message = "\(key) is not in \(catalog.path)"
            case .updated: message = "\(key) has another comment or value in \(catalog.path)"
            case .unmarkedStale: message = "\(key) is marked stale in \(catalog.path) but the code uses it"
            case .markedStale: message = "\(key) is no longer in the code (sync marks it stale)"
            case .removed: message = "\(key) is no longer in the code (sync removes it)"
            }
            let location =
                change.codeLocation ?? catalog.keyLocations[change.key]
                ?? FileLocation(path: catalog.path, line: 1, column: 1)
            return Diagnostic(.error, message, at: location)
        }
    }
}

/// Where each key of a catalog is written: Xcode writes each key of `strings` on a line of its own, indented by
/// four spaces (`    "key" : {`).
enum CatalogKeyLines {
    static func locations(in bytes: [UInt8], path: String) -> OrderedMap<FileLocation> {
        var result = OrderedMap<FileLocation>()
        var line = 1
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            if end - start > 5, bytes[start..<start + 5].elementsEqual("    \"".utf8), bytes[start + 5] != 0x20,
                let key = unescape(bytes[(start + 5)..<end])
            {
                _ = result.appendNew(FileLocation(path: path, line: line, column: 5), forKey: key)
            }
            line += 1
            start = end + 1
        }
        return result
    }

    /// The JSON string at the start of `bytes` (after its opening quote), when a `:` follows it.
    private static func unescape(_ bytes: ArraySlice<UInt8>) -> String? {
        var scalars = String.UnicodeScalarView()
        var utf8: [UInt8] = []
        var index = bytes.startIndex
        var pendingHigh: UInt32?
        func flush() {
            scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
            utf8.removeAll()
        }
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flush()
                let rest = bytes[(index + 1)...].drop { $0 == 0x20 }
                return rest.first == UInt8(ascii: ":") ? String(scalars) : nil
            }
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.endIndex {
                index += 1
                switch bytes[index] {
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "u"):
                    guard index + 4 < bytes.endIndex,
                        let value = UInt32(String(decoding: bytes[(index + 1)...(index + 4)], as: UTF8.self), radix: 16)
                    else { return nil }
                    index += 4
                    flush()
                    if (0xD800..<0xDC00).contains(value) {
                        pendingHigh = value
                    } else if (0xDC00..<0xE000).contains(value), let high = pendingHigh {
                        let combined = 0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00)
                        if let scalar = Unicode.Scalar(combined) { scalars.append(scalar) }
                        pendingHigh = nil
                    } else if let scalar = Unicode.Scalar(value) {
                        scalars.append(scalar)
                    }
                default: utf8.append(bytes[index])
                }
            } else {
                utf8.append(byte)
            }
            index += 1
        }
        return nil
    }
}
