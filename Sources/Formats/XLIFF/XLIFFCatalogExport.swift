import LocalizationCatalog
import XMLSupport

/// A String Catalog prepared once for XLIFF export to any number of languages.
///
/// What does not depend on the target language is worked out here, once: the order of the keys in the export,
/// the keys that are never exported (and the warning that says so), and the escaped bytes of every unit except
/// what the language decides: the `<trans-unit>` start tag around the id's path suffix, the `<note>` and the end
/// tag, the `<source>` of a plain source, and for a varied source the `<source>` of each path it can have.
/// Writing a language (``XLIFFDocumentStream/writeCatalog(_:targetLanguage:tool:diagnostics:)``) then adds the
/// paths and targets: plain strings and plural groups directly, other shapes through the full mapping. The result
/// is the same bytes and diagnostics as writing
/// ``XLIFFExport/file(for:kind:original:targetLanguage:tool:companion:diagnostics:)``.
///
/// The value is read-only, so one preparation can be shared by threads writing different languages.
public struct XLIFFCatalogExport: Sendable {
    /// The catalog.
    public let table: StringTable
    /// The `original` of its `<file>`.
    public let original: String
    let markup: XLIFFMarkup
    /// Entry positions in unit order (by key, see ``XLIFFIdentifier/compare(_:_:)``).
    let order: [Int]
    /// Whether some key contains `|==|`, so that unit ids may collide; such catalogs take the general path.
    let checksCollisions: Bool
    /// Per entry, in table order.
    let facts: [EntryFacts]
    /// Why an entry is never exported, whatever the language, by position.
    let refusals: [Int: String]
    /// The source-language localization of each entry, as the entry has it.
    let sources: [Localization?]
    /// The entries that may be refused with a warning, in table order.
    let warningCandidates: [Int]
    /// The prepared unit bytes that `facts` and `sourcePieces` point into.
    let chunks: [UInt8]
    /// Prepared `<source>` elements of varied entries, by path (`facts[i].pieces` says which are entry i's).
    let sourcePieces: [SourcePiece]

    /// The `<source>` of one path of an entry: the path, its description, and `chunks[range]`.
    struct SourcePiece: Sendable {
        let path: XLIFFVariationPath
        let description: String
        let range: Range<Int>
    }

    /// Every plural category CLDR names: a varied entry's source pieces are prepared for each of them, so that
    /// every language finds its categories.
    static let allPluralCategories = ["zero", "one", "two", "few", "many", "other"]

    /// What the preparation found out about one entry.
    struct EntryFacts: Sendable {
        /// Whether the entry is never exported, whatever the language (`refusals` says why).
        var isRefused = false
        /// Whether a localization holds a string set, which is refused when it decides the units' shape.
        var mayHoldStringSet = false
        /// Whether the entry's unit pieces are in `chunks`; not when the key or the note holds a character XML
        /// cannot hold (the general path then says which units are left out).
        var hasChunks = false
        /// Whether `chunks[sourceStart..<noteStart]` holds the root unit's `<source>`: the source is a plain string
        /// (or absent), and it holds no character XML cannot hold.
        var hasRootSource = false
        /// `chunks[start..<keyEnd]`: the line break before `<trans-unit`, and the start tag up to the escaped key
        /// in the `id` value.
        var start = 0
        var keyEnd = 0
        /// `chunks[keyEnd..<sourceStart]`: the rest of the start tag, from the `id` value's closing quote.
        var sourceStart = 0
        /// `chunks[noteStart..<end]`: the `<note>` and `</trans-unit>`.
        var noteStart = 0
        var end = 0
        /// `sourcePieces[pieces]`: the entry's prepared `<source>` elements, for a varied source.
        var pieces: Range<Int> = 0..<0
        /// Whether the source is one plural group and nothing else, the most common varied source.
        var sourceIsPluralGroup = false
        /// Whether that group has a `zero` case.
        var sourceHasZero = false
    }

