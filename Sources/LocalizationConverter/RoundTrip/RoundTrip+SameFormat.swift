import Foundation
import LocalizationCatalog
import StringsDictFormat
import StringsFormat
import XCStringsFormat
@_spi(XLIFFDocuments) import XLIFFFormat

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Same-format trips: a file read and written again in its own format gives its bytes back.
extension RoundTrip {
    /// The name of the trip of a file through its own format.
    static func sameFormatTripName(_ format: FormatDescriptor) -> String {
        "\(format.name) → \(format.name)"
    }

    /// Whether `table`, read from `source`, is a catalog in Xcode's layout whose rewrite gives `source`'s bytes back:
    /// the trip through its own format then finds nothing (``sameFormat(_:format:language:read:report:)`` says so
    /// without looking further).
    ///
    /// The catalog is compared with its rewrite as the rewrite is made: neither is copied, and a large file's memory
    /// is let go once read, and again behind the comparison, which reads it once more. So this may run next to other
    /// work (the round trip's other trips) without holding the file's bytes.
    static func rewritesInXcodeLayout(_ source: SourceFile, table: StringTable, format: FormatDescriptor) -> Bool {
        guard format.reader != nil, format.writer is XCStringsWriter else { return false }
        var diagnostics = Diagnostics()
        source.releaseResidentBytes()
        let difference = source.withUnsafeBytes {
            XCStringsWriter().firstDifference(of: table, from: $0, diagnostics: &diagnostics) { compared in
                source.releaseResidentBytes(before: compared)
            }
        }
        return difference == nil
    }

    /// The trip of `path` through its own format; `read` is the file and its table when the caller has read them.
    func sameFormat(
        _ path: String, format: FormatDescriptor, language: String?, read: (SourceFile, StringTable)? = nil,
        report: inout RoundTripReport
    ) -> String {
        let trip = Trip(name: Self.sameFormatTripName(format), expectations: .none)
        guard let reader = format.reader, let writer = format.writer else { return trip.name }
        do {
            var diagnostics = Diagnostics()
            let options = ReadOptions(language: language)
            let source: SourceFile
            let table: StringTable
            if let read {
                (source, table) = read
            } else {
                source = try readSourceFile(path)
                table = try reader.read(source, options: options, diagnostics: &diagnostics)
            }
            if Self.rewritesInXcodeLayout(source, table: table, format: format) { return trip.name }
            // A legacy format with an editor (`.strings`, `.stringsdict` XML) is written as `convert` writes it onto
            // itself or to its own format: the file's bytes edited to match the table (docs/files.md).
            let outputs =
                format.editor != nil
                ? [
                    try TableOutput.file(
                        for: table, format: format, options: WriteOptions(languages: language.map { [$0] }),
                        over: source, path: path, diagnostics: &diagnostics)
                ]
                : try writer.write(
                    table, options: WriteOptions(languages: language.map { [$0] }), diagnostics: &diagnostics)
            guard outputs.count == 1, let output = outputs.first else {
                report.differences.append(
                    failure(path, trip, "the writer gave \(outputs.count) files for one"))
                return trip.name
            }
            let sourceBytes = source.bytes
            if output.bytes == sourceBytes { return trip.name }
            let again = try reader.read(
                SourceFile(path: path, bytes: output.bytes), options: options, diagnostics: &diagnostics)
            var comparison = TableComparison(trip: trip, table: path, comparesOrder: true)
            comparison.compare(expected: table, actual: again)
            if format.holdsEveryLanguage {
                for index in comparison.differences.indices where comparison.differences[index].aspect == .order {
                    comparison.differences[index].isExpected = true
                    comparison.differences[index].reason =
                        "a String Catalog is written in Xcode's key order; the input was not in it"
                }
            }
            report.differences += comparison.differences
            let lostComments = format.id == .strings ? try Self.lostComments(source, output.bytes, trip) : []
            report.differences += lostComments
            // What the writer wrote must come back byte for byte: a file in its own layout is never changed.
            let rewritten = try writer.write(
                again, options: WriteOptions(languages: language.map { [$0] }), diagnostics: &diagnostics)
            if rewritten.first?.bytes != output.bytes {
                report.differences.append(
                    RoundTripDifference(
                        table: path, trip: trip.name, aspect: .bytes, expected: nil, actual: nil,
                        reason: "the writer's own output changes when read and written again "
                            + "(\(firstDifference(output.bytes, rewritten.first?.bytes ?? [])))"))
            } else if comparison.differences.isEmpty, lostComments.isEmpty {
                report.differences.append(
                    RoundTripDifference(
                        table: path, trip: trip.name, aspect: .bytes, expected: nil, actual: nil, isExpected: true,
                        reason:
                            "the file is not in the writer's layout (\(firstDifference(sourceBytes, output.bytes))); "
                            + "its content is kept, and the rewrite comes back byte for byte"))
            }
        } catch {
            record(error, path, trip, &report)
        }
        return trip.name
    }

