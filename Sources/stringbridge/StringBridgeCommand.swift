import ArgumentParser

@main
struct StringBridgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stringbridge",
        abstract: "Convert Apple localization files: .strings, .stringsdict, .xcstrings and XLIFF.",
        discussion: """
            Exit status: 0 on success, 1 when an input is invalid (diagnostics on standard error as \
            path:line:column: error: message), 64 on a usage error. Outputs are written all or nothing.

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
        ]
    )
}
