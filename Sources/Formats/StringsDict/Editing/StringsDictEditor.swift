import LocalizationCatalog
import PropertyListSupport
import StringBridgeSupport

/// Writes a table over an existing XML `.stringsdict` file by changing only the entries that differ
/// (``CatalogEditor``).
///
/// The top-level members of the root dictionary are spliced by their byte ranges (from the `<key>` the reader
/// placed to the end of its value): an entry the table leaves alone keeps its bytes, with the XML declaration,
/// comments, indentation and line endings around it. A changed entry is rendered as ``StringsDictWriter`` renders
/// it (``FormatRuleEncoder``) in place of the old one; a new one goes after the entry that precedes it in the
/// table (else before the closing `</dict>`); a removed one goes with its lines.
///
/// A binary `.stringsdict` is written whole, with a note; so is a file whose layout the editor cannot follow (a
/// repeated key, something after the root dictionary), and, with a warning, an edit that would not read back
/// as the table.
public struct StringsDictEditor: CatalogEditor {
    /// Creates an editor.
    public init() {}

    /// The bytes of `original` changed to hold `table` in one language (`options.languages`, else the table's
    /// only one).
    /// - Throws: ``ConversionError`` when the table cannot be written at all.
    public func edit(
        _ original: SourceFile, toMatch table: StringTable, options: WriteOptions, diagnostics: inout Diagnostics
    ) throws -> OutputFile {
        let language = options.languages?.first ?? table.languages.first ?? table.sourceLanguage
        let relativePath = "\(language).lproj/\(table.name).stringsdict"
        let writer = StringsDictWriter()
        func whole(_ reason: String, severity: Diagnostic.Severity = .note) -> OutputFile {
            diagnostics.append(Diagnostic(severity, reason, path: original.path))
            return OutputFile(
                relativePath: relativePath, bytes: writer.encode(table, language: language, diagnostics: &diagnostics))
        }
        let bytes = original.bytes
        if PropertyListReader.isBinary(bytes) {
            return whole("a binary property list is not edited in place; the file is written whole")
        }
        var ignored = Diagnostics()
        let readOptions = ReadOptions(language: language)
        guard let before = try? StringsDictReader().read(original, options: readOptions, diagnostics: &ignored),
            let root = try? PropertyListReader.read(
                bytes, path: original.path, dialect: .stringsdict, diagnostics: &ignored),
            case .dictionary(let members) = root.value
        else {
            return whole(
                "the file cannot be read, so it is not edited in place; it is written whole", severity: .warning)
        }
        guard let layout = StringsDictLayout(bytes: bytes, members: members) else {
            return whole("the file's layout is not one the editor follows; the file is written whole")
        }
        var splice = ByteSplice()
        var wantedKeys = Set<[UInt8]>()
        var anchor: Int?
        var insertions: [Int: [[UInt8]]] = [:]
        var atEnd: [[UInt8]] = []
        for (key, entry) in table.entries {
            guard let localization = entry.localizations?[language] else { continue }
            var single = StringTable(name: table.name, sourceLanguage: table.sourceLanguage)
            single.version = table.version
            single.entries[key] = entry
            guard let rendered = layout.member(of: writer.encode(single, language: language, diagnostics: &diagnostics))
            else { continue }
            let text = layout.inFileStyle(rendered)
            wantedKeys.insert(Array(key.utf8))
            if let index = layout.index(ofKey: key) {
                anchor = index
                if before.entries[key]?.localizations?[language] != localization {
                    splice.replace(layout.block(index), with: text)
                }
            } else if let anchor {
                insertions[anchor, default: []].append(text)
            } else {
                atEnd.append(text)
            }
        }
        if !atEnd.isEmpty {
            if let last = layout.members.indices.last(where: { wantedKeys.contains(Array(layout.members[$0].utf8)) }) {
                insertions[last, default: []].insert(contentsOf: atEnd, at: 0)
            } else {
                splice.insert(atEnd.flatMap { $0 }, at: layout.closingLineStart)
            }
        }
        for (index, texts) in insertions { splice.insert(texts.flatMap { $0 }, at: layout.block(index).upperBound) }
        for (index, key) in layout.members.enumerated() where !wantedKeys.contains(Array(key.utf8)) {
            splice.remove(layout.block(index))
        }
        guard let edited = splice.isEmpty ? bytes : splice.applied(to: bytes) else {
            return whole("the edits overlap; the file is written whole", severity: .warning)
        }
        guard
            let after = try? StringsDictReader().read(
                SourceFile(path: original.path, bytes: edited), options: readOptions, diagnostics: &ignored),
            Self.sameLocalizations(after, as: table, keys: wantedKeys, language: language)
        else {
            return whole("the file cannot be edited in place; it is written whole", severity: .warning)
        }
        return OutputFile(relativePath: relativePath, bytes: edited)
    }

