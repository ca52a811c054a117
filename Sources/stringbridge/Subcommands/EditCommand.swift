import ArgumentParser
import CatalogEditorServer
import Dispatch
import Foundation
import LocalizationCatalog
import LocalizationConverter

struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit the tables in a browser: the report's page served on 127.0.0.1 with editing.",
        discussion: """
            Reads every table under the paths (String Catalogs and legacy .lproj tables; XLIFF is shown read \
            only) and serves the report's page on 127.0.0.1 with an editor: tables and languages with their \
            progress, filters (untranslated, needs review, stale, has findings) and search, each key's every \
            variation the language needs (its CLDR plural categories, devices, substitutions), Mark as Reviewed, \
            and check's rules as you type. It prints the URL to open, with a random token, and opens nothing \
            itself; every request must carry the token. Saving writes through the same writers and in-place \
            editors as the other commands (catalogs as Xcode writes them, legacy files changed only where \
            edited), all or nothing; a file changed on disk since the page loaded it is not overwritten (the page \
            offers to reload it). Ctrl-C stops the server. docs/editor.md.

            Exit status: 0 when stopped, 1 when a path or the configuration cannot be read or the port cannot be \
            listened on, 64 on a usage error.

            Examples:
              stringbridge edit MyApp
              stringbridge edit MyApp --port 8123
            """
    )

    @Argument(help: "Files or folders (the project).")
    var paths: [String]

    @Option(help: "The port on 127.0.0.1 (default: a free one).")
    var port: UInt16?

    @OptionGroup(title: "What check reads") var inputs: CheckInputOptions

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("Name at least one file or folder.") }
    }

    func run() throws {
        InterruptCleanup.install()
        // A browser that closes a connection early must not end the server.
        signal(SIGPIPE, SIG_IGN)
        var diagnostics = Diagnostics()
        var project: EditorProject?
        try reportingErrors(&diagnostics) { (_: inout Diagnostics) in
            let options = try inputs.checkOptions(paths: paths)
            project = try EditorProject(
                paths: paths, checkOptions: options, version: StringBridgeCommand.configuration.version)
        }
        guard let project else { throw ExitCode(1) }
        let requested = port ?? 0
        Task {
            do {
                let server = try EditorServer(project: project, port: requested)
                let port = try await server.start()
                writeAll(Array("stringbridge edit: open \(server.url(port: port))\n".utf8), to: 1)
                writeAll(
                    Array("(Ctrl-C stops the server; the token in the URL is needed by every request)\n".utf8), to: 2)
            } catch {
                printError("stringbridge edit: error: cannot listen on 127.0.0.1:\(requested): \(error)")
                Foundation.exit(1)
            }
        }
        dispatchMain()
    }
}
