import ArgumentParser
import LocalizationCatalog
import LocalizationConverter

@main
struct StringBridgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stringbridge",
        abstract: "Convert Apple localization files: .strings, .stringsdict, .xcstrings and XLIFF.",
        discussion: """
            Exit status: 0 on success, 1 when an input is invalid (diagnostics on standard error as \
            path:line:column: error: message), 64 on a usage error. Outputs are written all or nothing, through \
            symbolic links, keeping the permissions of the files they replace; read-only files are replaced only \
            with --force. Interrupted (SIGINT, SIGTERM, SIGHUP), a command leaves no temporary file behind.

            Examples:
              stringbridge convert Localizable.xcstrings -o Localizable.xcstrings
              stringbridge migrate MyApp/Resources
              stringbridge compile Localizable.xcstrings -o build/Resources
              stringbridge export MyApp --language de --language fr -o Exports --xcloc
              stringbridge import Exports/de.xcloc Exports/fr.xcloc
              stringbridge roundtrip MyApp
              stringbridge help convert
            """,
        version: "0.1.0",
        subcommands: [
            Convert.self, Migrate.self, Compile.self, ExportCommand.self, ImportCommand.self, Roundtrip.self,
            ExtractCommand.self, SyncCommand.self, CheckCommand.self, StatsCommand.self, PseudoCommand.self,
            MergeCommand.self,
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
