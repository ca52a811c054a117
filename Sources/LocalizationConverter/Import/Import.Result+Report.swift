import LocalizationCatalog
import StringBridgeSupport
import XCStringsFormat
@_spi(XLIFFDocuments) import XLIFFFormat

extension Import.Result {
    /// The report as text, for people, as UTF-8: one line per `<file>` with its counts and the units not applied
    /// (per reason, a count and the first unit; with `verbose`, each unit), then a summary and the files changed.
    public func text(verbose: Bool = false) -> [UInt8] {
        ImportSummary.text(self, verbose: verbose)
    }

    /// The report as JSON, for machines, as UTF-8: the totals, the files changed and each `<file>`'s counts and
    /// units not applied.
    public func json() -> [UInt8] {
        ImportSummary.json(self)
    }

    /// The error a strict import ends with, or `nil` when no unit was refused for a reason it fails on.
    package var strictRefusal: String? {
        ImportSummary.strictRefusal(self)
    }

    /// The error an import ends with when it refused targets whose placeholders differ from their source's (a
    /// `%d` read as `%@` crashes at run time), or `nil` when it refused none.
    package var placeholderRefusal: String? {
        let refused = files.reduce(0) { $0 + $1.report.placeholderRefusals.count }
        guard refused > 0 else { return nil }
        return "\(ImportSummary.units(refused)) not applied: their placeholders differ from the source's, which "
            + "crashes or prints garbage at run time (fix the targets, or pass --accept-placeholder-mismatch to import "
            + "them anyway)"
    }

    /// ``strictRefusal`` as an error at the first unit it counts (its document when the unit has no place).
    package var strictRefusalDiagnostic: Diagnostic? {
        guard let message = strictRefusal else { return nil }
        let first = files.lazy.compactMap { file in file.report.strictFailures.first.map { (file, $0) } }.first
        return Diagnostic(.error, message, at: first?.1.location, orPath: first?.0.document)
    }

    /// ``placeholderRefusal`` as an error at the first target refused (its document when the unit has no place).
    package var placeholderRefusalDiagnostic: Diagnostic? {
        guard let message = placeholderRefusal else { return nil }
        let first = files.lazy.compactMap { file in file.report.placeholderRefusals.first.map { (file, $0) } }.first
        return Diagnostic(.error, message, at: first?.1.location, orPath: first?.0.document)
    }

    /// An error for each target refused because its placeholders differ from its source's, at its document.
    package var placeholderErrors: [Diagnostic] {
        files.flatMap { $0.report.placeholderErrors(path: $0.document) }
    }

    /// A warning for each target applied although its placeholders differ from its source's, at its document.
    package var placeholderWarnings: [Diagnostic] {
        files.flatMap { $0.report.placeholderWarnings(path: $0.document) }
    }
}

/// The import report, for people or machines.
enum ImportSummary {
    /// `1 table`, `2 tables`.
    static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(count == 1 ? noun : noun + "s")" }

    /// `1 unit`, `2 units`.
    static func units(_ count: Int) -> String { counted(count, "unit") }

    /// The counts of a report: `3 units applied, 1 unit unchanged, 2 units not applied`; a dry run says
    /// `would apply`.
    static func counts(_ report: XLIFFImportReport, dryRun: Bool) -> String {
        "\(units(report.applied)) \(dryRun ? "would apply" : "applied"), \(units(report.unchanged)) unchanged, "
            + "\(units(report.skipped.count)) not applied"
    }

    /// The units of `skipped` counted per reason code, in the order each reason first occurs.
    static func byReason(_ skipped: [XLIFFImportReport.SkippedUnit]) -> [(
        code: String, units: [XLIFFImportReport.SkippedUnit]
    )] {
        var result: [(code: String, units: [XLIFFImportReport.SkippedUnit])] = []
        var index: [String: Int] = [:]
        for unit in skipped {
            let code = unit.reason.code
            if let at = index[code] {
                result[at].units.append(unit)
            } else {
                index[code] = result.count
                result.append((code, [unit]))
            }
        }
        return result
    }

