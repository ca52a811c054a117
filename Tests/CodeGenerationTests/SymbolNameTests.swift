import CodeGeneration
import LocalizationCatalog
import Testing

/// Names and argument lists, each rule on the examples it was derived from (the keys of Xcode-written files).
@Suite("generate: symbol names and signatures")
struct SymbolNameTests {
    @Test(
        "keys become Xcode's names",
        arguments: [
            // Sentences: one camel-case name, punctuation dropped, an all-capital word as Url (gold symbols-clerk).
            (
                "Redirect URL is missing or invalid. Unable to start external authentication flow.",
                "redirectUrlIsMissingOrInvalidUnableToStartExternalAuthenticationFlow"
            ),
            ("Settings", "settings"),  // gold symbols-timebar
            ("cardCount", "cardCount"),  // identifier keys kept (gold symbols-snapsync)
            ("CFBundleDisplayName", "cfbundleDisplayName"),  // the leading capitals lowered
            ("%lld MiB", "miB"),  // specifiers dropped
            ("Score %@, %@ %lld, %@ %lld", "score"),
            ("SPEED BOOST", "speedBoost"),
            ("Retro Green CRT", "retroGreenCrt"),
            ("Evaluate JavaScript with ${content}", "evaluateJavaScriptWith$Content"),  // `$` kept, camel kept
            ("F_A_Description", "fADescription"),  // `_` separates words
            ("common.minutesShort %lld %lld", "commonMinutesShort"),
            ("Clean black-and-white visuals", "cleanBlackAndWhiteVisuals"),
            ("%#@birds@ in the yard", "inTheYard"),  // references dropped like specifiers
            // Letter and digit runs are words of their own (Xcode 26.1: `share.expiry.3days`,
            // `permission.expiry.1month`); `FA` after `2` is a word in capitals, as `URL` → `Url`.
            ("share.expiry.3days", "shareExpiry3Days"),
            ("permission.expiry.1month", "permissionExpiry1Month"),
            ("Über 2FA", "über2Fa"),
            ("mp3 player", "mp3Player"),
            // Named placeholders are dropped like specifiers.
            ("Hello %(name)@, you are %2$(age)llu", "helloYouAre"),
        ])
    func names(key: String, expected: String) {
        #expect(SwiftIdentifiers.symbolName(forKey: key) == expected)
    }

    @Test("a name is an identifier only with a letter or _ first; keywords are written in backticks")
    func identifiers() {
        #expect(SwiftIdentifiers.isValidIdentifier("with$Content"))
        #expect(SwiftIdentifiers.isValidIdentifier("über2fa"))
        #expect(!SwiftIdentifiers.isValidIdentifier("100Sure"))
        #expect(!SwiftIdentifiers.isValidIdentifier("$content"))
        #expect(!SwiftIdentifiers.isValidIdentifier(""))
        #expect(SwiftIdentifiers.declarationName("default") == "`default`")
        #expect(SwiftIdentifiers.declarationName("self") == "`self`")
        #expect(SwiftIdentifiers.declarationName("settings") == "settings")
    }

    @Test("literals and comments: quotes, backslashes and controls escaped; comment ends split")
    func literals() {
        #expect(SwiftIdentifiers.stringLiteral("a \"b\" \\ c\n\u{1}") == #""a \"b\" \\ c\n\u{1}""#)
        #expect(SwiftIdentifiers.commentText("a */ b /* c") == "a * / b / * c")
    }

    func signature(_ value: String, substitutions: OrderedMap<Substitution>? = nil) throws
        -> [AccessorSignature.Argument]
    {
        var localization = Localization(value)
        localization.substitutions = substitutions
        let entry = CatalogEntry(extractionState: .manual, localizations: ["en": localization])
        return try AccessorSignature(
            key: "k", entry: entry, sourceLanguage: "en", type: AccessorSignature.symbolType
        ).arguments
    }

    @Test("positional and sequential specifiers: types by position, printed without the position")
    func specifiers() throws {
        let positional = try signature("%1$@, owned, %2$lld variants, %3$lld boosters")
        #expect(positional.map(\.spec) == ["@", "lld", "lld"])
        #expect(positional.map(\.specifier) == ["%@", "%lld", "%lld"])
        let swapped = try signature("%2$@ has %1$d")
        #expect(swapped.map(\.spec) == ["d", "@"])
        let sequential = try signature("%@ of %.2f and 100%%")
        #expect(sequential.map(\.specifier) == ["%@", "%.2f"])
        #expect(sequential.compactMap { AccessorSignature.symbolType(of: $0.spec) } == ["String", "Double"])
    }

    @Test("a substitution's argument is typed by its formatSpecifier; %arg is no argument of its own")
    func substitutions() throws {
        let birds = Substitution(
            argNum: 1, formatSpecifier: "lld",
            variations: Variations(plural: ["one": Localization("%arg bird"), "other": Localization("%arg birds")]))
        let arguments = try signature("%#@birds@", substitutions: ["birds": birds])
        #expect(arguments.map(\.specifier) == ["%lld"])
        #expect(arguments.map(\.substitution) == ["birds"])
        #expect(throws: AccessorSignature.Problem.missingSubstitution(name: "cats")) {
            try signature("%#@cats@", substitutions: ["birds": birds])
        }
    }

    @Test("a gap, a conflict or an untyped specifier gives no signature")
    func problems() {
        #expect(throws: AccessorSignature.Problem.unprinted(position: 1)) { try signature("only %2$@") }
        #expect(throws: AccessorSignature.Problem.conflicting(position: 1, first: "%d", second: "%@")) {
            try signature("%d then %1$@")
        }
        #expect(throws: AccessorSignature.Problem.unsupported(specifier: "%s")) { try signature("%s") }
        #expect(throws: AccessorSignature.Problem.unsupported(specifier: "%*d")) { try signature("%*d") }
    }

    @Test("parameter names: a substitution's name when it is an identifier, not a keyword and unique; else argN")
    func parameterNames() throws {
        func names(_ value: String, _ substitutions: [String]) throws -> [String] {
            var localization = Localization(value)
            var map = OrderedMap<Substitution>()
            for name in substitutions { _ = map.updateValue(Substitution(formatSpecifier: "lld"), forKey: name) }
            localization.substitutions = map
            let entry = CatalogEntry(extractionState: .manual, localizations: ["en": localization])
            return try AccessorSignature(
                key: "k", entry: entry, sourceLanguage: "en", type: AccessorSignature.symbolType
            ).parameterNames
        }
        #expect(try names("%#@count@ of %@", ["count"]) == ["count", "arg2"])
        #expect(try names("%#@default@", ["default"]) == ["arg1"])
        #expect(try names("%#@first item@", ["first item"]) == ["arg1"])
        #expect(try names("%#@arg2@ %@", ["arg2"]) == ["arg1", "arg2"])
    }
}
