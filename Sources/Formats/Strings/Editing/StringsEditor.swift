import LocalizationCatalog
import PropertyListSupport
import StringBridgeSupport

/// Writes a table over an existing `.strings` file by changing only what differs (``CatalogEditor``).
///
/// Every byte of an entry the table leaves alone is kept: its comments (`//` and `/* */`, several in a row, after
/// the last entry), blank lines, order, quoting, escapes, and the file's encoding, byte-order mark and line endings.
///
/// - A changed value: only the value's token is rewritten (in the quote the file used for it, escaped by
///   ``StringsWriter``); the key, its comment and the rest of the line stay.
/// - A changed comment: the comment directly above the key (no blank line between) is rewritten in its own
///   style (`//` stays `//` when it can), or a new one is put on the line above the key.
/// - A new key: added right after the entry that precedes it in the table (the last entry for keys an import
///   adds; the place the other side gave it for a merge), before any comment that follows that entry, with its
///   comment, in the quoting, spacing, indentation, line ending and blank-line layout of that entry.
/// - A removed key: its statement goes with the comments directly attached above it (no blank line between), never
///   a comment separated by a blank line (a file header, a section title), and with one side of blank lines when
///   the entries are laid out one paragraph each.
/// - A key defined more than once: the last definition counts (as for the reader); it is the one edited, and a
///   note says that the earlier ones were left as they are. A removed key loses every definition.
///
/// Property lists named `.strings` (XML or binary) are written whole, with a note. The result is read back and
/// compared with the table; should it differ, the file is written whole, with a warning.
public struct StringsEditor: CatalogEditor {
    /// Creates an editor.
    public init() {}

    /// The bytes of `original` changed to hold `table` in one language (`options.languages`, else the table's
    /// only one), in `original`'s encoding unless `options.encoding` names another.
    /// - Throws: ``ConversionError`` when the table cannot be written at all.
    public func edit(
        _ original: SourceFile, toMatch table: StringTable, options: WriteOptions, diagnostics: inout Diagnostics
    ) throws -> OutputFile {
        let language = options.languages?.first ?? table.languages.first ?? table.sourceLanguage
        let relativePath = "\(language).lproj/\(table.name).strings"
        let bytes = original.bytes
        func whole(_ reason: String, severity: Diagnostic.Severity = .note) throws -> OutputFile {
            diagnostics.append(Diagnostic(severity, reason, path: original.path))
            var options = options
            options.languages = [language]
            guard let file = try StringsWriter().write(table, options: options, diagnostics: &diagnostics).first
            else { throw ConversionError("nothing to write", path: original.path) }
            return file
        }
        if PropertyListReader.isBinary(bytes) {
            return try whole("a binary property list is not edited in place; the file is written whole")
        }
        let text: StringsText
        do {
            text = try StringsText.decode(bytes, path: original.path)
        } catch {
            return try whole(
                "the file cannot be edited in place (\(error.diagnostics.first?.message ?? "unreadable")); "
                    + "it is written whole", severity: .warning)
        }
        if StringsReader.startsWithMarkup(text.utf8) {
            return try whole("an XML property list is not edited in place; the file is written whole")
        }
        var parser = StringsParser(text: text.utf8, path: original.path)
        parser.buildsSyntax = true
        var ignored = Diagnostics()
        let parsed: ParsedEntries
        do {
            parsed = try parser.parse(diagnostics: &ignored)
        } catch {
            return try whole(
                "the file cannot be edited in place (\(error.diagnostics.first?.message ?? "unreadable")); "
                    + "it is written whole", severity: .warning)
        }
        let encoding = options.encoding ?? text.encoding
        var edit = StringsEdit(
            layout: StringsLayout(text: text.utf8, syntax: parser.syntax), parsed: parsed, language: language,
            path: original.path)
        // A NUL in a comment the edit writes is kept, as the file's own comments keep theirs: UTF-16 holds it, and
        // UTF-8 only refuses one among the first 64 bytes (Foundation takes such a file for UTF-16), which the
        // result is checked for below.
        edit.keepsNUL = true
        let editBefore = edit
        let wanted = edit.wanted(table, diagnostics: &diagnostics)
        if !wanted.isEmpty, edit.layout.statements.isEmpty, edit.layout.text.allSatisfy(Self.isSpace) {
            // Nothing to keep but whitespace: the file is written as new, in its encoding.
            var options = options
            options.languages = [language]
            options.encoding = options.encoding ?? text.encoding
            var ignored = Diagnostics()
            guard let file = try StringsWriter().write(table, options: options, diagnostics: &ignored).first
            else { throw ConversionError("nothing to write", path: original.path) }
            return file
        }
        var applying = Diagnostics()
        var edited = edit.apply(wanted, diagnostics: &applying)
        if let result = edited, encoding == .utf8 || encoding == .utf8WithBOM,
            result.prefix(64).contains(0), !text.utf8.prefix(64).contains(0)
        {
            // A NUL kept would land among the first 64 bytes: it goes, with a warning at its place.
            edit = editBefore
            edit.keepsNUL = false
            applying = Diagnostics()
            edited = edit.apply(wanted, diagnostics: &applying)
        }
        diagnostics.append(contentsOf: applying)
        guard let edited else {
            return try whole("the edits overlap; the file is written whole", severity: .warning)
        }
        if let difference = edit.difference(reading: edited, from: wanted) {
            return try whole(
                "the file cannot be edited in place (\(difference)); it is written whole", severity: .warning)
        }
        if edited == text.utf8, encoding == text.encoding {
            return OutputFile(relativePath: relativePath, bytes: bytes)
        }
        return OutputFile(relativePath: relativePath, bytes: StringsWriter.encoded(edited, as: encoding))
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
}

/// One edit of a `.strings` text: what the file holds, what the table wants, and the splice between them.
struct StringsEdit {
    let layout: StringsLayout
    let parsed: ParsedEntries
    let language: String
    let path: String
    let writer = StringsWriter()
    /// Keys whose comment the file keeps although the table has another (a comment not attached to the key).
    private(set) var keptComments = Set<[UInt8]>()
    /// Whether a NUL in a comment written is kept (``StringsWriter/appendComment(_:key:language:origin:prefersLineComment:keepsNUL:to:diagnostics:)``).
    var keepsNUL = false

