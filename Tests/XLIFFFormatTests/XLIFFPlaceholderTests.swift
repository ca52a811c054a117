import LocalizationCatalog
import Testing
@_spi(XLIFFDocuments) import XLIFFFormat

/// Placeholder rewriting between catalogs and XLIFF: `%#@NAME@` ⇄ `%N$#@NAME@` and `%arg` ⇄ `%N$spec`.
@Suite("XLIFF placeholders")
struct XLIFFPlaceholderTests {
    static let substitutions: OrderedMap<Substitution> = [
        "BIRDS": Substitution(argNum: 1, formatSpecifier: "lld"),
        "YARDS": Substitution(argNum: 2, formatSpecifier: "lld"),
        "NOARG": Substitution(formatSpecifier: "d"),
    ]

    @Test func parentReferencesGetTheirArgument() {
        let exported = XLIFFPlaceholders.exportingParent(
            "Birds %#@BIRDS@ yards %#@YARDS@", substitutions: Self.substitutions)
        #expect(exported == "Birds %1$#@BIRDS@ yards %2$#@YARDS@")
        let back = XLIFFPlaceholders.importingParent(exported, names: { Self.substitutions[$0] != nil })
        #expect(back.text == "Birds %#@BIRDS@ yards %#@YARDS@")
        #expect(back.positions == ["BIRDS": 1, "YARDS": 2])
    }

    @Test("Without argNum the argument is the reference's place among the sequential specifiers")
    func impliedArgument() {
        #expect(XLIFFPlaceholders.impliedArgument(of: "NOARG", in: "%@ has %#@NOARG@") == 2)
        #expect(
            XLIFFPlaceholders.exportingParent("%@ has %#@NOARG@", substitutions: Self.substitutions)
                == "%@ has %2$#@NOARG@")
        #expect(XLIFFPlaceholders.impliedArgument(of: "NOARG", in: "no reference") == nil)
    }

    @Test func unknownNamesAndPositionalReferencesStay() {
        #expect(
            XLIFFPlaceholders.exportingParent("%#@OTHER@ %2$#@YARDS@", substitutions: Self.substitutions)
                == "%#@OTHER@ %2$#@YARDS@")
        #expect(XLIFFPlaceholders.importingParent("%1$#@OTHER@", names: { _ in false }).text == "%1$#@OTHER@")
    }

    @Test func caseArgumentsBecomePositionalSpecifiersAndBack() {
        let exported = XLIFFPlaceholders.exportingCase("%arg birds, 100%% %arg", argument: 1, formatSpecifier: "lld")
        #expect(exported == "%1$lld birds, 100%% %1$lld")
        #expect(
            XLIFFPlaceholders.importingCase(exported, argument: 1, formatSpecifier: "lld") == "%arg birds, 100%% %arg")
    }

    @Test("Comparing a case with a target byte for byte agrees with making the exported case")
    func caseComparedWithoutMakingIt() {
        let texts = [
            "%arg birds, 100%% %arg", "%arg", "%ar", "%%arg", "%%%arg", "no placeholder", "", "é %arg ü", "%arg%",
            "%arg%arg", "100%",
        ]
        let arguments: [(Int?, String?)] = [(1, "lld"), (12, "@"), (nil, "d"), (2, nil), (3, "")]
        for text in texts {
            for (argument, specifier) in arguments {
                let exported = XLIFFPlaceholders.exportingCase(text, argument: argument, formatSpecifier: specifier)
                var targets = [
                    exported, text, exported + "x", String(exported.dropLast()), "%1$lld birds, 100%% %1$lld",
                ]
                if !exported.isEmpty { targets.append(String(exported.dropFirst())) }
                for target in targets {
                    let same = XLIFFPlaceholders.exportingCase(
                        text, argument: argument, formatSpecifier: specifier, hasBytesOf: target)
                    #expect(same == (Array(exported.utf8) == Array(target.utf8)), "\(text) \(target)")
                }
            }
        }
        // Canonically equivalent but other bytes: not the same bytes.
        #expect(
            !XLIFFPlaceholders.exportingCase("é %arg", argument: 1, formatSpecifier: "d", hasBytesOf: "e\u{301} %1$d"))
    }

    @Test("A case printing its number another way is left alone both ways")
    func literalSpecifiersStay() {
        #expect(XLIFFPlaceholders.exportingCase("%lld birds", argument: 1, formatSpecifier: "lld") == "%lld birds")
        #expect(
            XLIFFPlaceholders.importingCase("%lld birds %2$@", argument: 1, formatSpecifier: "lld") == "%lld birds %2$@"
        )
        #expect(XLIFFPlaceholders.importingCase("%1$d birds", argument: 1, formatSpecifier: "lld") == "%1$d birds")
        #expect(XLIFFPlaceholders.exportingCase("%arg", argument: nil, formatSpecifier: "lld") == "%arg")
    }
}
