import LocalizationCatalog
import StringsDictFormat
import TestSupport
import Testing

/// What the reader puts into the model, checked value by value.
@Suite("Stringsdict reader")
struct StringsDictReaderTests {
    func localization(_ file: String, _ key: String, language: String = "en") throws -> Localization {
        let table = try StringsDictFixture.read("stringsdict/read/\(file).stringsdict", language: language)
        return try #require(table.entries[key]?.localizations?[language], "\(key) in \(file)")
    }

    @Test func oneVariable() throws {
        let posts = try localization("one-variable", "%lld new posts")
        #expect(posts.stringUnit == StringUnit("%#@posts@", state: .translated))
        #expect(posts.variations == nil)
        let substitution = try #require(posts.substitutions?["posts"])
        #expect(substitution.argNum == nil)
        #expect(substitution.formatSpecifier == "lld")
        #expect(substitution.variations?.plural?.keys == ["one", "other"])
        #expect(substitution.variations?.plural?["one"] == Localization("%lld new post"))
        #expect(try localization("one-variable", "tabs.count").substitutions?["tabs"]?.formatSpecifier == "d")
    }

    @Test func severalVariablesWithTextAround() throws {
        let progress = try localization("several-variables", "files.progress")
        #expect(progress.stringUnit?.value == "%#@files@ (%#@bytes@, %#@minutes@)")
        #expect(progress.substitutions?.keys == ["files", "bytes", "minutes"])
        let rating = try localization("several-variables", "rating")
        #expect(rating.stringUnit?.value == "%@ %#@has_rating@ today")
        #expect(rating.substitutions?["has_rating"]?.variations?.plural?.keys == ["zero", "one", "other"])
    }

    @Test func positionalFormatKeyIsKeptVerbatim() throws {
        let poll = try localization("positional", "poll.summary")
        #expect(poll.stringUnit?.value == "%2$#@voters@ voted %1$#@votes@ times")
        #expect(poll.substitutions?.keys == ["votes", "voters"])
        #expect(poll.substitutions?.values.allSatisfy { $0.argNum == nil } == true)
        #expect(poll.substitutions?["voters"]?.variations?.plural?["other"]?.stringUnit?.value == "%2$lld people")
    }

    @Test func allSixCategoriesInFileOrder() throws {
        let apples = try localization("all-categories", "%lld apples", language: "ar")
        let plural = try #require(apples.substitutions?["apples"]?.variations?.plural)
        #expect(plural.keys == ["zero", "one", "two", "few", "many", "other"])
        #expect(plural["two"]?.stringUnit?.value == "تفاحتان")
    }

    @Test func missingValueType() throws {
        let hint = try localization("no-value-type", "hint")
        #expect(hint.substitutions?["hint"]?.formatSpecifier == nil)
        #expect(hint.substitutions?["hint"]?.variations?.plural?.count == 2)
    }

