import LocalizationCatalog
import StringBridgeRuntime

// Entry points of code generation for the libFuzzer targets of `Fuzz/` (docs/development.md, "Fuzzing"), which
// live in another package and so cannot see `package` declarations. Not API: only `@_spi(Fuzzing) import` sees them.

/// What `stringbridge-generate tables` and `stringbridge generate` make of a catalog.
@_spi(Fuzzing) public enum GenerationFuzzing {
    /// The compiled table of `table` (``RuntimeTableEncoder``), its file's bytes, and the warnings.
    @_spi(Fuzzing) public static func runtimeTable(_ table: StringTable, path: String) -> (
        table: RuntimeTable, bytes: [UInt8], diagnostics: [Diagnostic]
    ) {
        var diagnostics = Diagnostics()
        let compiled = RuntimeTableEncoder.encode(table, path: path, diagnostics: &diagnostics)
        let data: [UInt8]
        do {
            data = Array(try RuntimeTableEncoder.data(compiled))
        } catch {
            preconditionFailure("a compiled table cannot be encoded: \(error)")
        }
        return (compiled, data, diagnostics.all)
    }

    /// The flavours ``accessors(_:path:flavor:)`` takes: `xcode`, `xcode-26.0` (the preamble of Xcode 26.0 and
    /// 26.1), `runtime`, `legacy` (``LegacyAccessorGenerator``).
    @_spi(Fuzzing) public static let flavors = ["xcode", "xcode-26.0", "runtime", "legacy"]

    /// The accessors file of `table`, read from `path`, in `flavor`, and the warnings.
    ///
    /// - Throws: ``ConversionError`` as the generators do (a table name that names no Swift type, two keys that
    ///   make the same declaration).
    @_spi(Fuzzing) public static func accessors(_ table: StringTable, path: String, flavor: String) throws -> (
        name: String, bytes: [UInt8], diagnostics: [Diagnostic]
    ) {
        var diagnostics = Diagnostics()
        let file: AccessorGenerator.GeneratedFile
        switch flavor {
        case "legacy":
            file = try LegacyAccessorGenerator().generate([(table, path)], diagnostics: &diagnostics)
        case "runtime":
            file = try AccessorGenerator(flavor: .runtime).generate(table, path: path, diagnostics: &diagnostics)
        case "xcode-26.0":
            file = try AccessorGenerator(flavor: .xcode, preamble: .legacy).generate(
                table, path: path, diagnostics: &diagnostics)
        default:
            file = try AccessorGenerator(flavor: .xcode).generate(table, path: path, diagnostics: &diagnostics)
        }
        return (file.name, file.bytes, diagnostics.all)
    }

    /// Whether `name` is a Swift identifier by the generators' rule (``SwiftIdentifiers/isValidIdentifier(_:)``).
    @_spi(Fuzzing) public static func isValidIdentifier(_ name: String) -> Bool {
        SwiftIdentifiers.isValidIdentifier(name)
    }
}
