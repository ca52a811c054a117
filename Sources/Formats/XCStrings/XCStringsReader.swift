import LocalizationCatalog
import StringBridgeSupport

/// Reads String Catalogs (`.xcstrings`) into the canonical model.
///
/// The reader is strict about JSON (RFC 8259) and about the members it knows, and keeps every member it does not
/// know. Errors are `path:line:column` diagnostics: malformed JSON, a known member of the wrong type, and
/// duplicate keys at any level (both places are named — a JSON reader that keeps one silently loses data).
public struct XCStringsReader: CatalogReader {
    /// How many threads a large catalog's entries are read with.
    let parallelism: Parallelism

    /// Creates a reader.
    public init() {
        self.init(parallelism: .automatic)
    }

    /// Creates a reader that splits large catalogs as `parallelism` says (tests force both ways with it).
    init(parallelism: Parallelism) {
        self.parallelism = parallelism
    }

    /// Reads one catalog; the table is named after the file.
    public func read(_ file: SourceFile, options: ReadOptions, diagnostics: inout Diagnostics) throws -> StringTable {
        let name = options.tableName ?? tableName(ofPath: file.path)
        return try JSONScanner.scanning(file) { (scanner: inout JSONScanner) throws(ConversionError) in
            try scanner.skipByteOrderMark()
            var parser = CatalogParser(name: name, parallelism: parallelism)
            parser.mergesDuplicateKeys = options.mergesDuplicateKeys
            var merged: [Diagnostic] = []
            var table = try parser.parseTable(&scanner, mergedDuplicates: &merged)
            for warning in merged { diagnostics.append(warning) }
            scanner.skipWhitespace()
            if scanner.offset < scanner.bytes.count {
                throw scanner.error(
                    "unexpected content after the catalog's closing brace: found "
                        + "\(scanner.describeToken(at: scanner.offset)); a file holds one catalog",
                    at: scanner.offset)
            }
            table.traits.endsWithNewline = scanner.bytes.last == UInt8(ascii: "\n")
            return table
        }
    }
}

/// Turns catalog JSON into model values, checking the members it knows.
struct CatalogParser {
    let name: String
    let parallelism: Parallelism
    /// Whether a repeated key of `"strings"` is combined with the first (``ReadOptions/mergesDuplicateKeys``).
    var mergesDuplicateKeys = false

    func parseTable(_ scanner: inout JSONScanner) throws(ConversionError) -> StringTable {
        var ignored: [Diagnostic] = []
        return try parseTable(&scanner, mergedDuplicates: &ignored)
    }

    /// The catalog; with ``mergesDuplicateKeys``, a warning for each repeated key combined goes to `mergedDuplicates`.
    func parseTable(_ scanner: inout JSONScanner, mergedDuplicates: inout [Diagnostic]) throws(ConversionError)
        -> StringTable
    {
        guard scanner.peek() == UInt8(ascii: "{") else {
            throw scanner.error(
                "expected a String Catalog (a JSON object), found \(scanner.describeToken(at: scanner.offset))",
                at: scanner.offset)
        }
        var sourceLanguage: String?
        var sourceLanguagePlace: (line: Int, column: Int)?
        var version: String?
        var entries: OrderedMap<CatalogEntry>?
        var extras = OrderedMap<JSONValue>()
        var seen = SeenMembers(objectStart: scanner.offset)
        try scanner.forEachMember { (scanner: inout JSONScanner, key: String, offset: Int) throws(ConversionError) in
            switch key {
            case "sourceLanguage":
                try seen.mark(0, key, offset, scanner)
                sourceLanguagePlace = scanner.valueLineAndColumn()
                sourceLanguage = try EntryParser().string(key, &scanner)
            case "version":
                try seen.mark(1, key, offset, scanner)
                version = try EntryParser().string(key, &scanner)
            case "strings":
                try seen.mark(2, key, offset, scanner)
                entries =
                    mergesDuplicateKeys
                    ? try parseEntriesMergingDuplicates(&scanner, warnings: &mergedDuplicates)
                    : try parseEntries(&scanner)
            default:
                try seen.extra(key, offset, into: &extras, &scanner)
            }
        }
        guard let sourceLanguage else {
            throw scanner.error("missing \"sourceLanguage\" member in the String Catalog", at: seen.objectStart)
        }
        guard let entries else {
            throw scanner.error("missing \"strings\" member in the String Catalog", at: seen.objectStart)
        }
        var table = StringTable(
            name: name, sourceLanguage: sourceLanguage, version: version, entries: entries, extraMembers: extras)
        table.sourceLanguageOrigin = sourceLanguagePlace.map {
            FileLocation(path: scanner.path, line: $0.line, column: $0.column)
        }
        return table
    }

