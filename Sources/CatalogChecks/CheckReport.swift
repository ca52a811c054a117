import Foundation
import LocalizationCatalog
import LocalizationConverter
import StringBridgeSupport

/// What `check` found, and how to print it: text (`path:line:column: severity: message [rule]`), JSON or SARIF 2.1.0.
package struct CheckReport: Sendable {
    /// A catalog rewritten in Xcode's layout by `--fix`.
    package struct Fix: Sendable, Equatable {
        package var path: String
        package var bytes: [UInt8]
    }

    /// The findings, sorted by file, line, column and rule.
    package var findings: [Finding] = []
    /// The rewrites `--fix` makes (``apply()``).
    package var fixes: [Fix] = []
    /// The catalogs of ``fixes``, read for update: locked until ``apply()`` has written them.
    var updates = FileTransaction()
    /// How many files and tables were checked.
    package var files = 0
    package var tables = 0

    package init() {}

    mutating func sort() {
        findings.sort { lhs, rhs in
            if lhs.file != rhs.file { return lhs.file < rhs.file }
            if lhs.line != rhs.line { return lhs.line < rhs.line }
            if lhs.column != rhs.column { return lhs.column < rhs.column }
            if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
            if lhs.language != rhs.language { return lhs.language < rhs.language }
            if lhs.path != rhs.path { return lhs.path < rhs.path }
            return lhs.message < rhs.message
        }
    }

    /// Whether any finding is an error (the command then exits with status 1).
    package var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// Writes the ``fixes`` all or nothing; each catalog must still be the file checked (else nothing is
    /// written).
    package func apply() throws {
        guard !fixes.isEmpty else { return }
        var transaction = updates
        for fix in fixes { transaction.stage(fix.bytes, at: fix.path) }
        try transaction.commit()
    }

    /// Leaves out the findings an earlier JSON report (`--baseline`) has, matched by rule, file, table, key,
    /// language, path and message (not by position); each finding of the baseline matches one finding.
    /// - Throws: ``ConversionError`` when `bytes` are not such a report.
    package mutating func subtract(baseline bytes: [UInt8], path: String) throws {
        guard let root = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
            let list = root["findings"] as? [[String: Any]]
        else {
            throw ConversionError("not a JSON report of stringbridge check (--format json)", path: path)
        }
        var counts: [String: Int] = [:]
        for item in list {
            func field(_ name: String) -> String { item[name] as? String ?? "" }
            let identity = Finding.identity(
                rule: field("rule"), file: field("file"), table: field("table"), key: field("key"),
                language: field("language"), path: field("path"), message: field("message"))
            counts[identity, default: 0] += 1
        }
        findings.removeAll { finding in
            guard let count = counts[finding.identity], count > 0 else { return false }
            counts[finding.identity] = count - 1
            return true
        }
    }

    /// Counts by severity.
    package var counts: (errors: Int, warnings: Int, notes: Int) {
        var result = (errors: 0, warnings: 0, notes: 0)
        for finding in findings {
            switch finding.severity {
            case .error: result.errors += 1
            case .warning: result.warnings += 1
            case .note: result.notes += 1
            }
        }
        return result
    }

    /// One line per finding, then a summary line; `quiet`, the summary line alone.
    package func text(quiet: Bool = false) -> String {
        var text = ""
        for finding in findings where !quiet {
            text +=
                "\(escapingControls(finding.file)):\(finding.line):\(finding.column): \(finding.severity.rawValue): "
            text += "\(escapingControls(finding.message)) [\(finding.rule.rawValue)]\n"
        }
        let counts = counts
        text += "\(counted(counts.errors, "error")), \(counted(counts.warnings, "warning")), "
        text += "\(counted(counts.notes, "note")) in \(counted(tables, "table")) (\(counted(files, "file")))\n"
        return text
    }

    private func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// `{"version": 1, "findings": [...], "summary": {...}}`.
    package func json() -> [UInt8] {
        // The findings (tens of thousands over a large project) go straight into bytes (``appendString(_:to:)``).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(findings.count * 320 + 512)
        bytes += "{\n  \"version\" : 1,\n  \"findings\" : [".utf8
        for (index, finding) in findings.enumerated() {
            bytes += (index == 0 ? "\n" : ",\n").utf8
            bytes += "    {\n      \"rule\" : ".utf8
            Self.appendString(finding.rule.rawValue, to: &bytes)
            bytes += ",\n      \"severity\" : ".utf8
            Self.appendString(finding.severity.rawValue, to: &bytes)
            bytes += ",\n      \"file\" : ".utf8
            Self.appendString(finding.file, to: &bytes)
            bytes +=
                ",\n      \"line\" : \(finding.line),\n      \"column\" : \(finding.column),\n      \"table\" : ".utf8
            Self.appendString(finding.table, to: &bytes)
            bytes += ",\n      \"key\" : ".utf8
            Self.appendString(finding.key, to: &bytes)
            bytes += ",\n      \"language\" : ".utf8
            Self.appendString(finding.language, to: &bytes)
            bytes += ",\n      \"path\" : ".utf8
            Self.appendString(finding.path, to: &bytes)
            bytes += ",\n      \"message\" : ".utf8
            Self.appendString(finding.message, to: &bytes)
            bytes += "\n    }".utf8
        }
        var out = findings.isEmpty ? "],\n" : "\n  ],\n"
        let counts = counts
        out += "  \"summary\" : {\n"
        out += "    \"files\" : \(files),\n    \"tables\" : \(tables),\n"
        out +=
            "    \"errors\" : \(counts.errors),\n    \"warnings\" : \(counts.warnings),\n    \"notes\" : \(counts.notes),\n"
        out += "    \"rules\" : {"
        let byRule = Dictionary(grouping: findings, by: \.rule)
        let used = CheckRule.allCases.filter { byRule[$0] != nil }.sorted()
        for (index, rule) in used.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            out += "      \(Self.string(rule.rawValue)) : \(byRule[rule]?.count ?? 0)"
        }
        out += used.isEmpty ? "}\n" : "\n    }\n"
        out += "  }\n}\n"
        return bytes + Array(out.utf8)
    }

    /// The report as SARIF 2.1.0.
    ///
    /// One run, the rules in `tool.driver.rules`, one result per finding. Columns count Unicode
    /// scalars (`columnKind` `unicodeCodePoints`; SARIF's default is UTF-16 code units).
    package func sarif(version: String) -> [UInt8] {
        var out = "{\n  \"$schema\" : \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\" : \"2.1.0\",\n"
        out += "  \"runs\" : [\n    {\n      \"tool\" : {\n        \"driver\" : {\n"
        out += "          \"name\" : \"stringbridge\",\n          \"version\" : \(Self.string(version)),\n"
        out += "          \"rules\" : ["
        let rules = CheckRule.allCases
        for (index, rule) in rules.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            out += "            {\n"
            out += "              \"id\" : \(Self.string(rule.rawValue)),\n"
            out += "              \"shortDescription\" : { \"text\" : \(Self.string(rule.shortDescription)) },\n"
            out += "              \"fullDescription\" : { \"text\" : \(Self.string(rule.fullDescription)) },\n"
            out += "              \"help\" : { \"text\" : \(Self.string(rule.help)) },\n"
            out += "              \"defaultConfiguration\" : { \"level\" : \(Self.string(rule.severity.rawValue)) }\n"
            out += "            }"
        }
        out += "\n          ]\n        }\n      },\n"
        out += "      \"columnKind\" : \"unicodeCodePoints\",\n"
        out += "      \"results\" : ["
        for (index, finding) in findings.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            out += "        {\n"
            out += "          \"ruleId\" : \(Self.string(finding.rule.rawValue)),\n"
            out += "          \"ruleIndex\" : \(rules.firstIndex(of: finding.rule) ?? 0),\n"
            out += "          \"level\" : \(Self.string(finding.severity.rawValue)),\n"
            out += "          \"message\" : { \"text\" : \(Self.string(finding.message)) },\n"
            out += "          \"locations\" : [\n            {\n              \"physicalLocation\" : {\n"
            out += "                \"artifactLocation\" : { \"uri\" : \(Self.string(Self.uri(finding.file))) },\n"
            out +=
                "                \"region\" : { \"startLine\" : \(finding.line), \"startColumn\" : \(finding.column) }\n"
            out += "              }\n            }\n          ],\n"
            out += "          \"properties\" : {\n"
            out += "            \"table\" : \(Self.string(finding.table)),\n"
            out += "            \"key\" : \(Self.string(finding.key)),\n"
            out += "            \"language\" : \(Self.string(finding.language)),\n"
            out += "            \"path\" : \(Self.string(finding.path))\n"
            out += "          }\n"
            out += "        }"
        }
        out += findings.isEmpty ? "]\n" : "\n      ]\n"
        out += "    }\n  ]\n}\n"
        return Array(out.utf8)
    }

    /// A path as a URI reference: relative paths stay relative, absolute ones become `file://` URIs; bytes other
    /// than unreserved characters and `/` are percent-encoded.
    static func uri(_ path: String) -> String {
        var result = path.hasPrefix("/") ? "file://" : ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }

    /// Appends ``string(_:)`` of `text` as UTF-8, byte by byte: the same escapes, without a `String` per value.
    ///
    /// `"`, `\\`, LF, CR and TAB get their short escapes; other C0 controls, DEL, C1 controls (U+0080–U+009F,
    /// `C2 80`–`C2 9F`) and U+2028/U+2029 (`E2 80 A8`/`A9`) are spelled `\\u` with four lowercase hex digits; every
    /// other byte is copied. A test holds it equal to ``string(_:)``.
    static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var utf8 = text.utf8.makeIterator()
        var pending: UInt8?
        func hexEscape(_ value: UInt32) {
            out += "\\u".utf8
            for shift in stride(from: 12, through: 0, by: -4) {
                let digit = UInt8((value >> UInt32(shift)) & 0xF)
                out.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
            }
        }
        while let byte = pending ?? utf8.next() {
            pending = nil
            switch byte {
            case UInt8(ascii: "\""): out += "\\\"".utf8
            case UInt8(ascii: "\\"): out += "\\\\".utf8
            case 0x0A: out += "\\n".utf8
            case 0x0D: out += "\\r".utf8
            case 0x09: out += "\\t".utf8
            case 0x00...0x1F, 0x7F: hexEscape(UInt32(byte))
            case 0xC2:
                guard let next = utf8.next() else {
                    out.append(byte)
                    break
                }
                if (0x80...0x9F).contains(next) {
                    hexEscape(UInt32(next))
                } else {
                    out.append(byte)
                    pending = next
                }
            case 0xE2:
                guard let second = utf8.next() else {
                    out.append(byte)
                    break
                }
                guard second == 0x80, let third = utf8.next() else {
                    out.append(byte)
                    pending = second
                    break
                }
                if third == 0xA8 || third == 0xA9 {
                    hexEscape(third == 0xA8 ? 0x2028 : 0x2029)
                } else {
                    out.append(byte)
                    out.append(second)
                    pending = third
                }
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// A JSON string literal.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}":
                out += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