    /// The error `--strict` ends with, or `nil` when no unit was refused for a reason it fails on.
    static func strictRefusal(_ result: Import.Result) -> String? {
        let failures = result.files.flatMap(\.report.strictFailures)
        guard !failures.isEmpty else { return nil }
        let reasons = byReason(failures).map { "\($0.units.count) \($0.code)" }.joined(separator: ", ")
        return "--strict: \(units(failures.count)) not applied (\(reasons))"
    }

    /// The text report as UTF-8.
    ///
    /// A large import lists tens of thousands of units with `verbose`, so each file's
    /// lines are made side by side, as bytes.
    static func text(_ result: Import.Result, verbose: Bool = false) -> [UInt8] {
        let pieces = parallelMap(result.files) { text(of: $0, dryRun: result.dryRun, verbose: verbose) }
        var out: [UInt8] = []
        out.reserveCapacity(pieces.reduce(200) { $0 + $1.count })
        for piece in pieces { out += piece }
        let total = result.total
        let byReason = byReason(total.skipped)
        let reasons =
            byReason.isEmpty ? "" : " (" + byReason.map { "\($0.units.count) \($0.code)" }.joined(separator: ", ") + ")"
        let verb = result.dryRun ? "would change" : "changed"
        var summary = "import: \(counts(total, dryRun: result.dryRun))"
        summary += reasons
        let mismatches = total.appliedWithPlaceholderMismatch.count
        if mismatches > 0 { summary += "; \(units(mismatches)) with a placeholder mismatch" }
        summary += "; \(verb) \(counted(result.changed.count, "file"))\n"
        for path in result.changed { summary += "  \(verb): \(escapingControls(path))\n" }
        for (project, added) in result.knownRegions {
            summary +=
                "  \(result.dryRun ? "would add" : "added") \(added.map(escapingControls).joined(separator: ", ")) to "
                + "the knownRegions of \(escapingControls(project)) (--no-project leaves the project alone)\n"
        }
        out += summary.utf8
        return out
    }

    /// One file's lines: its counts, then the units not applied — per reason (a count and the first unit), or
    /// with `verbose` each one.
    private static func text(of file: Import.FileResult, dryRun: Bool, verbose: Bool) -> [UInt8] {
        let report = file.report
        var out: [UInt8] = []
        out.reserveCapacity(100 + (verbose ? 140 * report.skipped.count : 0))
        func add(_ string: String) { out += string.utf8 }
        func add(_ unit: XLIFFImportReport.SkippedUnit, code: Bool = true) {
            if let location = unit.location {
                add(escapingControls(location.path))
                add(":")
                add(String(location.line))
                add(":")
                add(String(location.column))
                add(": ")
            } else {
                add(escapingControls(file.document))
                add(": ")
            }
            if code {
                add(unit.reason.code)
                add(": ")
            }
            add(quoted(unit.id))
            add(": ")
            add(escapingControls(unit.reason.description))
        }
        let language = file.language.map { " [\(escapingControls($0))]" } ?? ""
        let target = file.table.map { " -> \(escapingControls($0))" } ?? ""
        add("\(escapingControls(file.original))\(language)\(target): \(counts(report, dryRun: dryRun))\n")
        if verbose {
            for unit in report.skipped {
                add("  ")
                add(unit)
                add("\n")
            }
            for id in report.createdKeys {
                add("  \(file.document): created-key: \"\(id)\": \(dryRun ? "would add" : "added") to the table\n")
            }
            for id in report.appliedWithChangedSource {
                add(
                    "  \(escapingControls(file.document)): source-changed: \(quoted(id)): "
                        + "\(changedSourceOutcome(file, dryRun: dryRun))\n"
                )
            }
            for unit in report.appliedWithPlaceholderMismatch {
                add("  ")
                add(unit)
                add(dryRun ? " (would import)\n" : " (imported)\n")
            }
            return out
        }
        for (code, units) in byReason(report.skipped) {
            add("  \(Self.units(units.count)) \(code)")
            add(units.count == 1 ? ": " : ", first: ")
            add(units[0], code: false)
            add("\n")
        }
        let created = report.createdKeys
        if !created.isEmpty {
            add("  \(counted(created.count, "key")) \(dryRun ? "would be added" : "added") to the table")
            add(created.count == 1 ? ": \"\(created[0])\"\n" : ", first: \"\(created[0])\"\n")
        }
        let changedSource = report.appliedWithChangedSource
        if !changedSource.isEmpty {
            add("  \(units(changedSource.count)) source-changed, \(changedSourceOutcome(file, dryRun: dryRun))")
            add((changedSource.count == 1 ? ": " : ", first: ") + quoted(changedSource[0]) + "\n")
        }
        let mismatches = report.appliedWithPlaceholderMismatch
        if !mismatches.isEmpty {
            add(
                "  \(units(mismatches.count)) placeholder-mismatch, \(dryRun ? "would import" : "imported") with a warning"
            )
            add(mismatches.count == 1 ? ": " : ", first: ")
            add(mismatches[0], code: false)
            add("\n")
        }
        return out
    }

