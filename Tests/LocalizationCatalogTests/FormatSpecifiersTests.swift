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

    @Test("Length modifiers, the longest first; flags, width and precision; what is no specifier")
    func specifierParts() {
        let cases: [(String, [String])] = [
            (
                "%hhd %hd %lld %ld %qd %Lf %zu %td %jd %lf %hhx",
                ["hhd", "hd", "lld", "ld", "qd", "Lf", "zu", "td", "jd", "lf", "hhx"]
            ),
            ("%lh %llld %hhhd %q %L", []),
            ("%-+ 0#'5.2f %*.*d %.3s %08.3lf", ["f", "d", "s", "lf"]),
            ("%1$@ %2$lld %%d %#@a@ %1$#@b@", ["@", "lld"]),
            (
                "%D %i %u %U %x %X %o %O %e %E %g %G %a %A %c %C %s %S %p %@ %k %y",
                [
                    "D", "i", "u", "U", "x", "X", "o", "O", "e", "E", "g", "G", "a", "A", "c", "C", "s", "S", "p", "@",
                ]
            ),
            ("no percent at all", []), ("%", []), ("100%", []), ("%l", []), ("%hh", []),
        ]
        for (text, specs) in cases {
            #expect(FormatSpecifiers.specifiers(in: text).map(\.spec) == specs, "\(text)")
        }
        let found = FormatSpecifiers.specifiers(in: "a %2$-5lld b %hhx")
        #expect(found.map(\.position) == [2, nil])
        #expect(found.map(\.range) == [2..<10, 13..<17])
        #expect(FormatSpecifiers.substitutionReferences(in: "no reference").isEmpty)
        #expect(FormatSpecifiers.substitutionReferences(in: "%d #@ @#").isEmpty)
        #expect(FormatSpecifiers.substitutionReferences(in: "x %#@a@ %3$#@b@").map(\.name) == ["a", "b"])
    }
}