    /// Whether `read` holds exactly the localizations of `table` for `keys` in `language`.
    static func sameLocalizations(_ read: StringTable, as table: StringTable, keys: Set<[UInt8]>, language: String)
        -> Bool
    {
        guard read.entries.count == keys.count else { return false }
        for (key, entry) in read.entries {
            guard keys.contains(Array(key.utf8)),
                entry.localizations?[language] == table.entries[key]?.localizations?[language]
            else { return false }
        }
        return true
    }

}

/// The top-level members of an XML `.stringsdict` file with their byte ranges.
struct StringsDictLayout {
    let bytes: [UInt8]
    /// The members' keys, in file order.
    let members: [String]
    /// Where each member's `<key>` starts.
    let starts: [Int]
    /// Where each member's value ends.
    let ends: [Int]
    /// Where the line of the root's closing `</dict>` starts (or the tag itself, if more precedes it there).
    let closingLineStart: Int
    /// The file's line break.
    let lineBreak: [UInt8]
    /// One level of the file's indentation (the first member's), TAB when it has none.
    let indentation: [UInt8]
    private let positions: [[UInt8]: Int]

    /// The layout of `bytes` whose root dictionary has `members`; `nil` when it cannot be followed: a repeated
    /// key, members out of order, or anything but `</dict>` and `</plist>` at the end.
    init?(bytes: [UInt8], members: [PropertyListNode.Member]) {
        self.bytes = bytes
        // One forward sweep over the text for all members (their positions must increase): linear in the file.
        var (line, column, cursor) = (1, 1, 0)
        func offset(_ position: TextPosition) -> Int? {
            guard position.line > line || (position.line == line && position.column >= column) else { return nil }
            while cursor < bytes.count, position.line > line {
                if bytes[cursor] == 0x0A {
                    line += 1
                    column = 1
                } else if bytes[cursor] & 0xC0 != 0x80 {
                    column += 1
                }
                cursor += 1
            }
            while cursor < bytes.count, column < position.column, bytes[cursor] != 0x0A {
                cursor += 1
                while cursor < bytes.count, bytes[cursor] & 0xC0 == 0x80 { cursor += 1 }
                column += 1
            }
            guard position.line == line, position.column == column else { return nil }
            return cursor
        }
        var starts: [Int] = []
        var positions: [[UInt8]: Int] = [:]
        for member in members {
            guard let start = offset(member.keyLocation), start > (starts.last ?? -1),
                positions.updateValue(starts.count, forKey: Array(member.key.utf8)) == nil
            else { return nil }
            starts.append(start)
        }
        // The end: `</dict>`, `</plist>`, whitespace.
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var end = bytes.count
        func strip(_ tag: String) -> Bool {
            while end > 0, isSpace(bytes[end - 1]) { end -= 1 }
            let tag = Array(tag.utf8)
            guard end >= tag.count, Array(bytes[(end - tag.count)..<end]) == tag else { return false }
            end -= tag.count
            return true
        }
        guard strip("</plist>"), strip("</dict>"), end >= (starts.last ?? 0) else { return nil }
        let closing = end
        var ends: [Int] = []
        let commentOpen = Array("<!--".utf8)
        let commentClose = Array("-->".utf8)
        for index in starts.indices {
            var valueEnd = index + 1 < starts.count ? starts[index + 1] : closing
            // Whitespace and comments after the value belong to no member: they stay where they are.
            while true {
                while valueEnd > starts[index], isSpace(bytes[valueEnd - 1]) { valueEnd -= 1 }
                guard valueEnd - starts[index] > 7, bytes[(valueEnd - 3)..<valueEnd].elementsEqual(commentClose),
                    let open = Self.lastRange(of: commentOpen, in: bytes[starts[index]..<(valueEnd - 3)])
                else { break }
                valueEnd = open.lowerBound
            }
            ends.append(valueEnd)
        }
        var lineStart = closing
        while lineStart > 0, bytes[lineStart - 1] == 0x20 || bytes[lineStart - 1] == 0x09 { lineStart -= 1 }
        self.closingLineStart = lineStart == 0 || bytes[lineStart - 1] == 0x0A ? lineStart : closing
        self.members = members.map(\.key)
        self.starts = starts
        self.ends = ends
        self.positions = positions
        var indentStart = starts.first ?? 0
        while indentStart > 0, bytes[indentStart - 1] == 0x20 || bytes[indentStart - 1] == 0x09 { indentStart -= 1 }
        let indentation = Array(bytes[indentStart..<(starts.first ?? 0)])
        self.indentation =
            indentation.isEmpty || (indentStart > 0 && bytes[indentStart - 1] != 0x0A) ? [0x09] : indentation
        if let feed = bytes.firstIndex(of: 0x0A), feed > 0, bytes[feed - 1] == 0x0D {
            lineBreak = [0x0D, 0x0A]
        } else {
            lineBreak = [0x0A]
        }
    }