    /// The `"strings"` object: on several threads when it is large (see ``parseEntriesInChunks(_:)``), else as
    /// any other map.
    ///
    /// Each entry's ``CatalogEntry/origin`` is the place of its key.
    func parseEntries(_ scanner: inout JSONScanner) throws(ConversionError) -> OrderedMap<CatalogEntry> {
        if parallelism.chunks(forBytes: scanner.bytes.count - scanner.offset) > 1,
            let entries = parseEntriesInChunks(&scanner)
        {
            return entries
        }
        try EntryParser().requireObject(quoted("strings"), &scanner)
        let objectStart = scanner.offset
        var entries = OrderedMap<CatalogEntry>()
        var ascending = true
        try scanner.forEachMember { (scanner: inout JSONScanner, key: String, keyOffset: Int) throws(ConversionError) in
            let origin = scanner.memberLocation(at: keyOffset)
            var entry = try EntryParser().parseEntry(key, keyLine: origin.line, &scanner)
            entry.origin = origin
            if entries.appendNew(entry, forKey: key, ascending: &ascending) != nil {
                throw scanner.duplicateKey(
                    key, at: keyOffset, firstAt: scanner.firstMemberOffset(key, inObjectAt: objectStart))
            }
        }
        return entries
    }

    /// Reads the `"strings"` object in contiguous runs of entries on several threads, or returns `nil` (with the
    /// scanner unmoved) so that the caller reads it on one thread.
    ///
    /// The runs start after commas found by a cheap search: a line break (never inside a valid JSON string), the
    /// indent of the object's first member, and a quote, just after a comma. Each run is parsed exactly as the
    /// sequential parser would from there, and a run counts only if the run before it ended at its comma between
    /// two entries; the first run starts at the object's brace, so by induction every run is what one thread
    /// would have read. Any error, a missed boundary or a key repeated across runs gives `nil`: one thread then
    /// reads the object again and reports exactly the diagnostic it always has. Each run places its keys
    /// (``CatalogEntry/origin``) counting lines from its own start; the lines of the runs before it are added when
    /// the runs are joined.
    func parseEntriesInChunks(_ scanner: inout JSONScanner) -> OrderedMap<CatalogEntry>? {
        guard scanner.peek() == UInt8(ascii: "{"), scanner.depth < JSONScanner.maximumDepth else { return nil }
        let objectStart = scanner.offset
        let chunks = parallelism.chunks(forBytes: scanner.bytes.count - objectStart)
        let splits = EntrySplitter(bytes: scanner.bytes, objectStart: objectStart).splits(chunks)
        guard !splits.isEmpty else { return nil }

        let start = scanner
        let runs = inParallel(splits.count + 1) {
            run -> (entries: OrderedMap<CatalogEntry>, ascending: Bool, scanner: JSONScanner)? in
            var scanner = start
            scanner.offset = run == 0 ? objectStart + 1 : splits[run - 1] + 1
            scanner.depth += 1
            if run > 0 {
                // Lines are counted from the run's start; the runs before it are added when joined.
                scanner.lineBreaks = 0
                scanner.lineStart = -1
            }
            let isLast = run == splits.count
            if run == 0, scanner.peek() == UInt8(ascii: "}") { return nil }
            var entries = OrderedMap<CatalogEntry>()
            var ascending = true
            do {
                let end = try scanner.forEachRemainingMember(stoppingAt: isLast ? nil : splits[run]) {
                    (scanner: inout JSONScanner, key: String, keyOffset: Int) throws(ConversionError) in
                    let origin = scanner.memberLocation(at: keyOffset)
                    var entry = try EntryParser().parseEntry(key, keyLine: origin.line, &scanner)
                    entry.origin = origin
                    if entries.appendNew(entry, forKey: key, ascending: &ascending) != nil {
                        // Abandon the run; the sequential reread names both places.
                        throw scanner.error("duplicate key", at: keyOffset)
                    }
                }
                guard end == (isLast ? .closed : .stopped) else { return nil }
            } catch {
                return nil
            }
            return (entries, ascending, scanner)
        }

        guard var entries = runs[0]?.entries, var ascending = runs[0]?.ascending,
            var linesBefore = runs[0]?.scanner.lineBreaks, let last = runs[runs.count - 1]?.scanner
        else { return nil }
        for run in runs.dropFirst() {
            guard let run else { return nil }
            let keys = run.entries.keys
            let values = run.entries.values
            for position in keys.indices {
                var entry = values[position]
                entry.origin?.line += linesBefore
                if entries.appendNew(entry, forKey: keys[position], ascending: &ascending) != nil { return nil }
            }
            linesBefore += run.scanner.lineBreaks
        }
        scanner.offset = last.offset
        scanner.lineBreaks = linesBefore
        scanner.lineStart = last.lineStart
        return entries
    }

