import LocalizationCatalog
import TestSupport
import Testing

@Suite("Format argument comparison")
struct FormatArgumentComparisonTests {
    typealias C = FormatArgumentComparison

    func compare(_ source: String, _ translation: String, plural: Bool = false) -> [String] {
        C.compare(
            source: source, translation: translation, substitutionSpecifier: { $0 == "COUNT" ? "lld" : nil },
            allowsMissingIntegers: plural
        ).map(\.description)
    }

    @Test("Arguments by position: sequential, positional, %% skipped, substitutions with their specifier")
    func arguments() {
        let found = C.arguments(
            in: "%@ is 100%% %lld, %#@COUNT@ and %.2f %c %s %p %X %#@OTHER@",
            substitutionSpecifier: {
                $0 == "COUNT" ? "d" : nil
            })
        #expect(found.map(\.position) == [1, 2, 3, 4, 5, 6, 7, 8, 9])
        #expect(found.map(\.text) == ["%@", "%lld", "%#@COUNT@", "%.2f", "%c", "%s", "%p", "%X", "%#@OTHER@"])
        #expect(
            found.map(\.kind) == [.object, .integer, .integer, .float, .character, .cString, .pointer, .integer, nil])
        let positional = C.arguments(in: "%3$@ %1$d %2$@ %1$d")
        #expect(positional.map(\.text) == ["%1$d", "%2$@", "%3$@"])
    }

    @Test("Specifiers as Foundation reads them: flags anywhere, %n, swallowed invalid conversions, widths before #@")
    func foundationGrammar() {
        func read(_ string: String) -> [String] {
            C.arguments(in: string, substitutionSpecifier: { $0 == "COUNT" ? "lld" : nil }).map {
                "\($0.position) \($0.text) \($0.kind.map(\.rawValue) ?? "any")"
            }
        }
        // A space after a width is a flag: "%0 p" is a pointer, "%1 u" an unsigned integer, "%5 S" a unichar *.
        #expect(read("%0 performance cores") == ["1 %0 p pointer"])
        #expect(read("%1 used") == ["1 %1 u integer"])
        #expect(read("%5 Sessions") == ["1 %5 S cString"])
        // %n takes an argument (a pointer Foundation writes nothing to).
        #expect(read("%d%n") == ["1 %d integer", "2 %n pointer"])
        // An invalid conversion ends the specifier and is swallowed with it: no argument, and no "% t" after it.
        #expect(read("%0% to full charge") == [])
        #expect(read("50% off") == ["1 % o integer"])  // a space flag, then o: an octal integer
        #expect(read("100%%") == [])
        // Digits before # are a width: %1#@name@ and %#1@name@ are sequential substitutions like %#@name@.
        #expect(read("%1#@COUNT@") == ["1 %1#@COUNT@ integer"])
        #expect(read("%#1@COUNT@ %@") == ["1 %#1@COUNT@ integer", "2 %@ object"])
        // * reads an integer argument before the value; *N$ a positional one.
        #expect(read("%*d %@") == ["1 %*d integer", "2 %*d integer", "3 %@ object"])
        #expect(read("%.*f") == ["1 %.*f integer", "2 %.*f float"])
        #expect(read("%2$*1$d") == ["1 %2$*1$d integer", "2 %2$*1$d integer"])
        // Size letters in any order, and a string ending inside a specifier reads nothing there.
        #expect(read("%lhd %") == ["1 %lhd integer"])
        // A specifier after a positional one takes the next sequential argument; positional ones never advance it.
        #expect(read("%2$@ %@") == ["1 %@ object", "2 %2$@ object"])
    }

    @Test("One argument read as two kinds is a mismatch, even when the source reads it the same way once")
    func readTwice() {
        #expect(
            compare("%1$d%%", "%1$d% af") == [
                "argument 1 is read twice, as an integer (%1$d) and as a floating-point number (% a)"
            ])
        #expect(compare("%1$d %1$d", "%1$d %d") == [])
    }

    @Test("The same arguments, in another order or spelling of the same kind, match")
    func matching() {
        #expect(compare("Hello %@", "Bonjour %@") == [])
        #expect(compare("%@ has %lld", "%2$lld chez %1$@") == [])
        #expect(compare("%d%%", "%ld %%") == [])
        #expect(compare("%#@COUNT@", "%1$#@COUNT@") == [])
        #expect(compare("no placeholder", "aucun") == [])
        #expect(compare("%lld items", "one item", plural: true) == [])
    }

    @Test("The quick test of same specifier texts agrees with the full comparison")
    func sameTexts() {
        #expect(C.sameSpecifierTexts("Hello %@, 100%%", "Bonjour %@ à 100 %%"))
        #expect(C.sameSpecifierTexts("%1$#@A@ x", "y %1$#@A@"))
        #expect(!C.sameSpecifierTexts("%1$#@A@", "%1$#@B@"))
        #expect(!C.sameSpecifierTexts("%@ %lld", "%lld %@"))
        #expect(!C.sameSpecifierTexts("%@", "no"))
        #expect(C.sameSpecifierTexts("plain", "simple"))
        // Different names of the same substitution kind still go through the full comparison.
        #expect(compare("%#@COUNT@", "%#@OTHER@") == [])
        #expect(compare("%1$#@A@", "%1$#@COUNT@") == [])
    }

    @Test("Strings with the same specifier texts read the same arguments (the quick test never hides a difference)")
    func sameTextsHoldTheFullReadingEqual() {
        // Pieces that make specifiers, near-specifiers and plain text; a translation keeps or changes them.
        let specifiers = [
            "%@", "%lld", "%1$@", "%2$d", "%%", "%#@COUNT@", "%1$#@A@", "%.2f", "%5$s", "%", "%l", "%#@", "% a", "%1 u",
            "%*d", "%.*f", "%2$*1$d", "%n", "%0%", "%1#@COUNT@", "%[x]@", "%#1@A@",
        ]
        let plain = [" x ", "é", "$", "@", "#", "1", "", "%%"]
        var random = SplitMix64(seed: 0x5eed)
        func piece() -> String {
            Bool.random(using: &random)
                ? specifiers.randomElement(using: &random)! : plain.randomElement(using: &random)!
        }
        var agreeing = 0
        for _ in 0..<20_000 {
            let pieces = (0..<Int.random(in: 0...5, using: &random)).map { _ in piece() }
            let source = pieces.joined()
            // Half the time the translation changes only plain pieces; otherwise it is made anew.
            let translation =
                Bool.random(using: &random)
                ? pieces.map { plain.contains($0) ? plain.randomElement(using: &random)! : $0 }.joined()
                : (0..<Int.random(in: 0...5, using: &random)).map { _ in piece() }.joined()
            guard C.sameSpecifierTexts(source, translation) else { continue }
            agreeing += 1
            let lookup: (String) -> String? = { $0 == "COUNT" ? "lld" : nil }
            #expect(
                C.arguments(in: source, substitutionSpecifier: lookup)
                    == C.arguments(in: translation, substitutionSpecifier: lookup),
                "\(source.debugDescription) and \(translation.debugDescription)")
        }
        #expect(agreeing > 5_000)
    }

    @Test("A missing, an added and a changed argument are each said")
    func mismatches() {
        #expect(compare("Hello %@", "Bonjour") == ["argument 1 (%@) of the source is missing"])
        #expect(compare("Hello", "Bonjour %@") == ["argument 1 (%@) is not in the source"])
        #expect(
            compare("%lld files", "%@ fichiers") == [
                "argument 1 is an integer (%lld) in the source but an object (%@) here"
            ])
        #expect(compare("%1$@ %2$@", "%2$@") == ["argument 1 (%1$@) of the source is missing"])
        #expect(
            compare("%f", "%d") == [
                "argument 1 is a floating-point number (%f) in the source but an integer (%d) here"
            ])
        #expect(compare("%@ %lld", "%@", plural: true) == [])
        #expect(
            compare("%@ %lld", "%lld", plural: true) == [
                "argument 1 is an object (%@) in the source but an integer (%lld) here"
            ])
        #expect(
            compare("%#@COUNT@", "%@") == [
                "argument 1 is an integer (%#@COUNT@) in the source but an object (%@) here"
            ])
        #expect(compare("%%", "%@") == ["argument 1 (%@) is not in the source"])
    }
}

