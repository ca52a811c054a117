import Foundation
import LocalizationCatalog
import LocalizationConverter
@_spi(XLIFFDocuments) import XLIFFFormat

/// The checks over an XLIFF document, unit by unit: each `<file>` is a table in its `target-language`, each
/// `<trans-unit>` a key (its `id`), placed at the unit's line.
struct XLIFFRules {
    var rules: Set<CheckRule>

    func check(_ path: String, into result: inout CatalogCheck.UnitResult) {
        result.files += 1
        let name = CatalogCheck.baseName(path)
        var diagnostics = Diagnostics()
        let document: XLIFFDocument
        do {
            document = try XLIFFDocumentReader().read(try readSourceFile(path), diagnostics: &diagnostics)
        } catch {
            CatalogCheck.readFailure(error, path: path, table: name, into: &result)
            return
        }
        for file in document.files {
            result.tables += 1
            let table = CatalogCheck.baseName(file.original)
            let language = file.targetLanguage ?? ""
            var seen: [String: Int] = [:]
            var newCount = 0
            var reviewCount = 0
            // An Interface Builder file's strings are loaded as text, never through String(format:).
            let original = file.original.lowercased()
            let isInterfaceBuilder = original.hasSuffix(".storyboard") || original.hasSuffix(".xib")
            var sources: [String: String] = [:]
            for unit in file.units where sources[unit.id] == nil { sources[unit.id] = unit.source }
            for unit in file.units {
                let position = KeyPosition(
                    file: path, line: unit.location?.line ?? 1, column: unit.location?.column ?? 1)
                func add(_ rule: CheckRule, _ language: String, _ message: String, severity: CheckSeverity? = nil) {
                    guard rules.contains(rule) else { return }
                    result.findings.append(
                        Finding(
                            rule, at: position, table: table, key: unit.id, language: language, message: message,
                            severity: severity))
                }
                let key = Diagnostic.quoted(unit.id)
                if let first = seen[unit.id] {
                    add(
                        .duplicateKey, "",
                        "duplicate unit \(key) in <file> \(Diagnostic.quoted(file.original)); first at line \(first)")
                } else {
                    seen[unit.id] = position.line
                }
                if let control = TableRules.firstControl(unit.id) {
                    add(.controlCharacter, "", "unit id \(key) holds control character \(control)")
                }
                if let source = unit.source, let control = TableRules.firstControl(source) {
                    add(.controlCharacter, file.sourceLanguage, "source of \(key) holds control character \(control)")
                }
                guard !language.isEmpty, language != file.sourceLanguage else { continue }
                switch unit.state {
                case "new": newCount += 1
                case "needs-review-translation", "needs-review-l10n", "needs-review-adaptation": reviewCount += 1
                default: break
                }
                guard unit.translate != false else { continue }
                guard let target = unit.target, !target.isEmpty else {
                    if !(unit.source ?? "").isEmpty {
                        add(.missingTranslation, language, "\(key) has no \(language) translation")
                    }
                    continue
                }
                if let control = TableRules.firstControl(target) {
                    add(.controlCharacter, language, "\(language) target of \(key) holds control character \(control)")
                }
                guard let source = unit.source else { continue }
                let category = Self.pluralCategory(ofUnit: unit.id)
                // A plural case is compared with the source's other case, the general form.
                let general = Self.otherCaseID(ofUnit: unit.id).flatMap { sources[$0] } ?? source
                let mismatches =
                    isInterfaceBuilder
                    ? []
                    : FormatArgumentComparison.compare(
                        source: general, translation: target,
                        allowsMissingIntegers: category != nil && category != "other")
                if !mismatches.isEmpty {
                    add(
                        .placeholderMismatch, language,
                        "\(language) target of \(key): " + mismatches.map(\.description).joined(separator: "; "),
                        severity: FormatArgumentComparison.arguments(in: general).isEmpty
                            && !mismatches.contains(where: \.isSystemParameter) ? .warning : nil)
                }
                if !source.isEmpty {
                    let (sourceLeading, sourceTrailing) = TableRules.edges(source)
                    let (leading, trailing) = TableRules.edges(target)
                    if sourceLeading != leading || sourceTrailing != trailing {
                        add(
                            .whitespaceMismatch, language,
                            "\(language) target of \(key) has other leading or trailing whitespace than the source "
                                + "(\(Diagnostic.quoted(sourceLeading + "…" + sourceTrailing)) → "
                                + "\(Diagnostic.quoted(leading + "…" + trailing)))")
                    }
                }
            }
            if rules.contains(.untranslatedState), newCount + reviewCount > 0 {
                var parts: [String] = []
                if newCount > 0 { parts.append("\(newCount) \(newCount == 1 ? "unit is" : "units are") new") }
                if reviewCount > 0 {
                    parts.append("\(reviewCount) \(reviewCount == 1 ? "unit needs" : "units need") review")
                }
                let position = KeyPosition(
                    file: path, line: file.location?.line ?? 1, column: file.location?.column ?? 1)
                result.findings.append(
                    Finding(
                        .untranslatedState, at: position, table: table, language: language,
                        message: "\(language): \(parts.joined(separator: ", "))"))
            }
        }
    }

    /// The id of the `other` case of the plural case a unit's id names (`k|==|plural.one` → `k|==|plural.other`,
    /// `/k:dict/n:dict/one:dict/:string` → `/k:dict/n:dict/other:dict/:string`), or `nil`.
    static func otherCaseID(ofUnit id: String) -> String? {
        guard let category = pluralCategory(ofUnit: id), category != "other" else { return nil }
        if let range = id.range(of: "plural." + category, options: .backwards) {
            return id.replacingCharacters(in: range, with: "plural.other")
        }
        if let range = id.range(of: "/" + category + ":dict/:string", options: .backwards) {
            return id.replacingCharacters(in: range, with: "/other:dict/:string")
        }
        return nil
    }

    /// The plural category a unit's id names: `key|==|plural.one` (catalogs), `/key:dict/n:dict/one:dict/:string`
    /// (`.stringsdict`).
    static func pluralCategory(ofUnit id: String) -> String? {
        if let range = id.range(of: "plural.", options: .backwards) {
            return String(id[range.upperBound...].prefix { $0.isLetter })
        }
        let parts = id.split(separator: "/")
        if parts.count >= 2, parts.last == ":string" {
            let category = parts[parts.count - 2]
            if category.hasSuffix(":dict") {
                let name = String(category.dropLast(":dict".count))
                if ["zero", "one", "two", "few", "many", "other"].contains(name) { return name }
            }
        }
        return nil
    }
}
