@_spi(Fuzzing) import CatalogChecks
@_spi(Fuzzing) import CatalogMerge
import Foundation
import LocalizationCatalog
import LocalizationConverter
import StringsDictFormat
import StringsFormat
import XCStringsFormat

// Targets of the workflows over tables: `merge` (three inputs) and `check` (catalogs, legacy tables, XLIFF).

extension FuzzTarget {
    /// The targets of workflows.
    static let workflows: [FuzzTarget] = [
        FuzzTarget(
            name: "merge",
            summary:
                "TableMerge of base, ours, theirs (split at byte 0x1E; a missing side is the base): a table merged with itself is itself, one side unchanged gives the other without conflicts, the result writes, reads back and places its conflicts inside the file",
            seedExtensions: ["xcstrings", "strings", "stringsdict"], run: merge),
        FuzzTarget(
            name: "check",
            summary:
                "CatalogCheck over the parts of the input (split at byte 0x1E) as catalogs, legacy tables and XLIFF: deterministic, positions inside the files, a report minus its own baseline is empty, --fix output is clean",
            seedExtensions: ["xcstrings", "strings", "stringsdict", "xliff"], run: check),
    ]
}

// MARK: - merge

/// The format of each kind of side, as `merge` tells it from the content of ours.
private func mergeFormat(_ name: String) -> (descriptor: FormatDescriptor, path: String) {
    switch name {
    case "xcstrings": (.xcstrings, "Fuzz.xcstrings")
    case "stringsdict": (.stringsdict, "fr.lproj/Fuzz.stringsdict")
    default: (.strings, "fr.lproj/Fuzz.strings")
    }
}

private func merge(_ bytes: [UInt8]) {
    var sides = parts(bytes, limit: 3)
    while sides.count < 3 { sides.append(sides[0]) }
    let (format, path) = mergeFormat(MergeFuzzing.sniff(sides[1]))
    // As `merge` reads the sides: the table named after the output, the language of its `.lproj` folder.
    let language = format.name == "xcstrings" ? "en" : "fr"
    let options = ReadOptions(tableName: "Fuzz", language: language)
    var tables: [StringTable] = []
    for side in sides {
        var diagnostics = Diagnostics()
        guard
            let table = try? format.reader!.read(
                SourceFile(path: path, bytes: side), options: options, diagnostics: &diagnostics)
        else { return }
        tables.append(table)
    }
    let (base, ours, theirs) = (tables[0], tables[1], tables[2])
    for (name, table) in [("base", base), ("ours", ours), ("theirs", theirs)] {
        let same = MergeFuzzing.merge(base: table, ours: table, theirs: table)
        if same.table != table || !same.conflicts.isEmpty {
            failure(
                "merge: \(name) merged with itself is not itself (\(format.name))",
                (contentDifference(table, same.table) ?? "(only outside the entries)")
                    + "\nconflicts: \(same.conflicts)")
        }
    }
    // One side unchanged: the result is the other side, without conflicts.
    let oursOnly = MergeFuzzing.merge(base: base, ours: ours, theirs: base)
    if oursOnly.table != ours || !oursOnly.conflicts.isEmpty {
        failure(
            "merge: when theirs is the base, the result is not ours (\(format.name))",
            (contentDifference(ours, oursOnly.table) ?? "(only outside the entries)")
                + "\nconflicts: \(oursOnly.conflicts)")
    }
    let theirsOnly = MergeFuzzing.merge(base: base, ours: base, theirs: theirs)
    if !theirsOnly.conflicts.isEmpty {
        failure("merge: when ours is the base, there are conflicts (\(format.name))", "\(theirsOnly.conflicts)")
    }
    if let difference = contentDifference(theirs, theirsOnly.table) {
        failure("merge: when ours is the base, the result is not theirs (\(format.name))", difference)
    }
    let result = MergeFuzzing.merge(base: base, ours: ours, theirs: theirs)
    let again = MergeFuzzing.merge(base: base, ours: ours, theirs: theirs)
    let conflicts = result.conflicts.map { $0.description }
    if result.table != again.table || conflicts != again.conflicts.map({ $0.description }) {
        failure("merge: merging the same sides twice gave different results (\(format.name))", "")
    }
    // What `merge` writes: one file, which reads back; each conflict is placed inside it.
    var table = result.table
    table.name = "Fuzz"
    let writeOptions = WriteOptions(languages: format.name == "xcstrings" ? nil : [language])
    var writeDiagnostics = Diagnostics()
    guard let files = try? format.writer!.write(table, options: writeOptions, diagnostics: &writeDiagnostics),
        files.count == 1, let file = files.first
    else { return }
    var readDiagnostics = Diagnostics()
    do {
        _ = try format.reader!.read(
            SourceFile(path: path, bytes: file.bytes), options: options, diagnostics: &readDiagnostics)
    } catch {
        failure(
            "merge: the merged \(format.name) file does not read back", "\(error)\n--- written ---\n\(show(file.bytes))"
        )
    }
    let locations = MergeFuzzing.conflictLocations(
        of: result.conflicts.map { $0.key }, in: file.bytes, path: path, table: table, format: format,
        options: writeOptions)
    for location in locations where !isInside(line: location.line, column: location.column, file.bytes) {
        failure(
            "merge: a conflict is placed outside the merged file", "\(location)\n--- written ---\n\(show(file.bytes))")
    }
}