    /// The `"strings"` object on one thread, a repeated key combined with its first definition when they do not
    /// contradict each other (a warning naming both places), else an error naming what differs.
    func parseEntriesMergingDuplicates(_ scanner: inout JSONScanner, warnings: inout [Diagnostic])
        throws(ConversionError) -> OrderedMap<CatalogEntry>
    {
        try EntryParser().requireObject(quoted("strings"), &scanner)
        let objectStart = scanner.offset
        var result = OrderedMap<CatalogEntry>()
        try scanner.forEachMember { (scanner: inout JSONScanner, key: String, keyOffset: Int) throws(ConversionError) in
            let origin = scanner.memberLocation(at: keyOffset)
            // A repeated key's localizations may join the first definition's entry, whose origin stays: their
            // places count from the first key's line.
            let keyLine = result[key]?.origin?.line ?? origin.line
            var entry = try EntryParser().parseEntry(key, keyLine: keyLine, &scanner)
            entry.origin = origin
            guard let position = result.appendNew(entry, forKey: key) else { return }
            let first = scanner.location(at: scanner.firstMemberOffset(key, inObjectAt: objectStart))
            var contradiction: String?
            guard let merged = result[position].value.mergingDuplicate(entry, contradiction: &contradiction) else {
                throw scanner.error(
                    "duplicate key \(quoted(key)) contradicts its definition at line \(first.line), column "
                        + "\(first.column): \(contradiction ?? "they differ"); combine them by hand", at: keyOffset
                ).identified(.duplicateKey, key: key)
            }
            result[valueAt: position] = merged
            warnings.append(
                Diagnostic(
                    .warning,
                    "duplicate key \(quoted(key)) merged into its definition at line \(first.line), column "
                        + "\(first.column)", at: scanner.location(at: keyOffset)
                ).identified(.duplicateKey, key: key))
        }
        return result
    }
}

/// Turns one entry of the `"strings"` object into model values, checking the members it knows.
///
/// It has no stored property: the closures that read each object's members capture it, and a parser holding a
/// reference (``CatalogParser``'s table name) would be retained and released for each object read.
struct EntryParser {
    /// A member name, compared with the names the reader knows by its bytes.
    typealias Name = JSONScanner.RawString

    /// One entry; each localization and variation case records where its name and value are
    /// (``Localization/places``), lines counted from `keyLine`, the line of the entry's key.
    func parseEntry(_ key: String, keyLine: Int, _ scanner: inout JSONScanner) throws(ConversionError) -> CatalogEntry {
        try requireObject("the entry \(quoted(key))", &scanner)
        var entry = CatalogEntry()
        var seen = SeenMembers(objectStart: scanner.offset)
        try scanner.forEachMemberName { (scanner: inout JSONScanner, name: Name) throws(ConversionError) in
            let offset = name.offset
            if scanner.matches(name, "localizations") {
                try seen.mark(4, "localizations", offset, scanner)
                entry.localizations = try map(named: "localizations", &scanner) {
                    (scanner: inout JSONScanner, language: String, nameOffset: Int) throws(ConversionError) in
                    try namedLocalization(
                        "the localization \(quoted(language))", nameOffset: nameOffset, keyLine: keyLine, &scanner)
                }
            } else if scanner.matches(name, "comment") {
                try seen.mark(0, "comment", offset, scanner)
                entry.comment = try string("comment", &scanner)
            } else if scanner.matches(name, "extractionState") {
                try seen.mark(1, "extractionState", offset, scanner)
                entry.extractionState = ExtractionState(rawValue: try string("extractionState", &scanner))
            } else if scanner.matches(name, "shouldTranslate") {
                try seen.mark(2, "shouldTranslate", offset, scanner)
                entry.shouldTranslate = try bool("shouldTranslate", &scanner)
            } else if scanner.matches(name, "isCommentAutoGenerated") {
                try seen.mark(3, "isCommentAutoGenerated", offset, scanner)
                entry.isCommentAutoGenerated = try bool("isCommentAutoGenerated", &scanner)
            } else {
                try seen.extra(scanner.string(of: name), offset, into: &entry.extraMembers, &scanner)
            }
        }
        return consume entry  // out of the closure's capture, not copied
    }