    /// Prepares `table` for export.
    /// - Parameters:
    ///   - table: The catalog; its `sourceLanguage` is the files' source language.
    ///   - original: The project-relative path of the catalog (`MyApp/Localizable.xcstrings`).
    ///   - layout: The layout of the documents the catalog is written into.
    public init(table: StringTable, original: String, layout: XLIFFLayout = .xcode) {
        self.table = table
        self.original = original
        let markup = XLIFFMarkup(layout: layout)
        self.markup = markup
        let keys = table.entries.keys
        let entries = table.entries.values
        checksCollisions = keys.contains(where: XLIFFIdentifier.containsSeparator)
        order = keys.indices.sorted { XLIFFIdentifier.compare(keys[$0], keys[$1]) < 0 }
        var facts: [EntryFacts] = []
        facts.reserveCapacity(keys.count)
        var refusals: [Int: String] = [:]
        var sources: [Localization?] = []
        sources.reserveCapacity(keys.count)
        var warningCandidates: [Int] = []
        var chunks: [UInt8] = []
        chunks.reserveCapacity(keys.count * 160)
        var sourcePieces: [SourcePiece] = []
        let sourceLanguage = table.sourceLanguage
        for index in keys.indices {
            let key = keys[index]
            let entry = entries[index]
            var fact = EntryFacts()
            let source = entry.localizations?[sourceLanguage]
            sources.append(source)
            if XLIFFIdentifier.endsLikeVariationPath(key) {
                refusals[index] = XLIFFMessages.endsLikeVariationPath(key: key)
                fact.isRefused = true
            } else if let name = XLIFFExport.substitutionNameWithSeparator(in: entry) {
                refusals[index] = XLIFFMessages.separatorInSubstitutionName(key: key, name: name)
                fact.isRefused = true
            } else {
                fact.mayHoldStringSet = entry.localizations?.values.contains { $0.stringSet != nil } ?? false
                // The pieces of CatalogUnitBuilder.unit(at:) that do not depend on the path or the language.
                fact.start = chunks.count
                markup.appendLineBreak(depth: 3, to: &chunks)
                chunks.append(contentsOf: #"<trans-unit id=""#.utf8)
                var unholdable = XMLEscaping.appendAttributeValue(key, to: &chunks)
                fact.keyEnd = chunks.count
                chunks.append(UInt8(ascii: "\""))
                if entry.shouldTranslate == false { markup.appendAttribute("translate", "no", to: &chunks) }
                markup.appendAttribute("xml:space", "preserve", to: &chunks)
                chunks.append(UInt8(ascii: ">"))
                fact.sourceStart = chunks.count
                if !(source?.hasMoreThanStringUnit ?? false) {
                    // The root unit of a plain source: the source string, or the key when there is none.
                    let sourceText = source?.hasContent == true ? source?.stringUnit?.value ?? key : key
                    fact.hasRootSource = !markup.appendSource(sourceText, to: &chunks)
                    if !fact.hasRootSource { chunks.removeSubrange(fact.sourceStart...) }
                }
                fact.noteStart = chunks.count
                let note = XLIFFExport.note(comment: entry.comment, autoGenerated: entry.isCommentAutoGenerated)
                unholdable = markup.appendNote(note.text, from: note.from, to: &chunks) || unholdable
                markup.appendUnitEnd(to: &chunks)
                fact.end = chunks.count
                fact.hasChunks = !unholdable
                if unholdable {
                    chunks.removeSubrange(fact.start...)
                    fact.hasRootSource = false
                } else if source?.hasMoreThanStringUnit == true {
                    // The source texts of a varied source depend on the path only: prepared for the paths of the
                    // source's own shape, in every plural category.
                    let builder = CatalogUnitBuilder(
                        key: key, entry: entry, source: source, target: nil, targetLanguage: sourceLanguage,
                        isSourceExport: false, languageCategories: Self.allPluralCategories)
                    let first = sourcePieces.count
                    for (path, description) in builder.describedPaths() {
                        let start = chunks.count
                        let sourceText = builder.sourceText(at: path, description: description)
                        if markup.appendSource(sourceText, to: &chunks) {
                            chunks.removeSubrange(start...)  // written, and checked, language by language
                        } else {
                            sourcePieces.append(
                                SourcePiece(path: path, description: description, range: start..<chunks.count))
                        }
                    }
                    fact.pieces = first..<sourcePieces.count
                    if let source, source.stringUnit == nil, source.stringSet == nil,
                        source.substitutions?.isEmpty ?? true
                    {
                        let variations = source.variations
                        fact.sourceIsPluralGroup = variations?.plural != nil && variations?.device == nil
                        fact.sourceHasZero = variations?.plural?["zero"] != nil
                    }
                }
            }
            if fact.isRefused || fact.mayHoldStringSet { warningCandidates.append(index) }
            facts.append(fact)
        }
        self.facts = facts
        self.refusals = refusals
        self.sources = sources
        self.warningCandidates = warningCandidates
        self.chunks = chunks
        self.sourcePieces = sourcePieces
    }

    /// The prepared `<source>` of the path described by `description`, among `pieces`; when `path` is given, the
    /// piece must be for that path too (names with dots can make two paths' descriptions equal).
    func sourcePiece(_ description: String, path: XLIFFVariationPath? = nil, in pieces: Range<Int>) -> Range<Int>? {
        for index in pieces {
            let candidate = sourcePieces[index].description
            // `==` (canonical equivalence) rules most candidates out quickly; the bytes must be the same too.
            if candidate == description, candidate.utf8.elementsEqual(description.utf8),
                path.map({ $0 == sourcePieces[index].path }) ?? true
            {
                return sourcePieces[index].range
            }
        }
        return nil
    }

    /// A rough size of one language's `<file>`, for reserving memory.
    var estimatedByteCount: Int { chunks.count + chunks.count / 2 + 4096 }
}

extension XLIFFDocumentStream {
    /// Writes the `<file>` of a prepared catalog in `targetLanguage`: the bytes
    /// `write(XLIFFExport.file(for: catalog.table, kind: .catalog, …))` writes, with the same diagnostics.
    ///
    /// - Parameters:
    ///   - catalog: The prepared catalog.
    ///   - targetLanguage: The exported language; the source language itself is allowed (targets = sources).
    ///   - tool: The `<header><tool>` to write.
    ///   - diagnostics: Receives a warning for every key or unit that is not exported, naming it.
    public mutating func writeCatalog(
        _ catalog: XLIFFCatalogExport, targetLanguage: String, tool: XLIFFTool? = XLIFFTool(),
        diagnostics: inout Diagnostics
    ) {
        let table = catalog.table
        guard !catalog.checksCollisions, catalog.markup.layout == markup.layout else {
            write(
                XLIFFExport.file(
                    for: table, kind: .catalog, original: catalog.original, targetLanguage: targetLanguage,
                    tool: tool, diagnostics: &diagnostics))
            return
        }
        let sourceLanguage = table.sourceLanguage
        let keys = table.entries.keys
        let entries = table.entries.values
        // The keys refused, in table order (the order XLIFFExport.file says them in).
        for index in catalog.warningCandidates {
            if let refusal = catalog.refusals[index] {
                diagnostics.warn(refusal, path: catalog.original)
                continue
            }
            let builder = CatalogUnitBuilder(
                key: keys[index], entry: entries[index], sourceLanguage: sourceLanguage, targetLanguage: targetLanguage)
            if builder.shapeIsStringSet {
                diagnostics.warn(XLIFFMessages.stringSetNotExported(key: keys[index]), path: catalog.original)
            }
        }
        startFile(
            XLIFFFile(original: catalog.original, sourceLanguage: sourceLanguage, targetLanguage: targetLanguage, tool: tool))
        reserve(catalog.estimatedByteCount)
        let isSourceExport = sourceLanguage == targetLanguage
        let languageCategories = PluralRules.categories(for: targetLanguage)
        // Units left out for a character XML cannot hold are said after the refused keys.
        var leftOut: [Diagnostic] = []
        var languageHint = 0
        catalog.chunks.withUnsafeBufferPointer { chunks in
            for index in catalog.order {
                let fact = catalog.facts[index]
                guard !fact.isRefused else { continue }
                let entry = Entry(
                    key: keys[index], fact: fact, targetLanguage: targetLanguage,
                    isSourceExport: isSourceExport, original: catalog.original)
                guard fact.hasChunks else {
                    writeUnits(
                        key: entry.key, entry: entries[index], sourceLanguage: sourceLanguage,
                        targetLanguage: targetLanguage, original: catalog.original, leftOut: &leftOut)
                    continue
                }
                let target =
                    isSourceExport
                    ? catalog.sources[index] : entries[index].localization(for: targetLanguage, hint: &languageHint)
                if writePlainUnit(entry, target: target, chunks: chunks)
                    || writePluralUnits(
                        entry, target: target, catalog: catalog, languageCategories: languageCategories, chunks: chunks)
                {
                    continue
                }
                writeVariedUnits(
                    entry,
                    builder: CatalogUnitBuilder(
                        key: entry.key, entry: entries[index], source: catalog.sources[index], target: target,
                        targetLanguage: targetLanguage, isSourceExport: isSourceExport,
                        languageCategories: languageCategories),
                    catalog: catalog, chunks: chunks, leftOut: &leftOut)
            }
        }
        endFile()
        for diagnostic in leftOut { diagnostics.append(diagnostic) }
    }

