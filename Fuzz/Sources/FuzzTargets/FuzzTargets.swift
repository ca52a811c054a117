#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LocalizationCatalog
import LocalizationConverter
import StringsDictFormat
import StringsFormat
import XCStringsFormat
@_spi(XLIFFDocuments) import XLIFFFormat

/// One fuzz target: a name (`FUZZ_TARGET`), the fixture extensions its seeds come from, and the function libFuzzer
/// calls with each input.
///
/// A target returns normally for any input the code handles (read, or refused with a ``ConversionError``); it stops
/// the process with ``failure(_:_:)`` when a property it checks does not hold, and libFuzzer saves the input.
public struct FuzzTarget: Sendable {
    public let name: String
    /// What the target checks, for `--list`.
    public let summary: String
    /// Extensions (without the dot) of the files under `Fixtures/` that seed its corpus.
    public let seedExtensions: [String]
    let body: @Sendable ([UInt8]) -> Void

    init(name: String, summary: String, seedExtensions: [String], run: @escaping @Sendable ([UInt8]) -> Void) {
        self.name = name
        self.summary = summary
        self.seedExtensions = seedExtensions
        self.body = run
    }

    /// Runs the target on one input (skipped when ``KnownBugs`` says it would only find a known bug).
    public func run(_ bytes: [UInt8]) {
        if KnownBugs.skipsInput(bytes) { return }
        body(bytes)
    }

    /// Every target, in the order `Fuzz/run.sh all` runs them.
    public static let all: [FuzzTarget] = [
        reader("strings", .strings, seeds: ["strings"]),
        reader("stringsdict", .stringsdict, seeds: ["stringsdict"]),
        reader("xcstrings", .xcstrings, seeds: ["xcstrings"]),
        FuzzTarget(
            name: "xliff-read", summary: "XLIFFDocumentReader: read a document (never crash, hang or leak)",
            seedExtensions: ["xliff", "xlf", "xml"], run: xliffDocumentRead),
        roundTrip("strings", .strings, seeds: ["strings"]),
        roundTrip("stringsdict", .stringsdict, seeds: ["stringsdict"]),
        roundTrip("xcstrings", .xcstrings, seeds: ["xcstrings"]),
        FuzzTarget(
            name: "xliff-roundtrip",
            summary: "XLIFFDocumentReader → XLIFFDocumentWriter → XLIFFDocumentReader: the document read back is the same, its bytes a fixpoint",
            seedExtensions: ["xliff", "xlf"], run: xliffDocumentRoundTrip),
        roundTrip("xliff", .xliff, seeds: ["xliff", "xlf"], name: "xliff-table-roundtrip"),
        FuzzTarget(
            name: "xliff-import",
            summary: "XLIFF import of every <file> into fixture tables of each kind, then write → read of the result",
            seedExtensions: ["xliff", "xlf"], run: xliffImport),
    ] + code + workflows + export + generation

    /// The target called `name`.
    public static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}

// MARK: - Readers

/// A target that only reads: any input is either read or refused with a ``ConversionError``.
private func reader(_ format: String, _ descriptor: FormatDescriptor, seeds: [String]) -> FuzzTarget {
    FuzzTarget(
        name: "\(format)-read", summary: "\(format) reader (never crash, hang or leak)", seedExtensions: seeds
    ) { bytes in
        var diagnostics = Diagnostics()
        _ = try? read(bytes, path: inputPath(format), descriptor, diagnostics: &diagnostics)
    }
}

private func xliffDocumentRead(_ bytes: [UInt8]) {
    var diagnostics = Diagnostics()
    _ = try? XLIFFDocumentReader().read(bytes, path: "fuzz.xliff", diagnostics: &diagnostics)
    var importDiagnostics = Diagnostics()
    _ = try? XLIFFDocumentReader(keepsNotes: false).read(bytes, path: "fuzz.xliff", diagnostics: &importDiagnostics)
}

/// Where the input of a target claims to come from: a legacy file sits in a language folder.
private func inputPath(_ format: String) -> String {
    switch format {
    case "strings", "stringsdict": "fr.lproj/Fuzz.\(format)"
    default: "Fuzz.\(format)"
    }
}