    func parseLocalization(
        _ what: @autoclosure () -> String, keyLine: Int, _ scanner: inout JSONScanner
    ) throws(ConversionError) -> Localization {
        try requireObject(what(), &scanner)
        var localization = Localization()
        var seen = SeenMembers(objectStart: scanner.offset)
        try scanner.forEachMemberName { (scanner: inout JSONScanner, name: Name) throws(ConversionError) in
            let offset = name.offset
            if scanner.matches(name, "stringUnit") {
                try seen.mark(0, "stringUnit", offset, scanner)
                var value: (line: Int, column: Int)?
                localization.stringUnit = try parseStringUnit(&scanner, valuePlace: &value)
                if let value {
                    localization.places.setValue(line: value.line, column: value.column, keyLine: keyLine)
                }
            } else if scanner.matches(name, "variations") {
                try seen.mark(1, "variations", offset, scanner)
                localization.variations = try parseVariations(keyLine: keyLine, &scanner)
            } else if scanner.matches(name, "stringSet") {
                try seen.mark(3, "stringSet", offset, scanner)
                localization.stringSet = try parseStringSet(&scanner)
            } else if scanner.matches(name, "substitutions") {
                try seen.mark(2, "substitutions", offset, scanner)
                localization.substitutions = try map(named: "substitutions", &scanner) {
                    (scanner: inout JSONScanner, name: String, _: Int) throws(ConversionError) in
                    try parseSubstitution(name, keyLine: keyLine, &scanner)
                }
            } else {
                try seen.extra(scanner.string(of: name), offset, into: &localization.extraMembers, &scanner)
            }
        }
        return consume localization  // out of the closure's capture, not copied
    }

    /// A string unit; `valuePlace` is set to the line and column of its value.
    func parseStringUnit(
        _ scanner: inout JSONScanner, valuePlace: inout (line: Int, column: Int)?
    ) throws(ConversionError) -> StringUnit {
        try requireObject("\"stringUnit\"", &scanner)
        var state: TranslationState?
        var value: String?
        var extras = OrderedMap<JSONValue>()
        var seen = SeenMembers(objectStart: scanner.offset)
        try scanner.forEachMemberName { (scanner: inout JSONScanner, name: Name) throws(ConversionError) in
            let offset = name.offset
            if scanner.matches(name, "state") {
                try seen.mark(0, "state", offset, scanner)
                state = try translationState(&scanner)
            } else if scanner.matches(name, "value") {
                try seen.mark(1, "value", offset, scanner)
                valuePlace = scanner.valueLineAndColumn()
                value = try string("value", &scanner)
            } else {
                try seen.extra(scanner.string(of: name), offset, into: &extras, &scanner)
            }
        }
        guard let value else { throw scanner.error("\"stringUnit\" has no \"value\"", at: seen.objectStart) }
        return StringUnit(value, state: state, extraMembers: extras)
    }

    func parseStringSet(_ scanner: inout JSONScanner) throws(ConversionError) -> StringSet {
        try requireObject("\"stringSet\"", &scanner)
        var state: TranslationState?
        var values: [String]?
        var extras = OrderedMap<JSONValue>()
        var seen = SeenMembers(objectStart: scanner.offset)
        try scanner.forEachMember { (scanner: inout JSONScanner, member: String, offset: Int) throws(ConversionError) in
            switch member {
            case "state":
                try seen.mark(0, member, offset, scanner)
                state = try translationState(&scanner)
            case "values":
                try seen.mark(1, member, offset, scanner)
                guard scanner.peek() == UInt8(ascii: "[") else {
                    throw scanner.error(
                        "\"values\" must be an array of strings, found \(scanner.describeToken(at: scanner.offset))",
                        at: scanner.offset)
                }
                var strings: [String] = []
                try scanner.forEachElement { (scanner: inout JSONScanner) throws(ConversionError) in
                    strings.append(try string("values", &scanner))
                }
                values = strings
            default:
                try seen.extra(member, offset, into: &extras, &scanner)
            }
        }
        guard let values else { throw scanner.error("\"stringSet\" has no \"values\"", at: seen.objectStart) }
        return StringSet(values, state: state, extraMembers: extras)
    }

