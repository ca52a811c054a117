import Foundation
import LocalizationCatalog
import LocalizationConverter
import TestSupport
import Testing

@testable import CatalogChecks

@Suite struct PseudolocalizationTests {
    @Test func accentedAndExpandedKeepPlaceholders() {
        let styles: [Pseudolocalization.Style] = [.accented, .expanded]
        #expect(Pseudolocalization.transform("Settings", styles: styles, expansion: 0.4) == "[Šéţţíñĝš~~~~]")
        #expect(
            Pseudolocalization.transform("%1$lld files in %2$@ (100%%)", styles: styles, expansion: 0.5)
                == "[%1$lld ƒíļéš íñ %2$@ (100%%)~~~~]")
        #expect(
            Pseudolocalization.transform("%#@done@ of %3$#@total@ %arg", styles: [.accented], expansion: 0)
                == "%#@done@ óƒ %3$#@total@ %arg")
        #expect(Pseudolocalization.transform("", styles: styles, expansion: 0.4) == "[]")
    }

    @Test func bidiWrapsEachWordAndLeavesPlaceholdersOut() {
        let result = Pseudolocalization.transform("Tap %@ now", styles: [.bidi], expansion: 0.4)
        #expect(result == "\u{200F}\u{202E}Tap\u{202C}\u{200F} %@ \u{200F}\u{202E}now\u{202C}\u{200F}")
    }

    @Test func defaultStylesFollowTheLanguage() {
        #expect(Pseudolocalization.defaultStyles(for: "en-XA") == [.accented, .expanded])
        #expect(Pseudolocalization.defaultStyles(for: "ar-XB") == [.bidi])
    }

    /// Every leaf of the pseudo-language reads the same arguments as the development language's leaf: what
    /// `check` asks (no placeholder-mismatch).
    @Test(arguments: ["en-XA", "ar-XB"])
    func pseudoLanguageReadsTheSourceArguments(language: String) throws {
        var diagnostics = Diagnostics()
        let folder = try StringBridgeProcess.temporaryFolder()
        let output = folder.appendingPathComponent("Pseudo.xcstrings").path
        _ = try Pseudolocalization.run(
            path: Fixtures.url("pseudo/Localizable.xcstrings").path, output: output,
            options: .init(language: language), diagnostics: &diagnostics)
        let table = try readTable(output)
        var leaves = 0
        for (key, entry) in table.entries where entry.shouldTranslate != false {
            let source = entry.localization(for: "en") ?? Localization(key, state: nil)
            let pseudo = try #require(entry.localization(for: language))
            for (path, sourceText, pseudoText) in pairs(source, pseudo) {
                leaves += 1
                let mismatches = FormatArgumentComparison.compare(source: sourceText, translation: pseudoText)
                #expect(mismatches.isEmpty, "\(key) \(path): \(mismatches)")
            }
        }
        #expect(leaves == 10)
    }

    @Test(arguments: [("en-XA", [String]()), ("ar-XB", []), ("en-XA", ["expanded"])])
    func catalogGolden(language: String, styles: [String]) throws {
        let folder = try StringBridgeProcess.temporaryFolder()
        let output = folder.appendingPathComponent("Localizable.xcstrings").path
        let styleArguments = styles.flatMap { ["--style", $0] }
        let result = try StringBridgeProcess.run(
            ["pseudo", Fixtures.url("pseudo/Localizable.xcstrings").path, "--language", language, "-o", output]
                + styleArguments + (styles.isEmpty ? [] : ["--expansion", "1"]))
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == "")
        let replaced = language == "en-XA" ? " (1 replaced)" : ""
        #expect(result.output == "\(output): 5 keys in \(language)\(replaced); 1 not to be translated, left out\n")
        let name = ([language] + styles).joined(separator: "-")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
        let difference = Fixtures.compareGolden(bytes, "pseudo/expected/\(name).xcstrings")
        #expect(difference == nil, "\(difference ?? "")")
        // A second run over its own output changes nothing: the pseudo-language is made from the source only.
        let again = try StringBridgeProcess.run(
            ["pseudo", output, "--language", language] + styleArguments
                + (styles.isEmpty ? [] : ["--expansion", "1"]))
        #expect(again.status == 0)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: output))) == bytes)
    }

    @Test func xliffTargetsBecomeThePseudoLanguage() throws {
        let folder = try StringBridgeProcess.temporaryFolder()
        let output = folder.appendingPathComponent("en-XA.xliff").path
        let result = try StringBridgeProcess.run(
            ["pseudo", Fixtures.url("pseudo/de.xliff").path, "--language", "en-XA", "-o", output])
        #expect(result.status == 0, "\(result.error)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
        let difference = Fixtures.compareGolden(bytes, "pseudo/expected/en-XA.xliff")
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test func refusesOtherFormatsAndBadLanguages() throws {
        let folder = try StringBridgeProcess.temporaryFolder()
        let strings = folder.appendingPathComponent("Localizable.strings")
        try Data("\"a\" = \"b\";\n".utf8).write(to: strings)
        let legacy = try StringBridgeProcess.run(["pseudo", strings.path, "--language", "en-XA"])
        #expect(legacy.status == 1)
        #expect(
            legacy.error
                == "\(strings.path):1:1: error: pseudo writes into a String Catalog (.xcstrings), an XLIFF file "
                + "(.xliff), an .xcloc bundle or a folder of .lproj tables, not a strings file\n")
        let catalog = folder.appendingPathComponent("Localizable.xcstrings")
        try Data(try Fixtures.bytes("pseudo/Localizable.xcstrings")).write(to: catalog)
        let badLanguage = try StringBridgeProcess.run(["pseudo", catalog.path, "--language", "../x"])
        #expect(badLanguage.status == 1)
        #expect(
            badLanguage.error.hasPrefix("\(catalog.path):1:1: error: --language \"../x\" is not a language identifier"))
        let source = try StringBridgeProcess.run(["pseudo", catalog.path, "--language", "en"])
        #expect(source.status == 1)
        #expect(source.error.contains("is the development language"))
        #expect(try Fixtures.bytes("pseudo/Localizable.xcstrings") == [UInt8](Data(contentsOf: catalog)))
    }

    private func readTable(_ path: String) throws -> StringTable {
        var diagnostics = Diagnostics()
        return try Converter().read(path, diagnostics: &diagnostics)
    }

    /// The leaves of two localizations of the same shape: (path, source text, pseudo text).
    private func pairs(_ source: Localization, _ pseudo: Localization, path: String = "")
        -> [(String, String, String)]
    {
        var result: [(String, String, String)] = []
        if let unit = source.stringUnit, let other = pseudo.stringUnit {
            result.append((path, unit.value, other.value))
        }
        func walk(_ map: OrderedMap<Localization>?, _ others: OrderedMap<Localization>?, _ name: String) {
            guard let map, let others else { return }
            for (category, leaf) in map {
                guard let other = others[category] else { continue }
                result += pairs(leaf, other, path: path + name + "." + category + ".")
            }
        }
        walk(source.variations?.plural, pseudo.variations?.plural, "plural")
        walk(source.variations?.device, pseudo.variations?.device, "device")
        for (name, substitution) in source.substitutions ?? [:] {
            walk(
                substitution.variations?.plural, pseudo.substitutions?[name]?.variations?.plural,
                "substitutions.\(name).plural")
        }
        return result
    }
}
