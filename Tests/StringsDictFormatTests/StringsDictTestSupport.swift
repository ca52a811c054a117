import LocalizationCatalog
import StringsDictFormat
import TestSupport

/// Reading and writing fixtures with the `.stringsdict` reader and writer.
enum StringsDictFixture {
    /// The fixtures in `stringsdict/read/` that read with warnings: those with a `.diagnostics` golden.
    static let warnings = Fixtures.names(in: "stringsdict/read", withExtension: "diagnostics")
    /// The fixtures in `stringsdict/read/` that read without any diagnostic.
    static let valid = Fixtures.names(in: "stringsdict/read", withExtension: "stringsdict").filter {
        !warnings.contains($0)
    }
    /// Of ``valid``, the XML property lists (the writer gives them back byte for byte); the others are binary.
    static let xmlLayout = valid.filter {
        (try? Fixtures.bytes("stringsdict/read/\($0).stringsdict").starts(with: Array("bplist".utf8))) == false
    }

    /// Reads `Fixtures/<relative>` as language `language`.
    static func read(
        _ relative: String, language: String? = "en", diagnostics: inout Diagnostics
    ) throws -> StringTable {
        try StringsDictReader().read(
            try Fixtures.source(relative), options: ReadOptions(language: language), diagnostics: &diagnostics)
    }

    /// Reads `Fixtures/<relative>` and expects no diagnostics.
    static func read(_ relative: String, language: String = "en") throws -> StringTable {
        var diagnostics = Diagnostics()
        let table = try read(relative, language: language, diagnostics: &diagnostics)
        guard diagnostics.all.isEmpty else {
            throw ConversionError(diagnostics.all)
        }
        return table
    }

    /// The diagnostics as the CLI prints them, one per line, each line ending with a newline.
    static func text(_ diagnostics: [Diagnostic]) -> [UInt8] {
        Array(diagnostics.map { "\($0)\n" }.joined().utf8)
    }
}