    @Test func deviceRuleWithStringsAndNestedPlural() throws {
        let instructions = try localization("device-rule", "UserInstructions")
        #expect(instructions.stringUnit == nil)
        let device = try #require(instructions.variations?.device)
        #expect(device.keys == ["iphone", "ipad", "mac", "appletv", "other"])
        #expect(device["mac"] == Localization("Click here"))
        let photos = try #require(try localization("device-rule", "%lld photos").variations?.device)
        #expect(photos["other"] == Localization("%lld photos"))
        let iphone = try #require(photos["iphone"])
        #expect(iphone.stringUnit?.value == "%#@photos@")
        #expect(
            iphone.substitutions?["photos"]?.variations?.plural?["one"]?.stringUnit?.value == "%lld photo on iPhone")
        // The catalog reshaping collapses the nested plural inside the device case.
        #expect(instructions.inCatalogShape() == instructions)
        #expect(
            try localization("device-rule", "%lld photos").inCatalogShape().variations?.device?["iphone"]?.variations?
                .plural?["other"] == Localization("%lld photos on iPhone"))
    }

    @Test func widthRule() throws {
        let revenue = try localization("width-rule", "Total Annual Revenue")
        let width = try #require(revenue.variations?.width)
        #expect(width.keys == ["50", "20", "25"])
        #expect(width["20"] == Localization("TAR (billions)"))
    }

    @Test func plainStringEntries() throws {
        #expect(try localization("plain-string", "Welcome") == Localization("Welcome!"))
        #expect(try localization("plain-string", "Empty") == Localization(""))
    }

    @Test func textIsDecoded() throws {
        let fish = try localization("text-escaping", "Fish & <Chips>")
        #expect(fish.stringUnit?.value == "%#@portions@ of \"fish\" & chips")
        #expect(try localization("text-escaping", "Grüße 👋") == Localization("Schöne Grüße, 你好"))
        #expect(try localization("text-escaping", "Tab\tand\nnewline") == Localization("line one\nline two\twith tab"))
    }

    @Test func tableMetadataAndOrigins() throws {
        var diagnostics = Diagnostics()
        let table = try StringsDictReader().read(
            try Fixtures.source("stringsdict/read/several-variables.stringsdict"), options: ReadOptions(language: "de"),
            diagnostics: &diagnostics)
        #expect(table.name == "several-variables")
        #expect(table.sourceLanguage == "de")
        #expect(table.version == nil)
        #expect(table.traits.endsWithNewline == true)
        #expect(table.entries.keys == ["files.progress", "rating"])
        #expect(
            table.entries["rating"]?.origin
                == FileLocation(path: "stringsdict/read/several-variables.stringsdict", line: 43, column: 2))
        let named = try StringsDictReader().read(
            try Fixtures.source("stringsdict/read/several-variables.stringsdict"),
            options: ReadOptions(tableName: "Localizable", language: "de", sourceLanguage: "en"),
            diagnostics: &diagnostics)
        #expect(named.name == "Localizable")
        #expect(named.sourceLanguage == "en")
    }

    @Test func unknownMembersAndOtherRuleTypesAreKept() throws {
        var diagnostics = Diagnostics()
        let table = try StringsDictFixture.read(
            "stringsdict/read/other-rule-type.stringsdict", diagnostics: &diagnostics)
        let rule = try #require(table.entries["future.rule"]?.localizations?["en"])
        #expect(rule.extraMembers.keys == ["XVersion", "XEnabled", "XList"])
        #expect(rule.extraMembers["XVersion"] == .number("1.5"))
        #expect(rule.extraMembers["XEnabled"] == .bool(true))
        let gender = try #require(rule.substitutions?["gender"])
        #expect(gender.variations == nil)
        #expect(gender.formatSpecifier == "@")
        #expect(gender.extraMembers.keys == ["NSStringFormatSpecTypeKey", "female", "male", "priority"])
        #expect(gender.extraMembers["priority"] == .number("2"))
        let untyped = try #require(table.entries["untyped"]?.localizations?["en"]?.substitutions?["n"])
        #expect(untyped.extraMembers.keys == ["one", "other"])
    }
}

/// Which language and table a file is read as.
@Suite("Stringsdict file names")
struct StringsDictLanguageTests {
    let bytes: [UInt8]

    init() throws {
        bytes = try Fixtures.bytes("stringsdict/read/plain-string.stringsdict")
    }

    func read(_ path: String, _ options: ReadOptions = ReadOptions()) throws -> StringTable {
        var diagnostics = Diagnostics()
        return try StringsDictReader().read(
            SourceFile(path: path, bytes: bytes), options: options, diagnostics: &diagnostics)
    }

    @Test func languageFromTheLprojFolder() throws {
        let table = try read("App/Resources/pt-BR.lproj/Plurals.stringsdict")
        #expect(table.name == "Plurals")
        #expect(table.languages == ["pt-BR"])
        #expect(table.sourceLanguage == "pt-BR")
    }

    @Test func baseIsTheSourceLanguage() throws {
        #expect(try read("Base.lproj/Localizable.stringsdict").languages == ["Base"])
        let table = try read("Base.lproj/Localizable.stringsdict", ReadOptions(sourceLanguage: "en"))
        #expect(table.languages == ["en"])
        #expect(table.sourceLanguage == "en")
    }

    @Test func theOptionWins() throws {
        #expect(try read("fr.lproj/Localizable.stringsdict", ReadOptions(language: "de")).languages == ["de"])
    }

    @Test func noFolderIsAnError() throws {
        do {
            _ = try read("Localizable.stringsdict")
            Issue.record("accepted a file without a language")
        } catch let error as ConversionError {
            #expect(error.description == "error: cannot tell the language of Localizable.stringsdict; pass --language")
        }
    }
}

extension StringsDictReaderTests {
    @Test("A format key with a 20-digit position is read verbatim, without a trap or a warning")
    func hugePosition() throws {
        // StringsDictFixture.read throws when there is any diagnostic.
        let hostile = try localization("huge-position", "hostile")
        #expect(hostile.stringUnit?.value == "%99999999999999999999$#@a@")
        #expect(hostile.substitutions?["a"]?.formatSpecifier == "d")
        #expect(hostile.substitutions?["a"]?.argNum == nil)
        #expect(hostile.inCatalogShape().stringUnit?.value == "%99999999999999999999$#@a@")
        #expect(hostile.inCatalogShape().substitutions?["a"]?.argNum == nil)
    }

    @Test("A variable's value type is read as its own, whatever the cases print")
    func valueTypes() throws {
        #expect(try localization("value-types", "invited").substitutions?["others"]?.formatSpecifier == "d")
        #expect(try localization("value-types", "joined").substitutions?["others"]?.formatSpecifier == "d")
        #expect(try localization("value-types", "liked").substitutions?["likes"]?.formatSpecifier == "ld")
    }
}
