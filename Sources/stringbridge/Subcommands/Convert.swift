import ArgumentParser
import LocalizationCatalog
import LocalizationConverter

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert localization files from one format to another.",
        discussion: """
            The formats are chosen by file extension (.xcstrings, .strings, .stringsdict, .xliff and .xlf), or \
            named with --from and --to. An XLIFF input holds one table (one <file>): its sources are the development \
            language and its targets the target language; an XLIFF output is one language (--language). \
            Several inputs are merged into one table. The output is written atomically: on any error it is left \
            untouched. With -o - the output goes to standard output (name its format with --to).

            Exit status: 0 when written, 1 when an input is invalid or the output cannot be written (it is left as \
            it was), 64 on a usage error.

            Examples:
              stringbridge convert Localizable.xcstrings -o Normalized.xcstrings
              stringbridge convert catalog.json --from xcstrings \\
                -o Localizable.xcstrings
              stringbridge convert fr.lproj/Localizable.strings \\
                fr.lproj/Localizable.stringsdict -o Localizable.xcstrings
              stringbridge convert Localizable.xcstrings --language de \\
                -o de.lproj/Localizable.strings --encoding utf16
              stringbridge convert Localizable.xcstrings --language fr -o fr.xliff
              stringbridge convert fr.xliff -o Localizable.xcstrings
            """
    )

    @Argument(help: "The files to read.")
    var inputs: [String]

    @Option(name: [.short, .customLong("output")], help: "The file to write, or - for standard output.")
    var output: String

    @Flag(help: "Replace the output file even when it is read-only.")
    var force = false

    @Flag(
        help: """
            Combine a key defined twice in one input (as a hand-resolved merge leaves it) when the definitions do \
            not contradict each other; a warning names each. Without it a repeated key is an error in a catalog.
            """)
    var mergeDuplicates = false

    @Option(help: "The input format, when the extension does not tell it (xcstrings).")
    var from: String?

    @Option(help: "The output format, when the extension does not tell it (xcstrings).")
    var to: String?

    @Option(
        help: """
            The language: of a single legacy input (default: from its xx.lproj folder), or the one to write to a \
            legacy output.
            """)
    var language: String?

    @Option(help: "The development language of legacy inputs (default: en).")
    var sourceLanguage: String?

    @Option(
        help:
            "The text encoding of a .strings output: utf8 or utf16 (UTF-16LE with BOM). Default: the input's, or utf8.")
    var encoding: OutputEncoding?

    enum OutputEncoding: String, ExpressibleByArgument {
        case utf8, utf16
    }

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("Name at least one input file.") }
        if output == "-", to == nil {
            throw ValidationError("Name the format written to standard output with --to (xcstrings, strings…).")
        }
    }

    func run() throws {
        let converter = Converter()
        let formats: Converter.Formats
        do {
            formats = try converter.formats(inputs: inputs, output: output, from: from, to: to)
        } catch let error as ConversionError {
            // A usage error, printed as the diagnostic it is (argument-parser would add its own "Error:").
            printDiagnostics(error.diagnostics)
            throw ExitCode.validationFailure
        }
        var diagnostics = Diagnostics()
        try reportingErrors(&diagnostics) { (diagnostics: inout Diagnostics) in
            var readOptions = ReadOptions(language: language, sourceLanguage: sourceLanguage ?? "en")
            readOptions.mergesDuplicateKeys = mergeDuplicates
            var writeOptions = WriteOptions(languages: language.map { [$0] })
            switch encoding {
            case .utf8: writeOptions.encoding = .utf8
            case .utf16: writeOptions.encoding = .utf16LittleEndianWithBOM
            case nil: break
            }
            try converter.convert(
                inputs: inputs, output: output, formats: formats, readOptions: readOptions,
                writeOptions: writeOptions, replacesReadOnlyFiles: force, diagnostics: &diagnostics)
        }
    }
}
