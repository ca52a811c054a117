import LocalizationCatalog
import StringsDictFormat
import TestSupport
import Testing

/// The shortcuts of `FormatArguments` give what their plain forms give.
@Suite("FormatArguments: shortcuts are their plain forms")
struct FormatArgumentsSpeedTests {
    /// Every arrangement of `count` distinct names from `names`.
    static func arrangements(of names: [String], count: Int) -> [[String]] {
        guard count > 0 else { return [[]] }
        var result: [[String]] = []
        for (index, name) in names.enumerated() {
            var rest = names
            rest.remove(at: index)
            for tail in arrangements(of: rest, count: count - 1) { result.append([name] + tail) }
        }
        return result
    }

    static func cases(_ names: [String]) -> OrderedMap<Localization> {
        var cases = OrderedMap<Localization>()
        for name in names { cases[name] = Localization(name) }
        return cases
    }

    @Test("Plural cases go in CLDR order by the table as by groups, for any names")
    func caseOrder() {
        let categories = ["zero", "one", "two", "few", "many", "other"]
        var checked = 0
        // Every order of every set of categories (the table's case), then names that are not categories.
        let others = ["one", "other", "x", "One", "one ", "", "few", "\u{212A}"]
        for (names, counts) in [(categories, 0...6), (others, 1...4)] {
            for count in counts {
                for names in Self.arrangements(of: names, count: count) {
                    let cases = Self.cases(names)
                    #expect(
                        FormatArguments.caseOrder(cases, cldrOrder: true) == FormatArguments.caseOrderByGroups(cases),
                        "\(names)")
                    checked += 1
                }
            }
        }
        let seven = Self.cases(categories.reversed() + ["extra"])
        #expect(FormatArguments.caseOrder(seven, cldrOrder: true) == FormatArguments.caseOrderByGroups(seven))
        #expect(FormatArguments.caseOrder(Self.cases(["other", "one"]), cldrOrder: true) == [1, 0])
        #expect(FormatArguments.caseOrder(Self.cases(["other", "one"]), cldrOrder: false) == [0, 1])
        #expect(checked > 2000)
    }

    @Test("A variable's %arg is spelled the same without reading the format key when its argNum says it all")
    func argumentSpecifier() {
        let formats = [
            "", "%#@n@", "%d %#@n@", "%#@n@ %#@m@", "%1$#@n@ %2$#@m@", "%2$#@n@", "%@ %#@n@ %lld", "%%#@n@",
            "%#@m@ and %#@n@", "%3$d %#@n@",
        ]
        for format in formats {
            for argNum in [nil, 1, 2, 3, 12] as [Int?] {
                for spec in ["lld", "d", "@"] {
                    for name in ["n", "m", "other"] {
                        #expect(
                            FormatArguments.argumentSpecifier(for: name, argNum: argNum, spec: spec, format: format)
                                == FormatArguments.argumentSpecifierReadingFormat(
                                    for: name, argNum: argNum, spec: spec, format: format),
                            "\(format) \(argNum ?? 0) \(spec) \(name)")
                    }
                }
            }
        }
        #expect(FormatArguments.argumentSpecifier(for: "n", argNum: 2, spec: "d", format: "%#@n@") == "%2$d")
    }

    @Test("%arg is replaced in place as in a copy of the bytes")
    func replacingArg() {
        let pieces = ["%arg", "%%arg", "%", "%%", "%ar", "a", "rg", "é", "%@", "%lld", " ", "😀", "%%%arg", "arg"]
        var random = SplitMix64(seed: 34)
        var texts = [""] + pieces
        for _ in 0..<3000 {
            texts.append(
                (0..<Int.random(in: 1...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined())
        }
        for text in texts {
            for replacement in ["%1$lld", "", "%é"] {
                var calls = 0
                let fast = FormatArguments.replacingArg(in: text) {
                    calls += 1
                    return replacement
                }
                var plainCalls = 0
                let plain = FormatArguments.replacingArgInCopy(in: text) {
                    plainCalls += 1
                    return replacement
                }
                #expect(fast.utf8.elementsEqual(plain.utf8), "\(text)")
                #expect(calls == plainCalls && calls <= 1, "\(text)")
            }
        }
        #expect(
            FormatArguments.replacingArg(in: "%arg of %%arg and %arg", with: { "%2$d" }) == "%2$d of %%arg and %2$d")
    }
}
