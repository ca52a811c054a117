@_spi(Fuzzing) import CodeExtraction
import LocalizationCatalog
import StringBridgeSupport

// The entry point of the Swift reader for the libFuzzer targets of `Fuzz/` (docs/development.md, "Fuzzing"). Not
// API: only `@_spi(Fuzzing) import` sees it.

/// ``SwiftCodeReader``, run on the calling thread.
@_spi(Fuzzing) public enum SwiftReaderFuzzing {
    /// Reads `files` as one project.
    ///
    /// `extraction` is `compiler`, `textLiterals` or `localizedStringMacros`.
    @_spi(Fuzzing) public static func read(
        _ files: [(path: String, bytes: [UInt8])], macroNames: Set<String> = [], platforms: Set<String>? = nil,
        extraction: String = "compiler"
    ) -> CodeReaderOutcome {
        var reader = SwiftCodeReader(localizedStringMacroNames: macroNames, platforms: platforms)
        reader.parallelism = .sequential
        switch extraction {
        case "textLiterals": reader.extraction = .textLiterals
        case "localizedStringMacros": reader.extraction = .localizedStringMacros
        default: reader.extraction = .compiler
        }
        var diagnostics = Diagnostics()
        let strings = reader.strings(in: CodeReaderFuzzing.codeFiles(files), diagnostics: &diagnostics)
        return CodeReaderOutcome(strings, diagnostics)
    }
}
