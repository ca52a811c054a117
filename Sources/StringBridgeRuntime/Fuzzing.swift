import Foundation

// Entry points of the runtime for the libFuzzer targets of `Fuzz/` (docs/development.md, "Fuzzing"), which live in
// another package and so cannot see internal declarations. Not API: only `@_spi(Fuzzing) import` sees them.

/// The runtime's loading and formatting, reached directly.
@_spi(Fuzzing) public enum RuntimeFuzzing {
    /// The table `name` loaded as an app loads it: `bytes` written as `<name>.stringbridge-table.json` in
    /// `directory`, then read by ``LocalizedTable/init(name:directory:)``.
    @_spi(Fuzzing) public static func load(_ bytes: [UInt8], name: String, directory: URL) -> LocalizedTable {
        let url = directory.appendingPathComponent(name + LocalizedTable.fileExtension)
        do {
            try Data(bytes).write(to: url)
        } catch {
            preconditionFailure("cannot write \(url.path): \(error)")
        }
        return LocalizedTable(name: name, directory: directory)
    }

    /// `format` formatted with `arguments` as a lookup formats a value; a substitution `%#@name@` gives `text`
    /// of `substitutions[name]`.
    @_spi(Fuzzing) public static func format(
        _ format: String, _ arguments: [any CVarArg], substitutions: [String: String] = [:]
    ) -> String {
        PluralFormatting.format(format, arguments.map(FormatArgument.init)) { name, position in
            substitutions[name].map { ($0, position) }
        }
    }
}
