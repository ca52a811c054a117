import Foundation
import LocalizationCatalog
import PropertyListSupport
import TestSupport
import Testing
import XCStringsFormat
@_spi(XLIFFDocuments) import XLIFFFormat

@testable import LocalizationConverter

/// The round trip's shortcuts for large catalogs (issue 34) give what the plain ways give.
@Suite("Round trips at scale")
struct RoundTripScaleTests {
    /// A catalog generated from each of `PropertyTests.seeds`, written in Xcode's layout into `folder`.
    static func generatedCatalogs(in folder: URL) throws -> [(seed: UInt64, path: String)] {
        try PropertyTests.seeds.map { seed in
            var generator = CatalogGenerator(seed: seed)
            let path = folder.appendingPathComponent("seed-\(seed).xcstrings").path
            var diagnostics = Diagnostics()
            try Data(XCStringsWriter().encode(generator.catalog(), diagnostics: &diagnostics)).write(
                to: URL(fileURLWithPath: path))
            return (seed, path)
        }
    }

    @Test("A catalog taken through legacy tables in runs of entries gives the differences of one run")
    func legacyTripInRuns() throws {
        let folder = try StringBridgeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (seed, path) in try Self.generatedCatalogs(in: folder) {
            var whole = RoundTrip.Options(vias: [.legacy])
            whole.localizationsPerLegacyRun = .max
            var split = whole
            split.localizationsPerLegacyRun = 1
            let one = try RoundTrip().run([path], options: whole).differences.map(\.description)
            let many = try RoundTrip().run([path], options: split).differences.map(\.description)
            #expect(one == many, "seed \(seed)")
        }
    }

