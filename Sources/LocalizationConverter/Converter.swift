import LocalizationCatalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Conversions between files, composed from a reader, the catalog model and a writer.
public struct Converter: Sendable {
    /// The formats to choose from.
    package var registry: FormatRegistry

    /// Creates a converter over `registry`.
    public init(registry: FormatRegistry = .standard) {
        self.registry = registry
    }

    /// The format for `path`, or the one named `override`.
    /// - Throws: ``ConversionError`` listing the known formats when none fits.
    package func format(for path: String, override: String?) throws -> FormatDescriptor {
        if let override {
            guard let format = registry.format(named: override) else {
                throw ConversionError(
                    "unknown format '\(override)'; known formats: \(registry.names.joined(separator: ", "))", path: path
                )
            }
            return format
        }
        guard let format = registry.format(forPath: path) else {
            let extensions = registry.formats.flatMap(\.fileExtensions).map { "." + $0 }
            throw ConversionError(
                "cannot tell the format from the file name; use one of \(extensions.joined(separator: ", ")) "
                    + "or name it with --from/--to",
                path: path)
        }
        return format
    }

    /// Reads one file into a table.
    public func read(
        _ path: String, format name: String? = nil, options: ReadOptions = ReadOptions(),
        diagnostics: inout Diagnostics
    ) throws -> StringTable {
        let format = try format(for: path, override: name)
        guard let reader = format.reader else {
            throw ConversionError("\(format.name) files cannot be read", path: path)
        }
        return try reader.read(try readSourceFile(path), options: options, diagnostics: &diagnostics)
    }

    /// Reads one file that the command rewrites: for update, in `transaction`, which is to write it
    /// (``FileTransaction/readForUpdate(_:)``).
    package func read(
        forUpdate path: String, in transaction: inout FileTransaction, format name: String? = nil,
        options: ReadOptions = ReadOptions(), diagnostics: inout Diagnostics
    ) throws -> StringTable {
        let format = try format(for: path, override: name)
        guard let reader = format.reader else {
            throw ConversionError("\(format.name) files cannot be read", path: path)
        }
        return try reader.read(try transaction.readForUpdate(path), options: options, diagnostics: &diagnostics)
    }

    /// Legacy tables of several languages merged into one catalog keep the development language's comments
    /// only, as `migrate` does: a comment in a translation's file describes that translation.
    ///
    /// Interface Builder
    /// comments (`ibtool`'s description of the object) are the exception. Returns the comments removed.
    static func removeTranslationComments(_ table: inout StringTable) -> [(key: String, comment: String)] {
        guard table.languages.count == 1, let language = table.languages.first, language != table.sourceLanguage
        else { return [] }
        return Migration.removeTranslationComments(&table).map { (key: $0.0, comment: $0.1) }
    }

    /// Converts `inputs` (merged into one table when there are several) to `output`, atomically.
    ///
    /// Legacy tables converted to a String Catalog are reshaped as Xcode's migration does
    /// (``StringTable/migratedToCatalog()``). A catalog converted to a single-language legacy file needs the
    /// language (`writeOptions.languages`) unless it has only one.
    ///
    /// The output `-` is standard output (its format named by `to`); the table is then named after the first
    /// input. A read-only output file is replaced only with `replacesReadOnlyFiles`. An output that is one of the
    /// inputs is read for update (``FileTransaction/readForUpdate(_:)``) and not replaced when another program
    /// changed it meanwhile; another output is made from the inputs and replaced whatever it holds.
    ///
    /// - Throws: ``ConversionError``; the output is then untouched.
    public func convert(
        inputs: [String], output: String, from: String? = nil, to: String? = nil,
        readOptions: ReadOptions = ReadOptions(), writeOptions: WriteOptions = WriteOptions(),
        replacesReadOnlyFiles: Bool = false, diagnostics: inout Diagnostics
    ) throws {
        try convert(
            inputs: inputs, output: output, formats: formats(inputs: inputs, output: output, from: from, to: to),
            readOptions: readOptions, writeOptions: writeOptions, replacesReadOnlyFiles: replacesReadOnlyFiles,
            diagnostics: &diagnostics)
    }

    /// The formats of a conversion: one per input, and the output's.
    package struct Formats: Sendable {
        /// The format of each input, in order.
        package var inputs: [FormatDescriptor]
        /// The output's format.
        package var output: FormatDescriptor
    }

    /// Looks up the formats of a conversion once: each input's (or `from`) and the output's (or `to`).
    /// - Throws: ``ConversionError`` listing the known formats when none fits a file.
    package func formats(inputs: [String], output: String, from: String? = nil, to: String? = nil) throws -> Formats {
        Formats(
            inputs: try inputs.map { try format(for: $0, override: from) },
            output: try format(for: output, override: to))
    }