    /// What the unit writers need to know about the entry being written.
    private struct Entry {
        let key: String
        let fact: XLIFFCatalogExport.EntryFacts
        let targetLanguage: String
        let isSourceExport: Bool
        let original: String
    }

    /// Writes the unit of an entry that is a plain string in both languages (or absent from the target): the
    /// target between prepared pieces. `false` when the entry is not of that shape, or the target holds a
    /// character XML cannot hold (nothing is written then).
    private mutating func writePlainUnit(
        _ entry: Entry, target: Localization?, chunks: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let fact = entry.fact
        guard fact.hasRootSource, !(target?.hasMoreThanStringUnit ?? false) else { return false }
        let mark = self.mark
        openBody()
        let unholdable = withBytes { bytes, markup in
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunks[fact.start..<fact.noteStart]))
            var unholdable = false
            if let unit = target?.stringUnit {
                let state = XLIFFExport.xliffState(for: unit.state)
                unholdable = markup.appendTarget(unit.value, state: state.state, qualifier: state.qualifier, to: &bytes)
            } else if entry.isSourceExport {
                // The source language without a localization: the key is the text, and it is new.
                _ = markup.appendTarget(entry.key, state: "new", qualifier: nil, to: &bytes)
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunks[fact.noteStart..<fact.end]))
            return unholdable
        }
        if unholdable { rewind(to: mark) }
        return !unholdable
    }

    /// Writes the units of an entry whose source is one plural group, and whose target is one too or has none:
    /// one unit per category (``CatalogUnitBuilder/paths()``), with prepared sources. `false` when the entry is
    /// not of that shape, or a piece is missing or a text holds a character XML cannot hold (nothing is written
    /// then).
    private mutating func writePluralUnits(
        _ entry: Entry, target: Localization?, catalog: XLIFFCatalogExport, languageCategories: [String],
        chunks: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let fact = entry.fact
        guard fact.sourceIsPluralGroup else { return false }
        // The target's group; a target without content counts as none (the source's shape then decides).
        var targetCases: OrderedMap<Localization>?
        if let target {
            if target.hasMoreThanStringUnit {
                guard target.stringUnit == nil, target.stringSet == nil, target.substitutions?.isEmpty ?? true
                else { return false }
                let variations = target.variations
                guard variations?.device == nil else { return false }
                targetCases = variations?.plural
            } else if target.stringUnit != nil {
                return false  // a plain target decides a root unit
            }
        }
        // CatalogUnitBuilder.pluralCategories(present:sourceCases:shapeIsTarget:)
        var categories = languageCategories
        for category in targetCases?.keys ?? [] where !categories.contains(category) { categories.append(category) }
        if fact.sourceHasZero, !categories.contains("zero") { categories.append("zero") }
        guard !categories.isEmpty else { return false }
        categories.sort { XLIFFIdentifier.compare($0, $1) < 0 }
        let mark = self.mark
        for category in categories {
            let description = "plural." + category
            // Only a one-step plural path is described `plural.…`, so the description finds the piece.
            guard let source = catalog.sourcePiece(description, in: fact.pieces) else {
                rewind(to: mark)
                return false
            }
            openBody()
            let unholdable = withBytes { bytes, markup in
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunks[fact.start..<fact.keyEnd]))
                bytes.append(contentsOf: XLIFFIdentifier.separator.utf8)
                var unholdable = XMLEscaping.appendAttributeValue(description, to: &bytes)
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunks[fact.keyEnd..<fact.sourceStart]))
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunks[source]))
                if let unit = targetCases?[category]?.stringUnit {
                    let state = XLIFFExport.xliffState(for: unit.state)
                    unholdable =
                        markup.appendTarget(unit.value, state: state.state, qualifier: state.qualifier, to: &bytes)
                        || unholdable
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunks[fact.noteStart..<fact.end]))
                return unholdable
            }
            if unholdable {
                rewind(to: mark)
                return false
            }
        }
        return true
    }

    /// Writes the units of a varied entry (``CatalogUnitBuilder/unit(at:)`` for each path) around the prepared
    /// pieces; a unit that holds a character XML cannot hold goes through ``write(_:original:targetLanguage:leftOut:)``.
    private mutating func writeVariedUnits(
        _ entry: Entry, builder: CatalogUnitBuilder, catalog: XLIFFCatalogExport, chunks: UnsafeBufferPointer<UInt8>,
        leftOut: inout [Diagnostic]
    ) {
        if builder.shapeIsStringSet { return }  // said before the units
        let fact = entry.fact
        let isPlain =
            !(builder.source?.hasMoreThanStringUnit ?? false) && !(builder.target?.hasMoreThanStringUnit ?? false)
        for (path, description) in isPlain ? [(.root, "")] : builder.describedPaths() {
            let mark = self.mark
            openBody()
            let unholdable = withBytes { bytes, markup in
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunks[fact.start..<fact.keyEnd]))
                var unholdable = false
                if !path.isRoot {
                    bytes.append(contentsOf: XLIFFIdentifier.separator.utf8)
                    unholdable = XMLEscaping.appendAttributeValue(description, to: &bytes)
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunks[fact.keyEnd..<fact.sourceStart]))
                if let prepared = catalog.sourcePiece(description, path: path, in: fact.pieces) {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunks[prepared]))
                } else {
                    let source = builder.sourceText(at: path, description: description)
                    unholdable = markup.appendSource(source, to: &bytes) || unholdable
                }
                if let target = builder.targetValue(at: path) {
                    let state = XLIFFExport.xliffState(for: target.state)
                    unholdable =
                        markup.appendTarget(target.text, state: state.state, qualifier: state.qualifier, to: &bytes)
                        || unholdable
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunks[fact.noteStart..<fact.end]))
                return unholdable
            }
            if unholdable {
                rewind(to: mark)
                write(builder.unit(at: path), original: entry.original, targetLanguage: entry.targetLanguage, leftOut: &leftOut)
            }
        }
    }

    /// Writes the units of one entry through the full mapping (``CatalogUnitBuilder``), leaving out units that
    /// hold a character XML cannot hold.
    private mutating func writeUnits(
        key: String, entry: CatalogEntry, sourceLanguage: String, targetLanguage: String, original: String,
        leftOut: inout [Diagnostic]
    ) {
        let builder = CatalogUnitBuilder(
            key: key, entry: entry, sourceLanguage: sourceLanguage, targetLanguage: targetLanguage)
        if builder.shapeIsStringSet { return }  // said by the caller
        let isPlain =
            !(builder.source?.hasMoreThanStringUnit ?? false) && !(builder.target?.hasMoreThanStringUnit ?? false)
        for path in isPlain ? [.root] : builder.paths() {
            write(builder.unit(at: path), original: original, targetLanguage: targetLanguage, leftOut: &leftOut)
        }
    }

    /// Writes `unit`, unless it holds a character XML cannot hold: then `leftOut` gets a warning instead.
    private mutating func write(
        _ unit: XLIFFUnit, original: String, targetLanguage: String, leftOut: inout [Diagnostic]
    ) {
        let mark = self.mark
        openBody()
        let unholdable = withBytes { bytes, markup in markup.appendUnit(unit, to: &bytes) }
        if unholdable, let character = XLIFFExport.firstCharacterXMLCannotHold(in: unit) {
            rewind(to: mark)
            leftOut.append(
                XLIFFExport.leftOutWarning(
                    original: original, unitID: unit.id, targetLanguage: targetLanguage, character: character))
        }
    }
}

extension CatalogEntry {
    /// The localization for `language`, looking at position `hint` first: the entries of a catalog usually list
    /// their languages in the same order, so the previous entry's position is a good guess. `hint` becomes the
    /// position found.
    func localization(for language: String, hint: inout Int) -> Localization? {
        guard let localizations else { return nil }
        let keys = localizations.keys
        if hint < keys.count, Self.sameBytes(keys[hint], language) { return localizations.values[hint] }
        guard let position = localizations.index(forKey: language) else { return nil }
        hint = position
        return localizations.values[position]
    }

    /// Whether two strings have the same UTF-8 bytes, as ``OrderedMap`` compares keys.
    private static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && lhs == rhs && lhs.utf8.elementsEqual(rhs.utf8)
    }
}