func read(_ bytes: [UInt8], path: String, _ descriptor: FormatDescriptor, diagnostics: inout Diagnostics)
    throws -> StringTable
{
    try descriptor.reader!.read(
        SourceFile(path: path, bytes: bytes), options: ReadOptions(sourceLanguage: "en"), diagnostics: &diagnostics)
}

// MARK: - Read → write → read

/// A target that reads, writes what it read, and reads that again:
///
/// - what a writer wrote, its reader reads without an error;
/// - unless the write warned, writing that again gives the same bytes (the output is a fixpoint);
/// - when the first write had no warning, the table read back has the same entries (nothing lost or changed without
///   a message).
private func roundTrip(_ format: String, _ descriptor: FormatDescriptor, seeds: [String], name: String? = nil)
    -> FuzzTarget
{
    FuzzTarget(
        name: name ?? "\(format)-roundtrip",
        summary: "\(format) read → write → read: output readable, a fixpoint, and the same table unless warned",
        seedExtensions: seeds
    ) { bytes in
        var diagnostics = Diagnostics()
        guard let table = try? read(bytes, path: inputPath(format), descriptor, diagnostics: &diagnostics) else { return }
        checkWriteRead(table, descriptor, context: "\(format) input")
    }
}

/// Writes `table`, reads each file back, and checks the round-trip properties (see ``roundTrip``).
private func checkWriteRead(_ table: StringTable, _ descriptor: FormatDescriptor, context: String) {
    var writeDiagnostics = Diagnostics()
    let outputs: [OutputFile]
    do {
        outputs = try descriptor.writer!.write(table, options: WriteOptions(), diagnostics: &writeDiagnostics)
    } catch is ConversionError {
        return  // refused as a whole, with a message: allowed
    } catch {
        failure("\(descriptor.name) writer threw a non-ConversionError", "\(error)")
    }
    for output in outputs {
        var diagnostics = Diagnostics()
        let again: StringTable
        do {
            again = try read(output.bytes, path: output.relativePath, descriptor, diagnostics: &diagnostics)
        } catch {
            failure(
                "\(descriptor.name) reader refused what its writer wrote (\(context))",
                "\(error)\n--- written \(output.relativePath) ---\n\(show(output.bytes))")
        }
        var secondDiagnostics = Diagnostics()
        let second: [OutputFile]
        do {
            second = try descriptor.writer!.write(again, options: WriteOptions(), diagnostics: &secondDiagnostics)
        } catch {
            failure("\(descriptor.name) writer refused a table read from its own output (\(context))", "\(error)")
        }
        guard let rewritten = second.first(where: { $0.relativePath == output.relativePath }) else {
            // A write that warned may have left out every entry of a language; its file, read back, is an empty
            // table, which has no language and so no file to write (a binary `.stringsdict` whose only rule holds
            // U+0000, which XML cannot: Fuzz/findings/stringsdict-roundtrip/nul-member-every-entry-left-out).
            if !writeDiagnostics.all.isEmpty, again.entries.isEmpty { continue }
            failure(
                "\(descriptor.name): writing the table read back has no \(output.relativePath) (\(context))",
                "paths: \(second.map(\.relativePath))")
        }
        // A write that warned left something out; reading its output back is then another table, which may be
        // written otherwise (an XLIFF of a `.stringsdict` table whose units were all left out is read back as an
        // empty table and written with a `.strings` original). A `.strings` table read back is written the same
        // even so: what its writer leaves out (NULs in comments, `*/` in comments, entries it cannot hold) stays out
        // (Fuzz/findings/strings-roundtrip/nul-comment-not-fixpoint.strings).
        if writeDiagnostics.all.isEmpty || descriptor.name == "strings", rewritten.bytes != output.bytes,
            !KnownBugs.skipsFixpointCheck(output.bytes, descriptor)
        {
            failure(
                "\(descriptor.name) output is not a fixpoint (\(context))",
                "--- first write ---\n\(show(output.bytes))\n--- second write ---\n\(show(rewritten.bytes))")
        }
        // Nothing lost or changed without a message: when the write did not warn and made one file, the table read
        // back has the same content. Order is not content (writers put keys, languages and cases in Xcode's
        // order), so both tables are compared as String Catalogs, which the hub holds without loss.
        if writeDiagnostics.all.isEmpty, outputs.count == 1, !KnownBugs.skipsContentCheck(table, descriptor),
            !KnownBugs.skipsFixpointCheck(output.bytes, descriptor)
        {
            if let difference = contentDifference(table, again) {
                failure(
                    "\(descriptor.name): the table read back differs, without a warning (\(context))",
                    "\(difference)\n--- written \(output.relativePath) ---\n\(show(output.bytes))")
            }
        }
    }
}