    /// The comments of a `.strings` source that its rewrite lacks, one loss each, by the key they stand before.
    ///
    /// The table keeps one comment per key (the last before it); a rewrite that keeps the table can still lose
    /// the others: several comments in a row, a file header, section titles, comments after the last entry.
    static func lostComments(_ source: SourceFile, _ output: [UInt8], _ trip: Trip) throws -> [RoundTripDifference] {
        let before = try StringsComments.all(in: source)
        guard !before.isEmpty else { return [] }
        var after: [[UInt8]: Int] = [:]
        for comment in try StringsComments.all(in: SourceFile(path: source.path, bytes: output)) {
            after[Array(comment.text.utf8), default: 0] += 1
        }
        var lost: [RoundTripDifference] = []
        for comment in before {
            if let count = after[Array(comment.text.utf8)], count > 0 {
                after[Array(comment.text.utf8)] = count - 1
                continue
            }
            lost.append(
                RoundTripDifference(
                    table: source.path, trip: trip.name, key: comment.key, aspect: .comment,
                    expected: comment.text, actual: nil,
                    reason: comment.key == nil
                        ? "a comment after the last entry is lost" : "a comment before this key is lost"))
        }
        return lost
    }

    /// XLIFF read → write, at the document level (every `<file>` and unit, in order).
    func xliffSameFormat(_ path: String, report: inout RoundTripReport) -> String {
        let trip = Trip(name: "xliff → xliff", expectations: .none)
        do {
            var diagnostics = Diagnostics()
            let source = try readSourceFile(path)
            let sourceBytes = source.bytes
            let document = try XLIFFDocumentReader().read(sourceBytes, path: path, diagnostics: &diagnostics)
            let bytes = XLIFFDocumentWriter().write(document)
            if bytes == sourceBytes { return trip.name }
            let again = try XLIFFDocumentReader().read(bytes, path: path, diagnostics: &diagnostics)
            if let difference = Self.firstDifference(document, again) {
                report.differences.append(
                    RoundTripDifference(
                        table: path, trip: trip.name, key: difference.id, aspect: .value, expected: difference.expected,
                        actual: difference.actual, reason: difference.what))
            } else {
                report.differences.append(
                    RoundTripDifference(
                        table: path, trip: trip.name, aspect: .bytes, expected: nil, actual: nil, isExpected: true,
                        reason: "the file is not in Xcode's layout (\(firstDifference(sourceBytes, bytes))); "
                            + "its content is kept"))
            }
        } catch {
            record(error, path, trip, &report)
        }
        return trip.name
    }

    /// The first unit that differs between two documents.
    static func firstDifference(_ lhs: XLIFFDocument, _ rhs: XLIFFDocument)
        -> (id: String?, what: String, expected: String?, actual: String?)?
    {
        guard lhs.files.count == rhs.files.count else {
            return (nil, "number of <file> elements", String(lhs.files.count), String(rhs.files.count))
        }
        for (left, right) in zip(lhs.files, rhs.files) {
            guard left.original == right.original, left.units.count == right.units.count else {
                return (nil, "<file original>", left.original, right.original)
            }
            for (a, b) in zip(left.units, right.units) where a != b {
                if a.source != b.source { return (a.id, "source of \(left.original)", a.source, b.source) }
                if a.target != b.target { return (a.id, "target of \(left.original)", a.target, b.target) }
                if a.state != b.state { return (a.id, "state of \(left.original)", a.state, b.state) }
                return (a.id, "unit of \(left.original)", "\(a)", "\(b)")
            }
            if left != right { return (nil, "<file> \(left.original)", "\(left)", "\(right)") }
        }
        return lhs == rhs ? nil : (nil, "document", nil, nil)
    }
}
