import ArgumentParser
import CatalogChecks
import LocalizationCatalog

struct PseudoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pseudo",
        abstract:
            "Write a pseudo-language into a String Catalog, XLIFF file, .xcloc bundle or legacy project, to test "
            + "layouts without translators.",
        discussion: """
            Every translatable key gets the pseudo-language, written from its development-language text (or its \
            key): ASCII letters accented, text made longer and bracketed, or each word wrapped in right-to-left \
            marks. Format specifiers, %%, %#@name@ references, %arg, substitutions and variations are kept as they \
            are, so the result passes `stringbridge check` with no placeholder-mismatch. Keys marked \
            shouldTranslate: false are left out.

            PATH is a String Catalog (the language is added beside the others); an XLIFF file (in every <file>, \
            the targets become the pseudo-language's text and target-language the pseudo-language); an .xcloc \
            bundle (each Localized Contents/*.xliff so); or a folder of legacy tables, where each table's \
            development-language files (--source-language, or Base.lproj) give L.lproj/T.strings and \
            L.lproj/T.stringsdict beside them. A folder or bundle is written in place.

            Default styles: bidi for a -XB language (ar-XB), accented and expanded otherwise.

            Prints one line per file written: its path and the keys written into it.

            Exit status: 0 when written (or, with --dry-run, planned); 1 when an input cannot be read or an output \
            cannot be written (nothing is written then); 64 on a usage error.

            Examples:
              stringbridge pseudo Localizable.xcstrings --language en-XA
              stringbridge pseudo Localizable.xcstrings --language ar-XB --style bidi \\
                -o Pseudo.xcstrings
              stringbridge pseudo de.xliff --language en-XA --style expanded \\
                --expansion 1.0 -o pseudo.xliff
              stringbridge pseudo Exports/de.xcloc --language en-XA
              stringbridge pseudo MyApp/Resources --language en-XA --dry-run
            """
    )

    @Argument(
        help: "The String Catalog (.xcstrings), XLIFF file (.xliff), .xcloc bundle or folder of .lproj tables.")
    var path: String

    @Option(help: "The pseudo-language to write (en-XA, ar-XB).")
    var language: String

    @Option(name: .customLong("style"), help: "accented, expanded or bidi (repeatable; default: by language).")
    var styles: [Pseudolocalization.Style] = []

    @Option(help: "How much longer expanded makes a text, as a share of its letters.")
    var expansion: Double = 0.4

    @Option(help: "The development language of legacy tables (catalogs and XLIFF files name their own).")
    var sourceLanguage: String = "en"

    @Option(name: [.short, .customLong("output")], help: "The file to write (default: PATH itself).")
    var output: String?

    @Flag(help: "Print the files that would be written, and write nothing.")
    var dryRun = false

    @OptionGroup var writing: WritingOptions

    func validate() throws {
        guard expansion >= 0, expansion <= 10 else {
            throw ValidationError("--expansion must be between 0 and 10.")
        }
        guard output != "-" else { throw ValidationError("pseudo writes a file; -o - is not supported.") }
    }

    func run() throws {
        var diagnostics = Diagnostics()
        try reportingErrors(&diagnostics) { (diagnostics: inout Diagnostics) in
            let written = try Pseudolocalization.run(
                path: path, output: output,
                options: Pseudolocalization.Options(language: language, styles: styles, expansion: expansion),
                sourceLanguage: sourceLanguage, replacesReadOnlyFiles: writing.force,
                lockTimeout: writing.lockTimeout, dryRun: dryRun, diagnostics: &diagnostics)
            for file in written {
                let summary = file.summary
                var line = "\(dryRun ? "would write " : "")\(file.path): "
                line += "\(counted(summary.written, "key")) in \(language)"
                if summary.replaced > 0 { line += " (\(summary.replaced) replaced)" }
                if !summary.notTranslatable.isEmpty {
                    line += "; \(summary.notTranslatable.count) not to be translated, left out"
                }
                printLine(line)
            }
        }
    }
}

extension Pseudolocalization.Style: ExpressibleByArgument {}
