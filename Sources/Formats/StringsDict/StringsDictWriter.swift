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
    /// Whether entries are built as a ``PropertyListValue`` tree, looked through for characters XML cannot hold,
    /// then written (the exact form), rather than written as they are made (see ``Document``).
    package var writesThroughTree = false

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
        var document = Document(cldrOrder: table.version != nil, throughTree: writesThroughTree)
        for (key, entry) in table.entries {
            guard let localization = entry.localizations?[language] else { continue }
            let source = language == table.sourceLanguage ? nil : entry.localizations?[table.sourceLanguage]
            document.append(
                key, localization, source: source, language: language, origin: entry.origin,
                diagnostics: &diagnostics)
        }
        return document.finish()
    }

    /// A localization of a table's entry for ``encode(_:picks:language:cldrOrder:diagnostics:)``.
    package struct Pick: Equatable {
        /// The entry's position in the table.
        package var entry: Int
        /// The localization's position among the entry's localizations.
        package var localization: Int
        /// The position of the source language's localization when the writer is to read it (a root plural in
        /// another language takes its value type from it); `nil` otherwise.
        package var source: Int?
        /// Whether the localization is written without its variations (the caller left them out).
        package var withoutVariations: Bool

        /// Creates a pick.
        package init(entry: Int, localization: Int, source: Int? = nil, withoutVariations: Bool = false) {
            self.entry = entry
            self.localization = localization
            self.source = source
            self.withoutVariations = withoutVariations
        }
    }

    /// The `.stringsdict` bytes for `language` of the localizations of `table` at `picks`, in that order.
    ///
    /// The bytes and diagnostics are those of ``encode(_:language:diagnostics:)`` for a table (of no version when
    /// `cldrOrder` is `false`) holding these entries with only the picked localization and, where a pick names
    /// one, the source language's, without building that table (`compile` writes each language of a catalog this
    /// way; `CompilationSpeedTests` holds the two equal).
    package func encode(
        _ table: StringTable, picks: [Pick], language: String, cldrOrder: Bool, diagnostics: inout Diagnostics
    ) -> [UInt8] {
        var document = Document(cldrOrder: cldrOrder, throughTree: writesThroughTree)
        // The entries' fields are read where they are: binding an entry to a constant copies it whole.
        let entries = table.entries.values
        for pick in picks {
            guard let localizations = entries[pick.entry].localizations else { continue }
            var localization = localizations[valueAt: pick.localization]
            if pick.withoutVariations { localization.variations = nil }
            document.append(
                table.entries.key(at: pick.entry), localization,
                source: pick.source.map { localizations[valueAt: $0] }, language: language,
                origin: entries[pick.entry].origin, diagnostics: &diagnostics)
        }
        return document.finish()
    }

    /// A `.stringsdict` document being written, one entry at a time.
    ///
    /// An entry is written as the encoder makes it (``FormatRuleEncoder/write(_:source:to:)`` into a
    /// ``RuleWriter``), after a checkpoint of the XML writer; when the encoder finds the localization cannot be
    /// written, the entry is taken back. The XML writer tells, as it escapes each text, whether it holds a character
    /// XML cannot hold; then the entry is taken back too and made again the exact way (``appendThroughTree``: the
    /// tree, looked through for the first such character, which the warning names). Without such characters the
    /// bytes, the warnings and the encoder's state are those of the exact way, without the tree and the separate
    /// look through it; `StringsDictStreamingTests` holds the two equal.
    private struct Document {
        let writer = XMLStreamWriter(style: .applePropertyList)
        var encoder: FormatRuleEncoder
        /// Whether every entry is made the exact way.
        let throughTree: Bool

        init(cldrOrder: Bool, throughTree: Bool) {
            encoder = FormatRuleEncoder(cldrOrder: cldrOrder)
            self.throughTree = throughTree
            writer.writeXMLDeclaration()
            writer.writeDoctype(.applePropertyList)
            writer.startElement("plist")
            writer.writeAttribute("version", "1.0")
            writer.startElement("dict")
        }

        /// Writes `key` with the value of `localization`, or warns and writes nothing of it when it cannot be
        /// written; `source` is the source language's localization (`nil` for the source language itself).
        mutating func append(
            _ key: String, _ localization: Localization, source: Localization?, language: String,
            origin: FileLocation?, diagnostics: inout Diagnostics
        ) {
            if throughTree {
                appendThroughTree(
                    key, localization, source: source, language: language, origin: origin, diagnostics: &diagnostics)
                return
            }
            let before = encoder
            let checkpoint = writer.checkpoint()
            var output = RuleWriter(writer: writer)
            output.key(key)
            do {
                try encoder.write(localization, source: source, to: &output)
            } catch {
                writer.rollBack(to: checkpoint)
                let message = StringsDictMessage.leftOut(key, language: language, because: error.reason)
                diagnostics.append(StringsDictWriter.warning(message, origin: origin))
                // Nothing of the entry is written, nor said of its `null` members.
                encoder = FormatRuleEncoder(cldrOrder: encoder.cldrOrder)
                return
            }
            if output.holdsUnwritable {
                writer.rollBack(to: checkpoint)
                encoder = before
                appendThroughTree(
                    key, localization, source: source, language: language, origin: origin, diagnostics: &diagnostics)
                return
            }
            appendDroppedNullMembers(key, language: language, origin: origin, diagnostics: &diagnostics)
        }

        /// ``append(_:_:source:language:origin:diagnostics:)`` the exact way: the value as a tree, looked through
        /// for characters XML cannot hold, then written.
        private mutating func appendThroughTree(
            _ key: String, _ localization: Localization, source: Localization?, language: String,
            origin: FileLocation?, diagnostics: inout Diagnostics
        ) {
            let value: PropertyListValue
            do {
                value = try encoder.entryValue(localization, source: source)
            } catch {
                let message = StringsDictMessage.leftOut(key, language: language, because: error.reason)
                diagnostics.append(StringsDictWriter.warning(message, origin: origin))
                encoder = FormatRuleEncoder(cldrOrder: encoder.cldrOrder)
                return
            }
            if let character = StringsDictWriter.firstUnwritableCharacter(key: key, value: value) {
                let reason = StringsDictMessage.unwritableCharacter(character)
                let message = StringsDictMessage.leftOut(key, language: language, because: reason)
                diagnostics.append(StringsDictWriter.warning(message, origin: origin))
                encoder = FormatRuleEncoder(cldrOrder: encoder.cldrOrder)
                return
            }
            writer.writeElement("key", text: key)
            value.write(to: writer)
            appendDroppedNullMembers(key, language: language, origin: origin, diagnostics: &diagnostics)
        }

        /// Warns about the unknown members the entry just written left out (`null`), and readies the encoder for
        /// the next entry.
        private mutating func appendDroppedNullMembers(
            _ key: String, language: String, origin: FileLocation?, diagnostics: inout Diagnostics
        ) {
            for member in encoder.droppedNullMembers {
                diagnostics.append(
                    StringsDictWriter.warning(
                        StringsDictMessage.nullMember(member, entry: key, language: language), origin: origin))
            }
            encoder = FormatRuleEncoder(cldrOrder: encoder.cldrOrder)
        }

        func finish() -> [UInt8] {
            writer.endElement()
            writer.endElement()
            return writer.finish()
        }
    }

    fileprivate static func firstUnwritableCharacter(key: String, value: PropertyListValue) -> Unicode.Scalar? {
        XMLCharacters.firstUnwritable(in: key) ?? value.firstUnwritableCharacter
    }

    fileprivate static func warning(_ message: String, origin: FileLocation?) -> Diagnostic {
        if let origin { return Diagnostic(.warning, message, at: origin) }
        return Diagnostic(.warning, message)
    }
}

/// Writes an entry value into a `.stringsdict` document as ``FormatRuleEncoder`` makes it, noting whether a key
/// or text holds a character XML cannot hold (``PropertyListValue/firstUnwritableCharacter``'s test, made by the
/// XML writer as it escapes).
struct RuleWriter: RuleOutput {
    let writer: XMLStreamWriter
    /// Whether something written holds a character XML cannot hold.
    private(set) var holdsUnwritable = false

    init(writer: XMLStreamWriter) {
        self.writer = writer
    }

    mutating func key(_ key: String) {
        if writer.writeElement("key", text: key) { holdsUnwritable = true }
    }

    mutating func string(_ text: String) {
        if writer.writeElement("string", text: text) { holdsUnwritable = true }
    }

    mutating func startDictionary() { writer.startElement("dict") }

    mutating func endDictionary() { writer.endElement() }

    mutating func value(_ value: PropertyListValue) {
        if value.write(to: writer) { holdsUnwritable = true }
    }
}
