import Testing

@testable import LocalizationCatalog

/// The format specifier scanner on hostile input: a position of any length is read without overflowing.
@Suite("Format specifiers")
struct FormatSpecifiersTests {
    /// Found by fuzzing: 20 digits before `$` overflowed `Int` and trapped (exit 132).
    static let hugePosition = "%99999999999999999999$#@a@"

    @Test("A position too large for an argument list is text: no specifier, no reference, no trap")
    func hugePositionIsText() {
        #expect(FormatSpecifiers.specifiers(in: Self.hugePosition).isEmpty)
        #expect(FormatSpecifiers.substitutionReferences(in: Self.hugePosition).isEmpty)
        #expect(FormatSpecifiers.specifiers(in: "%99999999999999999999$@ and %2$d").map(\.position) == [2])
        #expect(!FormatSpecifiers.prints(argument: 1, in: "%99999999999999999999$@"))
        #expect(FormatSpecifiers.spec(ofArgument: 1, in: "%99999999999999999999$lld %@") == "@")
        // Far longer runs too, and as a width (not a position) the digits are simply skipped.
        let long = "%" + String(repeating: "9", count: 10_000) + "$#@a@"
        #expect(FormatSpecifiers.substitutionReferences(in: long).isEmpty)
        #expect(FormatSpecifiers.specifiers(in: "%99999999999999999999d").map(\.spec) == ["d"])
    }

    @Test("The largest position C's int holds is a position; one more is text")
    func positionBoundary() {
        #expect(FormatSpecifiers.maximumPosition == 2_147_483_647)
        #expect(FormatSpecifiers.specifiers(in: "%2147483647$@").map(\.position) == [2_147_483_647])
        #expect(FormatSpecifiers.substitutionReferences(in: "%2147483647$#@a@").map(\.position) == [2_147_483_647])
        #expect(FormatSpecifiers.specifiers(in: "%2147483648$@").isEmpty)
        #expect(FormatSpecifiers.substitutionReferences(in: "%2147483648$#@a@").isEmpty)
        #expect(FormatSpecifiers.substitutionReferences(in: "%0002$#@a@").map(\.position) == [2])
    }
}
