import LocalizationCatalog
import StringBridgeSupport

// Entry points for the libFuzzer targets of `Fuzz/` (docs/development.md, "Fuzzing"), which live in another package
// and so cannot see `package` declarations. Not API: only `@_spi(Fuzzing) import` sees them.

/// What a code reader found in some files: the strings and the diagnostics, in the reader's order.
@_spi(Fuzzing) public struct CodeReaderOutcome: Sendable, Equatable {
    /// One extracted string, as the reader returned it.
    @_spi(Fuzzing) public struct Found: Sendable, Equatable {
        /// The key.
        @_spi(Fuzzing) public var key: String
        /// The value, when the code gives one that is not the key.
        @_spi(Fuzzing) public var value: String?
        /// The comment.
        @_spi(Fuzzing) public var comment: String?
        /// The table.
        @_spi(Fuzzing) public var table: String
        /// The kind of source (`swift`, `objectiveC`, …).
        @_spi(Fuzzing) public var origin: String
        /// Where it was found.
        @_spi(Fuzzing) public var location: FileLocation
    }

    /// The strings, in the reader's order.
    @_spi(Fuzzing) public var strings: [Found]
    /// The diagnostics, in order.
    @_spi(Fuzzing) public var diagnostics: [Diagnostic]

    /// What `strings` and `diagnostics` say.
    package init(_ strings: [ExtractedString], _ diagnostics: Diagnostics) {
        self.strings = strings.map {
            Found(
                key: $0.key, value: $0.value, comment: $0.comment, table: $0.table, origin: $0.origin.rawValue,
                location: $0.location)
        }
        self.diagnostics = diagnostics.all
    }
}

/// The code readers of this module, run on the calling thread (``Parallelism/sequential``).
@_spi(Fuzzing) public enum CodeReaderFuzzing {
    /// The files as a reader gets them: text decoded from UTF-8 as sync and export decode it.
    package static func codeFiles(_ files: [(path: String, bytes: [UInt8])]) -> [CodeFile] {
        files.map { CodeFile(path: $0.path, text: String(decoding: $0.bytes, as: UTF8.self)) }
    }

    /// ``ObjectiveCCodeReader`` with the given settings.
    @_spi(Fuzzing) public static func objectiveC(
        _ files: [(path: String, bytes: [UInt8])], macroBaseNames: [String] = [],
        includesCommentedOutCode: Bool = false, numbersFormatArguments: Bool = true
    ) -> CodeReaderOutcome {
        var reader = ObjectiveCCodeReader(
            macroBaseNames: macroBaseNames, includesCommentedOutCode: includesCommentedOutCode,
            numbersFormatArguments: numbersFormatArguments)
        reader.parallelism = .sequential
        var diagnostics = Diagnostics()
        let strings = reader.strings(in: codeFiles(files), diagnostics: &diagnostics)
        return CodeReaderOutcome(strings, diagnostics)
    }

    /// ``InterfaceBuilderReader``.
    @_spi(Fuzzing) public static func interfaceBuilder(_ files: [(path: String, bytes: [UInt8])])
        -> CodeReaderOutcome
    {
        var reader = InterfaceBuilderReader()
        reader.parallelism = .sequential
        var diagnostics = Diagnostics()
        let strings = reader.strings(in: codeFiles(files), diagnostics: &diagnostics)
        return CodeReaderOutcome(strings, diagnostics)
    }

    /// ``InfoPlistReader``.
    @_spi(Fuzzing) public static func infoPlist(_ files: [(path: String, bytes: [UInt8])]) -> CodeReaderOutcome {
        var reader = InfoPlistReader()
        reader.parallelism = .sequential
        var diagnostics = Diagnostics()
        let strings = reader.strings(in: codeFiles(files), diagnostics: &diagnostics)
        return CodeReaderOutcome(strings, diagnostics)
    }
}

extension CodeReaderFuzzing {
    /// ``GenstringsSwiftReader``: Swift read as text, as an export of a target without `SWIFT_EMIT_LOC_STRINGS` does.
    @_spi(Fuzzing) public static func genstringsSwift(
        _ files: [(path: String, bytes: [UInt8])], macroNames: Set<String> = [], readsTextLiterals: Bool = true
    ) -> CodeReaderOutcome {
        var reader = GenstringsSwiftReader(macroNames: macroNames, readsTextLiterals: readsTextLiterals)
        reader.parallelism = .sequential
        var diagnostics = Diagnostics()
        let strings = reader.strings(in: codeFiles(files), diagnostics: &diagnostics)
        return CodeReaderOutcome(strings, diagnostics)
    }
}