    init(layout: StringsLayout, parsed: ParsedEntries, language: String, path: String) {
        self.layout = layout
        self.parsed = parsed
        self.language = language
        self.path = path
    }

    /// A key's value and comment as the table wants them written.
    struct Wanted {
        var key: String
        var value: String
        var comment: String?
    }

    /// The entries of `table` a `.strings` file holds for the language, in table order; the others are said as
    /// the writer says them.
    func wanted(_ table: StringTable, diagnostics: inout Diagnostics) -> [Wanted] {
        var result: [Wanted] = []
        result.reserveCapacity(table.entries.count)
        for (key, entry) in table.entries {
            guard let localization = entry.localization(for: language) else { continue }
            let unsupported = StringsWriter.unsupportedParts(of: localization)
            if !unsupported.isEmpty {
                diagnostics.warn(
                    StringsMessage.cannotWrite(
                        key: key, language: language, what: unsupported.joined(separator: " and ")))
                continue
            }
            guard let unit = localization.stringUnit else { continue }
            result.append(Wanted(key: key, value: unit.value, comment: entry.comment))
        }
        return result
    }

    /// The text edited to hold `wanted`, or `nil` when the edits would overlap.
    mutating func apply(_ wanted: [Wanted], diagnostics: inout Diagnostics) -> [UInt8]? {
        let statements = layout.statements
        var definitions: [[UInt8]: [Int]] = [:]
        for (index, statement) in statements.enumerated() {
            definitions[Array(statement.key.utf8), default: []].append(index)
        }
        // Changes to kept entries; new entries are spliced before them, so that at one offset a new entry comes
        // before the comment added to the entry that follows it.
        var changes = ByteSplice()
        var removals: [Range<Int>] = []
        let wantedKeys = Set(wanted.map { Array($0.key.utf8) })
        // Removed keys: every definition.
        for (index, statement) in statements.enumerated() where !wantedKeys.contains(Array(statement.key.utf8)) {
            removals.append(layout.removalRange(of: index))
        }
        // Changed keys: the definition that counts (the last).
        var anchor: Int?
        var insertions: [Int: [Wanted]] = [:]
        var appended: [Wanted] = []
        var repeated: [(key: String, indices: [Int])] = []
        for item in wanted {
            let utf8 = Array(item.key.utf8)
            guard let indices = definitions[utf8], let index = indices.last, let read = parsed.entries[item.key] else {
                if let anchor { insertions[anchor, default: []].append(item) } else { appended.append(item) }
                continue
            }
            anchor = index
            var changed = false
            if read.value != item.value {
                changeValue(of: index, to: item.value, from: read.value, in: &changes)
                changed = true
            }
            if (read.comment ?? "") != (item.comment ?? "") {
                changeComment(of: index, to: item.comment, key: item.key, in: &changes, diagnostics: &diagnostics)
                changed = true
            }
            if changed, indices.count > 1 { repeated.append((item.key, indices)) }
        }
        // Keys defined more than once: a note each, placed in one sweep over the text.
        let locations = locations(of: repeated.flatMap { $0.indices.map { statements[$0].keyRange.lowerBound } })
        var next = 0
        for (key, indices) in repeated {
            let places = locations[next..<(next + indices.count)]
            next += indices.count
            let lines = places.dropLast().map { String($0.line) }
            diagnostics.append(
                Diagnostic(
                    .note,
                    "key \(quoted(key)) is defined \(indices.count) times; the last definition is edited "
                        + "and the earlier ones (line\(lines.count == 1 ? "" : "s") "
                        + "\(lines.joined(separator: ", "))) are left as they are",
                    at: places[places.endIndex - 1]))
        }
        var splice = ByteSplice()
        // Keys before every key the file has go after its last kept entry.
        if !appended.isEmpty {
            if let last = statements.indices.last(where: { wantedKeys.contains(Array(statements[$0].key.utf8)) }) {
                insertions[last, default: []].insert(contentsOf: appended, at: 0)
            } else {
                splice.insert(newEntriesAtEnd(appended, diagnostics: &diagnostics), at: endOfContent())
            }
        }
        for (index, items) in insertions {
            let (offset, text) = newEntries(items, after: index, diagnostics: &diagnostics)
            splice.insert(text, at: offset)
        }
        for change in changes.replacements { splice.replace(change.range, with: change.bytes) }
        for range in Self.union(removals) { splice.remove(range) }
        if splice.isEmpty { return layout.text }
        return splice.applied(to: layout.text)
    }

