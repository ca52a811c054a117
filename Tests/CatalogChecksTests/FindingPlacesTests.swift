import Foundation
import LocalizationCatalog
import TestSupport
import Testing

@testable import CatalogChecks

/// The readers record where each localization, variation case and value is (`Localization.places`); a finding that
/// names a key still points at the key, as before (`Fixtures/check/places`).
@Suite("check: the readers' places, and findings at their key")
struct FindingPlacesTests {
    @Test("Findings about a value or a case point at the key that names it")
    func findingsPointAtTheirKey() throws {
        let result = try StringBridgeProcess.run(["check", "places"], in: Fixtures.url("check"))
        #expect(result.status == 1)
        #expect(result.error == "")
        let catalog = "places/Localizable.xcstrings"
        let legacy = "places/App/de.lproj/Localizable"
        #expect(
            result.output.split(separator: "\n").map(String.init) == [
                "\(legacy).strings:2:1: error: de value of \"bye\": argument 1 is an object (%@) in the source but an "
                    + "integer (%d) here [placeholder-mismatch]",
                "\(legacy).strings:4:3: error: de value of \"count\": argument 1 is an integer (%d) in the source but "
                    + "an object (%@) here [placeholder-mismatch]",
                "\(legacy).stringsdict:5:2: error: de value of \"%d apples\": argument 1 is an integer (%d) in the "
                    + "source but an object (%@) here [placeholder-mismatch]",
                "\(catalog):4:5: error: de value of \"%lld files\": argument 1 is an integer (%lld) in the source but "
                    + "an object (%@) here [placeholder-mismatch]",
                "\(catalog):4:5: warning: ru plural variation of \"%lld files\" has two, which ru does not use (CLDR "
                    + "47: one, few, many, other) [plural-extra-category]",
                "\(catalog):4:5: error: ru plural variation of \"%lld files\" lacks few, many (CLDR 47: one, few, "
                    + "many, other) [plural-missing-category]",
                "\(catalog):68:5: warning: \"Name:\" has an empty ru translation [missing-translation]",
                "\(catalog):68:5: warning: de value of \"Name:\" has other trailing whitespace than the source (\"…\" "
                    + "→ \"… \") [whitespace-mismatch]",
                "5 errors, 3 warnings, 0 notes in 2 tables (5 files)",
            ], "\(result.output)")
    }

    /// Every value place recorded in `localization` and the cases below it, by variation path.
    static func valuePlaces(
        _ localization: Localization, path: String, origin: FileLocation?, into result: inout [String: String]
    ) {
        if let place = localization.places.value(from: origin) { result[path] = "\(place.line):\(place.column)" }
        let prefix = path.isEmpty ? "" : path + "."
        for (name, value) in localization.variations?.plural ?? [:] {
            valuePlaces(value, path: prefix + "plural." + name, origin: origin, into: &result)
        }
        for (substitution, variations) in localization.substitutions ?? [:] {
            for (name, value) in variations.variations?.plural ?? [:] {
                valuePlaces(
                    value, path: prefix + "substitutions.\(substitution).plural." + name, origin: origin,
                    into: &result)
            }
        }
    }

    static func places(_ relative: String, language: String) throws -> [String: [String: String]] {
        let url = Fixtures.url("check/places/" + relative)
        let table = try CatalogChecksUnitTests.read(
            bytes: Array(try Data(contentsOf: url)), path: relative)
        var result: [String: [String: String]] = [:]
        for (key, entry) in table.entries {
            guard let localization = entry.localizations?[language] else { continue }
            var found: [String: String] = [:]
            valuePlaces(localization, path: "", origin: entry.origin, into: &found)
            result[key] = found
        }
        return result
    }

    @Test("The .strings and .stringsdict readers place each value: its quote, its <string>")
    func legacyValuePlaces() throws {
        let strings = try Self.places("App/de.lproj/Localizable.strings", language: "de")
        let stringsDict = try Self.places("App/de.lproj/Localizable.stringsdict", language: "de")
        let catalog = try Self.places("Localizable.xcstrings", language: "de")
        // A value's opening quote, also on the line after its key.
        #expect(strings == ["bye": ["": "2:9"], "count": ["": "5:5"]], "\(strings)")
        // The format key's <string>, and each case's.
        #expect(
            stringsDict == [
                "%d apples": [
                    "": "8:3", "substitutions.n.plural.one": "16:4", "substitutions.n.plural.other": "18:4",
                ]
            ], "\(stringsDict)")
        #expect(
            catalog == ["%lld files": ["plural.one": "12:29", "plural.other": "18:29"], "Name:": ["": "73:23"]],
            "\(catalog)")
    }
}
