import Foundation
import LocalizationCatalog
import StringBridgeSupport
import TestSupport
import Testing

@testable import CatalogChecks

/// The rules' shortcuts for large tables (issue 34) give what the plain ways give.
@Suite("check at scale")
struct RuleSpeedTests {
    /// A table with every kind of finding, in many entries.
    static func table(entries: Int) -> StringTable {
        var generator = CatalogGenerator(seed: 34)
        var table = generator.catalog()
        let problems: [(String, String)] = [
            ("%d of %@", "%@ sur"),  // placeholder mismatch
            (" padded ", "gepolstert"),  // whitespace
            ("bell", "Glocke\u{7}"),  // control character
            ("%lld items", "%lld Dinge"),
            ("", ""),
        ]
        for index in 0..<entries {
            let (source, translation) = problems[index % problems.count]
            var localizations = OrderedMap<Localization>()
            localizations["en"] = Localization(source)
            if index % 7 != 0 {
                localizations["de"] = Localization(translation, state: index % 3 == 0 ? .new : .translated)
            }
            if index % 11 == 0 {
                var plural = OrderedMap<Localization>()
                plural["one"] = Localization("%lld Ding")
                plural["few"] = Localization("%lld Dinge")
                localizations["ru"] = Localization(variations: Variations(plural: plural))
            }
            table.entries["key \(index)"] = CatalogEntry(localizations: localizations)
        }
        return table
    }

    @Test("Entries checked in runs side by side give the findings of one pass")
    func runsGiveOnePass() {
        let table = Self.table(entries: 3000)
        let subject = TableUnderCheck(
            table: table, files: [:], mainFile: "T.xcstrings",
            position: { key, _ in
                KeyPosition(file: "T.xcstrings", line: table.entries.index(forKey: key).map { $0 + 1 } ?? 1)
            },
            languages: table.languages, keyIsSourceText: true)
        var sequential = TableRules(rules: Set(CheckRule.allCases), requiredLanguages: ["fr"])
        sequential.parallelism = .sequential
        var parallel = sequential
        parallel.parallelism = Parallelism(maximumChunks: 4, minimumChunkBytes: 1, minimumChunkEntries: 16)
        #expect(TableRules.runBounds(entries: 3000, parallelism: parallel.parallelism).count > 2)
        var one: [Finding] = []
        var many: [Finding] = []
        sequential.check(subject, into: &one)
        parallel.check(subject, into: &many)
        #expect(one.count > 1000)
        #expect(one == many)
    }

    @Test("The shortcuts of the rules give what their plain forms give")
    func shortcuts() {
        let texts = [
            "", " ", "a", " a ", "\ta\n", "\r\n", "é", " é", "é ", "\u{85}x", "x\u{7}", "\u{7F}", "caf\u{E9}\u{9F}",
            "\u{C2}", "Â", "%arg", "%arg files", "x %arg y %arg", "é %arg", "%arg\u{301}", "%arge", "%%arg", "%ar",
            "%arg%arg", "x%argy%arg%", "%a%arg", "%arg é %arg",
            "plural.one", "substitutions.n.plural.few", "device.iphone.plural.other", ".plural..x", "plural.",
            "a.b.c", "é.plural.ü", "plural.\r\n", "substitutions.a.b.plural.one",
        ]
        for text in texts {
            #expect(TableRules.firstControl(text) == TableRules.firstControlByScalars(text), "\(text.debugDescription)")
            #expect(TableRules.edges(text) == TableRules.edgesByScalars(text), "\(text.debugDescription)")
            #expect(
                Array(TableRules.replacingArgumentPlaceholders(in: text, with: "%1$lld").utf8)
                    == Array(text.replacingOccurrences(of: "%arg", with: "%1$lld").utf8), "\(text.debugDescription)")
            #expect(TableRules.pathComponents(text) == text.split(separator: "."), "\(text.debugDescription)")
            let parts = text.split(separator: ".")
            let category = parts.lastIndex(of: "plural").flatMap { $0 + 1 < parts.count ? String(parts[$0 + 1]) : nil }
            #expect(TableRules.pluralCategory(of: text) == category, "\(text.debugDescription)")
        }
        // Every C0 and C1 control, and the scalars around them.
        for value in Array(0...0xA0) + [0x100, 0x2028, 0xFEFF] {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(Character(scalar)) + "b"
            #expect(
                TableRules.firstControl(text) == TableRules.firstControlByScalars(text), "U+\(String(value, radix: 16))"
            )
        }
    }

    @Test("Width variations are found wherever the report walks")
    func widthVariations() {
        var width = OrderedMap<Localization>()
        width["1"] = Localization("short")
        var plural = OrderedMap<Localization>()
        plural["other"] = Localization(variations: Variations(width: width))
        let nested = Localization(variations: Variations(plural: plural))
        let plain = Localization("plain")
        for localization in [nested, plain, Localization(variations: Variations(width: width))] {
            var reported: [String] = []
            TableRules.widthVariations(localization, path: "") { reported.append($0) }
            #expect(TableRules.hasWidthVariations(localization) == !reported.isEmpty)
        }
    }
}
