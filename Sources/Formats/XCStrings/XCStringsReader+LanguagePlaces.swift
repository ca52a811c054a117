import LocalizationCatalog

/// Where a catalog names its languages.
package struct CatalogLanguagePlaces: Sendable {
    /// The place of the `sourceLanguage` value.
    package var sourceLanguage: FileLocation?
    /// The place of each language's first localization (its key in an entry's `"localizations"`).
    package var languages: [String: FileLocation] = [:]
}

extension XCStringsReader {
    /// Where `file` names its languages: the `sourceLanguage` value, and the first localization of each language.
    ///
    /// The read itself records no place per localization (a 636 MB catalog has two million of them, and only the
    /// entries' keys are asked for by every command); a command that must report a language at its place —
    /// `compile` refusing a language that is a path — asks here, and this walks the catalog's structure again with
    /// the reader's scanner: members and keys, never bytes that merely look like a language.
    package func languagePlaces(in file: SourceFile) throws(ConversionError) -> CatalogLanguagePlaces {
        try JSONScanner.scanning(file) { (scanner: inout JSONScanner) throws(ConversionError) in
            try scanner.skipByteOrderMark()
            var places = CatalogLanguagePlaces()
            try scanner.forEachMember { (scanner: inout JSONScanner, member: String, _: Int) throws(ConversionError) in
                if member == "sourceLanguage", places.sourceLanguage == nil, scanner.peek() != nil {
                    places.sourceLanguage = scanner.location(at: scanner.offset)
                }
                guard member == "strings", scanner.peek() == UInt8(ascii: "{") else {
                    _ = try scanner.readValue()
                    return
                }
                try scanner.forEachMember { (scanner: inout JSONScanner, _: String, _: Int) throws(ConversionError) in
                    guard scanner.peek() == UInt8(ascii: "{") else {
                        _ = try scanner.readValue()
                        return
                    }
                    try scanner.forEachMember {
                        (scanner: inout JSONScanner, member: String, _: Int) throws(ConversionError) in
                        guard member == "localizations", scanner.peek() == UInt8(ascii: "{") else {
                            _ = try scanner.readValue()
                            return
                        }
                        try scanner.forEachMember {
                            (scanner: inout JSONScanner, language: String, offset: Int) throws(ConversionError) in
                            if places.languages[language] == nil {
                                places.languages[language] = scanner.location(at: offset)
                            }
                            _ = try scanner.readValue()
                        }
                    }
                }
            }
            return places
        }
    }
}
