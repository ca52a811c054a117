import LocalizationCatalog
import PropertyListSupport

/// A text `.strings` file cut into its entries' blocks and the text between them, for `merge`, which merges the
/// text outside entries (a file header, section comments, blank lines) three-way by the entry it precedes
/// (docs/merge.md, "Text outside entries").
package struct StringsSegments: Sendable {
    /// One statement's block.
    package struct Entry: Sendable {
        /// The key, escapes resolved.
        package var key: String
        /// The block in ``text``: from the start of the line of its attached comments (those directly above the
        /// key, no blank line between; else of its key) to the end of its line, line break included, when only
        /// whitespace follows the statement there (else to the end of the statement).
        package var block: Range<Int>
        /// Whether the statement has attached comments: the comment the reader gives the key is then the entry's
        /// own; without, that comment (a file header, a section title after a blank line) is outside the entry.
        package var hasAttachedComment: Bool
    }

    /// The decoded text (UTF-8, without a byte-order mark).
    package var text: [UInt8]
    /// The statements in file order, repeated keys included.
    package var entries: [Entry]
    /// The file's first line break (LF when it has none).
    package var lineBreak: [UInt8]
    /// The file's encoding.
    let encoding: TextEncoding

    /// The segments of `file`; `nil` for a property list named `.strings` (XML or binary), or a file that does not
    /// read.
    package static func read(_ file: SourceFile) -> StringsSegments? {
        let bytes = file.bytes
        guard !PropertyListReader.isBinary(bytes), let decoded = try? StringsText.decode(bytes, path: file.path),
            !StringsReader.startsWithMarkup(decoded.utf8)
        else { return nil }
        var parser = StringsParser(text: decoded.utf8, path: file.path)
        parser.buildsSyntax = true
        var ignored = Diagnostics()
        guard (try? parser.parse(diagnostics: &ignored)) != nil else { return nil }
        let layout = StringsLayout(text: decoded.utf8, syntax: parser.syntax)
        var entries: [Entry] = []
        entries.reserveCapacity(layout.statements.count)
        var floor = 0
        for (index, statement) in layout.statements.enumerated() {
            let start = layout.blockStart(of: index)
            let end = layout.lineEnd(after: statement.end) ?? statement.end
            guard start >= floor, end >= start else { return nil }
            entries.append(
                Entry(
                    key: statement.key, block: start..<end,
                    hasAttachedComment: !layout.attachedComments(of: index).isEmpty))
            floor = end
        }
        return StringsSegments(
            text: decoded.utf8, entries: entries, lineBreak: layout.firstLineBreak, encoding: decoded.encoding)
    }

    /// `utf8` in the file's encoding, with its byte-order mark.
    package func encoded(_ utf8: [UInt8]) -> [UInt8] {
        StringsWriter.encoded(utf8, as: encoding)
    }
}
