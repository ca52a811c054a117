import LocalizationCatalog
import Testing

@testable import XLIFFFormat

/// How an imported `<target>` of a parent string becomes the catalog's string (`Localization.importText`).
@Suite("XLIFF import of substitution references")
struct ImportedTextTests {
    static func localization(_ value: String) -> Localization {
        let substitution = Substitution(argNum: 2, formatSpecifier: "lld")
        var localization = Localization(value, state: .translated)
        localization.substitutions = ["apples": substitution]
        return localization
    }

    @Test("A reference becomes Xcode's %#@NAME@, unless this language's string already writes it with its position")
    func referencePositions() {
        var sequential = Self.localization("У %1$@ %#@apples@")
        sequential.importText("У %1$@ есть %2$#@apples@", state: .translated, at: .root, source: nil)
        #expect(sequential.stringUnit?.value == "У %1$@ есть %#@apples@")

        var positional = Self.localization("У %1$@ %2$#@apples@")
        positional.importText("У %1$@ есть %2$#@apples@", state: .translated, at: .root, source: nil)
        #expect(positional.stringUnit?.value == "У %1$@ есть %2$#@apples@")
        #expect(positional.substitutions?["apples"]?.argNum == 2)
    }
}