    /// What became of units whose source changed: a catalog flags them `needs_review`; a legacy table holds no
    /// state, so there they are plain translations, which the report says (nothing in the file marks them).
    static func changedSourceOutcome(_ file: Import.FileResult, dryRun: Bool) -> String {
        guard file.isLegacy else { return "\(dryRun ? "would import" : "imported") as needs_review" }
        return "\(dryRun ? "would import" : "imported") as plain translations, not marked for review (a legacy "
            + "table holds no state; review them, or --skip-changed-source skips them)"
    }

    /// The JSON report.
    static func json(_ result: Import.Result) -> [UInt8] {
        func number(_ value: Int) -> JSONValue { .number(String(value)) }
        let total = result.total
        func unitObject(_ unit: XLIFFImportReport.SkippedUnit) -> JSONValue {
            var object: OrderedMap<JSONValue> = [
                "id": .string(unit.id), "reason": .string(unit.reason.code),
                "message": .string(unit.reason.description),
            ]
            if let location = unit.location {
                object["line"] = number(location.line)
                object["column"] = number(location.column)
            }
            return .object(object)
        }
        var files: [JSONValue] = []
        for file in result.files {
            var object: OrderedMap<JSONValue> = [
                "document": .string(file.document), "original": .string(file.original),
            ]
            object["language"] = file.language.map(JSONValue.string) ?? .null
            object["table"] = file.table.map(JSONValue.string) ?? .null
            object["applied"] = number(file.report.applied)
            object["unchanged"] = number(file.report.unchanged)
            object["createdKeys"] = .array(file.report.createdKeys.map(JSONValue.string))
            object["appliedWithChangedSource"] = .array(file.report.appliedWithChangedSource.map(JSONValue.string))
            // A legacy table holds no state: units applied with a changed source are not flagged there.
            object["changedSourceFlagged"] = .bool(!file.isLegacy)
            object["appliedWithPlaceholderMismatch"] = .array(
                file.report.appliedWithPlaceholderMismatch.map(unitObject))
            object["skipped"] = .array(file.report.skipped.map(unitObject))
            files.append(.object(object))
        }
        let summary: OrderedMap<JSONValue> = [
            "applied": number(total.applied), "unchanged": number(total.unchanged),
            "notApplied": number(total.skipped.count),
            "placeholderMismatches": number(total.appliedWithPlaceholderMismatch.count),
            "strictFailures": number(total.strictFailures.count), "dryRun": .bool(result.dryRun),
            "changedFiles": .array(result.changed.map(JSONValue.string)),
            "knownRegions": .array(
                result.knownRegions.map { project, added in
                    .object(["project": .string(project), "added": .array(added.map(JSONValue.string))])
                }),
            "files": .array(files),
        ]
        return AppleJSON.encode(.object(summary))
    }
}
