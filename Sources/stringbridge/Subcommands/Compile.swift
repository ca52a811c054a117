import ArgumentParser
import LocalizationCatalog
import LocalizationConverter

struct Compile: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compile String Catalogs back to legacy .strings and .stringsdict tables.",
        discussion: """
            Writes OUTDIR/<lang>.lproj/<Table>.strings for plain strings and <Table>.stringsdict for entries with \
            plural or device variations or substitutions, like xcstringstool compile. Unlike it, source-language \
            strings equal to their key are kept. Anything the legacy formats cannot express is reported per entry. \
            A --language the catalog lacks is an error. Two catalogs that compile to the same file are an error; \
            --mirror keeps each catalog's folder instead. --dry-run prints each file that would be written.

            Exit status: 0 when written, 1 when a catalog is invalid or a file cannot be written (nothing is \
            written then), 64 on a usage error.

            Examples:
              stringbridge compile Localizable.xcstrings -o build/Resources
              stringbridge compile Localizable.xcstrings InfoPlist.xcstrings \\
                -o out --language fr --language de
              stringbridge compile App/Localizable.xcstrings \\
                Widget/Localizable.xcstrings -o out --mirror
              stringbridge compile Localizable.xcstrings -o out --dry-run
            """
    )

    @Argument(help: "The String Catalogs to compile.")
    var catalogs: [String]

    @Option(name: [.short, .customLong("output")], help: "The folder to write the .lproj folders into.")
    var output: String

    @Option(name: .customLong("language"), help: "Compile only this language (repeatable).")
    var languages: [String] = []

    @Flag(help: "Replace output files even when they are read-only.")
    var force = false

    @Flag(
        help: """
            Keep each catalog's folder, relative to the folder that holds them all, below OUTDIR (for several \
            catalogs of the same name).
            """)
    var mirror = false

    @Flag(help: "Print the files that would be written, and write nothing.")
    var dryRun = false

    func validate() throws {
        guard !catalogs.isEmpty else { throw ValidationError("Name at least one String Catalog.") }
        guard output != "-" else {
            throw ValidationError("compile writes a folder; -o - (standard output) takes one file.")
        }
    }

    func run() throws {
        var diagnostics = Diagnostics()
        try reportingErrors(&diagnostics) { (diagnostics: inout Diagnostics) in
            let written = try Compilation().compile(
                catalogs: catalogs, outputDirectory: output, languages: languages.isEmpty ? nil : languages,
                replacesReadOnlyFiles: force, mirror: mirror, dryRun: dryRun, diagnostics: &diagnostics)
            if dryRun {
                for path in written { print("would write \(path)") }
            }
        }
    }
}
