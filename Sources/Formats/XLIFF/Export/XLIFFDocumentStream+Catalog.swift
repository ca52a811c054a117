import LocalizationCatalog
import XMLSupport

extension XLIFFDocumentStream {
    /// Writes the `<file>` of a prepared catalog in `targetLanguage`.
    ///
    /// The units are ``CatalogUnitWalk``'s, written around the parts ``XLIFFCatalogExport`` prepared; a unit that
    /// holds a character XML cannot hold is left out with a warning, after the warnings about refused keys. A
    /// catalog whose keys contain `|==|` (so that unit ids may collide) is written from its collected units
    /// (``XLIFFExport/file(for:kind:original:targetLanguage:tool:companion:diagnostics:)``), which checks them.
    ///
    /// - Parameters:
    ///   - catalog: The prepared catalog.
    ///   - targetLanguage: The exported language; the source language itself is allowed (targets = sources).
    ///   - tool: The `<header><tool>` to write.
    ///   - diagnostics: Receives a warning for every key or unit that is not exported, naming it.
    package mutating func writeCatalog(
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
                diagnostics.warn(refusal, at: entries[index].origin, orPath: catalog.original)
                continue
            }
            let builder = CatalogUnitBuilder(
                key: keys[index], entry: entries[index], sourceLanguage: sourceLanguage, targetLanguage: targetLanguage)
            if builder.shapeIsStringSet {
                diagnostics.warn(
                    XLIFFMappingMessage.stringSetNotExported(key: keys[index]), at: entries[index].origin,
                    orPath: catalog.original)
                continue
            }
            if catalog.facts[index].mayHaveShapeProblem {
                XLIFFExport.warnAboutShapes(
                    builder, origin: entries[index].origin, sourceLanguage: sourceLanguage,
                    original: catalog.original, diagnostics: &diagnostics)
            }
            if catalog.facts[index].mayLoseValueType {
                XLIFFExport.warnAboutValueTypes(builder, original: catalog.original, diagnostics: &diagnostics)
            }
        }
        startFile(
            XLIFFFile(
                original: catalog.original, sourceLanguage: sourceLanguage, targetLanguage: targetLanguage, tool: tool))
        writer.reserveCapacity(catalog.estimatedByteCount)
        let isSourceExport = sourceLanguage == targetLanguage
        let languageCategories = PluralRules.categories(for: targetLanguage)
        // Units left out for a character XML cannot hold are said after the refused keys.
        var leftOut: [Diagnostic] = []
        var languageHint = 0
        catalog.fragments.withStorage { fragments in
            // One sink and one walk for the whole file: the stream, the prepared catalog and what depends on the
            // language are copied into them once, not per entry (each copy retains every array they hold).
            var sink = PreparedUnitWriter(
                stream: self, catalog: catalog, fragments: fragments, targetLanguage: targetLanguage)
            let walk = CatalogUnitWalk(
                targetLanguage: targetLanguage, isSourceExport: isSourceExport, languageCategories: languageCategories)
            for index in catalog.order {
                let fact = catalog.facts[index]
                guard !fact.isRefused else { continue }
                sink.index = index
                sink.fact = fact
                // The localizations are handed to the walk as arguments, which it borrows: no copy of an entry.
                if isSourceExport {
                    walk.walk(
                        key: keys[index], source: catalog.sources[index], target: catalog.sources[index],
                        sourceShape: fact.sourceShape, into: &sink)
                } else {
                    walk.walk(
                        key: keys[index], source: catalog.sources[index],
                        target: CatalogEntry.localization(
                            in: entries[index].localizations, for: targetLanguage, hint: &languageHint),
                        sourceShape: fact.sourceShape, into: &sink)
                }
            }
            leftOut = sink.leftOut
        }
        endFile()
        for diagnostic in leftOut { diagnostics.append(diagnostic) }
    }

    /// The sink that writes each unit between the parts ``XLIFFCatalogExport`` prepared for its entry (the
    /// `<trans-unit>` attributes, the `<source>` of a path, the `<note>`), making only what the language decides.
    private struct PreparedUnitWriter: CatalogUnitSink {
        let stream: XLIFFDocumentStream
        let catalog: XLIFFCatalogExport
        let fragments: XMLFragments.Storage
        let targetLanguage: String
        /// The position of the entry whose units are being written, and its facts: set before each walk.
        var index = 0
        var fact = XLIFFCatalogExport.EntryFacts()
        /// Warnings for units left out, in unit order.
        var leftOut: [Diagnostic] = []

        mutating func unit(
            at path: XLIFFVariationPath, description: String, sourceText: () -> String,
            target: (text: String, state: TranslationState?)?
        ) {
            guard let prepared = fact.prepared else {
                writeWhole(at: path, description: description, sourceText: sourceText(), target: target)
                return
            }
            let writer = stream.writer
            let checkpoint = writer.checkpoint()
            writer.startElement("trans-unit")
            var unholdable = false
            if path.isRoot {
                writer.write(prepared.rootAttributes, from: fragments)
            } else {
                let key = catalog.table.entries.keys[index]
                unholdable = writer.writeAttribute("id", key + XLIFFIdentifier.separator + description)
                writer.write(prepared.pathAttributes, from: fragments)
            }
            if let source = preparedSource(at: path, description: description) {
                writer.write(source, from: fragments)
            } else {
                unholdable = stream.writeTextElement("source", sourceText()) || unholdable
            }
            if let target {
                unholdable = stream.writeTarget(target.text, catalogState: target.state) || unholdable
            }
            writer.write(prepared.note, from: fragments)
            writer.endElement(selfClosingIfEmpty: stream.selfCloses)
            if unholdable {
                writer.rollBack(to: checkpoint)
                writeWhole(at: path, description: description, sourceText: sourceText(), target: target)
            }
        }

        /// The prepared `<source>` for `path`, if there is one.
        private func preparedSource(at path: XLIFFVariationPath, description: String) -> XMLFragments.Fragment? {
            if path.isRoot, let source = fact.rootSource { return source }
            if fact.pieces.isEmpty { return nil }
            // Only a one-step plural path is described `plural.…`: no other path can share its description.
            if path.steps.count == 1, case .plural = path.steps[0] {
                return catalog.sourcePiece(description, in: fact.pieces)
            }
            return catalog.sourcePiece(description, path: path, in: fact.pieces)
        }

        /// Writes the unit whole, unless it holds a character XML cannot hold: then `leftOut` gets a warning
        /// instead.
        private mutating func writeWhole(
            at path: XLIFFVariationPath, description: String, sourceText: String,
            target: (text: String, state: TranslationState?)?
        ) {
            let entries = catalog.table.entries
            let unit = CatalogUnitCollector(key: entries.keys[index], entry: entries.values[index]).makeUnit(
                at: path, description: description, sourceText: sourceText, target: target)
            let checkpoint = stream.writer.checkpoint()
            let unholdable = stream.writeUnit(unit)
            if unholdable, let character = XLIFFExport.firstCharacterXMLCannotHold(in: unit) {
                stream.writer.rollBack(to: checkpoint)
                leftOut.append(
                    XLIFFExport.leftOutWarning(
                        original: catalog.original, unitID: unit.id, targetLanguage: targetLanguage,
                        character: character, origin: entries.values[index].origin))
            }
        }
    }
}

extension CatalogEntry {
    /// The localization for `language` in an entry's `localizations`, looking at position `hint` first: the entries
    /// of a catalog usually list their languages in the same order, so the previous entry's position is a good
    /// guess.
    ///
    /// `hint` becomes the position found. Always inlined, so that a caller that passes `entries[index].localizations`
    /// reads the localization it finds without copying the entry (the copy retains everything the entry holds).
    @inline(__always)
    static func localization(
        in localizations: OrderedMap<Localization>?, for language: String, hint: inout Int
    ) -> Localization? {
        guard let localizations, let position = localizations.index(forKey: language, hint: &hint) else { return nil }
        return localizations.values[position]
    }
}
