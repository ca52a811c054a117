import Testing

@testable import LocalizationCatalog

@Suite("Path conventions")
struct PathConventionsTests {
    @Test func tableNameIsTheBaseNameWithoutItsLastExtension() {
        #expect(tableName(ofPath: "App/en.lproj/Localizable.strings") == "Localizable")
        #expect(tableName(ofPath: "a.b/c.d.strings") == "c.d")
        #expect(tableName(ofPath: "Main.xcstrings") == "Main")
        #expect(tableName(ofPath: "InfoPlist") == "InfoPlist")
        #expect(tableName(ofPath: ".strings") == ".strings")
    }

    /// One case rule for every reader and workflow: `.lproj` in any case, the language as the folder spells it.
    @Test func lprojLanguageMatchesTheSuffixInAnyCase() {
        #expect(lprojLanguage(ofPath: "App/zh-Hans.lproj/Main.strings") == "zh-Hans")
        #expect(lprojLanguage(ofPath: "Base.lproj/Main.strings") == "Base")
        #expect(lprojLanguage(ofPath: "App/fr.LPROJ/Main.strings") == "fr")
        #expect(lprojLanguage(ofPath: "App/De.Lproj/Main.stringsdict") == "De")
        #expect(lprojLanguage(ofPath: "App/.lproj/Main.strings") == nil)
        #expect(lprojLanguage(ofPath: "App/en.lproj") == nil)
        #expect(lprojLanguage(ofPath: "en.lproj/sub/Main.strings") == nil)
        #expect(lprojLanguage(ofPath: "Main.strings") == nil)
    }
}
