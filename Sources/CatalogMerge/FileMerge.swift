import LocalizationCatalog
import LocalizationConverter

/// What `stringbridge merge` did: the conflicts, each placed at its key in the output.
package struct FileMergeReport: Sendable {
    /// The file written (or, listing the conflicts again, the file named).
    package var output: String
    /// The file's name in diagnostics: the path in the repository (`--name`, git's `%P`), else ``output``.
    package var name: String
    /// The format of the three inputs (`xcstrings`, `strings`, `stringsdict`).
    package var format: String
    /// The conflicts, in the output's entry order; the output keeps our side at each.
    package var conflicts: [MergeConflict]
    /// Where each conflict's key is in the output (parallel to ``conflicts``); the first line of the file for
    /// conflicts about the table itself.
    package var locations: [FileLocation]

    /// The conflicts as `path:line:column: error: conflict: …` diagnostics.
    package var diagnostics: [Diagnostic] {
        zip(conflicts, locations).map { conflict, location in
            Diagnostic(.error, "conflict: " + conflict.summary, at: location)
        }
    }

    /// The report as JSON (members sorted, two-space indent, final newline).
    package var json: String {
        var text = "{\n  \"conflicts\" : ["
        for (index, (conflict, location)) in zip(conflicts, locations).enumerated() {
            text += index == 0 ? "\n" : ",\n"
            var members: [(String, String)] = [
                ("base", jsonString(conflict.base)), ("column", String(location.column)),
            ]
            if let key = conflict.key { members.append(("key", jsonString(key))) }
            if let language = conflict.language { members.append(("language", jsonString(language))) }
            members += [
                ("line", String(location.line)), ("message", jsonString(conflict.summary)),
                ("ours", jsonString(conflict.ours)), ("path", jsonString(conflict.path)),
                ("theirs", jsonString(conflict.theirs)),
            ]
            text += "    {\n"
            text += members.map { "      \"\($0.0)\" : \($0.1)" }.joined(separator: ",\n")
            text += "\n    }"
        }
        text += conflicts.isEmpty ? "]" : "\n  ]"
        text += ",\n  \"format\" : \(jsonString(format)),\n  \"name\" : \(jsonString(name)),\n"
        text += "  \"output\" : \(jsonString(output)),\n"
        text += "  \"status\" : \"\(conflicts.isEmpty ? "merged" : "conflicts")\"\n}\n"
        return text
    }
}

extension MergeConflict {
    /// `key "Hello" (fr) plural.one: ours "…", theirs "…", base "…"`.
    package var summary: String {
        var text = key.map { "key " + Diagnostic.quoted($0) } ?? "the table"
        if let language { text += " (\(language))" }
        if !path.isEmpty { text += " " + path }
        text += ": ours \(ours), theirs \(theirs), base \(base)"
        if let note { text += "; " + note }
        return text
    }
}

