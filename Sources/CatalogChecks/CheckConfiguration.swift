import Foundation
import LocalizationCatalog
import LocalizationConverter

/// A project's checked-in settings for `check`: `.stringbridge.json`, found in the folder of the first path checked
/// or the nearest folder above it (docs/check.md, "Configuration").
///
/// ```json
/// {
///   "check": {
///     "rules": ["placeholder-mismatch", "missing-translation"],
///     "excludeRules": ["stale-key"],
///     "severity": { "missing-translation": "error" },
///     "minSeverity": "warning",
///     "languages": ["de", "fr"],
///     "sourceLanguage": "en"
///   }
/// }
/// ```
///
/// Every member is optional; a member the file does not know, or a rule or severity that does not exist, is an error
/// at the file (a typo must not switch a gate off silently). Command-line options override the file.
package struct CheckConfiguration: Sendable, Equatable {
    /// The name of the file.
    package static let fileName = ".stringbridge.json"

    package var rules: [CheckRule]?
    package var excludeRules: [CheckRule]?
    package var severities: [CheckRule: CheckSeverity] = [:]
    package var minimumSeverity: CheckSeverity?
    package var languages: [String]?
    package var sourceLanguage: String?
    /// The file it was read from.
    package var path: String

    package init(path: String) {
        self.path = path
    }

    /// The configuration file for `path`, or `nil` when there is none.
    ///
    /// It is `.stringbridge.json` in `path` (a folder) or its folder, else in the nearest folder above. The path is relative to the current folder when the file is in it or
    /// below it (as diagnostics name it), else absolute.
    package static func find(for path: String) -> String? {
        let current = FileManager.default.currentDirectoryPath
        var folder = URL(fileURLWithPath: path).standardizedFileURL
        if !isDirectory(folder.path) { folder.deleteLastPathComponent() }
        while true {
            let candidate = folder.appendingPathComponent(fileName).path
            if fileExists(candidate) {
                let prefix = current.hasSuffix("/") ? current : current + "/"
                return candidate.hasPrefix(prefix) ? String(candidate.dropFirst(prefix.count)) : candidate
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// Reads a configuration file.
    /// - Throws: ``ConversionError`` at the file when it is not such a file.
    package static func read(_ path: String) throws -> CheckConfiguration {
        let bytes = try readSourceFile(path).bytes
        func error(_ message: String) -> ConversionError { ConversionError(message, path: path) }
        guard let root = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw error("not a JSON object (a \(fileName) holds {\"check\": {…}})")
        }
        var configuration = CheckConfiguration(path: path)
        for key in root.keys.sorted() where key != "check" {
            throw error("unknown member \(Diagnostic.quoted(key)); known: \"check\"")
        }
        guard let value = root["check"] else { return configuration }
        guard let check = value as? [String: Any] else { throw error("\"check\" must be an object") }
        let known = ["rules", "excludeRules", "severity", "minSeverity", "languages", "sourceLanguage"]
        for key in check.keys.sorted() where !known.contains(key) {
            throw error(
                "unknown member \(Diagnostic.quoted(key)) of \"check\"; known: "
                    + known.map { Diagnostic.quoted($0) }.joined(separator: ", "))
        }
        func strings(_ name: String) throws -> [String]? {
            guard let value = check[name] else { return nil }
            guard let list = value as? [String] else { throw error("\"\(name)\" must be a list of strings") }
            return list
        }
        func rule(_ name: String) throws -> CheckRule {
            guard let rule = CheckRule(rawValue: name) else {
                throw error(
                    "unknown rule \(Diagnostic.quoted(name)); rules: "
                        + CheckRule.allCases.map(\.rawValue).sorted().joined(separator: ", "))
            }
            return rule
        }
        func severity(_ name: String) throws -> CheckSeverity {
            guard let severity = CheckSeverity(rawValue: name) else {
                throw error("unknown severity \(Diagnostic.quoted(name)); severities: error, warning, note")
            }
            return severity
        }
        configuration.rules = try strings("rules")?.map(rule)
        configuration.excludeRules = try strings("excludeRules")?.map(rule)
        configuration.languages = try strings("languages")
        if let value = check["sourceLanguage"] {
            guard let language = value as? String else { throw error("\"sourceLanguage\" must be a string") }
            configuration.sourceLanguage = language
        }
        if let value = check["minSeverity"] {
            guard let name = value as? String else { throw error("\"minSeverity\" must be a string") }
            configuration.minimumSeverity = try severity(name)
        }
        if let value = check["severity"] {
            guard let map = value as? [String: String] else {
                throw error("\"severity\" must map rules to severities ({\"missing-translation\": \"error\"})")
            }
            for (name, level) in map.sorted(by: { $0.key < $1.key }) {
                configuration.severities[try rule(name)] = try severity(level)
            }
        }
        return configuration
    }
}