    /// Converts `inputs` to `output` in the formats looked up before (``formats(inputs:output:from:to:)``); see
    /// ``convert(inputs:output:from:to:readOptions:writeOptions:replacesReadOnlyFiles:diagnostics:)``.
    /// - Throws: ``ConversionError``; the output is then untouched.
    package func convert(
        inputs: [String], output: String, formats: Formats, readOptions: ReadOptions = ReadOptions(),
        writeOptions: WriteOptions = WriteOptions(), replacesReadOnlyFiles: Bool = false, diagnostics: inout Diagnostics
    ) throws {
        precondition(!inputs.isEmpty, "convert needs at least one input")
        precondition(formats.inputs.count == inputs.count, "convert needs one format per input")
        let toStandardOutput = output == "-"
        let target = formats.output
        // The name the table takes from the output's file name.
        let named = toStandardOutput ? inputs[0] : output
        guard let writer = target.writer else {
            throw ConversionError("\(target.name) files cannot be written", path: output)
        }
        var transaction = FileTransaction()
        transaction.replacesReadOnlyFiles = replacesReadOnlyFiles
        // The input that is the output (converted onto itself), read once, for update.
        var rewritten: SourceFile?
        var table: StringTable?
        var sourceFormats = Set<FormatID>()
        var translationComments: [(path: String, removed: [(key: String, comment: String)])] = []
        // One legacy file converted to its own format (to a new file) is edited from its own bytes, so that what
        // the table cannot hold (a file header, several comments in a row, comments after the last entry) is kept.
        var template: SourceFile?
        for (input, source) in zip(inputs, formats.inputs) {
            sourceFormats.insert(source.id)
            var options = readOptions
            // An XLIFF `<file original>` names the table it came from, so an XLIFF output keeps the input's name.
            if !target.namesItsOwnTable { options.tableName = options.tableName ?? tableName(ofPath: named) }
            if options.language == nil, !source.holdsEveryLanguage, !target.holdsEveryLanguage,
                ProjectPaths.lprojLanguage(of: input) == nil
            {
                // Legacy to legacy: the language is only a label, so a file outside an `xx.lproj` folder needs none.
                options.language = options.sourceLanguage ?? "en"
            }
            guard let reader = source.reader else {
                throw ConversionError("\(source.name) files cannot be read", path: input)
            }
            let file: SourceFile
            if !toStandardOutput, input == output || isSameFile(input, output) {
                file = try rewritten ?? transaction.readForUpdate(input)
                rewritten = file
            } else {
                file = try readSourceFile(input)
            }
            // Not when repairing duplicate keys: the repair writes each key once, in the writer's layout.
            if inputs.count == 1, source.id == target.id, target.editor != nil, !readOptions.mergesDuplicateKeys {
                template = file
            }
            var next = try reader.read(file, options: options, diagnostics: &diagnostics)
            if inputs.count > 1, target.holdsEveryLanguage, source.isLegacyTable {
                let removed = Self.removeTranslationComments(&next)
                if !removed.isEmpty { translationComments.append((input, removed)) }
            }
            if table == nil {
                table = next
            } else {
                table?.merge(next, diagnostics: &diagnostics, origin: input)
            }
        }
        guard var table else { return }
        for (path, removed) in translationComments {
            // Lost only where the development language does not say the same (translators often copy it).
            let lost = removed.filter { table.entries[$0.key]?.comment != $0.comment }
            Migration.warnTranslationCommentsLeftOut(lost.map(\.key), path: path, diagnostics: &diagnostics)
        }
        if !target.namesItsOwnTable { table.name = tableName(ofPath: named) }
        if target.holdsEveryLanguage,
            !sourceFormats.contains(where: { registry.format($0)?.holdsEveryLanguage == true })
        {
            // Legacy tables become a catalog as Xcode's migration makes one; XLIFF already has catalog shapes.
            if sourceFormats.allSatisfy({ registry.format($0)?.isLegacyTable == true }) {
                table = table.migratedToCatalog()
            }
            table.version = table.version ?? "1.0"
        }
        var options = writeOptions
        if !target.holdsEveryLanguage, let requested = options.languages {
            // A language the input lacks would give an empty file; say so, with the right spelling if it is near.
            try LanguageSelection.check(
                requested, available: LanguageSelection.available(in: table), what: "the input",
                path: inputs.count == 1 ? inputs[0] : output)
        }
        if !target.holdsEveryLanguage && options.languages == nil {
            let languages = table.languages
            guard languages.count <= 1 else {
                throw ConversionError(
                    "the input has \(languages.count) languages (\(languages.sorted().joined(separator: ", "))); "
                        + "choose one with --language", path: output)
            }
            options.languages = languages.isEmpty ? [table.sourceLanguage] : languages
        }
        let file: OutputFile
        if !toStandardOutput, let original = try rewritten ?? TableOutput.existing(output, format: target) ?? template {
            // An existing legacy file is edited in place (what the table leaves alone keeps its bytes); so is the
            // input of a legacy file converted to its own format.
            file = try TableOutput.file(
                for: table, format: target, options: options, over: original, path: output, diagnostics: &diagnostics)
        } else {
            let files = try writer.write(table, options: options, diagnostics: &diagnostics)
            guard files.count == 1, let only = files.first else {
                throw ConversionError(
                    "the \(target.name) output has \(files.count) files; this conversion needs exactly one",
                    path: output)
            }
            file = only
        }
        if toStandardOutput {
            try writeToStandardOutput(file.bytes)
            return
        }
        transaction.stage(file.bytes, at: output, as: rewritten == nil ? .replacingUnread : .update)
        try transaction.commit()
    }
}

/// Writes all of `bytes` to standard output.
/// - Throws: ``ConversionError`` when standard output cannot take them (closed, full disk).
func writeToStandardOutput(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let count = write(1, base + offset, buffer.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                throw ConversionError("cannot write to standard output: \(systemError())", path: nil)
            }
            offset += count
        }
    }
}
