import LocalizationCatalog

/// The arguments of the build plugin tool's `accessors` mode, parsed by hand (the tool has no ArgumentParser):
/// `accessors CATALOG [--flavor runtime|xcode] [--xcode-version VERSION] --output FILE`.
package struct AccessorsInvocation: Sendable, Equatable {
    package var catalog: String
    package var output: String
    package var flavor: AccessorGenerator.Flavor
    package var preamble: AccessorGenerator.Preamble

    package init(
        catalog: String, output: String, flavor: AccessorGenerator.Flavor, preamble: AccessorGenerator.Preamble
    ) {
        self.catalog = catalog
        self.output = output
        self.flavor = flavor
        self.preamble = preamble
    }

    /// A usage error, worded for `stringbridge-generate: error: …`.
    package struct UsageError: Error, Sendable, Equatable {
        package var message: String

        package init(message: String) {
            self.message = message
        }
    }

    package static let usage =
        "usage: stringbridge-generate accessors CATALOG --flavor runtime|xcode [--xcode-version VERSION] --output FILE"

    /// Parses `arguments`: the words after the tool's name (a leading `accessors` is skipped).
    ///
    /// The flavour is `runtime` unless `--flavor xcode` says otherwise.
    package static func parse(_ arguments: [String]) throws(UsageError) -> AccessorsInvocation {
        var words = arguments[...]
        if words.first == "accessors" { words = words.dropFirst() }
        var catalog: String?
        var output: String?
        var flavor = AccessorGenerator.Flavor.runtime
        var preamble = AccessorGenerator.Preamble.nonisolated
        while let word = words.popFirst() {
            switch word {
            case "--flavor", "--output", "-o", "--xcode-version":
                guard let value = words.popFirst() else { throw UsageError(message: "\(word) needs a value") }
                switch word {
                case "--flavor":
                    guard let chosen = AccessorGenerator.Flavor(rawValue: value), chosen != .legacy else {
                        throw UsageError(message: "--flavor is runtime or xcode, not \(Diagnostic.quoted(value))")
                    }
                    flavor = chosen
                case "--xcode-version":
                    guard let chosen = AccessorGenerator.preamble(forXcodeVersion: value) else {
                        throw UsageError(
                            message:
                                "--xcode-version is a version of Xcode 26 or later, not \(Diagnostic.quoted(value))")
                    }
                    preamble = chosen
                default:
                    guard output == nil else { throw UsageError(message: "name one output file") }
                    output = value
                }
            default:
                guard !word.hasPrefix("-") else {
                    throw UsageError(message: "unknown option \(Diagnostic.quoted(word))")
                }
                guard catalog == nil else { throw UsageError(message: "name one String Catalog") }
                catalog = word
            }
        }
        guard let catalog else { throw UsageError(message: "name a String Catalog") }
        guard let output else { throw UsageError(message: "name the output file with --output") }
        return AccessorsInvocation(catalog: catalog, output: output, flavor: flavor, preamble: preamble)
    }

    /// The accessors file for the catalog whose bytes are `bytes`, with the warnings; a ``ConversionError`` when
    /// the catalog is invalid.
    package func generate(_ bytes: [UInt8], diagnostics: inout Diagnostics) throws -> AccessorGenerator.GeneratedFile {
        let table = try AccessorGenerator.readCatalogAsXcode(
            SourceFile(path: catalog, bytes: bytes), diagnostics: &diagnostics)
        return try AccessorGenerator(flavor: flavor, preamble: preamble)
            .generate(table, path: catalog, diagnostics: &diagnostics)
    }
}
