import CatalogChecks
import LocalizationCatalog
import StringBridgeSupport

/// The report as one self-contained HTML page: inline CSS, SVG and script, no external request (a
/// Content-Security-Policy that allows none), readable from disk and from a CI artifact (docs/report.md).
///
/// `edit` serves the same page with the editor's script added (``Mode/editor``).
package struct ReportPage: Sendable {
    /// What the page is for.
    package enum Mode: Sendable, Equatable {
        /// A file (`report -o report.html`).
        case report
        /// Served by `edit`: each language opens its keys in the editor.
        case editor
    }

    package var report: ProjectReport
    package var mode: Mode = .report
    /// Findings listed per rule; the others are counted.
    package var findingsPerRule = 1000
    /// The tool's version, shown in the footer.
    package var version = ""
    /// The title (the project's folder).
    package var title = "Localization report"

    package init(report: ProjectReport, mode: Mode = .report) {
        self.report = report
        self.mode = mode
    }

    /// The page.
    package func html() -> String {
        var out = ""
        out.reserveCapacity(64 * 1024 + report.findings.count * 400)
        let policy =
            mode == .report
            ? "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"
            : "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; "
                + "connect-src 'self'; form-action 'none'; base-uri 'none'"
        out += "<!DOCTYPE html>\n<html lang=\"en\" data-mode=\"\(mode == .report ? "report" : "editor")\">\n<head>\n"
        out += "<meta charset=\"utf-8\">\n"
        out += "<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<meta name=\"referrer\" content=\"no-referrer\">\n"
        out += "<meta name=\"color-scheme\" content=\"light dark\">\n"
        out += "<title>\(escape(title)) — stringbridge \(mode == .report ? "report" : "editor")</title>\n"
        out += "<style>\n\(ReportAssets.css)</style>\n</head>\n<body>\n"
        header(&out)
        out += "<main id=\"overview\">\n"
        summary(&out)
        for table in report.tables { tableSection(table, &out) }
        findingsSection(&out)
        unreadableSection(&out)
        out += "</main>\n"
        if mode == .editor { out += ReportAssets.editorMarkup }
        out += "<footer>stringbridge \(escape(version)) · figures as <code>stringbridge stats</code>, findings as "
        out += "<code>stringbridge check</code></footer>\n"
        out += "<script>\n\(ReportAssets.reportScript)</script>\n"
        if mode == .editor { out += "<script>\n\(ReportAssets.editorScript)</script>\n" }
        out += "</body>\n</html>\n"
        return out
    }

    private func header(_ out: inout String) {
        let counts = report.check.counts
        out +=
            "<header class=\"top\"><div class=\"brand\"><svg class=\"logo\" viewBox=\"0 0 16 16\" aria-hidden=\"true\">"
        out += "<path d=\"M2 3h12v8H7l-3 3v-3H2z\" fill=\"currentColor\"/></svg> "
        out += "<h1>\(escape(title))</h1></div>"
        out += "<p class=\"meta\">\(report.tables.count) table\(report.tables.count == 1 ? "" : "s") · "
        out += "<span class=\"sev error\">\(counts.errors) errors</span> · "
        out += "<span class=\"sev warning\">\(counts.warnings) warnings</span> · "
        out += "<span class=\"sev note\">\(counts.notes) notes</span>"
        if report.hasBaseline {
            let fresh = report.findings.filter(\.isNew).count
            out += " · <span class=\"new-badge\" id=\"new-count\">\(fresh) new</span> since the baseline"
        }
        out += "</p></header>\n"
    }

    private func summary(_ out: inout String) {
        out += "<section class=\"legend\" aria-label=\"legend\">"
        for (name, label) in Self.states {
            out += "<span><i class=\"swatch s-\(name)\"></i>\(label)</span>"
        }
        out += "</section>\n"
    }

    static let states = [
        ("translated", "translated"), ("review", "needs review"), ("new", "new"), ("missing", "missing"),
        ("stale", "stale"),
    ]

    private func tableSection(_ table: ProjectReport.TableReport, _ out: inout String) {
        let stats = table.statistics
        let kind = table.project.kind.rawValue
        out += "<section class=\"table\" id=\"table-\(table.id)\" data-table-id=\"\(table.id)\" "
        out += "data-table=\"\(escape(stats.name))\" data-file=\"\(escape(stats.file))\" data-kind=\"\(kind)\">\n"
        out += "<h2>\(escape(stats.name)) <span class=\"kind\">\(kind)</span> "
        out += "<code class=\"path\">\(escape(stats.file))</code></h2>\n"
        out += "<table class=\"progress\"><thead><tr><th>language</th><th class=\"bar-col\">progress</th>"
        out += "<th>translated</th><th>needs review</th><th>new</th><th>missing</th><th>stale</th><th>keys</th>"
        out += "<th>words to do</th></tr></thead>\n<tbody>\n"
        for row in stats.rows {
            let rtl = TextDirection.isRightToLeft(row.language)
            let isSource = row.language == stats.sourceLanguage
            out += "<tr data-language=\"\(escape(row.language))\"\(isSource ? " class=\"source\"" : "")>"
            out += "<th scope=\"row\"><span class=\"lang\" lang=\"\(escape(row.language))\">"
            if mode == .editor {
                out += "<a href=\"#/t/\(table.id)/\(escape(row.language))\">\(escape(row.language))</a>"
            } else {
                out += escape(row.language)
            }
            out += "</span>"
            if isSource { out += " <span class=\"tag\">development</span>" }
            if rtl { out += " <span class=\"tag\" title=\"written right to left\">RTL</span>" }
            out += "<span class=\"lname\" data-code=\"\(escape(row.language))\"></span></th>"
            out += "<td class=\"bar-col\"><div class=\"barwrap\">\(Self.bar(row))<span class=\"pct\">"
            out += "\(CIReports.percent(row.translated, of: row.keys))</span></div></td>"
            for (name, value) in [
                ("translated", row.translated), ("needsReview", row.needsReview), ("new", row.new),
                ("missing", row.missing), ("stale", row.stale), ("keys", row.keys),
                ("wordsToTranslate", row.wordsToTranslate),
            ] {
                out += "<td class=\"num\" data-stat=\"\(name)\">\(value)</td>"
            }
            out += "</tr>\n"
        }
        out += "</tbody></table>\n"
        if !table.plurals.isEmpty {
            out += "<h3>Plural coverage <small>CLDR categories each language needs, per plural variation</small></h3>\n"
            out += "<table class=\"plurals\"><tbody>\n"
            for coverage in table.plurals {
                out +=
                    "<tr data-language=\"\(escape(coverage.language))\"><th scope=\"row\">\(escape(coverage.language))</th>"
                out += "<td>"
                for (category, covered) in coverage.categories {
                    let complete = covered == coverage.variations
                    out += "<span class=\"chip\(complete ? " ok" : " short")\" data-category=\"\(category)\" "
                    out += "title=\"\(covered) of \(coverage.variations) plural variations have \(category)\">"
                    out += "\(category) <b>\(covered)/\(coverage.variations)</b></span> "
                }
                out += "</td></tr>\n"
            }
            out += "</tbody></table>\n"
        }
        if !table.staleKeys.isEmpty {
            out += "<details class=\"stale\"><summary>Keys the code no longer uses <b>\(table.staleKeys.count)</b> "
            out += "<small>(extraction state stale)</small></summary><ul>\n"
            for (key, source) in table.staleKeys.prefix(findingsPerRule) {
                out += "<li><code dir=\"auto\">\(escape(key))</code>"
                if source != key { out += " — <span dir=\"auto\">\(escape(source))</span>" }
                out += "</li>\n"
            }
            if table.staleKeys.count > findingsPerRule {
                out += "<li>… and \(table.staleKeys.count - findingsPerRule) more</li>\n"
            }
            out += "</ul></details>\n"
        }
        out += "</section>\n"
    }

    /// The row's progress as an SVG bar of the states (stale keys at the end).
    static func bar(_ row: TableStatistics.Row) -> String {
        let total = row.keys + row.stale
        guard total > 0 else { return "<svg class=\"bar\" viewBox=\"0 0 100 10\" preserveAspectRatio=\"none\"></svg>" }
        var out = "<svg class=\"bar\" viewBox=\"0 0 100 10\" preserveAspectRatio=\"none\" role=\"img\" aria-label=\""
        out += "\(row.translated) translated, \(row.needsReview) needs review, \(row.new) new, \(row.missing) "
        out += "missing, \(row.stale) stale\">"
        var x = 0.0
        for (name, value) in [
            ("translated", row.translated), ("review", row.needsReview), ("new", row.new), ("missing", row.missing),
            ("stale", row.stale),
        ] where value > 0 {
            let width = Double(value) * 100 / Double(total)
            out += "<rect class=\"s-\(name)\" x=\"\(format(x))\" y=\"0\" width=\"\(format(width))\" height=\"10\"/>"
            x += width
        }
        return out + "</svg>"
    }

    private static func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    private func findingsSection(_ out: inout String) {
        out +=
            "<section id=\"findings\"><h2>Findings <small>as <code>stringbridge check</code> reports them</small></h2>\n"
        guard !report.findings.isEmpty else {
            out += "<p class=\"clean\">No findings.</p></section>\n"
            return
        }
        out += "<input type=\"search\" id=\"finding-filter\" placeholder=\"Filter findings (key, file, message)\" "
        out += "aria-label=\"Filter findings\">\n"
        let groups = Dictionary(grouping: report.findings, by: \.finding.rule).sorted { lhs, rhs in
            if lhs.key.severity != rhs.key.severity { return lhs.key.severity < rhs.key.severity }
            if lhs.value.count != rhs.value.count { return lhs.value.count > rhs.value.count }
            return lhs.key < rhs.key
        }
        for (rule, findings) in groups {
            let fresh = findings.filter(\.isNew).count
            out += "<details class=\"rule\" data-rule=\"\(rule.rawValue)\"\(rule.severity == .error ? " open" : "")>"
            out += "<summary><span class=\"sev \(rule.severity.rawValue)\">\(rule.severity.rawValue)</span> "
            out += "<code>\(rule.rawValue)</code> <b class=\"count\">\(findings.count)</b>"
            if report.hasBaseline, fresh > 0 { out += " <span class=\"new-badge\">\(fresh) new</span>" }
            out += " <small>\(escape(rule.shortDescription))</small></summary>\n"
            out += "<table class=\"findings\"><thead><tr><th>place</th><th>language</th><th>key</th><th>source</th>"
            out += "<th>translation</th><th>message</th></tr></thead><tbody>\n"
            for context in findings.prefix(findingsPerRule) {
                let finding = context.finding
                let rtl = TextDirection.isRightToLeft(finding.language)
                out += "<tr class=\"\(finding.severity.rawValue)\(context.isNew ? " is-new" : "")\">"
                out += "<td class=\"place\"><code>\(escape(finding.file)):\(finding.line):\(finding.column)</code>"
                if context.isNew { out += " <span class=\"new-badge\">new</span>" }
                out += "</td><td>\(escape(finding.language))"
                if !finding.path.isEmpty { out += "<br><small>\(escape(finding.path))</small>" }
                out += "</td><td><code dir=\"auto\">\(escape(finding.key))</code></td>"
                out += "<td dir=\"auto\">\(context.source.map(escape) ?? "")</td>"
                out += "<td\(rtl ? " dir=\"rtl\"" : " dir=\"auto\"") lang=\"\(escape(finding.language))\">"
                out += "\(context.translation.map(escape) ?? "")</td>"
                out += "<td>\(escape(finding.message))</td></tr>\n"
            }
            out += "</tbody></table>\n"
            if findings.count > findingsPerRule {
                out += "<p class=\"more\">… and \(findings.count - findingsPerRule) more "
                out += "(<code>stringbridge check</code> lists them all).</p>\n"
            }
            out += "</details>\n"
        }
        out += "</section>\n"
    }

    private func unreadableSection(_ out: inout String) {
        guard !report.unreadable.isEmpty else { return }
        out += "<section id=\"unreadable\"><h2>Files that could not be read</h2><ul>\n"
        for problem in report.unreadable { out += "<li><code>\(escape(problem.description))</code></li>\n" }
        out += "</ul></section>\n"
    }
}

/// Text for HTML content and attribute values: `& < > " '` escaped, controls shown (`\n`).
package func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        case "\u{0}"..."\u{8}", "\u{B}"..."\u{1F}", "\u{7F}":
            out += "\\u{\(String(scalar.value, radix: 16))}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}
