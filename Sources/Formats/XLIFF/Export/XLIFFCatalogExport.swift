import LocalizationCatalog
import XMLSupport

/// A String Catalog prepared once for XLIFF export to any number of languages.
///
/// What does not depend on the target language is worked out here, once: the order of the keys in the export,
/// the keys that are never exported (and the warning that says so), and, as `XMLFragments`, the parts of every
/// unit that the language does not decide: the `<trans-unit>` attributes (with the `id` of the root unit), the
/// `<note>`, the `<source>` of a plain source, and for a varied source the `<source>` of each path it can have.
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
    /// The layout of the documents the catalog is written into.
    let layout: XLIFFLayout
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
    /// The prepared unit parts that `facts` and `sourcePieces` point into.
    let fragments: XMLFragments
    /// Prepared `<source>` elements of varied entries, by path (`facts[i].pieces` says which are entry i's).
    let sourcePieces: [SourcePiece]

    /// The `<source>` of one path of an entry: the path, its description, and the element.
    struct SourcePiece: Sendable {
        let path: XLIFFVariationPath
        let description: String
        let source: XMLFragments.Fragment
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
        /// Whether a localization has a shape Xcode's compiler refuses or Xcode's XLIFF loses data of
        /// (``CompilerShapes``), said with a warning in the languages it concerns.
        var mayHaveShapeProblem = false
        /// The `<trans-unit>` attributes of the root unit (`id`, `translate`, `xml:space`), and of a unit of a
        /// path (those after the `id`), and the `<note>`; `nil` when the key or the note holds a character XML
        /// cannot hold (the general path then says which units are left out).
        var prepared: (rootAttributes: XMLFragments.Fragment, pathAttributes: XMLFragments.Fragment,
                       note: XMLFragments.Fragment)?
        /// The root unit's `<source>`, when the source is a plain string (or absent) that holds no character XML
        /// cannot hold.
        var rootSource: XMLFragments.Fragment?
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
        self.layout = layout
        let selfCloses = layout.selfClosesEmptyElements
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
        var fragments = XMLFragments(minimumCapacity: keys.count * 160)
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
                fact.mayHaveShapeProblem =
                    entry.localizations?.values.contains {
                        $0.hasMoreThanStringUnit && !CompilerShapes.problems(of: $0).isEmpty
                    } ?? false
                // The parts of CatalogUnitBuilder.unit(at:) that do not depend on the path or the language.
                var attributes: [(name: String, value: String)] = []
                if entry.shouldTranslate == false { attributes.append(("translate", "no")) }
                attributes.append(("xml:space", "preserve"))
                let note = XLIFFExport.note(comment: entry.comment, autoGenerated: entry.isCommentAutoGenerated)
                if let rootAttributes = fragments.addAttributes([("id", key)] + attributes),
                    let pathAttributes = fragments.addAttributes(attributes),
                    let noteElement = fragments.addElement(
                        "note", attributes: note.from.map { [("from", $0)] } ?? [], text: Self.content(note.text),
                        selfClosingIfEmpty: selfCloses)
                {
                    fact.prepared = (rootAttributes, pathAttributes, noteElement)
                }
                if fact.prepared != nil, !(source?.hasMoreThanStringUnit ?? false) {
                    // The root unit of a plain source: the source string, or the key when there is none.
                    let sourceText = source?.hasContent == true ? source?.stringUnit?.value ?? key : key
                    fact.rootSource = fragments.addElement(
                        "source", text: Self.content(sourceText), selfClosingIfEmpty: selfCloses)
                } else if fact.prepared != nil, source?.hasMoreThanStringUnit == true {
                    // The source texts of a varied source depend on the path only: prepared for the paths of the
                    // source's own shape, in every plural category.
                    let builder = CatalogUnitBuilder(
                        key: key, entry: entry, source: source, target: nil, targetLanguage: sourceLanguage,
                        isSourceExport: false, languageCategories: Self.allPluralCategories)
                    let first = sourcePieces.count
                    for (path, description) in builder.describedPaths() {
                        let sourceText = builder.sourceText(at: path, description: description)
                        // Without a fragment, the source is written, and checked, language by language.
                        if let source = fragments.addElement(
                            "source", text: Self.content(sourceText), selfClosingIfEmpty: selfCloses)
                        {
                            sourcePieces.append(SourcePiece(path: path, description: description, source: source))
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
            if fact.isRefused || fact.mayHoldStringSet || fact.mayHaveShapeProblem { warningCandidates.append(index) }
            facts.append(fact)
        }
        self.facts = facts
        self.refusals = refusals
        self.sources = sources
        self.warningCandidates = warningCandidates
        self.fragments = fragments
        self.sourcePieces = sourcePieces
    }

    /// The text of an element: an empty text leaves it empty (`<note/>`).
    static func content(_ text: String) -> String? {
        text.isEmpty ? nil : text
    }

    /// The prepared `<source>` of the path described by `description`, among `pieces`; when `path` is given, the
    /// piece must be for that path too (names with dots can make two paths' descriptions equal).
    func sourcePiece(
        _ description: String, path: XLIFFVariationPath? = nil, in pieces: Range<Int>
    ) -> XMLFragments.Fragment? {
        for index in pieces {
            let candidate = sourcePieces[index].description
            // `==` (canonical equivalence) rules most candidates out quickly; the bytes must be the same too.
            if candidate == description, candidate.utf8.elementsEqual(description.utf8),
                path.map({ $0 == sourcePieces[index].path }) ?? true
            {
                return sourcePieces[index].source
            }
        }
        return nil
    }

    /// A rough size of one language's `<file>`, for reserving memory.
    var estimatedByteCount: Int { fragments.byteCount + fragments.byteCount / 2 + 4096 }
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
        guard !catalog.checksCollisions, catalog.layout == layout else {
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
                continue
            }
            if catalog.facts[index].mayHaveShapeProblem {
                XLIFFExport.warnAboutShapes(
                    builder, sourceLanguage: sourceLanguage, original: catalog.original, diagnostics: &diagnostics)
            }
        }
        startFile(
            XLIFFFile(original: catalog.original, sourceLanguage: sourceLanguage, targetLanguage: targetLanguage, tool: tool))
        writer.reserveCapacity(catalog.estimatedByteCount)
        let isSourceExport = sourceLanguage == targetLanguage
        let languageCategories = PluralRules.categories(for: targetLanguage)
        // Units left out for a character XML cannot hold are said after the refused keys.
        var leftOut: [Diagnostic] = []
        var languageHint = 0
        catalog.fragments.withStorage { fragments in
            for index in catalog.order {
                let fact = catalog.facts[index]
                guard !fact.isRefused else { continue }
                guard let prepared = fact.prepared else {
                    writeUnits(
                        key: keys[index], entry: entries[index], sourceLanguage: sourceLanguage,
                        targetLanguage: targetLanguage, original: catalog.original, leftOut: &leftOut)
                    continue
                }
                let entry = Entry(
                    key: keys[index], fact: fact, prepared: prepared, fragments: fragments,
                    targetLanguage: targetLanguage, isSourceExport: isSourceExport, original: catalog.original)
                let target =
                    isSourceExport
                    ? catalog.sources[index] : entries[index].localization(for: targetLanguage, hint: &languageHint)
                if writePlainUnit(entry, target: target)
                    || writePluralUnits(entry, target: target, catalog: catalog, languageCategories: languageCategories)
                {
                    continue
                }
                writeVariedUnits(
                    entry,
                    builder: CatalogUnitBuilder(
                        key: entry.key, entry: entries[index], source: catalog.sources[index], target: target,
                        targetLanguage: targetLanguage, isSourceExport: isSourceExport,
                        languageCategories: languageCategories),
                    catalog: catalog, leftOut: &leftOut)
            }
        }
        endFile()
        for diagnostic in leftOut { diagnostics.append(diagnostic) }
    }

    /// What the unit writers need to know about the entry being written.
    private struct Entry {
        let key: String
        let fact: XLIFFCatalogExport.EntryFacts
        let prepared: (rootAttributes: XMLFragments.Fragment, pathAttributes: XMLFragments.Fragment,
                       note: XMLFragments.Fragment)
        let fragments: XMLFragments.Storage
        let targetLanguage: String
        let isSourceExport: Bool
        let original: String
    }

    /// Writes the unit of an entry that is a plain string in both languages (or absent from the target): the
    /// target between prepared parts. `false` when the entry is not of that shape, or the target holds a
    /// character XML cannot hold (nothing is written then).
    private func writePlainUnit(_ entry: Entry, target: Localization?) -> Bool {
        guard let source = entry.fact.rootSource, !(target?.hasMoreThanStringUnit ?? false) else { return false }
        let checkpoint = writer.checkpoint()
        writer.startElement("trans-unit")
        writer.write(entry.prepared.rootAttributes, from: entry.fragments)
        writer.write(source, from: entry.fragments)
        var unholdable = false
        if let unit = target?.stringUnit {
            unholdable = writeTarget(unit.value, catalogState: unit.state)
        } else if entry.isSourceExport {
            // The source language without a localization: the key is the text, and it is new.
            _ = writeTarget(entry.key, state: "new", qualifier: nil)
        }
        writer.write(entry.prepared.note, from: entry.fragments)
        writer.endElement(selfClosingIfEmpty: selfCloses)
        if unholdable { writer.rollBack(to: checkpoint) }
        return !unholdable
    }

    /// Writes the units of an entry whose source is one plural group, and whose target is one too or has none:
    /// one unit per category (``CatalogUnitBuilder/paths()``), with prepared sources. `false` when the entry is
    /// not of that shape, or a piece is missing or a text holds a character XML cannot hold (nothing is written
    /// then).
    private func writePluralUnits(
        _ entry: Entry, target: Localization?, catalog: XLIFFCatalogExport, languageCategories: [String]
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
        let checkpoint = writer.checkpoint()
        for category in categories {
            let description = "plural." + category
            // Only a one-step plural path is described `plural.…`, so the description finds the piece.
            guard let source = catalog.sourcePiece(description, in: fact.pieces) else {
                writer.rollBack(to: checkpoint)
                return false
            }
            writer.startElement("trans-unit")
            var unholdable = writer.writeAttribute("id", entry.key + XLIFFIdentifier.separator + description)
            writer.write(entry.prepared.pathAttributes, from: entry.fragments)
            writer.write(source, from: entry.fragments)
            if let unit = targetCases?[category]?.stringUnit {
                unholdable = writeTarget(unit.value, catalogState: unit.state) || unholdable
            }
            writer.write(entry.prepared.note, from: entry.fragments)
            writer.endElement(selfClosingIfEmpty: selfCloses)
            if unholdable {
                writer.rollBack(to: checkpoint)
                return false
            }
        }
        return true
    }

    /// Writes the units of a varied entry (``CatalogUnitBuilder/unit(at:)`` for each path) around the prepared
    /// parts; a unit that holds a character XML cannot hold goes through ``write(_:original:targetLanguage:leftOut:)``.
    private func writeVariedUnits(
        _ entry: Entry, builder: CatalogUnitBuilder, catalog: XLIFFCatalogExport, leftOut: inout [Diagnostic]
    ) {
        if builder.shapeIsStringSet { return }  // said before the units
        let fact = entry.fact
        let isPlain =
            !(builder.source?.hasMoreThanStringUnit ?? false) && !(builder.target?.hasMoreThanStringUnit ?? false)
        for (path, description) in isPlain ? [(.root, "")] : builder.describedPaths() {
            let checkpoint = writer.checkpoint()
            writer.startElement("trans-unit")
            var unholdable = false
            if path.isRoot {
                writer.write(entry.prepared.rootAttributes, from: entry.fragments)
            } else {
                unholdable = writer.writeAttribute("id", entry.key + XLIFFIdentifier.separator + description)
                writer.write(entry.prepared.pathAttributes, from: entry.fragments)
            }
            if let prepared = catalog.sourcePiece(description, path: path, in: fact.pieces) {
                writer.write(prepared, from: entry.fragments)
            } else {
                let source = builder.sourceText(at: path, description: description)
                unholdable = writeTextElement("source", source) || unholdable
            }
            if let target = builder.targetValue(at: path) {
                unholdable = writeTarget(target.text, catalogState: target.state) || unholdable
            }
            writer.write(entry.prepared.note, from: entry.fragments)
            writer.endElement(selfClosingIfEmpty: selfCloses)
            if unholdable {
                writer.rollBack(to: checkpoint)
                write(builder.unit(at: path), original: entry.original, targetLanguage: entry.targetLanguage, leftOut: &leftOut)
            }
        }
    }

    /// Writes the units of one entry through the full mapping (``CatalogUnitBuilder``), leaving out units that
    /// hold a character XML cannot hold.
    private func writeUnits(
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
    private func write(_ unit: XLIFFUnit, original: String, targetLanguage: String, leftOut: inout [Diagnostic]) {
        let checkpoint = writer.checkpoint()
        let unholdable = writeUnit(unit)
        if unholdable, let character = XLIFFExport.firstCharacterXMLCannotHold(in: unit) {
            writer.rollBack(to: checkpoint)
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