/// Three-way merge of one table's files, as `git merge` calls a merge driver.
package enum FileMerge {
    /// Merges the files `base`, `ours` and `theirs` of one table into `output`.
    ///
    /// The format is told by `ours`'s extension or `format`, else by the content (git's driver gets temporary
    /// files without extensions). The output is written all or nothing, as the format's writer writes it, also
    /// when there are conflicts (with our side at each); the report lists them. `name` is the file's path in the
    /// repository (git's `%P`), which diagnostics name and the table's name and language come from; git's
    /// temporary files say neither.
    ///
    /// An input that is `output` itself (git's driver writes `%A`, ours) is read for update
    /// (``FileTransaction/readForUpdate(_:)``, waiting up to `lockTimeout` seconds for another stringbridge process
    /// writing it), and the output is not written when another program changed it meanwhile. An `output` that is
    /// none of the inputs is made from them, and replaced whatever it holds. With `dryRun`, the merge is made and
    /// reported, and nothing is written.
    ///
    /// - Throws: ``ConversionError`` when an input cannot be read or the output cannot be written; the output is
    ///   then untouched.
    package static func merge(
        base: String, ours: String, theirs: String, output: String, name: String? = nil, format: String? = nil,
        replacesReadOnlyFiles: Bool = false, lockTimeout: Double = 120, dryRun: Bool = false,
        allowsMassDeletion: Bool = false, diagnostics: inout Diagnostics
    ) throws -> FileMergeReport {
        // The inputs first: the one that is the output under its lock.
        var transaction = FileTransaction()
        transaction.replacesReadOnlyFiles = replacesReadOnlyFiles
        transaction.lockTimeout = lockTimeout
        var sources: [SourceFile] = []
        var rewritten: SourceFile?
        do {
            for input in [base, ours, theirs] {
                guard input == output || isSameFile(input, output) else {
                    sources.append(try readSourceFile(input))
                    continue
                }
                let file = try rewritten ?? transaction.readForUpdate(input)
                rewritten = file
                sources.append(file)
            }
        } catch {
            transaction.discard()
            throw error
        }
        let planned: (bytes: [UInt8], report: FileMergeReport)
        do {
            planned = try plan(
                base: sources[0], ours: sources[1], theirs: sources[2], output: output, name: name, format: format,
                allowsMassDeletion: allowsMassDeletion, diagnostics: &diagnostics)
        } catch {
            transaction.discard()
            throw error
        }
        transaction.stage(planned.bytes, at: output, as: rewritten == nil ? .replacingUnread : .update)
        if dryRun {
            transaction.discard()
        } else {
            try transaction.commit()
        }
        return planned.report
    }

    /// The conflicts of a merge left unresolved, found again from the three versions git keeps of the file
    /// (`merge --list`): the same report as the merge gave, placed in the bytes it wrote; nothing is written.
    ///
    /// - Throws: ``ConversionError`` when a version cannot be read.
    package static func conflicts(
        base: SourceFile, ours: SourceFile, theirs: SourceFile, name: String, format: String? = nil,
        allowsMassDeletion: Bool = false, diagnostics: inout Diagnostics
    ) throws -> FileMergeReport {
        try plan(
            base: base, ours: ours, theirs: theirs, output: name, name: name, format: format,
            allowsMassDeletion: allowsMassDeletion, diagnostics: &diagnostics
        ).report
    }

    /// The merged file's bytes and the report, without writing.
    static func plan(
        base: SourceFile, ours originalOurs: SourceFile, theirs originalTheirs: SourceFile, output: String,
        name: String?, format formatName: String?, allowsMassDeletion: Bool = false,
        diagnostics: inout Diagnostics
    ) throws -> (bytes: [UInt8], report: FileMergeReport) {
        let converter = Converter()
        let named = name ?? output
        // A side that emptied the file while the other changed it: a conflict, and the merge made as if that side
        // had left the file as the base has it (docs/merge.md, "Mass deletions").
        var ours = originalOurs
        var theirs = originalTheirs
        var emptied: [MergeConflict] = []
        if !allowsMassDeletion, !isBlank(base.bytes) {
            if isBlank(ours.bytes), !isBlank(theirs.bytes), theirs.bytes != base.bytes {
                ours = SourceFile(path: ours.path, bytes: base.bytes)
                emptied.append(emptiedConflict(side: "ours"))
            } else if isBlank(theirs.bytes), !isBlank(ours.bytes), ours.bytes != base.bytes {
                theirs = SourceFile(path: theirs.path, bytes: base.bytes)
                emptied.append(emptiedConflict(side: "theirs"))
            }
        }
        let format = try Self.format(
            of: [named, ours.path, theirs.path, base.path, output], named: formatName, converter: converter,
            content: ours)
        guard let reader = format.reader, let writer = format.writer else {
            throw ConversionError("\(format.name) files cannot be merged", path: ours.path)
        }
        let language =
            [named, ours.path, output, theirs.path, base.path].lazy.compactMap { lprojFolderLanguage($0) }.first ?? "en"
        let options = ReadOptions(tableName: tableName(ofPath: named), language: language)
        let sources = [base, ours, theirs]
        let tables = try sources.map { try reader.read($0, options: options, diagnostics: &diagnostics) }
        func merge(_ tables: [StringTable]) -> TableMergeResult {
            var result = TableMerge.merge(
                base: tables[0], ours: tables[1], theirs: tables[2], allowsMassDeletion: allowsMassDeletion)
            result.conflicts.insert(contentsOf: emptied, at: 0)
            return result
        }
        // The text outside entries of a legacy file is merged on its own, by the entries it precedes; a `.strings`
        // key's comment is then only the one directly above it.
        var layouts = sources.compactMap { EntryLayout($0, format: format.name) }
        let mergesText = layouts.count == 3
        var result = merge(mergesText ? zip(layouts, tables).map { $0.ownComments(of: $1) } : tables)
        if mergesText {
            // A side whose deletion of every key was not taken has its text merged as the base's: what it did to the
            // text is part of the deletion.
            for (index, side) in [(1, "ours"), (2, "theirs")]
            where layouts[index].keys.isEmpty && result.massDeletions.contains(side) {
                layouts[index] = layouts[0]
            }
        }
        var table = result.table
        table.name = options.tableName ?? table.name
        let writeOptions = WriteOptions(languages: format.name == "xcstrings" ? nil : [language])
        // Our side is edited into the merge, as `git merge-file` would: what the merge leaves alone keeps our bytes.
        let file = try TableOutput.file(
            for: table, format: format, options: writeOptions, over: ours, path: named, diagnostics: &diagnostics)
        var bytes = file.bytes
        if mergesText {
            // Keys only their side has, merged as they have them, are written in their bytes.
            let sides = zip(layouts, tables).map { $0.ownComments(of: $1) }
            var theirBlocks = Set<ExactString>()
            for (key, entry) in result.table.entries
            where sides[1].entries[key] == nil && sides[2].entries[key] == entry {
                theirBlocks.insert(ExactString(key))
            }
            let merged = mergeText(
                layouts, into: SourceFile(path: named, bytes: bytes), table: table, format: format.name,
                theirBlocks: theirBlocks, reader: reader, options: options, diagnostics: &diagnostics)
            bytes = merged.bytes
            result.conflicts += merged.conflicts
        }
        var ignored = Diagnostics()
        let locations = KeyLocator(format: format.name, writer: writer, options: writeOptions, table: table)
            .locate(result.conflicts.map { $0.key }, in: bytes, path: named, diagnostics: &ignored)
        let report = FileMergeReport(
            output: output, name: named, format: format.name, conflicts: result.conflicts, locations: locations)
        return (bytes, report)
    }

    /// The text outside entries merged into `merged` (the entries' merge written over our side), when the result
    /// reads back as `merged` does; else `merged` as it is, with a warning.
    static func mergeText(
        _ layouts: [EntryLayout], into merged: SourceFile, table: StringTable, format: String,
        theirBlocks: Set<ExactString>, reader: any CatalogReader, options: ReadOptions,
        diagnostics: inout Diagnostics
    ) -> (bytes: [UInt8], conflicts: [MergeConflict]) {
        let unchanged = (merged.bytes, [MergeConflict]())
        guard let layout = EntryLayout(merged, format: format) else { return unchanged }
        let inFile = Set(layout.keys.map(ExactString.init))
        let order = table.entries.keys.filter { inFile.contains(ExactString($0)) }
        let text = TextOutsideEntries(base: layouts[0], ours: layouts[1], theirs: layouts[2])
        guard let result = text.merge(into: layout, order: order, theirBlocks: theirBlocks) else { return unchanged }
        let bytes = layout.encode(result.bytes)
        if bytes == merged.bytes { return (bytes, result.conflicts) }
        // The same entries, comments and values as the file the entries' merge wrote.
        var ignored = Diagnostics()
        let candidate = SourceFile(path: merged.path, bytes: bytes)
        guard let read = try? reader.read(candidate, options: options, diagnostics: &ignored),
            let expected = try? reader.read(merged, options: options, diagnostics: &ignored),
            let readLayout = EntryLayout(candidate, format: format),
            sameEntries(readLayout.ownComments(of: read), layout.ownComments(of: expected))
        else {
            diagnostics.append(
                Diagnostic(
                    .warning,
                    "the text outside entries (a header, comments after a blank line) could not be merged; the "
                        + "file keeps our side's", path: merged.path))
            return unchanged
        }
        return (bytes, result.conflicts)
    }

    /// Whether two tables hold the same keys with the same content (positions aside).
    static func sameEntries(_ left: StringTable, _ right: StringTable) -> Bool {
        guard left.entries.count == right.entries.count else { return false }
        for (key, entry) in left.entries {
            guard let other = right.entries[key], other == entry else { return false }
        }
        return true
    }

    /// Whether a file holds nothing but white space (and a byte-order mark): an emptied file, in UTF-8 or UTF-16.
    static func isBlank(_ bytes: [UInt8]) -> Bool {
        var rest = bytes[...]
        for mark: [UInt8] in [[0xEF, 0xBB, 0xBF], [0xFF, 0xFE], [0xFE, 0xFF]] where rest.starts(with: mark) {
            rest = rest.dropFirst(mark.count)
            break
        }
        return rest.allSatisfy { [0x00, 0x09, 0x0A, 0x0D, 0x20].contains($0) }
    }

    /// The conflict of a side that emptied the file.
    static func emptiedConflict(side: String) -> MergeConflict {
        let other = side == "ours" ? "theirs" : "ours"
        return MergeConflict(
            key: nil, language: nil, path: "content", ours: side == "ours" ? "(emptied)" : "(changed)",
            theirs: side == "ours" ? "(changed)" : "(emptied)", base: "(present)",
            note: "the file is merged as if \(side) had not emptied it (it holds \(other)' changes); to empty it, "
                + "merge again with --allow-mass-deletion")
    }

    /// The format of the files: named, or told by the first path with a known extension, or by `content` (ours).
    static func format(of paths: [String], named name: String?, converter: Converter, content: SourceFile) throws
        -> FormatDescriptor
    {
        if let name { return try converter.format(for: paths[0], override: name) }
        let mergeable = ["xcstrings", "strings", "stringsdict"]
        for path in paths {
            if let format = converter.registry.format(forPath: path) {
                guard mergeable.contains(format.name) else {
                    throw ConversionError(
                        "\(format.name) files cannot be merged; merge .xcstrings, .strings or .stringsdict files",
                        path: path)
                }
                return format
            }
        }
        let sniffed = sniff(content)
        return try converter.format(for: paths[0], override: sniffed)
    }

    /// `xcstrings` for a JSON object, `stringsdict` for a property list with `NSStringLocalizedFormatKey`,
    /// else `strings`.
    static func sniff(_ file: SourceFile) -> String {
        file.withUnsafeBytes { bytes in
            var start = 0
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
            while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
            if start < bytes.count, bytes[start] == UInt8(ascii: "{") { return "xcstrings" }
            if start < bytes.count, bytes[start] == UInt8(ascii: "<") {
                let marker = Array("NSStringLocalizedFormatKey".utf8)
                let text = Array(bytes[start...])
                if text.count >= marker.count {
                    for offset in 0...(text.count - marker.count) where text[offset] == marker[0] {
                        if Array(text[offset..<offset + marker.count]) == marker { return "stringsdict" }
                    }
                }
            }
            return "strings"
        }
    }
}