    @Test("The trip through a catalog's own format, made next to the others, reports what it reports alone, first")
    func sameFormatNextToTheOthers() throws {
        let folder = try StringBridgeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var checked = 0
        for seed in PropertyTests.seeds.prefix(4) {
            var generator = CatalogGenerator(seed: seed)
            var diagnostics = Diagnostics()
            let xcode = try XCStringsWriter().encode(generator.catalog(entries: 40), diagnostics: &diagnostics)
            // In Xcode's layout, and in another one (no space before the colons), which the trip reports.
            let other = Array(
                String(decoding: xcode, as: UTF8.self).replacingOccurrences(of: "\" : ", with: "\":").utf8)
            for (name, bytes) in [("xcode", xcode), ("other", other)] {
                let path = folder.appendingPathComponent("\(name)-\(seed).xcstrings").path
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                let all = try RoundTrip().run([path], options: RoundTrip.Options())
                let alone = try RoundTrip().run([path], options: RoundTrip.Options(vias: [.same]))
                let others = try RoundTrip().run([path], options: RoundTrip.Options(vias: [.legacy, .xliff]))
                #expect(
                    all.differences.map(\.description)
                        == (alone.differences + others.differences).map(\.description), "\(name), seed \(seed)")
                #expect(all.tables.map(\.trips) == [alone.tables[0].trips + others.tables[0].trips])
                if name == "other" {
                    #expect(alone.differences.contains { $0.trip == "xcstrings → xcstrings" }, "seed \(seed)")
                } else {
                    #expect(alone.differences.isEmpty, "seed \(seed)")
                }
                checked += 1
            }
        }
        #expect(checked == 8)
    }

    @Test("Expected differences only counted leave the same losses, in the same order, and the same summary")
    func expectedDifferencesCounted() throws {
        let folder = try StringBridgeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths = try Self.generatedCatalogs(in: folder).map(\.path)
        // Every kind of table and trip: catalogs, legacy tables (both ways, and through XLIFF), XLIFF files and
        // unreadable inputs, with losses among the expected differences.
        paths.append(Fixtures.url("").path)
        var checked = 0
        for path in paths {
            for runSize in [1, Int.max] {
                var listing = RoundTrip.Options()
                listing.localizationsPerLegacyRun = runSize
                var counting = listing
                counting.listsExpectedDifferences = false
                let listed = try RoundTrip().run([path], options: listing)
                let counted = try RoundTrip().run([path], options: counting)
                let expected = listed.differences.filter(\.isExpected)
                #expect(listed.unlistedExpected == 0)
                #expect(counted.differences.allSatisfy { !$0.isExpected }, "\(path)")
                let losses = listed.differences.filter { !$0.isExpected }
                #expect(counted.differences.map(\.description) == losses.map(\.description), "\(path)")
                #expect(counted.unlistedExpected == expected.count, "\(path)")
                #expect(counted.summaryLine == listed.summaryLine, "\(path)")
                #expect(counted.tables.map(\.trips) == listed.tables.map(\.trips))
                #expect(counted.isClean == listed.isClean)
                if !expected.isEmpty { checked += 1 }
            }
        }
        // The generated catalogs and the fixtures have expected differences, and the fixtures losses too.
        #expect(checked == paths.count * 2)
        let fixtures = try RoundTrip().run([Fixtures.url("").path], options: RoundTrip.Options())
        #expect(fixtures.hasLosses)
        #expect(Set(fixtures.differences.filter(\.isExpected).map(\.trip)).count >= 4)
    }

    @Test("The legacy trip's .stringsdict files are read back by the byte scanner, as the exact path reads them")
    func compiledPropertyListsScanned() throws {
        var scanned = 0
        for seed in PropertyTests.seeds {
            var generator = CatalogGenerator(seed: seed)
            var diagnostics = Diagnostics()
            let files = try Compilation().compile(generator.catalog(), languages: nil, diagnostics: &diagnostics)
            for file in files where file.relativePath.hasSuffix(".stringsdict") {
                for folds in [true, false] {
                    let dialect = PropertyListDialect(acceptsBareValue: folds, foldsRepeatedKeys: folds) { "\($0)" }
                    var parser = PropertyListParser(path: file.relativePath, bytes: file.bytes, dialect: dialect)
                    let node = try #require(parser.scannedDocument(), "seed \(seed), \(file.relativePath)")
                    parser.usesFastPath = false
                    var exactDiagnostics = Diagnostics()
                    let exact = try parser.parseDocument(diagnostics: &exactDiagnostics)
                    #expect("\(node)" == "\(exact)", "seed \(seed), \(file.relativePath)")
                    #expect(exactDiagnostics.all.isEmpty)
                    scanned += 1
                }
            }
        }
        #expect(scanned > 20)
    }

    @Test("Runs cover every entry once, in order, with about the number of localizations asked for")
    func runs() {
        var table = StringTable(name: "T", sourceLanguage: "en")
        for index in 0..<10 {
            let languages = (0..<(index % 3)).map { ("l\($0)", Localization("x")) }
            table.entries["k\(index)"] = CatalogEntry(localizations: OrderedMap(languages))
        }
        let runs = RoundTrip.runs(of: table, localizationsPerRun: 4)
        #expect(runs.joined().map { $0 } == Array(0..<10))
        #expect(runs.allSatisfy { !$0.isEmpty })
        #expect(RoundTrip.runs(of: table, localizationsPerRun: .max) == [Array(0..<10)])
        #expect(RoundTrip.runs(of: StringTable(name: "T", sourceLanguage: "en"), localizationsPerRun: 4) == [[]])
    }

    @Test("Localizations said to have the same leaves do; anything in doubt is flattened")
    func sameLeaves() {
        for seed in PropertyTests.seeds {
            var generator = CatalogGenerator(seed: seed)
            let catalog = generator.catalog()
            let localizations = catalog.entries.values.flatMap { $0.localizations?.values ?? [] }
            let pairs = Array(zip(localizations, localizations.dropFirst())) + Array(zip(localizations, localizations))
            for (left, right) in pairs {
                guard TableComparison.sameLeaves(left, right) else { continue }
                let lhs = TableComparison.leaves(of: left)
                let rhs = TableComparison.leaves(of: right)
                #expect(lhs.map { $0.id } == rhs.map { $0.id }, "seed \(seed)")
                #expect(zip(lhs, rhs).allSatisfy { Array($0.text.utf8) == Array($1.text.utf8) }, "seed \(seed)")
            }
            for localization in localizations where localization.extraMembers.isEmpty {
                #expect(
                    TableComparison.sameLeaves(localization, localization)
                        || !TableComparison.leaves(of: localization).allSatisfy { $0.aspect != .unknownMembers })
            }
        }
        // Canonically equal, but other bytes: a difference the comparison must see.
        #expect(!TableComparison.sameLeaves(Localization("caf\u{E9}"), Localization("cafe\u{301}")))
        #expect(!TableComparison.sameLeaves(Localization("a", state: .new), Localization("a", state: .translated)))
        #expect(TableComparison.sameLeaves(Localization("a", state: .new), Localization("a", state: .new)))
    }

    /// `localization` changed at random places the way trips change what they carry: states, texts, members,
    /// cases, substitutions, string-set values.
    static func mutated(_ localization: Localization, _ random: inout SplitMix64) -> Localization {
        func roll(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
        var result = localization
        if var unit = result.stringUnit {
            if roll(30) { unit.state = roll(80) ? .translated : nil }
            if roll(20) { unit.value += roll(50) ? " changed" : "\u{301}" }
            if roll(5) { unit.extraMembers["future"] = .string(roll(50) ? "a" : "b") }
            result.stringUnit = unit
        } else if roll(3) {
            result.stringUnit = StringUnit("new")
        }
        if var set = result.stringSet {
            if roll(30), !set.values.isEmpty { set.values[0] += " edited" }
            if roll(10) { set.values.append("more") }
            if roll(10) { set.state = nil }
            result.stringSet = set
        }
        if var variations = result.variations {
            for kind in [\Variations.plural, \Variations.device] {
                guard var cases = variations[keyPath: kind] else { continue }
                for index in cases.indices { cases[valueAt: index] = mutated(cases[valueAt: index], &random) }
                if roll(5), cases.count > 1 { cases.removeValue(forKey: cases.keys[0]) }
                if roll(5) { cases["extra"] = Localization("x") }
                variations[keyPath: kind] = cases
            }
            if roll(3) { variations.extraMembers["kind"] = .string("new") }
            result.variations = variations
        }
        if var substitutions = result.substitutions {
            for index in substitutions.indices {
                var substitution = substitutions[valueAt: index]
                if roll(15) { substitution.argNum = roll(50) ? (substitution.argNum ?? 0) + 1 : nil }
                if roll(15) { substitution.formatSpecifier = roll(50) ? "d" : nil }
                if let plural = substitution.variations?.plural {
                    substitution.variations?.plural = plural.mapValues { mutated($0, &random) }
                }
                substitutions[valueAt: index] = substitution
            }
            if roll(5) { substitutions["other"] = Substitution(formatSpecifier: "@") }
            result.substitutions = substitutions
        }
        if roll(3) { result.extraMembers["note"] = .string("kept") }
        return result
    }

    @Test("Localizations of the same shape compared side by side give what their flattened leaves give")
    func alikeLeaves() {
        var walked = 0
        var differing = 0
        for seed in PropertyTests.seeds {
            var generator = CatalogGenerator(seed: seed)
            var random = SplitMix64(seed: seed)
            let expected = generator.catalog(entries: 30)
            var actuals = [generator.catalog(entries: 30)]
            var changed = expected
            changed.entries = expected.entries.mapValues { entry in
                var entry = entry
                entry.localizations = entry.localizations?.mapValues { Self.mutated($0, &random) }
                return entry
            }
            actuals.append(changed)
            for actual in actuals {
                var fast = TableComparison(
                    trip: RoundTrip.Trip(name: "t", expectations: .catalogViaLegacy), table: "T.xcstrings")
                var plain = fast
                plain.walksAlikeLeaves = false
                fast.compare(expected: expected, actual: actual)
                plain.compare(expected: expected, actual: actual)
                #expect(fast.differences == plain.differences, "seed \(seed)")
                differing += plain.differences.count
            }
            for (key, entry) in changed.entries {
                for (language, localization) in entry.localizations ?? [:] {
                    guard let original = expected.entries[key]?.localizations?[language],
                        let found = TableComparison.alikeLeafDifferences(original, localization)
                    else { continue }
                    walked += 1
                    let lhs = TableComparison.leaves(of: original)
                    let rhs = TableComparison.leaves(of: localization)
                    // Said alike: the same leaves in the same places.
                    #expect(lhs.map(\.id) == rhs.map(\.id), "seed \(seed)")
                    let pairwise = zip(lhs, rhs).filter { !sameUTF8($0.text, $1.text) }.map {
                        TableComparison.LeafDifference(
                            path: $0.path, aspect: $0.aspect, expected: $0.text, actual: $1.text)
                    }
                    #expect(found == pairwise, "seed \(seed)")
                }
            }
        }
        // Both ways were taken, and found something.
        #expect(walked > 100)
        #expect(differing > 100)
    }

    @Test("Exported values recovered without a copy of the table give what the import applied to a copy gives")
    func recoveredWithoutCopy() throws {
        var random = SplitMix64(seed: 34)
        var differing = 0
        for seed in PropertyTests.seeds {
            var generator = CatalogGenerator(seed: seed)
            let catalog = generator.catalog(entries: 30)
            var changed = catalog
            changed.entries = catalog.entries.mapValues { entry in
                var entry = entry
                entry.localizations = entry.localizations?.mapValues { Self.mutated($0, &random) }
                return entry
            }
            let sourceOnly = RoundTrip.sourceLanguageOnly(catalog)
            // Exported from the catalog itself (everything comes back) and from a changed one (much does not).
            for exportedFrom in [catalog, changed] {
                let prepared = XLIFFCatalogExport(table: exportedFrom, original: "Localizable.xcstrings")
                for language in exportedFrom.languages where language != exportedFrom.sourceLanguage {
                    var diagnostics = Diagnostics()
                    var document = XLIFFDocumentStream()
                    document.writeCatalog(prepared, targetLanguage: language, diagnostics: &diagnostics)
                    let read = try XLIFFDocumentReader(keepsNotes: false).read(
                        document.finish(), path: "\(language).xliff", diagnostics: &diagnostics)
                    let file = try #require(read.files.first)
                    let fast = RoundTrip.recovered(file, catalog: catalog, sourceOnly: sourceOnly, language: language)
                    let plain = RoundTrip.recoveredByApplying(
                        file, catalog: catalog, sourceOnly: sourceOnly, language: language)
                    for (found, expected) in [(fast.0, plain.0), (fast.1, plain.1)] {
                        // The version, which the comparison does not look at, is left as it was.
                        var found = found
                        #expect(found.version == sourceOnly.version || found.version == catalog.version)
                        found.version = expected.version
                        #expect(found == expected, "seed \(seed), \(language)")
                        #expect(
                            found.entries.keys.map { Array($0.utf8) } == expected.entries.keys.map { Array($0.utf8) })
                    }
                    // What the trip reports from them is the same.
                    var fastComparison = TableComparison(
                        trip: RoundTrip.Trip(name: "t", expectations: .catalogViaXLIFF), table: "T.xcstrings",
                        languages: [language], comparesOrder: false)
                    var plainComparison = fastComparison
                    fastComparison.compare(expected: fast.0, actual: fast.1)
                    plainComparison.compare(expected: plain.0, actual: plain.1)
                    #expect(fastComparison.differences == plainComparison.differences, "seed \(seed), \(language)")
                    differing += plain.0.entries.count
                }
            }
        }
        #expect(differing > 100)
    }

    @Test("The legacy trip's comparison shapes, made in place, are the passes over every localization")
    func legacyComparisonShape() {
        var random = SplitMix64(seed: 35)
        var reshaped = 0
        for seed in PropertyTests.seeds {
            var generator = CatalogGenerator(seed: seed)
            let catalog = generator.catalog()
            var changed = catalog
            changed.entries = catalog.entries.mapValues { entry in
                var entry = entry
                entry.localizations = entry.localizations?.mapValues { Self.mutated($0, &random) }
                return entry
            }
            // With the shapes the three passes change, between the generated entries.
            for (index, localization) in Self.legacyShapes.enumerated() {
                changed.entries["shape \(index)"] = CatalogEntry(
                    localizations: OrderedMap([("en", localization), ("de", Self.mutated(localization, &random))]))
            }
            for table in [catalog, changed] {
                let passes = table.spellingSoleSubstitutionArguments().inCatalogShape().hoistingDeviceSubstitutions()
                let shaped = table.inLegacyComparisonShape()
                #expect(shaped == passes, "seed \(seed)")
                #expect(shaped.entries.keys.map { Array($0.utf8) } == passes.entries.keys.map { Array($0.utf8) })
                #expect(table.hoistingDeviceSubstitutionsInPlace() == table.hoistingDeviceSubstitutions())
                // The migration's shape: every localization mapped, plain strings included.
                var mapped = table
                mapped.entries = table.entries.mapValues { entry in
                    var entry = entry
                    if entry.extractionState == nil { entry.extractionState = .migrated }
                    entry.localizations = entry.localizations?.mapValues { $0.inCatalogShape() }
                    return entry
                }
                mapped.collapseTranslatedRootPlurals()
                #expect(table.migratedToCatalog() == mapped, "seed \(seed)")
                reshaped += zip(shaped.entries.values, table.entries.values).filter { $0 != $1 }.count
            }
        }
        #expect(reshaped > 20)
    }

    /// Localizations each of the legacy comparison's passes changes: a sole plural substitution written with `%arg`,
    /// references with positions, a device case holding its own substitution.
    static let legacyShapes: [Localization] = {
        func plural(_ one: String, _ other: String) -> Variations {
            Variations(plural: OrderedMap([("one", Localization(one)), ("other", Localization(other))]))
        }
        let files = Substitution(argNum: 1, formatSpecifier: "lld", variations: plural("%arg file", "%arg files"))
        let sole = Localization(stringUnit: StringUnit("%#@files@"), substitutions: OrderedMap([("files", files)]))
        let positioned = Localization(
            stringUnit: StringUnit("%2$#@b@ then %1$#@a@"),
            substitutions: OrderedMap([
                ("a", Substitution(formatSpecifier: "d", variations: plural("%d a", "%d as"))),
                ("b", Substitution(formatSpecifier: "d", variations: plural("%d b", "%d bs"))),
            ]))
        let device = Localization(
            variations: Variations(
                device: OrderedMap([
                    ("iphone", sole), ("other", Localization("plain")),
                ])))
        return [sole, positioned, device]
    }()

    @Test("%arg pieces split by bytes are Foundation's")
    func argumentPlaceholderPieces() {
        let texts = [
            "", "%arg", "%arg files", "a %arg b %arg", "%ar%arg", "%%arg", "%arg\u{301} x", "é %arg ü", "%argé",
            "%arg%arg", "no placeholder", "%ARG", "x%arg\u{200D}y", "%arg\r\n",
        ]
        for text in texts {
            #expect(RoundTrip.argumentPlaceholderPieces(text) == text.components(separatedBy: "%arg"), "\(text)")
        }
        #expect(RoundTrip.matchesArgumentPlaceholders("%arg Dateien", "%1$lld Dateien"))
        #expect(!RoundTrip.matchesArgumentPlaceholders("%arg Dateien", "%1$lld Datei"))
    }

    @Test("Placeholders matched by bytes match as by characters")
    func argumentPlaceholdersByBytes() {
        let expected = [
            "", "%arg", "%arg files", "a %arg b %arg", "%ar%arg", "%%arg", "%arg%arg", "no placeholder", "%ARG",
            "%arg of %arg", "x %arg", "%arg\n%arg", "%arg birds",
        ]
        let actual = [
            "", "%", "%@", "%lld", "%1$lld", "%12$@", "%$d", "%1$", "%1$q", "%hhd files", "%lld files", "%arg files",
            "a %d b %@", "a %arg b %2$lld", "a %d b", "%ar%d", "%%d", "%d%arg", "%d%d", "%d%", "no placeholder",
            "%ARG", "%lld of %2$@", "%arg of %arg", "x %", "x %y", "%d\n%@", "%1$lld birds", "%1$lld bird",
            "%zu birds", "%jd birds!", "%Lf", "%p", "%k birds", "%1$$d birds",
        ]
        for left in expected {
            for right in actual + expected {
                let exact = RoundTrip.matchesArgumentPlaceholdersByCharacters(left, right)
                #expect(RoundTrip.isPlainASCII(left) && RoundTrip.isPlainASCII(right))
                #expect(
                    RoundTrip.matchesArgumentPlaceholdersByBytes(Array(left.utf8), Array(right.utf8)) == exact,
                    "\(left) / \(right)")
                #expect(RoundTrip.matchesArgumentPlaceholders(left, right) == exact, "\(left) / \(right)")
            }
        }
        // Any text: each `%arg` of `expected` spelled several ways, with scalars that combine with what is before
        // them, canonically equal spellings, flags, a ZWJ sequence, a prepended mark and line breaks around.
        let texts = [
            "caf\u{E9} %arg", "cafe\u{301} %arg", "%arg\u{301} x", "%arg \u{301}", "\u{E9}%arg", "%arg \u{E9}",
            "\u{1F1FA}\u{1F1F8}%arg\u{1F1FA}\u{1F1F8}", "\r\n%arg", "%arg\r\n", "\u{600}%arg",
            "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} %arg", "%arg\u{200D}", "\u{43F}\u{440}\u{438} %arg \u{442}",
            "%arg\u{300}%arg", "\u{1F1FA}%arg", "x\r%arg\n",
        ]
        let spellings = ["%arg", "%lld", "%1$@", "%d\u{301}", "%\u{301}d", "%2$#@x@"]
        for left in texts + expected {
            var candidates = [left, "", "%", left + "\u{301}", "\u{301}" + left]
            for spelling in spellings {
                candidates.append(left.replacingOccurrences(of: "%arg", with: spelling))
                candidates.append(
                    left.replacingOccurrences(of: "%arg", with: spelling).replacingOccurrences(
                        of: "\u{E9}", with: "e\u{301}"))
            }
            for right in candidates + texts {
                #expect(
                    RoundTrip.matchesArgumentPlaceholders(left, right)
                        == RoundTrip.matchesArgumentPlaceholdersByCharacters(left, right),
                    "\(Array(left.unicodeScalars)) / \(Array(right.unicodeScalars))")
            }
        }
        // Not plain ASCII: the characters decide (`\r\n` is one character; `e` + U+0301 is one).
        #expect(!RoundTrip.isPlainASCII("%arg\r\n") && !RoundTrip.isPlainASCII("caf\u{E9} %arg"))
        #expect(RoundTrip.matchesArgumentPlaceholders("caf\u{E9} %arg", "caf\u{E9} %lld"))
        #expect(
            RoundTrip.matchesArgumentPlaceholders("e%arg\r", "e%d\r\n")
                == RoundTrip.matchesArgumentPlaceholdersByCharacters("e%arg\r", "e%d\r\n"))
    }
}
