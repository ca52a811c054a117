import Testing

@testable import LocalizationCatalog

@Suite("Xcode's legacy → catalog reshaping")
struct LegacyShapesTests {
    func stringsDictEntry(_ format: String, _ variables: [(String, [String: String])], specifier: String = "lld")
        -> Localization
    {
        var substitutions = OrderedMap<Substitution>()
        for (name, cases) in variables {
            let plural = OrderedMap(cases.sorted { $0.key < $1.key }.map { ($0.key, Localization($0.value)) })
            substitutions[name] = Substitution(formatSpecifier: specifier, variations: Variations(plural: plural))
        }
        return Localization(stringUnit: StringUnit(format), substitutions: substitutions)
    }

    @Test func singleVariableThatPrintsItsArgumentBecomesPluralVariations() {
        let legacy = stringsDictEntry("%#@posts@", [("posts", ["one": "%lld new post", "other": "%lld new posts"])])
        let shaped = legacy.inCatalogShape()
        #expect(shaped.stringUnit == nil)
        #expect(shaped.substitutions == nil)
        #expect(shaped.variations?.plural?["one"]?.stringUnit?.value == "%lld new post")
    }

    @Test func oneCasePrintingTheArgumentIsEnough() {
        let legacy = stringsDictEntry("%#@tabs@", [("tabs", ["one": "This tab", "other": "%d tabs"])], specifier: "d")
        #expect(legacy.inCatalogShape().variations?.plural?.count == 2)
    }

    @Test func casesThatDoNotPrintTheArgumentStaySubstitutions() {
        let followers = stringsDictEntry(
            "%#@followers@", [("followers", ["one": "%2$@ follower", "other": "%2$@ followers"])])
        let shaped = followers.inCatalogShape()
        #expect(shaped.stringUnit?.value == "%#@followers@")
        #expect(shaped.substitutions?["followers"]?.argNum == nil)
        #expect(shaped.substitutions?["followers"]?.formatSpecifier == "lld")
        let noNumber = stringsDictEntry("%#@hint@", [("hint", ["one": "It works now.", "other": "They work now."])])
        #expect(noNumber.inCatalogShape() == noNumber)
    }

    @Test func textAroundTheVariableKeepsSubstitutions() {
        let legacy = stringsDictEntry(
            "%@ %#@captured@", [("captured", ["one": "is captured", "other": "are captured"])])
        #expect(legacy.inCatalogShape() == legacy)
    }

    @Test func positionsMoveIntoArgNum() {
        let legacy = stringsDictEntry(
            "%2$#@participants@ %1$#@posts@",
            [("posts", ["other": "%lld posts"]), ("participants", ["other": "%lld people"])])
        let shaped = legacy.inCatalogShape()
        #expect(shaped.stringUnit?.value == "%#@participants@ %#@posts@")
        #expect(shaped.substitutions?["participants"]?.argNum == 2)
        #expect(shaped.substitutions?["posts"]?.argNum == 1)
    }

    @Test func migrationMarksEntriesAndKeepsExistingStates() {
        var table = StringTable(name: "T", sourceLanguage: "en")
        table.entries["a"] = CatalogEntry(localizations: ["en": Localization("A")])
        table.entries["b"] = CatalogEntry(extractionState: .manual)
        let migrated = table.migratedToCatalog()
        #expect(migrated.entries["a"]?.extractionState == .migrated)
        #expect(migrated.entries["b"]?.extractionState == .manual)
    }

    @Test func widthVariationsCanBeRemoved() {
        let width: OrderedMap<Localization> = ["20": Localization("Short")]
        let localization = Localization(stringUnit: StringUnit("x"), variations: Variations(width: width))
        let removed = localization.removingWidthVariations()
        #expect(removed.variations == nil)
        #expect(removed.stringUnit?.value == "x")
        #expect(!removed.hasMoreThanStringUnit)
    }

    /// Localizations of every shape the removal treats on its own: with and without width variations at each level,
    /// with variations it leaves empty, nested three deep.
    static let widthShapes: [Localization] = {
        let plain = Localization("x")
        let width: OrderedMap<Localization> = ["20": Localization("Short"), "50": Localization("Longer")]
        var set = Localization()
        set.stringSet = StringSet(["a", "b"])
        var level: [Localization] = [
            plain, set,
            Localization(stringUnit: StringUnit("x"), variations: Variations(width: width)),
            Localization(variations: Variations()),
            Localization(variations: Variations(extraMembers: ["future": .string("kept")])),
            Localization(variations: Variations(plural: ["one": plain, "other": plain])),
            Localization(variations: Variations(plural: ["other": plain], width: width)),
        ]
        var shapes = level
        for _ in 0..<2 {
            var next: [Localization] = []
            for inner in level {
                next.append(Localization(variations: Variations(device: ["mac": inner, "other": plain])))
                next.append(Localization(variations: Variations(plural: ["one": plain, "other": inner])))
            }
            shapes += next
            level = next
        }
        for variations in [nil, Variations(plural: ["other": plain]), Variations(width: width), Variations()] {
            var substituted = Localization(stringUnit: StringUnit("%#@n@"))
            substituted.substitutions = ["n": Substitution(formatSpecifier: "lld", variations: variations)]
            shapes.append(substituted)
            substituted.variations = Variations(device: ["other": plain])
            shapes.append(substituted)
        }
        return shapes
    }()

