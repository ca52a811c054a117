import LocalizationCatalog
import XCStringsFormat
@_spi(XLIFFDocuments) import XLIFFFormat

/// What an export writes: bare XLIFF files, or `.xcloc` bundles laid out as Xcode's.
extension Export {
    /// Stages one language's files: `L.xliff`, or the bundle `L.xcloc` with its `contents.json`, source copies and
    /// empty `Notes` folder; they are outputs, replacing the files there unread.
    func stage(
        _ xliff: [UInt8], language: String, sourceCopies: [(path: String, bytes: [UInt8])], developmentRegion: String,
        options: Options, in transaction: inout FileTransaction
    ) {
        guard options.xcloc else {
            transaction.stage(xliff, at: "\(options.outputDirectory)/\(language).xliff", as: .replacingUnread)
            return
        }
        let bundle = "\(options.outputDirectory)/\(language).xcloc"
        transaction.stage(xliff, at: "\(bundle)/Localized Contents/\(language).xliff", as: .replacingUnread)
        transaction.stage(
            contentsJSON(developmentRegion: developmentRegion, language: language, options: options),
            at: "\(bundle)/contents.json", as: .replacingUnread)
        for copy in sourceCopies {
            transaction.stage(copy.bytes, at: "\(bundle)/Source Contents/\(copy.path)", as: .replacingUnread)
        }
        transaction.stageDirectory("\(bundle)/Notes")
    }

    /// The `Source Contents` of a bundle: each source's copy at its path.
    func sourceCopies(of sources: [Source], tables: [(table: StringTable, companion: StringTable?)]) throws
        -> [(path: String, bytes: [UInt8])]
    {
        let paths = sourceContentsPaths(sources.map(\.original))
        return try zip(sources, tables).enumerated().map { index, pair in
            (paths[index], try sourceCopy(of: pair.0, table: pair.1.table))
        }
    }

    /// What Xcode puts in `Source Contents`: a catalog keeps only its source language (rewritten in Xcode's
    /// layout); a legacy file is copied as it is.
    func sourceCopy(of source: Source, table: StringTable) throws -> [UInt8] {
        if let named = source.interfaceBuilderFile ?? source.intentDefinitionFile {
            return try readSourceFile(named).bytes
        }
        guard source.kind == .catalog else { return try readSourceFile(source.path).bytes }
        var copy = table
        for index in copy.entries.indices {
            var entry = copy.entries[valueAt: index]
            if let localizations = entry.localizations {
                var kept = OrderedMap<Localization>()
                if let source = localizations[table.sourceLanguage] { kept[table.sourceLanguage] = source }
                entry.localizations = kept.isEmpty && !localizations.isEmpty ? nil : kept
            }
            copy.entries[valueAt: index] = entry
        }
        copy.traits.endsWithNewline = false
        var ignored = Diagnostics()
        return XCStringsWriter().encode(copy, diagnostics: &ignored)
    }

    /// Paths under `Source Contents` for each original: leading `../` removed, and a clash between two originals
    /// resolved as Xcode does, by numbering the first folder (`Resources`, `Resources 1`, …).
    func sourceContentsPaths(_ originals: [String]) -> [String] {
        var used = Set<String>()
        return originals.map { original in
            var parts = original.split(separator: "/").map(String.init)
            while parts.first == ".." || parts.first == "." { parts.removeFirst() }
            var candidate = parts.joined(separator: "/")
            var number = 1
            while !used.insert(candidate).inserted, parts.count > 0 {
                var numbered = parts
                numbered[0] = "\(parts[0]) \(number)"
                candidate = numbered.joined(separator: "/")
                number += 1
            }
            return candidate
        }
    }

    func contentsJSON(developmentRegion: String, language: String, options: Options) -> [UInt8] {
        var contents: OrderedMap<JSONValue> = ["developmentRegion": .string(developmentRegion)]
        if let project = options.project { contents["project"] = .string(project) }
        contents["targetLocale"] = .string(language)
        var toolInfo: OrderedMap<JSONValue> = [:]
        if let build = options.tool.buildNumber { toolInfo["toolBuildNumber"] = .string(build) }
        toolInfo["toolID"] = .string(options.tool.id)
        toolInfo["toolName"] = .string(options.tool.name)
        if let version = options.tool.version { toolInfo["toolVersion"] = .string(version) }
        contents["toolInfo"] = .object(toolInfo)
        contents["version"] = .string("1.0")
        return AppleJSON.encode(.object(contents))
    }
}
