import ArgumentParser
import LocalizationCatalog
import LocalizationConverter

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert localization files from one format to another.",
        discussion: """
            The formats are chosen by file extension (.xcstrings), or named with --from and --to. \
            Several inputs are merged into one table. The output is written atomically: on any error it is left \
            untouched.

            Examples:
              stringbridge convert Localizable.xcstrings -o Normalized.xcstrings
              stringbridge convert catalog.json --from xcstrings -o Localizable.xcstrings
            """
    )

    @Argument(help: "The files to read.")
    var inputs: [String]

    @Option(name: [.short, .customLong("output")], help: "The file to write.")
    var output: String

    @Option(help: "The input format, when the extension does not tell it (xcstrings).")
    var from: String?

    @Option(help: "The output format, when the extension does not tell it (xcstrings).")
    var to: String?

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("Name at least one input file.") }
        let converter = Converter()
        do {
            for input in inputs { _ = try converter.format(for: input, override: from) }
            _ = try converter.format(for: output, override: to)
        } catch let error as ConversionError {
            throw ValidationError(error.diagnostics.map(\.description).joined(separator: "\n"))
        }
    }

    func run() throws {
        let converter = Converter()
        var diagnostics = Diagnostics()
        try reportingErrors(&diagnostics) { (diagnostics: inout Diagnostics) in
            try converter.convert(inputs: inputs, output: output, from: from, to: to, diagnostics: &diagnostics)
        }
    }
}
