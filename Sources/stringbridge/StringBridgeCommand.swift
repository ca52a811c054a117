import ArgumentParser

@main
struct StringBridgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stringbridge",
        abstract: "Convert Apple localization files: .strings, .stringsdict, .xcstrings and XLIFF.",
        discussion: """
            Exit status: 0 on success, 1 when an input is invalid (diagnostics on standard error as \
            path:line:column: error: message), 64 on a usage error. Outputs are written all or nothing.
            """,
        version: "0.1.0",
        subcommands: [Convert.self, Migrate.self, Compile.self]
    )
}
