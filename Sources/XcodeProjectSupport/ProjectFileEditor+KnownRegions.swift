import LocalizationCatalog

/// The project's `knownRegions`: the languages Xcode lists as localized in the project (Project ▸ Info ▸
/// Localizations), which it extends when a language is added to a catalog or a variant group.
extension ProjectFileEditor {
    /// The project's `knownRegions` (its root object's), in order; `nil` when it has none.
    package var knownRegions: [String]? {
        file.rootObject?["knownRegions"]?.strings
    }

    /// Appends to `knownRegions` the languages of `languages` it lacks, in that order.
    ///
    /// One per line, as Xcode lays the
    /// list out (`"zh-Hans",` quoted as Xcode quotes it); a language it has in another case (`DE` for `de`) is
    /// taken as there. Returns the languages added.
    /// - Throws: ``ConversionError`` when the project has no `knownRegions` list, or it is not laid out one
    ///   element per line; nothing is added then.
    package mutating func addKnownRegions(_ languages: [String]) throws -> [String] {
        guard let root = file.rootObject, let regions = root["knownRegions"]?.strings else {
            throw ConversionError(
                "the project has no knownRegions list to add the new languages to; it cannot be edited safely",
                at: file.location(file.rootObject?.range.lowerBound ?? 0))
        }
        var known = Set(regions.map { $0.lowercased() })
        var added: [String] = []
        for language in languages where known.insert(language.lowercased()).inserted {
            added.append(language)
        }
        var after = regions.last
        for language in added {
            try insertElement(
                projectFileQuoted(language), comment: nil, ofArray: "knownRegions", in: root.id, after: after)
            after = nil  // the next ones go at the end too, after the one just added
        }
        return added
    }
}
