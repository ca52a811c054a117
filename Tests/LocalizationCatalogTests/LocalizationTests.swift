import Testing

@testable import LocalizationCatalog

@Suite("Localization")
struct LocalizationTests {
    /// A localization's variations, substitutions and unknown members sit in a box copied on write: a copy that is
    /// changed (through a setter or in place) leaves the localization it was copied from as it was, at every level.
    @Test func copiesAreValues() {
        let plural: OrderedMap<Localization> = ["one": Localization("%lld file"), "other": Localization("%lld files")]
        let original = Localization(
            stringUnit: StringUnit("%#@files@"),
            substitutions: [
                "files": Substitution(argNum: 1, formatSpecifier: "lld", variations: Variations(plural: plural))
            ],
            extraMembers: ["future": .string("kept")])
        var copy = original
        #expect(copy == original)
        copy.modifySubstitutions { substitutions in
            substitutions?["files"]?.variations?.plural?["few"] = Localization("%lld files (few)")
        }
        #expect(copy.substitutions?["files"]?.variations?.plural?.count == 3)
        #expect(original.substitutions?["files"]?.variations?.plural?.count == 2)
        #expect(copy != original)
        var second = original
        second.variations = Variations(device: ["mac": Localization("Mac")])
        #expect(original.variations == nil && second.variations?.device?.count == 1)
        second.extraMembers = [:]
        #expect(original.extraMembers.count == 1 && second.extraMembers.isEmpty)
        // Emptied of everything but its string unit, a localization is a plain one again.
        var plain = Localization(
            stringUnit: StringUnit("x"), variations: Variations(device: ["mac": Localization("y")]))
        plain.variations = nil
        #expect(!plain.hasMoreThanStringUnit && plain == Localization("x"))
        // Changed in place where it is the only holder: the same box, now holding the change.
        var alone = Localization(variations: Variations(plural: ["other": Localization("a")]))
        alone.modifyVariations { $0?.plural?["one"] = Localization("b") }
        #expect(alone.variations?.plural?.keys == ["other", "one"])
        #expect(Localization(variations: nil, substitutions: nil, extraMembers: [:]) == Localization())
        #expect(!Localization(variations: nil).hasMoreThanStringUnit)
    }
}
