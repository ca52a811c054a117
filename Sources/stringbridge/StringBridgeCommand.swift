import ArgumentParser
import LocalizationCatalog
import LocalizationConverter

@main
struct StringBridgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stringbridge",
        abstract: "Convert Apple localization files: .strings, .stringsdict, .xcstrings and XLIFF.",
        discussion: """
            Start here: migrate legacy tables to String Catalogs, keep them in sync with the code, check them in \
            CI, and exchange XLIFF with translators.
              stringbridge migrate MyApp --dry-run     what would become a catalog
              stringbridge sync MyApp --create         a first catalog, made from the code
              stringbridge check MyApp                 problems that break a localization
              stringbridge help <command>              a command's options and examples

            What each command is for:
              convert    normalize one table as Xcode writes it, or change its format
              migrate    legacy .strings/.stringsdict to String Catalogs (Xcode's Migrate)
              compile    String Catalogs back to legacy tables (xcstringstool compile)
              export     tables to XLIFF or .xcloc for translators (-exportLocalizations)
              import     translators' XLIFF or .xcloc back into the tables
              roundtrip  prove that the conversions you rely on lose nothing
              extract    the catalogs the code says, written into a new folder
              sync       update the catalogs with the code, as an Xcode build does
              check      quality gates for CI: placeholders, plurals, missing translations
              stats      how far each table is translated, per language
              pseudo     a pseudo-language (en-XA, ar-XB) to test layouts
              merge      three-way merge of a table (a git merge driver)
              generate   typed Swift accessors for the keys of a table
              report     one self-contained HTML page of progress and findings
              edit       edit the tables in a browser (served on 127.0.0.1)

            Exit status: 0 on success, 1 when an input is invalid (diagnostics on standard error as \
            path:line:column: error: message), 64 on a usage error; a command's help names its own (merge uses 2 \
            when it cannot read an input or write its output). Outputs are written all or nothing, through symbolic links, keeping the \
            permissions of the files they replace; read-only files are replaced only with --force. Interrupted \
            (SIGINT, SIGTERM, SIGHUP), a command leaves no temporary file behind.

            Examples:
              stringbridge convert Localizable.xcstrings -o Localizable.xcstrings
              stringbridge migrate MyApp/Resources
              stringbridge compile Localizable.xcstrings -o build/Resources
              stringbridge export MyApp --language de --language fr -o Exports --xcloc
              stringbridge import Exports/de.xcloc Exports/fr.xcloc
              stringbridge roundtrip MyApp
              stringbridge sync MyApp --create
              stringbridge check MyApp --language de
              stringbridge stats MyApp
              stringbridge pseudo MyApp/Localizable.xcstrings --language en-XA \\
                -o Pseudo/Localizable.xcstrings
              stringbridge merge base.xcstrings ours.xcstrings theirs.xcstrings \\
                -o merged.xcstrings
              stringbridge generate MyApp/Localizable.xcstrings -o Generated
              stringbridge help convert
            """,
        version: "0.1.0",
        subcommands: [
            Convert.self, Migrate.self, Compile.self, ExportCommand.self, ImportCommand.self, Roundtrip.self,
            ExtractCommand.self, SyncCommand.self, CheckCommand.self, StatsCommand.self, PseudoCommand.self,
            MergeCommand.self, GenerateCommand.self, ReportCommand.self, EditCommand.self,
        ]
    )

    static func main() {
        ProcessTuning.forShortCommand()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as ConversionError {
            printDiagnostics(error.diagnostics)
            exit(withError: ExitCode(1))
        } catch {
            exit(withError: error)
        }
    }
}