/// Where `expected` and `actual` differ in content, if they do: each entry written as a one-entry String Catalog,
/// entries in the order of their keys' bytes.
///
/// Two equivalences are not differences: keys that Foundation's comparison leaves tied (distinct keys that differ
/// only in characters it ignores, such as U+0000; past 64 UTF-16 units its answer may even differ between threads)
/// may come out of a catalog writer in either order, so entries are compared one by one; and a source-language
/// value equal to its key says what a missing one says (the key is then the source text, as in Xcode), as an
/// XLIFF unit without a target does.
func contentDifference(_ expected: StringTable, _ actual: StringTable) -> String? {
    func canonical(_ table: StringTable) -> [(key: [UInt8], bytes: [UInt8])]? {
        var result: [(key: [UInt8], bytes: [UInt8])] = []
        for (key, entry) in zip(table.entries.keys, table.entries.values) {
            var entry = entry
            if let source = entry.localizations?[table.sourceLanguage],
                source == Localization(key) || source == Localization(key, state: nil)
            {
                entry.localizations?.removeValue(forKey: table.sourceLanguage)
                if entry.localizations?.isEmpty == true { entry.localizations = nil }
            }
            let single = StringTable(
                name: "Canonical", sourceLanguage: table.sourceLanguage, version: "1.0",
                entries: OrderedMap([(key, entry)]))
            var diagnostics = Diagnostics()
            guard let bytes = try? XCStringsWriter().write(single, options: WriteOptions(), diagnostics: &diagnostics)
                .first?.bytes
            else { return nil }
            result.append((Array(key.utf8), bytes))
        }
        return result.sorted { $0.key.lexicographicallyPrecedes($1.key) }
    }
    if expected.sourceLanguage != actual.sourceLanguage {
        return "source language \(debug(expected.sourceLanguage)) became \(debug(actual.sourceLanguage))"
    }
    let expectedKeys = Set(expected.entries.keys.map { Array($0.utf8) })
    let actualKeys = Set(actual.entries.keys.map { Array($0.utf8) })
    if expectedKeys != actualKeys {
        let lost = expected.entries.keys.filter { !actualKeys.contains(Array($0.utf8)) }
        let added = actual.entries.keys.filter { !expectedKeys.contains(Array($0.utf8)) }
        return "keys differ: lost \(lost.map(debug)), added \(added.map(debug))"
    }
    guard let lhs = canonical(expected), let rhs = canonical(actual) else { return nil }
    for (left, right) in zip(lhs, rhs) where left.bytes != right.bytes {
        return "--- as read (canonical) ---\n\(show(left.bytes))\n--- read back (canonical) ---\n\(show(right.bytes))"
    }
    return nil
}

// MARK: - XLIFF documents

/// XLIFFDocumentReader → XLIFFDocumentWriter → XLIFFDocumentReader: the document read back equals the first, and writing it again gives the
/// same bytes.
private func xliffDocumentRoundTrip(_ bytes: [UInt8]) {
    var diagnostics = Diagnostics()
    guard let document = try? XLIFFDocumentReader().read(bytes, path: "fuzz.xliff", diagnostics: &diagnostics) else { return }
    let written = XLIFFDocumentWriter().write(document)
    var againDiagnostics = Diagnostics()
    let again: XLIFFDocument
    do {
        again = try XLIFFDocumentReader().read(written, path: "written.xliff", diagnostics: &againDiagnostics)
    } catch {
        failure("XLIFFDocumentReader refused what XLIFFDocumentWriter wrote", "\(error)\n--- written ---\n\(show(written))")
    }
    if again != document, !KnownBugs.skipsDocumentCheck(document) {
        failure(
            "the XLIFF document read back differs", "--- first ---\n\(document)\n--- read back ---\n\(again)"
                + "\n--- written ---\n\(show(written))")
    }
    let rewritten = XLIFFDocumentWriter().write(again)
    if rewritten != written {
        failure("XLIFF output is not a fixpoint", "--- first ---\n\(show(written))\n--- second ---\n\(show(rewritten))")
    }
}

