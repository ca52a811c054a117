import LocalizationCatalog
import XMLSupport

/// A String Catalog prepared for XLIFF export to any number of languages: the catalog export path.
///
/// What does not depend on the target language is worked out here, once: the order of the keys in the export,
/// the keys that are never exported (and the warning that says so), and, as `XMLFragments`, the parts of every
/// unit that the language does not decide: the `<trans-unit>` attributes (with the `id` of the root unit), the
/// `<note>`, the `<source>` of a plain source, and for a varied source the `<source>` of each path it can have.
/// Writing a language (``XLIFFDocumentStream/writeCatalog(_:targetLanguage:tool:diagnostics:)``) then walks each
/// entry's units (``CatalogUnitWalk``, the one place that decides them) and writes them around those parts.
/// ``units(of:targetLanguage:original:diagnostics:)`` collects the same walk's units as values, for
/// ``XLIFFExport/file(for:kind:original:targetLanguage:tool:companion:diagnostics:)``.
///
/// The value is read-only, so one preparation can be shared by threads writing different languages.
package struct XLIFFCatalogExport: Sendable {
    /// The catalog.
    package let table: StringTable
    /// The `original` of its `<file>`.
    package let original: String
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
        /// Whether a translation has a substitution the source lacks, whose value type its units may not carry
        /// (``CatalogUnitBuilder/valueTypesNotCarried()``).
        var mayLoseValueType = false
        /// The `<trans-unit>` attributes of the root unit (`id`, `translate`, `xml:space`), and of a unit of a
        /// path (those after the `id`), and the `<note>`; `nil` when the key or the note holds a character XML
        /// cannot hold (the units are then written whole, and those left out said).
        var prepared:
            (
                rootAttributes: XMLFragments.Fragment, pathAttributes: XMLFragments.Fragment,
                note: XMLFragments.Fragment
            )?
        /// The root unit's `<source>`, when the source is a plain string (or absent) that holds no character XML
        /// cannot hold.
        var rootSource: XMLFragments.Fragment?
        /// `sourcePieces[pieces]`: the entry's prepared `<source>` elements, for a varied source.
        var pieces: Range<Int> = 0..<0
        /// The source's shape as ``CatalogUnitWalk`` looks at it, decided once; the walk is told, so that it does
        /// not look again in every language.
        var sourceShape = CatalogUnitWalk.SourceShape.other
    }

    /// Prepares `table` for export.
    /// - Parameters:
    ///   - table: The catalog; its `sourceLanguage` is the files' source language.
    ///   - original: The project-relative path of the catalog (`MyApp/Localizable.xcstrings`).
    ///   - layout: The layout of the documents the catalog is written into.
    package init(table: StringTable, original: String, layout: XLIFFLayout = .xcode) {
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
            if let refusal = CatalogUnitWalk.refusal(key: key, entry: entry) {
                refusals[index] = refusal
                fact.isRefused = true
            } else {
                fact.sourceShape = CatalogUnitWalk.SourceShape(of: source)
                fact.mayHoldStringSet = entry.localizations?.values.contains { $0.stringSet != nil } ?? false
                fact.mayHaveShapeProblem =
                    entry.localizations?.values.contains {
                        $0.hasMoreThanStringUnit && !CompilerShapes.problems(of: $0).isEmpty
                    } ?? false
                fact.mayLoseValueType =
                    entry.localizations?.values.contains { localization in
                        localization.substitutions?.keys.contains { source?.substitutions?[$0] == nil } ?? false
                    } ?? false
                // The parts of CatalogUnitCollector.makeUnit that do not depend on the path or the language.
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
                        key: key, source: source, target: nil, targetLanguage: sourceLanguage,
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
                }
            }
            if fact.isRefused || fact.mayHoldStringSet || fact.mayHaveShapeProblem || fact.mayLoseValueType {
                warningCandidates.append(index)
            }
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
            // The bytes must be the same (`sameUTF8` compares the lengths, then the bytes at once).
            if sameUTF8(candidate, description),
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

extension XLIFFCatalogExport {
    /// The units of `table`'s `<file>` in `targetLanguage`, collected (``CatalogUnitCollector``) in Xcode's order, with
    /// a warning for every key that is not exported: refused keys and string sets, shapes Xcode's XLIFF loses data of,
    /// and keys whose unit ids collide (only possible when a key contains `|==|`).
    ///
    /// `takesShortcuts: false` walks every entry through ``CatalogUnitBuilder`` (for the test that holds the walk's
    /// shortcuts equal to it).
    package static func units(
        of table: StringTable, targetLanguage: String, original: String, takesShortcuts: Bool = true,
        diagnostics: inout Diagnostics
    ) -> [XLIFFUnit] {
        var unitsByKey: [(key: String, units: [XLIFFUnit])] = []
        var owners = OrderedMap<Int>()  // id → index in unitsByKey
        var refused = Set<Int>()
        let checksCollisions = table.entries.keys.contains(where: XLIFFIdentifier.containsSeparator)
        var walk = CatalogUnitWalk(sourceLanguage: table.sourceLanguage, targetLanguage: targetLanguage)
        walk.takesShortcuts = takesShortcuts
        unitsByKey.reserveCapacity(table.entries.count)
        for (key, entry) in table.entries {
            if let refusal = CatalogUnitWalk.refusal(key: key, entry: entry) {
                diagnostics.warn(refusal, at: entry.origin, orPath: original)
                continue
            }
            let builder = CatalogUnitBuilder(
                key: key, entry: entry, sourceLanguage: table.sourceLanguage, targetLanguage: targetLanguage)
            if builder.shapeIsStringSet {
                diagnostics.warn(XLIFFMappingMessage.stringSetNotExported(key: key), at: entry.origin, orPath: original)
                continue
            }
            if builder.source?.hasMoreThanStringUnit == true || builder.target?.hasMoreThanStringUnit == true {
                XLIFFExport.warnAboutShapes(
                    builder, origin: entry.origin, sourceLanguage: table.sourceLanguage, original: original,
                    diagnostics: &diagnostics)
                XLIFFExport.warnAboutValueTypes(builder, original: original, diagnostics: &diagnostics)
            }
            var collector = CatalogUnitCollector(key: key, entry: entry)
            walk.walk(key: key, entry: entry, sourceLanguage: table.sourceLanguage, into: &collector)
            let units = collector.units
            let index = unitsByKey.count
            unitsByKey.append((key, units))
            // Ids can only collide when a key contains the separator (`a|==|b` + `plural.one` against `a` +
            // `…`); without such keys the check is skipped.
            guard checksCollisions else { continue }
            for unit in units {
                if let owner = owners.appendNew(index, forKey: unit.id), owners.values[owner] != index {
                    let other = owners.values[owner]
                    if !refused.contains(other) {
                        let otherKey = unitsByKey[other].key
                        diagnostics.warn(
                            XLIFFMappingMessage.collision(key: otherKey, id: unit.id),
                            at: table.entries[otherKey]?.origin, orPath: original)
                    }
                    if !refused.contains(index) {
                        diagnostics.warn(
                            XLIFFMappingMessage.collision(key: key, id: unit.id), at: entry.origin, orPath: original)
                    }
                    refused.formUnion([index, other])
                }
            }
        }
        let kept = unitsByKey.indices.filter { !refused.contains($0) }
        let order = kept.sorted { XLIFFIdentifier.areInIncreasingOrder(unitsByKey[$0].key, unitsByKey[$1].key) }
        return order.flatMap { unitsByKey[$0].units }
    }
}