// MARK: - check

/// Where each part of a `check` input goes, by its content: a catalog at the top, an XLIFF document, else a
/// `.strings` or `.stringsdict` file of the `Localizable` table in the part's language.
private func checkFiles(_ bytes: [UInt8]) -> [(path: String, bytes: [UInt8])] {
    let languages = ["en", "fr", "de", "ja"]
    return parts(bytes, limit: 4).enumerated().map { index, part in
        let head = String(decoding: part.prefix(512), as: UTF8.self)
        if head.contains("<xliff") { return ("Fuzz\(index).xliff", part) }
        switch MergeFuzzing.sniff(part) {
        case "xcstrings": return ("Catalog\(index).xcstrings", part)
        case "stringsdict": return ("\(languages[index]).lproj/Localizable.stringsdict", part)
        default: return ("\(languages[index]).lproj/Localizable.strings", part)
        }
    }
}

private func check(_ bytes: [UInt8]) {
    let files = checkFiles(bytes)
    let root = writeScratch(files)
    let first: CheckFuzzing.Outcome
    do {
        first = try CheckFuzzing.run([root], languages: ["fr"])
    } catch {
        failure("check: the run threw", "\(error)")
    }
    guard let second = try? CheckFuzzing.run([root], languages: ["fr"]), second == first else {
        failure("check: checking the same files twice gave different results", "\(first.findings)")
    }
    if first.leftByOwnBaseline != 0 {
        failure("check: the report's own JSON as baseline leaves \(first.leftByOwnBaseline) findings", first.text)
    }
    let contents = Dictionary(files.map { (root + "/" + $0.path, $0.bytes) }, uniquingKeysWith: { a, _ in a })
    for finding in first.findings {
        guard let bytes = contents[finding.file] else {
            failure("check: a finding names a file that is not an input", "\(finding)")
        }
        if !isInsideDecoded(line: finding.line, column: finding.column, bytes), !KnownBugs.skipsCheckPosition(bytes) {
            failure("check: a finding's position is outside its file", "\(finding)\n--- file ---\n\(show(bytes))")
        }
    }
    // --fix: what it rewrites, checked again, is laid out as Xcode writes it and has the same other findings.
    guard let fixed = try? CheckFuzzing.run([root], languages: ["fr"], fix: true), !fixed.fixes.isEmpty else { return }
    for (path, bytes) in fixed.fixes {
        guard contents[path] != nil else { failure("check --fix: rewrites a file that is not an input", path) }
        try? Data(bytes).write(to: URL(fileURLWithPath: path))
    }
    guard let after = try? CheckFuzzing.run([root], languages: ["fr"]) else {
        failure("check --fix: the files it rewrote cannot be checked", "")
    }
    func content(_ outcome: CheckFuzzing.Outcome) -> [String] {
        outcome.findings.filter { !["not-xcode-formatted", "duplicate-key"].contains($0.rule) }
            .map { [$0.rule, $0.file, $0.key, $0.language, $0.path, $0.message].joined(separator: " | ") }.sorted()
    }
    if let left = after.findings.first(where: { $0.rule == "not-xcode-formatted" && fixed.fixes[$0.file] != nil }) {
        failure("check --fix: a rewritten file is still not laid out as Xcode writes it", "\(left)")
    }
    if content(after) != content(fixed) {
        failure(
            "check --fix: the rewrite changed what the other rules find",
            "before:\n\(content(fixed).joined(separator: "\n"))\nafter:\n\(content(after).joined(separator: "\n"))")
    }
}

/// ``isInside(line:column:_:)`` in the file's text: UTF-8, or UTF-16 of either byte order, with or without a byte
/// order mark (as `.strings` files may be), invalid sequences replaced as a reader reporting them has read them.
private func isInsideDecoded(line: Int, column: Int, _ bytes: [UInt8]) -> Bool {
    if isInside(line: line, column: column, Array(String(decoding: bytes, as: UTF8.self).utf8)) { return true }
    var body = ArraySlice(bytes)
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { body = body.dropFirst(2) }
    for littleEndian in [true, false] {
        var units: [UInt16] = []
        var index = body.startIndex
        while index + 1 < body.endIndex {
            let (low, high) = littleEndian ? (body[index], body[index + 1]) : (body[index + 1], body[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        if isInside(line: line, column: column, Array(String(decoding: units, as: UTF16.self).utf8)) { return true }
    }
    return false
}
