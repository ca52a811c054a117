import CatalogChecks
import LocalizationCatalog
import StringBridgeSupport

/// `check --format github|markdown|junit` and `stats --format markdown`: what CI systems read (docs/report.md).
package enum CIReports {
    // MARK: - GitHub Actions workflow commands

    /// One workflow command per finding (`::error file=…,line=…,col=…,title=RULE::message`; warnings as
    /// `::warning`, notes as `::notice`), then the summary line as a `::notice` without a file.
    ///
    /// GitHub's escapes: in the message `%` → `%25`, CR → `%0D`, LF → `%0A`; in a property value also `:` → `%3A`
    /// and `,` → `%2C`.
    package static func github(_ report: CheckReport) -> String {
        var out = ""
        for finding in report.findings {
            let command: String
            switch finding.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            out += "::\(command) file=\(property(finding.file)),line=\(finding.line),col=\(finding.column)"
            out += ",title=\(property(finding.rule.rawValue))::\(data(finding.message))\n"
        }
        let counts = report.counts
        out += "::notice title=stringbridge check::"
        out += data(
            "\(counts.errors) errors, \(counts.warnings) warnings, \(counts.notes) notes in \(report.tables) tables "
                + "(\(report.files) files)")
        return out + "\n"
    }

    /// A workflow command's message (its data): `%`, CR and LF escaped.
    package static func data(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A workflow command's property value: as ``data(_:)``, and `:` and `,` escaped.
    package static func property(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    // MARK: - Markdown (job summaries)

    /// A job summary for `$GITHUB_STEP_SUMMARY`: the counts, then the findings grouped by rule, the first `limit` of
    /// each rule listed and the rest counted.
    package static func markdown(_ report: CheckReport, limit: Int = 20) -> String {
        let counts = report.counts
        var out = "## stringbridge check\n\n"
        out += "\(icon(counts)) **\(counts.errors)** errors, **\(counts.warnings)** warnings, **\(counts.notes)** "
        out += "notes in \(report.tables) tables (\(report.files) files)\n"
        let groups = grouped(report.findings)
        guard !groups.isEmpty else { return out + "\nNo findings.\n" }
        out += "\n| rule | severity | findings |\n|---|---|---:|\n"
        for (rule, findings) in groups {
            out += "| `\(rule.rawValue)` | \(rule.severity.rawValue) | \(findings.count) |\n"
        }
        for (rule, findings) in groups {
            out += "\n### `\(rule.rawValue)` (\(findings.count))\n\n"
            out += "\(cell(rule.shortDescription))\n\n"
            out += "| place | severity | message |\n|---|---|---|\n"
            for finding in findings.prefix(limit) {
                out +=
                    "| `\(code("\(finding.file):\(finding.line):\(finding.column)"))` | \(finding.severity.rawValue) | "
                out += "\(cell(finding.message)) |\n"
            }
            if findings.count > limit {
                out += "\n… and \(findings.count - limit) more (`stringbridge check` lists them all).\n"
            }
        }
        return out
    }

    /// Per table, one row per language: translated %, then the counts by state (`stats --format markdown`).
    package static func markdown(_ statistics: TableStatistics) -> String {
        var out = "## stringbridge stats\n\n"
        for table in statistics.tables {
            out += "### \(cell(table.name)) — `\(code(table.file))`\n\n"
            out +=
                "| language | translated % | progress | translated | needs review | new | missing | stale | keys | words to do |\n"
            out += "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|\n"
            for row in table.rows {
                let percent = Self.percent(row.translated, of: row.keys)
                let language = row.language == table.sourceLanguage ? "\(row.language) (development)" : row.language
                out += "| \(cell(language)) | \(percent) | \(bar(row)) | \(row.translated) | \(row.needsReview) | "
                out += "\(row.new) | \(row.missing) | \(row.stale) | \(row.keys) | \(row.wordsToTranslate) |\n"
            }
            out += "\n"
        }
        out += "\(statistics.tables.count) table\(statistics.tables.count == 1 ? "" : "s")"
        if !statistics.unreadable.isEmpty {
            out += "; \(statistics.unreadable.count) file(s) could not be read:\n\n"
            for problem in statistics.unreadable { out += "- `\(code(problem.description))`\n" }
        } else {
            out += "\n"
        }
        return out
    }

    /// `translated` of `keys` as a percentage with one decimal, floored so that 99.96 % is not shown as 100 %.
    package static func percent(_ translated: Int, of keys: Int) -> String {
        guard keys > 0 else { return "–" }
        let tenths = translated * 1000 / keys
        return "\(tenths / 10).\(tenths % 10) %"
    }

    /// Ten blocks, filled as far as the language is translated.
    static func bar(_ row: TableStatistics.Row) -> String {
        guard row.keys > 0 else { return "" }
        let filled = row.translated * 10 / row.keys
        return String(repeating: "█", count: filled) + String(repeating: "░", count: 10 - filled)
    }

    private static func icon(_ counts: (errors: Int, warnings: Int, notes: Int)) -> String {
        counts.errors > 0 ? "❌" : counts.warnings > 0 ? "⚠️" : "✅"
    }

    /// Findings by rule: errors' rules first, then by count.
    static func grouped(_ findings: [Finding]) -> [(CheckRule, [Finding])] {
        Dictionary(grouping: findings, by: \.rule).map { ($0.key, $0.value) }.sorted { lhs, rhs in
            if lhs.0.severity != rhs.0.severity { return lhs.0.severity < rhs.0.severity }
            if lhs.1.count != rhs.1.count { return lhs.1.count > rhs.1.count }
            return lhs.0 < rhs.0
        }
    }

    /// Text for a Markdown table cell: `|` escaped, line breaks and controls shown, HTML's `<` `>` `&` escaped.
    package static func cell(_ text: String) -> String {
        var out = ""
        for scalar in escapingControls(text).unicodeScalars {
            switch scalar {
            case "|": out += "\\|"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "`", "*", "_", "[", "]", "\\":
                out += "\\"
                out.unicodeScalars.append(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Text inside a code span in a table cell: controls shown, backticks and `|` replaced (a code span cannot
    /// escape them).
    static func code(_ text: String) -> String {
        escapingControls(text).replacingOccurrences(of: "`", with: "ˋ").replacingOccurrences(of: "|", with: "¦")
    }

    // MARK: - JUnit

    /// JUnit XML: one test suite per rule, one test case per finding.
    ///
    /// Errors and warnings are failing test cases, notes skipped ones, each named `file:line:column` with the rule as
    /// its classname.
    /// A clean check is one passing test case, so that a CI that counts tests sees one.
    package static func junit(_ report: CheckReport) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let counts = report.counts
        let total = max(1, report.findings.count)
        out += "<testsuites name=\"stringbridge check\" tests=\"\(total)\" "
        out += "failures=\"\(counts.errors + counts.warnings)\" errors=\"0\" skipped=\"\(counts.notes)\">\n"
        let groups = grouped(report.findings)
        if groups.isEmpty {
            out += "  <testsuite name=\"stringbridge check\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\">\n"
            out += "    <testcase classname=\"stringbridge.check\" name=\"\(report.tables) tables, "
            out += "\(report.files) files: no findings\"/>\n"
            out += "  </testsuite>\n"
        }
        for (rule, findings) in groups {
            let failures = findings.filter { $0.severity != .note }.count
            out += "  <testsuite name=\"\(xml(rule.rawValue))\" tests=\"\(findings.count)\" failures=\"\(failures)\" "
            out += "errors=\"0\" skipped=\"\(findings.count - failures)\">\n"
            for finding in findings {
                let name = "\(finding.file):\(finding.line):\(finding.column)"
                out += "    <testcase classname=\"stringbridge.\(xml(rule.rawValue))\" name=\"\(xml(name))\" "
                out += "file=\"\(xml(finding.file))\" line=\"\(finding.line)\">\n"
                if finding.severity == .note {
                    out += "      <skipped message=\"\(xml(finding.message))\"/>\n"
                } else {
                    out += "      <failure type=\"\(finding.severity.rawValue)\" message=\"\(xml(finding.message))\">"
                    out += xml("\(name): \(finding.severity.rawValue): \(finding.message) [\(rule.rawValue)]")
                    out += "</failure>\n"
                }
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    /// Text for XML attributes and content: `& < > " '` escaped; characters XML 1.0 cannot hold (C0 controls but
    /// TAB, LF, CR; U+FFFE, U+FFFF) written as `\u{…}`.
    package static func xml(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}":
                out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