    func parseVariations(keyLine: Int, _ scanner: inout JSONScanner) throws(ConversionError) -> Variations {
        try requireObject("\"variations\"", &scanner)
        var variations = Variations()
        var seen = SeenMembers(objectStart: scanner.offset)
        try scanner.forEachMemberName { (scanner: inout JSONScanner, name: Name) throws(ConversionError) in
            let offset = name.offset
            if scanner.matches(name, "plural") {
                try seen.mark(0, "plural", offset, scanner)
                variations.plural = try cases("plural", keyLine: keyLine, &scanner)
            } else if scanner.matches(name, "device") {
                try seen.mark(1, "device", offset, scanner)
                variations.device = try cases("device", keyLine: keyLine, &scanner)
            } else {
                try seen.extra(scanner.string(of: name), offset, into: &variations.extraMembers, &scanner)
            }
        }
        return consume variations  // out of the closure's capture, not copied
    }

    func cases(
        _ kind: String, keyLine: Int, _ scanner: inout JSONScanner
    ) throws(ConversionError) -> OrderedMap<Localization> {
        try map(named: kind, &scanner) {
            (scanner: inout JSONScanner, name: String, nameOffset: Int) throws(ConversionError) in
            try namedLocalization(
                "the \(kind) case \(quoted(name))", nameOffset: nameOffset, keyLine: keyLine, &scanner)
        }
    }

    /// A localization or variation case read at the scanner, with the place of its member name (at `nameOffset`).
    ///
    /// `description` names it in a diagnostic; it is only built for one.
    func namedLocalization(
        _ description: @autoclosure () -> String, nameOffset: Int, keyLine: Int, _ scanner: inout JSONScanner
    ) throws(ConversionError) -> Localization {
        let name = scanner.memberLineAndColumn(at: nameOffset)
        var localization = try parseLocalization(description(), keyLine: keyLine, &scanner)
        localization.places.setName(line: name.line, column: name.column, keyLine: keyLine)
        return localization
    }

    func parseSubstitution(
        _ name: String, keyLine: Int, _ scanner: inout JSONScanner
    ) throws(ConversionError) -> Substitution {
        try requireObject("the substitution \(quoted(name))", &scanner)
        var substitution = Substitution()
        var seen = SeenMembers(objectStart: scanner.offset)
        try scanner.forEachMemberName { (scanner: inout JSONScanner, name: Name) throws(ConversionError) in
            let offset = name.offset
            if scanner.matches(name, "argNum") {
                try seen.mark(0, "argNum", offset, scanner)
                substitution.argNum = try argumentPosition("argNum", &scanner)
            } else if scanner.matches(name, "formatSpecifier") {
                try seen.mark(1, "formatSpecifier", offset, scanner)
                substitution.formatSpecifier = try string("formatSpecifier", &scanner)
            } else if scanner.matches(name, "variations") {
                try seen.mark(2, "variations", offset, scanner)
                substitution.variations = try parseVariations(keyLine: keyLine, &scanner)
            } else {
                try seen.extra(scanner.string(of: name), offset, into: &substitution.extraMembers, &scanner)
            }
        }
        return consume substitution  // out of the closure's capture, not copied
    }

    // MARK: - Typed values

    /// Reads an object of objects into an ordered map, refusing duplicate keys; `value` gets each key and its
    /// offset.
    func map<Value>(
        named name: String,
        _ scanner: inout JSONScanner,
        _ value: (inout JSONScanner, String, Int) throws(ConversionError) -> Value
    ) throws(ConversionError) -> OrderedMap<Value> {
        try requireObject(quoted(name), &scanner)
        let objectStart = scanner.offset
        var result = OrderedMap<Value>()
        var ascending = true
        try scanner.forEachMember { (scanner: inout JSONScanner, key: String, keyOffset: Int) throws(ConversionError) in
            // The value and the key move into the map; a repeated key is the same bytes as the one there.
            if let first = result.appendNew(try value(&scanner, key, keyOffset), forKey: key, ascending: &ascending) {
                let key = result.key(at: first)
                throw scanner.duplicateKey(
                    key, at: keyOffset, firstAt: scanner.firstMemberOffset(key, inObjectAt: objectStart))
            }
        }
        return result
    }

    func requireObject(_ what: @autoclosure () -> String, _ scanner: inout JSONScanner) throws(ConversionError) {
        guard scanner.peek() == UInt8(ascii: "{") else {
            throw scanner.error(
                "\(what()) must be an object, found \(scanner.describeToken(at: scanner.offset))", at: scanner.offset)
        }
    }

