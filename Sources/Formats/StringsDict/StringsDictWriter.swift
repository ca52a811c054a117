import LocalizationCatalog
import PropertyListSupport
import XMLSupport

/// Writes tables as `.stringsdict` files, one per language, in the layout Xcode and `plutil` write.
///
/// Entries go in table order. A plain string becomes a `<string>` value; everything else becomes a format rule
/// (see `FormatRuleEncoder`). What a `.stringsdict` cannot hold (string sets, plural cases with nested
/// variations, plural variations next to a string, unknown variation kinds) gives a warning naming the key and
/// language, and the entry is left out. String unit states and comments have no place in the format and are not
/// written.
public struct StringsDictWriter: CatalogWriter {
    /// Creates a writer.
    public init() {}

    /// Writes `<lang>.lproj/<Table>.stringsdict` for each of `options.languages`, or for every language of the table.
    public func write(_ table: StringTable, options: WriteOptions, diagnostics: inout Diagnostics) throws
        -> [OutputFile]
    {
        (options.languages ?? table.languages).map { language in
            OutputFile(
                relativePath: "\(language).lproj/\(table.name).stringsdict",
                bytes: encode(table, language: language, diagnostics: &diagnostics))
        }
    }

    /// The `.stringsdict` bytes for one language of `table`; entries without a localization in it are skipped.
    package func encode(_ table: StringTable, language: String, diagnostics: inout Diagnostics) -> [UInt8] {
        let writer = XMLStreamWriter(style: .applePropertyList)
        writer.writeXMLDeclaration()
        writer.writeDoctype(.applePropertyList)
        writer.startElement("plist")
        writer.writeAttribute("version", "1.0")
        writer.startElement("dict")
        var encoder = FormatRuleEncoder(cldrOrder: table.version != nil)
        for (key, entry) in table.entries {
            guard let localization = entry.localizations?[language] else { continue }
            let value: PropertyListValue
            do {
                let source = language == table.sourceLanguage ? nil : entry.localizations?[table.sourceLanguage]
                value = try encoder.entryValue(localization, source: source)
            } catch {
                let message = StringsDictMessage.leftOut(key, language: language, because: error.reason)
                diagnostics.append(Self.warning(message, origin: entry.origin))
                continue
            }
            if let character = Self.firstUnwritableCharacter(key: key, value: value) {
                let reason = StringsDictMessage.unwritableCharacter(character)
                let message = StringsDictMessage.leftOut(key, language: language, because: reason)
                diagnostics.append(Self.warning(message, origin: entry.origin))
                encoder = FormatRuleEncoder(cldrOrder: encoder.cldrOrder)
                continue
            }
            for member in encoder.droppedNullMembers {
                diagnostics.append(
                    Self.warning(
                        StringsDictMessage.nullMember(member, entry: key, language: language), origin: entry.origin))
            }
            encoder = FormatRuleEncoder(cldrOrder: encoder.cldrOrder)
            writer.writeElement("key", text: key)
            value.write(to: writer)
        }
        writer.endElement()
        writer.endElement()
        return writer.finish()
    }

    private static func firstUnwritableCharacter(key: String, value: PropertyListValue) -> Unicode.Scalar? {
        PropertyListValue.firstUnwritableCharacter(in: key) ?? value.firstUnwritableCharacter
    }

    private static func warning(_ message: String, origin: FileLocation?) -> Diagnostic {
        if let origin { return Diagnostic(.warning, message, at: origin) }
        return Diagnostic(.warning, message)
    }
}