/// The `xx` of a path in an `xx.lproj` folder.
func lprojFolderLanguage(_ path: String) -> String? {
    let parts = path.split(separator: "/")
    guard parts.count >= 2 else { return nil }
    let folder = parts[parts.count - 2]
    return folder.hasSuffix(".lproj") ? String(folder.dropLast(".lproj".count)) : nil
}

/// Finds the line a key's entry starts at in a written file: the writer writes the entry alone, and the line
/// that names the key there is looked for in the file.
struct KeyLocator {
    let format: String
    let writer: any CatalogWriter
    let options: WriteOptions
    let table: StringTable

    /// How the line that names an entry's key starts in this format.
    var keyLinePrefix: [UInt8] {
        switch format {
        case "xcstrings": return Array("    \"".utf8)
        case "stringsdict": return Array("\t<key>".utf8)
        default: return Array("\"".utf8)
        }
    }

    /// Whether `line` starts as the line that names an entry's key (and is not more deeply indented).
    func isKeyLine(_ line: ArraySlice<UInt8>) -> Bool {
        line.starts(with: keyLinePrefix)
    }

    /// The lines of `bytes` (without their line feeds), each with its 1-based number, that `isKeyLine` accepts.
    func keyLines(_ bytes: [UInt8], _ body: (ArraySlice<UInt8>, Int) -> Void) {
        var lineNumber = 1
        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let line = bytes[start..<end]
            if isKeyLine(line) { body(line, lineNumber) }
            lineNumber += 1
            start = end + 1
        }
    }

    func locate(_ keys: [String?], in bytes: [UInt8], path: String, diagnostics: inout Diagnostics)
        -> [FileLocation]
    {
        var wanted = Set<[UInt8]>()
        var lineOfKey: [ExactString: [UInt8]] = [:]
        for key in keys {
            guard let key, lineOfKey[ExactString(key)] == nil, let entry = table.entries[key] else { continue }
            var alone = table
            alone.entries = [key: entry]
            guard let file = try? writer.write(alone, options: options, diagnostics: &diagnostics).first else {
                continue
            }
            var first: [UInt8]?
            keyLines(file.bytes) { line, _ in if first == nil { first = Array(line) } }
            guard let first else { continue }
            lineOfKey[ExactString(key)] = first
            wanted.insert(first)
        }
        var found: [[UInt8]: FileLocation] = [:]
        if !wanted.isEmpty {
            let indent = keyLinePrefix.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
            keyLines(bytes) { line, number in
                let whole = Array(line)
                if found[whole] == nil, wanted.contains(whole) {
                    found[whole] = FileLocation(path: path, line: number, column: indent + 1)
                }
            }
        }
        return keys.map { key in
            guard let key, let line = lineOfKey[ExactString(key)], let location = found[line] else {
                return FileLocation(path: path, line: 1, column: 1)
            }
            return location
        }
    }
}

/// A JSON string literal.
func jsonString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case "\u{0}"..."\u{1F}":
            let hex = String(scalar.value, radix: 16)
            result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