    /// Overlapping or touching ranges joined, in order.
    static func union(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// The locations of `offsets` (in any order), found in one sweep over the text: lines end at LF, CR LF or
    /// CR, columns count characters, as the reader counts them.
    func locations(of offsets: [Int]) -> [FileLocation] {
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var result = [FileLocation](repeating: FileLocation(path: path, line: 1, column: 1), count: offsets.count)
        let text = layout.text
        var (line, column, cursor) = (1, 1, 0)
        for index in order {
            while cursor < offsets[index], cursor < text.count {
                let byte = text[cursor]
                if byte == 0x0A || (byte == 0x0D && (cursor + 1 == text.count || text[cursor + 1] != 0x0A)) {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80, byte != 0x0D {
                    column += 1
                }
                cursor += 1
            }
            result[index] = FileLocation(path: path, line: line, column: column)
        }
        return result
    }

    // MARK: - Rendering through the writer

    /// The quote a token uses: `"` or `'`, or `nil` for an unquoted word.
    func quote(of range: Range<Int>) -> UInt8? {
        let first = layout.text[range.lowerBound]
        return first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") ? first : nil
    }

    /// `string` as a token in the style of the token at `model`: unquoted when that one is and `string` can be,
    /// else in its quote (double quotes by default), escaped by the writer.
    func token(_ string: String, like model: Range<Int>?) -> [UInt8] {
        let mark: UInt8? = model.flatMap { self.quote(of: $0) }
        if model != nil, mark == nil, !string.isEmpty, string.utf8.allSatisfy(StringsLexer.isUnquotedCharacter) {
            return Array(string.utf8)
        }
        var bytes: [UInt8] = []
        writer.appendQuoted(string, quote: mark ?? UInt8(ascii: "\""), to: &bytes)
        return bytes
    }

    /// The comment as the writer writes it, without its final line break (empty when nothing of it is written).
    ///
    /// `offset` is where it goes in the file, the place of a warning about it.
    func commentText(_ comment: String, key: String, lineStyle: Bool, at offset: Int, diagnostics: inout Diagnostics)
        -> [UInt8]
    {
        var bytes: [UInt8] = []
        writer.appendComment(
            comment, key: key, language: language,
            origin: FileLocation(path: path, bytes: layout.text, offset: min(offset, layout.text.count)),
            prefersLineComment: lineStyle, keepsNUL: keepsNUL, to: &bytes, diagnostics: &diagnostics)
        if bytes.last == 0x0A { bytes.removeLast() }
        return bytes
    }

    /// Whether the comment at `range` is a `// …` comment.
    func isLineComment(_ range: Range<Int>) -> Bool {
        range.count >= 2 && layout.text[range.lowerBound + 1] == UInt8(ascii: "/")
    }

    // MARK: - Changes

    private func changeValue(of index: Int, to value: String, from old: String, in splice: inout ByteSplice) {
        let statement = layout.statements[index]
        if let range = statement.valueRange {
            splice.replace(
                range,
                with: keepingEscapes(of: statement, from: old, to: value) ?? token(value, like: range))
        } else {
            // `key;` stood for key = key: the value is written after the key.
            splice.insert(Array(" = ".utf8) + token(value, like: statement.keyRange), at: statement.keyRange.upperBound)
        }
    }

    /// The value's new token, keeping the old token's text where the value's start and end are unchanged.
    ///
    /// Its escapes (`\U00e9`, `\'`) stay there; only the middle that changed is escaped afresh by the writer.
    /// `nil` when the token is not quoted, or the result would not read back as `value`.
    private func keepingEscapes(of statement: StringsSyntax.Statement, from old: String, to value: String) -> [UInt8]? {
        guard let range = statement.valueRange, let mark = quote(of: range), range.count >= 2 else { return nil }
        let text = layout.text
        let oldBytes = Array(old.utf8)
        let newBytes = Array(value.utf8)
        // The token's units: each literal character and each escape, with the bytes it stands for.
        var units: [(source: Range<Int>, decoded: Range<Int>)] = []
        var position = range.lowerBound + 1
        var decoded = 0
        func literals(upTo end: Int) {
            while position < end {
                let length = min(StringsLexer.sequenceLength(lead: text[position]), end - position)
                units.append((position..<(position + length), decoded..<(decoded + length)))
                position += length
                decoded += length
            }
        }
        for escape in statement.valueEscapes {
            guard escape.source.lowerBound >= position,
                escape.decoded.lowerBound == decoded + escape.source.lowerBound - position
            else { return nil }
            literals(upTo: escape.source.lowerBound)
            units.append((escape.source, escape.decoded))
            position = escape.source.upperBound
            decoded = escape.decoded.upperBound
        }
        literals(upTo: range.upperBound - 1)
        guard decoded == oldBytes.count else { return nil }
        var prefix = 0
        while prefix < units.count, units[prefix].decoded.upperBound <= newBytes.count,
            oldBytes[units[prefix].decoded].elementsEqual(newBytes[units[prefix].decoded])
        {
            prefix += 1
        }
        let kept = prefix > 0 ? units[prefix - 1].decoded.upperBound : 0
        var suffix = 0
        while suffix < units.count - prefix {
            let unit = units[units.count - 1 - suffix]
            let shift = newBytes.count - oldBytes.count
            let lower = unit.decoded.lowerBound + shift
            guard lower >= kept,
                oldBytes[unit.decoded].elementsEqual(newBytes[lower..<(unit.decoded.upperBound + shift)])
            else { break }
            suffix += 1
        }
        guard prefix + suffix > 0 else { return nil }
        let tail =
            suffix > 0
            ? units[units.count - suffix].decoded.lowerBound + newBytes.count - oldBytes.count : newBytes.count
        var middle: [UInt8] = []
        writer.appendQuoted(String(decoding: newBytes[kept..<tail], as: UTF8.self), quote: mark, to: &middle)
        var token: [UInt8] = [mark]
        if prefix > 0 { token += text[(range.lowerBound + 1)..<units[prefix - 1].source.upperBound] }
        token += middle.dropFirst().dropLast()
        if suffix > 0 { token += text[units[units.count - suffix].source.lowerBound..<(range.upperBound - 1)] }
        token.append(mark)
        // The kept escapes must read the same next to the new text (`\12` then `3` would be `\123`).
        var lexer = StringsLexer(bytes: token, path: path)
        guard let (read, _) = try? lexer.next(), case .string(let string) = read, Array(string.utf8) == newBytes,
            lexer.offset == token.count
        else { return nil }
        return token
    }

    private mutating func changeComment(
        of index: Int, to comment: String?, key: String, in splice: inout ByteSplice, diagnostics: inout Diagnostics
    ) {
        let statement = layout.statements[index]
        let attached = layout.attachedComments(of: index)
        let lineStyle = attached.last.map(isLineComment) ?? false
        var text: [UInt8] = []
        if let comment {
            text = commentText(
                comment, key: key, lineStyle: lineStyle, at: attached.last?.lowerBound ?? statement.keyRange.lowerBound,
                diagnostics: &diagnostics)
        }
        if let last = attached.last {
            if !text.isEmpty {
                splice.replace(last, with: text)
                return
            }
            // The comment goes with its line; an earlier attached comment (or one after a blank line) is then the
            // one the reader gives the key, and stays.
            let floor = layout.floor(of: index)
            let start = layout.lineStart(before: last.lowerBound, floor: floor)
            let end = layout.lineEnd(after: last.upperBound)
            if let start, let end { splice.remove(start..<end) } else { splice.remove(last) }
            if attached.count > 1 || statement.comments.contains(where: { $0.upperBound <= last.lowerBound }) {
                keptComments.insert(Array(key.utf8))
            }
            return
        }
        guard !text.isEmpty else {
            // The comment the reader gives the key is not attached to it (a blank line between): it stays.
            keptComments.insert(Array(key.utf8))
            return
        }
        let keyStart = statement.keyRange.lowerBound
        if let lineStart = layout.lineStart(before: keyStart, floor: layout.floor(of: index)) {
            let indentation = layout.text[lineStart..<keyStart]
            splice.insert(indentation + text + layout.lineBreak(near: statement.end), at: lineStart)
        } else {
            splice.insert(text + [0x20], at: keyStart)
        }
    }

    /// New entries after the statement at `index`: where they go and their text.
    private func newEntries(_ items: [Wanted], after index: Int, diagnostics: inout Diagnostics) -> (Int, [UInt8]) {
        let statement = layout.statements[index]
        let lineBreak = layout.lineBreak(near: statement.end)
        let separated =
            index > 0
            ? layout.followsBlankLine(index)
            : (layout.statements.count > 1 ? layout.followsBlankLine(1) : true)
        let indentation = layout.indentation(of: index)
        let lineStyle = layout.attachedComments(of: index).last.map(isLineComment) ?? false
        var text: [UInt8] = []
        let offset: Int
        if let end = layout.lineEnd(after: statement.end) {
            offset = end
        } else {
            // More on the line, or the end of the file without a line break: the entries start a new line there.
            offset = statement.end
            text += lineBreak
        }
        for (number, item) in items.enumerated() {
            if separated { text += lineBreak }
            text += indentation
            if let comment = item.comment {
                let line = commentText(
                    comment, key: item.key, lineStyle: lineStyle, at: offset, diagnostics: &diagnostics)
                if !line.isEmpty { text += line + lineBreak + indentation }
            }
            text += statementText(item, like: index)
            if layout.lineEnd(after: statement.end) != nil || number < items.count - 1 { text += lineBreak }
        }
        return (offset, text)
    }

    /// A new statement for `item` in the style of the statement at `index`.
    private func statementText(_ item: Wanted, like index: Int) -> [UInt8] {
        let model = layout.statements[index]
        let text = layout.text
        var equals = Array(" = ".utf8)
        var beforeSemicolon: [UInt8] = []
        if let value = model.valueRange {
            let between = text[model.keyRange.upperBound..<value.lowerBound]
            if between.allSatisfy({ StringsLayout.isHorizontalSpace($0) || $0 == UInt8(ascii: "=") }) {
                equals = Array(between)
            }
            if model.end > value.upperBound, text[model.end - 1] == UInt8(ascii: ";") {
                let gap = text[value.upperBound..<(model.end - 1)]
                if gap.allSatisfy(StringsLayout.isHorizontalSpace) { beforeSemicolon = Array(gap) }
            }
        }
        return token(item.key, like: model.keyRange) + equals + token(item.value, like: model.valueRange)
            + beforeSemicolon + [UInt8(ascii: ";")]
    }

    /// Where entries go in a file with no entry to follow: before the closing `}`, else at the end.
    private func endOfContent() -> Int {
        if let brace = layout.syntax.closingBrace {
            return layout.lineStart(before: brace, floor: 0) ?? brace
        }
        return layout.text.count
    }

    /// New entries for a file without a kept entry (only comments, or every entry removed).
    private func newEntriesAtEnd(_ items: [Wanted], diagnostics: inout Diagnostics) -> [UInt8] {
        let lineBreak = layout.lineBreak(near: 0)
        let offset = endOfContent()
        var text: [UInt8] = []
        if offset > 0, !StringsLayout.isLineBreak(layout.text[offset - 1]) { text += lineBreak }
        for item in items {
            if offset > 0 || !text.isEmpty { text += lineBreak }
            if let comment = item.comment {
                let line = commentText(comment, key: item.key, lineStyle: false, at: offset, diagnostics: &diagnostics)
                if !line.isEmpty { text += line + lineBreak }
            }
            text += token(item.key, like: nil) + Array(" = ".utf8) + token(item.value, like: nil) + [UInt8(ascii: ";")]
            text += lineBreak
        }
        return text
    }

    // MARK: - Checking the result

    /// How the edited text, read back, differs from `wanted` (nothing when it holds exactly those values, and
    /// those comments but the ones the file keeps: a comment the table drops that is not the key's own, a
    /// file header or section title above it after a blank line, stays).
    func difference(reading edited: [UInt8], from wanted: [Wanted]) -> String? {
        var parser = StringsParser(text: edited, path: path)
        parser.buildsSyntax = true
        var ignored = Diagnostics()
        guard let read = try? parser.parse(diagnostics: &ignored) else { return "the edited text does not read back" }
        let layout = StringsLayout(text: edited, syntax: parser.syntax)
        var last: [[UInt8]: Int] = [:]
        for (index, statement) in layout.statements.enumerated() { last[Array(statement.key.utf8)] = index }
        guard read.entries.count == wanted.count else {
            return "it reads back with \(read.entries.count) keys, not \(wanted.count)"
        }
        for item in wanted {
            guard let entry = read.entries[item.key] else { return "key \(quoted(item.key)) is missing" }
            guard entry.value == item.value else { return "the value of key \(quoted(item.key)) differs" }
            let comment = item.comment ?? ""
            // The writer changes some comments (NUL bytes, `*/` with a line break) with a warning of its own.
            if keptComments.contains(Array(item.key.utf8)) || comment.utf8.contains(0) || comment.contains("*/") {
                continue
            }
            if (entry.comment ?? "") == comment || StringsWriter.trimmedAsRead(comment) == (entry.comment ?? "") {
                continue
            }
            if comment.isEmpty, let index = last[Array(item.key.utf8)], layout.attachedComments(of: index).isEmpty {
                continue
            }
            return "the comment of key \(quoted(item.key)) differs"
        }
        return nil
    }
}