    /// Lines the writer wrote (TAB indentation, LF) in the file's indentation and line break.
    func inFileStyle(_ written: [UInt8]) -> [UInt8] {
        guard indentation != [0x09] || lineBreak != [0x0A] else { return written }
        var result: [UInt8] = []
        result.reserveCapacity(written.count * 2)
        var atLineStart = true
        for byte in written {
            if atLineStart, byte == 0x09 {
                result += indentation
                continue
            }
            atLineStart = byte == 0x0A
            if byte == 0x0A { result += lineBreak } else { result.append(byte) }
        }
        return result
    }

    func index(ofKey key: String) -> Int? {
        positions[Array(key.utf8)]
    }

    /// A member's whole lines: from the start of its `<key>`'s line (when only indentation precedes it) to the
    /// end of its value's line (when only whitespace follows it).
    func block(_ index: Int) -> Range<Int> {
        var start = starts[index]
        while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        if start > 0, bytes[start - 1] != 0x0A { start = starts[index] }
        var end = ends[index]
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 || bytes[end] == 0x0D { end += 1 }
        if end < bytes.count, bytes[end] == 0x0A { end += 1 } else { end = ends[index] }
        return start..<end
    }

    /// The lines of the one member of a file ``StringsDictWriter`` wrote for one entry; `nil` when it has none
    /// (the entry was left out, with the writer's warning).
    func member(of written: [UInt8]) -> [UInt8]? {
        let opening = Array("<plist version=\"1.0\">\n<dict>\n".utf8)
        let closing = Array("</dict>\n</plist>\n".utf8)
        guard let start = Self.firstRange(of: opening, in: written)?.upperBound,
            written.count - closing.count > start, Array(written.suffix(closing.count)) == closing
        else { return nil }
        return Array(written[start..<(written.count - closing.count)])
    }

    /// The last place of `needle` in `haystack` (a slice: offsets are the base array's).
    static func lastRange(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Range<Int>? {
        guard haystack.count >= needle.count else { return nil }
        var start = haystack.endIndex - needle.count
        while start >= haystack.startIndex {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return start..<(start + needle.count) }
            start -= 1
        }
        return nil
    }

    static func firstRange(of needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start] == needle[0] && Array(haystack[start..<(start + needle.count)]) == needle {
            return start..<(start + needle.count)
        }
        return nil
    }
}
