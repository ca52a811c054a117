import LocalizationCatalog
import PropertyListSupport

/// Reads legacy `.strings` files into the canonical model.
///
/// Text files are parsed like CoreFoundation's old-style property list parser in strings-file mode (UTF-8 or
/// UTF-16, with or without a byte-order mark); XML and binary property lists named `.strings` are read too. The
/// table has one language: `options.language`, else the `xx.lproj` folder the file sits in. Each entry's value
/// becomes a `translated` string unit, and the comment right before its key becomes its comment. A repeated key is
/// a warning naming both lines; the last value wins, as in Foundation. Malformed files throw ``ConversionError``
/// with `path:line:column` diagnostics.
public struct StringsReader: CatalogReader {
    /// Creates a reader.
    public init() {}

    /// Reads one `.strings` file.
    /// - Throws: ``ConversionError`` when the file is malformed or its language cannot be told.
    public func read(_ file: SourceFile, options: ReadOptions, diagnostics: inout Diagnostics) throws -> StringTable {
        try readTable(file, options: options, diagnostics: &diagnostics)
    }

    /// ``read(_:options:diagnostics:)`` with a typed error.
    func readTable(_ file: SourceFile, options: ReadOptions, diagnostics: inout Diagnostics) throws(ConversionError)
        -> StringTable
    {
        var parsed = ParsedEntries()
        parsed.mergesDuplicates = options.mergesDuplicateKeys
        var traits = FileTraits()
        let bytes = file.bytes
        if PropertyListReader.isBinary(bytes) {
            let root = try BinaryPropertyList(bytes: bytes, path: file.path, dialect: .strings).document(
                diagnostics: &diagnostics)
            try Self.addPropertyList(root, to: &parsed, path: file.path, diagnostics: &diagnostics)
        } else {
            let text = try StringsText.decode(bytes, path: file.path)
            if Self.startsWithMarkup(text.utf8) {
                let root = try PropertyListParser(path: file.path, bytes: bytes, dialect: .strings).parseDocument(
                    diagnostics: &diagnostics)
                try Self.addPropertyList(root, to: &parsed, path: file.path, diagnostics: &diagnostics)
            } else {
                var parser = StringsParser(text: text.utf8, path: file.path)
                parser.mergesDuplicates = options.mergesDuplicateKeys
                do {
                    parsed = try parser.parse(diagnostics: &diagnostics)
                } catch {
                    // Every error of the file, in one run.
                    throw ConversionError(Self.laterErrors(after: error, in: text.utf8, path: file.path))
                }
                traits = FileTraits(
                    endsWithNewline: text.utf8.last == 0x0A || text.utf8.last == 0x0D, encoding: text.encoding)
            }
        }
        if !parsed.contradictions.isEmpty { throw ConversionError(parsed.contradictions) }
        let language = try Self.language(of: file.path, options: options)
        // Every entry's localizations share one key array; only the value array differs.
        var template = OrderedMap<Localization>()
        template[language] = Localization("")
        let entries = parsed.entries.mapValues { entry in
            var localizations = template
            var localization = Localization(entry.value)
            if let origin = entry.origin, let place = entry.valuePlace {
                localization.places.setValue(line: place.line, column: place.column, keyLine: origin.line)
            }
            localizations[valueAt: 0] = localization
            var result = CatalogEntry(comment: entry.comment, localizations: localizations)
            result.origin = entry.origin
            return result
        }
        return StringTable(
            name: options.tableName ?? tableName(ofPath: file.path),
            sourceLanguage: options.sourceLanguage ?? language,
            entries: entries,
            traits: traits)
    }

    /// The most errors one read reports: the file is read again at most this many times.
    static let errorLimit = 100