@Suite("Compiler shapes")
struct CompilerShapesTests {
    func plural(_ cases: [(String, Localization)]) -> Variations {
        Variations(plural: OrderedMap(cases))
    }

    @Test("Shapes Xcode handles have no problem")
    func good() {
        #expect(CompilerShapes.problems(of: Localization("plain")).isEmpty)
        let devicePlural = Localization(
            variations: Variations(device: [
                "iphone": Localization(variations: plural([("one", Localization("a")), ("other", Localization("b"))])),
                "other": Localization("c"),
            ]))
        #expect(CompilerShapes.problems(of: devicePlural).isEmpty)
        let substitution = Localization(
            stringUnit: StringUnit("%#@N@"),
            substitutions: [
                "N": Substitution(formatSpecifier: "lld", variations: plural([("other", Localization("%arg"))]))
            ])
        #expect(CompilerShapes.problems(of: substitution).isEmpty)
    }

    @Test("A plural case holding device variations, and a string beside variations, are named by path")
    func bad() {
        let nested = Localization(
            variations: plural([
                (
                    "one",
                    Localization(
                        variations: Variations(device: ["iphone": Localization("x"), "other": Localization("y")]))
                ),
                ("other", Localization("z")),
            ]))
        #expect(
            CompilerShapes.problems(of: nested).map(\.description) == [
                "plural.one: a plural case holds variations; Xcode's compiler refuses it"
            ])
        var mixed = Localization("text")
        mixed.variations = plural([("one", Localization("a")), ("other", Localization("b"))])
        let problems = CompilerShapes.problems(of: mixed)
        #expect(problems.map(\.isRefusedByCompiler) == [false])
        #expect(
            problems.map(\.description) == [
                "a stringUnit and variations side by side; Xcode's XLIFF export and import lose one of them"
            ])
        let noString = Localization(substitutions: ["N": Substitution(formatSpecifier: "d")])
        #expect(CompilerShapes.problems(of: noString).map(\.isRefusedByCompiler) == [true])
    }
}
