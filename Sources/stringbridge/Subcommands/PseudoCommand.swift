import ArgumentParser
import CatalogChecks
import LocalizationCatalog

struct PseudoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pseudo",
        abstract: "Write a pseudo-language into a String Catalog or XLIFF file, to test layouts without translators.",
        discussion: """
            Every translatable key gets the pseudo-language, written from its development-language text (or its \
            key): ASCII letters accented, text made longer and bracketed, or each word wrapped in right-to-left \
            marks. Format specifiers, %%, %#@name@ references, %arg, substitutions and variations are kept as they \
            are, so the result passes `stringbridge check` with no placeholder-mismatch. Keys marked \
            shouldTranslate: false are left out. An XLIFF file's targets become the pseudo-language's text.

            Default styles: bidi for a -XB language (ar-XB), accented and expanded otherwise.

            Examples:
              stringbridge pseudo Localizable.xcstrings --language en-XA
              stringbridge pseudo Localizable.xcstrings --language ar-XB --style bidi -o Pseudo.xcstrings
              stringbridge pseudo de.xliff --language en-XA --style expanded --expansion 1.0 -o pseudo.xliff
            """
    )

    @Argument(help: "The String Catalog (.xcstrings) or XLIFF file (.xliff).")
    var path: String

    @Option(help: "The pseudo-language to write (en-XA, ar-XB).")
    var language: String

    @Option(name: .customLong("style"), help: "accented, expanded or bidi (repeatable; default: by language).")
    var styles: [Pseudolocalization.Style] = []

    @Option(help: "How much longer expanded makes a text, as a share of its letters (default: 0.4).")
    var expansion: Double = 0.4

    @Option(name: [.short, .customLong("output")], help: "The file to write (default: PATH itself).")
    var output: String?

    @Flag(help: "Replace the output file even when it is read-only.")
    var force = false

    func validate() throws {
        guard expansion >= 0, expansion <= 10 else {
            throw ValidationError("--expansion must be between 0 and 10.")
        }
        guard output != "-" else { throw ValidationError("pseudo writes a file; -o - is not supported.") }
    }

    func run() throws {
        var diagnostics = Diagnostics()
        try reportingErrors(&diagnostics) { (diagnostics: inout Diagnostics) in
            let summary = try Pseudolocalization.run(
                path: path, output: output,
                options: Pseudolocalization.Options(language: language, styles: styles, expansion: expansion),
                replacesReadOnlyFiles: force, diagnostics: &diagnostics)
            var line = "\(output ?? path): \(summary.written) keys in \(language)"
            if summary.replaced > 0 { line += " (\(summary.replaced) replaced)" }
            if !summary.notTranslatable.isEmpty {
                line += "; \(summary.notTranslatable.count) not to be translated, left out"
            }
            printLine(line)
        }
    }
}

extension Pseudolocalization.Style: ExpressibleByArgument {}