    func string(_ member: String, _ scanner: inout JSONScanner) throws(ConversionError) -> String {
        try requireString(member, &scanner)
        return try scanner.readString()
    }

    func requireString(_ member: String, _ scanner: inout JSONScanner) throws(ConversionError) {
        guard scanner.peek() == UInt8(ascii: "\"") else {
            throw scanner.error(
                "\(quoted(member)) must be a string, found \(scanner.describeToken(at: scanner.offset))",
                at: scanner.offset)
        }
    }

    /// A `"state"` value, as `TranslationState(rawValue: try string("state", &scanner))` reads it.
    ///
    /// Fast path: the four states Xcode writes are told by their bytes and share the model's constants (no string
    /// is made for them, and `machine_translated`, too long to be stored inline, is not allocated for each unit);
    /// any other value is made as ``string(_:_:)`` makes it.
    func translationState(_ scanner: inout JSONScanner) throws(ConversionError) -> TranslationState {
        try requireString("state", &scanner)
        let raw = try scanner.readRawString()
        if scanner.matches(raw, "translated") { return .translated }
        if scanner.matches(raw, "new") { return .new }
        if scanner.matches(raw, "needs_review") { return .needsReview }
        if scanner.matches(raw, "machine_translated") { return .machineTranslated }
        return TranslationState(rawValue: scanner.string(of: raw))
    }

    func bool(_ member: String, _ scanner: inout JSONScanner) throws(ConversionError) -> Bool {
        scanner.skipWhitespace()
        let start = scanner.offset
        guard let value = scanner.readBool() else {
            throw scanner.error(
                "\(quoted(member)) must be true or false, found \(scanner.describeToken(at: start))", at: start)
        }
        return value
    }

    /// An argument position: an integer from 1 to ``FormatSpecifiers/maximumPosition`` (a larger one could not be
    /// written as `%N$`, and `0` or a negative one names no argument).
    func argumentPosition(_ member: String, _ scanner: inout JSONScanner) throws(ConversionError) -> Int {
        scanner.skipWhitespace()
        let start = scanner.offset
        let found = scanner.describeToken(at: start)
        guard found == "a number" else {
            throw scanner.error("\(quoted(member)) must be an integer, found \(found)", at: start)
        }
        let text = try scanner.readNumberText()
        guard text.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else {
            throw scanner.error("\(quoted(member)) must be an integer, found \(text)", at: start)
        }
        guard let value = Int(text), (1...FormatSpecifiers.maximumPosition).contains(value) else {
            throw scanner.error(
                "\(quoted(member)) must be an argument position from 1 to \(FormatSpecifiers.maximumPosition), found \(text)",
                at: start)
        }
        return value
    }
}

/// Detects a repeated member in one object without allocating: each known member has a bit, unknown members are
/// checked by the map they go into, and only on a repeat is the object scanned again to name the first place.
private struct SeenMembers {
    let objectStart: Int
    private var mask: UInt32 = 0

    init(objectStart: Int) {
        self.objectStart = objectStart
    }

    mutating func mark(_ bit: Int, _ name: String, _ offset: Int, _ scanner: JSONScanner) throws(ConversionError) {
        let flag: UInt32 = 1 << UInt32(bit)
        if mask & flag != 0 {
            throw scanner.duplicateKey(
                name, at: offset, firstAt: scanner.firstMemberOffset(name, inObjectAt: objectStart))
        }
        mask |= flag
    }

    func extra(
        _ name: String, _ offset: Int, into extras: inout OrderedMap<JSONValue>, _ scanner: inout JSONScanner
    ) throws(ConversionError) {
        if extras.appendNew(try scanner.readValue(), forKey: name) != nil {
            throw scanner.duplicateKey(
                name, at: offset, firstAt: scanner.firstMemberOffset(name, inObjectAt: objectStart))
        }
    }
}

extension JSONScanner {
    /// The offset of the first member called `name` in the object that starts at `objectStart`.
    func firstMemberOffset(_ name: String, inObjectAt objectStart: Int) -> Int {
        var rescan = self
        rescan.offset = objectStart
        rescan.depth = 0
        var found: Int?
        try? rescan.forEachMember { (scanner: inout JSONScanner, key: String, offset: Int) throws(ConversionError) in
            if key.utf8.elementsEqual(name.utf8) {
                found = offset
                throw scanner.error("found", at: offset)
            }
            _ = try scanner.readValue()
        }
        return found ?? objectStart
    }
}