// MARK: - XLIFF import

/// The tables an import goes into: fixtures of each kind, read once.
private let importTables: [(kind: XLIFFTableKind, format: FormatDescriptor, table: StringTable)] = {
    let fixtures = fixturesDirectory()
    let files: [(XLIFFTableKind, FormatDescriptor, String)] = [
        (.catalog, .xcstrings, "xcstrings/read/features.xcstrings"),
        (.strings, .strings, "strings/read/escapes.strings"),
        (.stringsDict, .stringsdict, "stringsdict/read/all-categories.stringsdict"),
    ]
    return files.map { kind, format, path in
        var diagnostics = Diagnostics()
        do {
            let file = try readSourceFile("\(fixtures)/\(path)")
            let table = try format.reader!.read(
                SourceFile(path: kind == .catalog ? "Fuzz.xcstrings" : "en.lproj/Fuzz.\(format.name)", bytes: file.bytes),
                options: ReadOptions(sourceLanguage: "en"), diagnostics: &diagnostics)
            return (kind, format, table)
        } catch {
            failure("cannot read the import fixture \(path)", "\(error)")
        }
    }
}()

/// Reads a document as `import` does and applies each `<file>` to a table of each kind, as Xcode would and with
/// every option; the table that results must be writable and read back.
private func xliffImport(_ bytes: [UInt8]) {
    var diagnostics = Diagnostics()
    guard let document = try? XLIFFDocumentReader(keepsNotes: false).read(bytes, path: "fuzz.xliff", diagnostics: &diagnostics)
    else { return }
    let optionSets = [
        XLIFFImport.Options(),
        XLIFFImport.Options(skipChangedSource: true, acceptUnfinished: true),
    ]
    for file in document.files {
        for (kind, format, table) in importTables {
            for options in optionSets {
                var imported = table
                let report = XLIFFImport.apply(file, to: &imported, kind: kind, options: options)
                _ = report.diagnostics(path: "fuzz.xliff")
                // Importing the same file again changes nothing.
                var twice = imported
                _ = XLIFFImport.apply(file, to: &twice, kind: kind, options: options)
                if twice != imported, !KnownBugs.skipsImportIdempotence(kind) {
                    failure(
                        "importing the same <file> twice changed the table the second time (\(kind))",
                        contentDifference(imported, twice) ?? "(only outside the entries)")
                }
                if imported != table {
                    checkWritable(imported, format, context: "import into \(kind)")
                }
            }
        }
    }
}

/// What an import made can be written, and what was written can be read.
private func checkWritable(_ table: StringTable, _ descriptor: FormatDescriptor, context: String) {
    var diagnostics = Diagnostics()
    guard let outputs = try? descriptor.writer!.write(table, options: WriteOptions(), diagnostics: &diagnostics)
    else { return }
    for output in outputs {
        var readDiagnostics = Diagnostics()
        do {
            _ = try read(output.bytes, path: output.relativePath, descriptor, diagnostics: &readDiagnostics)
        } catch {
            failure(
                "\(descriptor.name) reader refused what its writer wrote (\(context))",
                "\(error)\n--- written \(output.relativePath) ---\n\(show(output.bytes))")
        }
    }
}

// MARK: - Support

/// The repository's `Fixtures/` folder: `STRINGBRIDGE_FIXTURES`, else found from this source file's place.
func fixturesDirectory() -> String {
    if let path = getenvString("STRINGBRIDGE_FIXTURES") { return path }
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)  // FuzzTargets.swift, FuzzTargets, Sources, Fuzz
    return parts.joined(separator: "/") + "/Fixtures"
}

/// Stops the process with a message libFuzzer shows next to the input it saves.
func failure(_ what: String, _ details: String) -> Never {
    fatalError("FUZZ FAILURE: \(what)\n\(details)")
}

/// Bytes as text for a failure message, invalid UTF-8 replaced, cut at 4 KB.
func show(_ bytes: [UInt8]) -> String {
    let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
    return bytes.count > 4096 ? text + "\n… (\(bytes.count) bytes)" : text
}

private func debug(_ string: String) -> String {
    string.debugDescription
}

/// An environment variable, if set and not empty.
public func getenvString(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    let string = String(cString: value)
    return string.isEmpty ? nil : string
}