    @Test("The removal is skipped exactly when it would change nothing")
    func widthRemovalFastPath() {
        var changing = 0
        for localization in Self.widthShapes {
            let changes = localization.removingWidthVariations() != localization
            #expect(localization.changesWithoutWidthVariations == changes, "\(localization)")
            if changes { changing += 1 }
        }
        #expect(changing > 10 && changing < Self.widthShapes.count - 10)
        // A table: the same as every localization through the removal.
        var table = StringTable(name: "T", sourceLanguage: "en")
        for (position, localization) in Self.widthShapes.enumerated() {
            table.entries["k\(position)"] = CatalogEntry(localizations: ["en": localization, "de": Localization("y")])
        }
        var expected = table
        expected.entries = table.entries.mapValues { entry in
            var entry = entry
            entry.localizations = entry.localizations?.mapValues { $0.removingWidthVariations() }
            return entry
        }
        #expect(table.removingWidthVariations() == expected)
        // Tables whose localizations the removal leaves as they are (given back without a copy), and the same with
        // one that changes in the last entry's last language: each the same as every localization through it.
        var unchanged = StringTable(name: "T", sourceLanguage: "en")
        for (position, localization) in Self.widthShapes.enumerated()
        where localization.removingWidthVariations() == localization {
            unchanged.entries["k\(position)"] = CatalogEntry(localizations: ["en": localization])
        }
        #expect(unchanged.entries.count > 10)
        #expect(unchanged.removingWidthVariations() == unchanged)
        guard let changing = Self.widthShapes.first(where: { $0.changesWithoutWidthVariations }) else {
            Issue.record("no shape changes")
            return
        }
        var lastChanges = unchanged
        lastChanges.entries["last"] = CatalogEntry(localizations: ["en": Localization("x"), "de": changing])
        var lastExpected = unchanged
        lastExpected.entries["last"] = CatalogEntry(
            localizations: ["en": Localization("x"), "de": changing.removingWidthVariations()])
        #expect(lastChanges.removingWidthVariations() == lastExpected)
        #expect(lastExpected != lastChanges)
    }
}

@Suite("Format specifiers")
struct FormatSpecifierTests {
    @Test func findsSpecifiersAndPositions() {
        let found = FormatSpecifiers.specifiers(in: "%@ has %2$lld items, 50%% off, %-5.2f, %#@var@ and %1$#@x@ %")
        #expect(found.map(\.spec) == ["@", "lld", "f"])
        #expect(found.map(\.position) == [nil, 2, nil])
    }

    @Test func argumentPrinting() {
        #expect(FormatSpecifiers.prints(argument: 1, in: "%lld new posts"))
        #expect(!FormatSpecifiers.prints(argument: 1, in: "%2$@ followers"))
        #expect(FormatSpecifiers.prints(argument: 1, in: "%2$@ and %1$d"))
        #expect(!FormatSpecifiers.prints(argument: 1, in: "No items, 100%% sure"))
        #expect(FormatSpecifiers.spec(ofArgument: 2, in: "%@ %u") == "u")
    }

    @Test func findsSubstitutionReferences() {
        let references = FormatSpecifiers.substitutionReferences(in: "%2$#@b@ and %#@DOT.NAME@ 100%% %#@")
        #expect(references.map(\.name) == ["b", "DOT.NAME"])
        #expect(references.map(\.position) == [2, nil])
        #expect(references.first?.range == 0..<7)
    }
}

extension LegacyShapesTests {
    @Test func aVariableWhoseCasesPrintItsArgumentAsAnotherTypeStaysASubstitution() {
        // The variable says d, but the cases print argument 1 as an object: plural variations would lose the d
        // (writing them back takes the type from the cases), so the substitution stays.
        let legacy = stringsDictEntry(
            "%#@others@", [("others", ["one": "%1$@ and %2$d other", "other": "%1$@ and %2$d others"])],
            specifier: "d")
        #expect(legacy.inCatalogShape() == legacy)
        let positioned = stringsDictEntry(
            "%1$#@others@", [("others", ["one": "%1$@ and %2$d other", "other": "%1$@ and %2$d others"])],
            specifier: "d")
        #expect(positioned.inCatalogShape().substitutions?["others"]?.formatSpecifier == "d")
        #expect(positioned.inCatalogShape().substitutions?["others"]?.argNum == 1)
        // The same type (or none declared) still collapses, as Xcode's migration does.
        let same = stringsDictEntry(
            "%#@n@", [("n", ["one": "%1$@ and %2$d", "other": "%1$@ and %2$d"])], specifier: "@")
        #expect(same.inCatalogShape().variations?.plural?.count == 2)
        var untyped = legacy
        untyped.substitutions?["others"]?.formatSpecifier = nil
        #expect(untyped.inCatalogShape().variations?.plural?.count == 2)
    }
}