    /// The first error of malformed `.strings` text and the errors after it, so that a user fixes the file in one
    /// go, not one error per run.
    ///
    /// The decoded text (UTF-8, whatever the file's encoding: places are those of the first read) is parsed again
    /// from the line after each error, with that line's number, so that every place stays right, until it parses or
    /// an error is not after the previous one; at most ``errorLimit`` errors, a note saying so when more are left.
    /// Each parse starts where the previous error's line ends and stops at the next error, so the whole is one pass
    /// over the text. Every kind of error recovers so: a missing `=` or `;`, a stray character, an unterminated
    /// string or comment (parsed again from the line after its opening quote or `/*`: the quote or the `*/` is
    /// usually what is missing there). Text in braces (`{ … }`) gives its first error only.
    static func laterErrors(after error: ConversionError, in text: [UInt8], path: String) -> [Diagnostic] {
        var result = error.diagnostics
        guard text.first(where: { !Self.isSpace($0) }) != UInt8(ascii: "{") else { return result }
        var current = error.diagnostics
        var errors = 1
        // The start of line `lineNumber`.
        var start = 0
        var lineNumber = 1
        while true {
            // The error's last line (a missing `;` after a value over several lines is said where the value ends).
            guard let line = current.compactMap(\.line).max(), current.contains(where: { $0.severity == .error })
            else { break }
            // The start of the line after it (LF, CR LF and CR end lines, as for the lexer).
            while start < text.count, lineNumber <= line {
                let byte = text[start]
                if byte == 0x0A || byte == 0x0D {
                    if byte == 0x0D, start + 1 < text.count, text[start + 1] == 0x0A { start += 1 }
                    lineNumber += 1
                }
                start += 1
            }
            guard start < text.count, lineNumber == line + 1 else { break }
            var parser = StringsParser(text: text, path: path, start: start, line: lineNumber)
            var ignored = Diagnostics()
            do {
                _ = try parser.parse(diagnostics: &ignored)
                break
            } catch let next {
                guard let nextLine = next.diagnostics.first?.line, nextLine > line else { break }
                guard errors < errorLimit else {
                    var note = next.diagnostics[0]
                    note.severity = .note
                    note.message = StringsMessage.moreErrors(limit: errorLimit)
                    result.append(note)
                    break
                }
                errors += 1
                result += next.diagnostics
                current = next.diagnostics
            }
        }
        return result
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// Adds the entries of a property list named `.strings`: one dictionary of strings, in document order.
    ///
    /// Every value is checked before any entry is added, so a file that is refused gives no duplicate warnings.
    static func addPropertyList(
        _ root: PropertyListNode, to parsed: inout ParsedEntries, path: String, diagnostics: inout Diagnostics
    ) throws(ConversionError) {
        guard case .dictionary(let members) = root.value else {
            throw ConversionError(
                StringsMessage.propertyListNotDictionary(kind: root.kind), at: root.location, in: path)
        }
        var pairs: [(member: PropertyListNode.Member, value: String)] = []
        pairs.reserveCapacity(members.count)
        for member in members {
            guard case .string(let value) = member.value.value else {
                throw ConversionError(
                    StringsMessage.valueNotString(key: member.key, kind: member.value.kind), at: member.value.location,
                    in: path)
            }
            pairs.append((member, value))
        }
        for (member, value) in pairs {
            var entry = ParsedEntry(value: value, comment: nil, line: member.keyLocation.line)
            if member.value.location.line > 0 {
                entry.valuePlace = (member.value.location.line, member.value.location.column)
            }
            parsed.add(member.key, entry, at: member.keyLocation.in(path), path: path, diagnostics: &diagnostics)
        }
    }

    /// Whether the first character after whitespace is `<`: an XML property list (old-style text never starts so).
    static func startsWithMarkup(_ text: [UInt8]) -> Bool {
        text.first { !($0 == 0x20 || (0x09...0x0D).contains($0)) } == UInt8(ascii: "<")
    }

    /// The language of a file: `options.language`, else its `xx.lproj` folder.
    ///
    /// `Base.lproj` stands for the development language: `options.sourceLanguage` when given, else `Base`.
    static func language(of path: String, options: ReadOptions) throws(ConversionError) -> String {
        if let language = options.language { return language }
        if let name = lprojLanguage(ofPath: path) {
            if name == "Base" { return options.sourceLanguage ?? name }
            return name
        }
        throw ConversionError(StringsMessage.unknownLanguage, path: path)
    }
}

extension PropertyListDialect {
    /// How `.strings` reads property lists: `<plist>` holding one dictionary of strings, every member kept so that
    /// repeated keys are reported like those of a text file, in the format's own words.
    static let strings = PropertyListDialect(acceptsBareValue: false, foldsRepeatedKeys: false) { problem in
        switch problem {
        case .notPropertyList(let root): StringsMessage.unexpectedXML("root element <\(root)>")
        case .empty: StringsMessage.propertyListNotDictionary(kind: "empty")
        case .secondValue(let element): StringsMessage.unexpectedXML("second element <\(element)>")
        case .unexpectedText(_, let element): StringsMessage.unexpectedXML("text inside <\(element)>")
        case .unexpectedElement(let element, let parent):
            StringsMessage.unexpectedXML("element <\(element)> inside <\(parent)>")
        case .unknownElement(let element): StringsMessage.unexpectedXML("element <\(element)>")
        case .expectedKey(let element): StringsMessage.unexpectedXML("<\(element)> where a <key> belongs")
        case .keyWithoutValue(let key): StringsMessage.valueNotString(key: key, kind: "missing")
        case .keyNotString(let kind): StringsMessage.propertyListKeyNotString(kind: kind)
        case .malformedBinary(let detail): StringsMessage.malformedBinaryPropertyList(detail)
        case .repeatedKey(let key, _): StringsMessage.duplicateKeyInPropertyList(key)
        }
    }
}
