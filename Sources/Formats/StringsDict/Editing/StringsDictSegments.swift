import LocalizationCatalog
import PropertyListSupport

/// An XML `.stringsdict` file cut into its entries' blocks and the text between them (the XML declaration, the
/// root's tags, comments, blank lines), for `merge`, which merges that text three-way by the entry it precedes
/// (docs/merge.md, "Text outside entries").
package struct StringsDictSegments: Sendable {
    /// One top-level member's block.
    package struct Entry: Sendable {
        /// The key.
        package var key: String
        /// The member's whole lines in ``text``: from the start of its `<key>`'s line (when only indentation
        /// precedes it) to the end of its value's line (when only whitespace follows it).
        package var block: Range<Int>
    }

    /// The file's bytes.
    package var text: [UInt8]
    /// The members in file order.
    package var entries: [Entry]
    /// The file's line break.
    package var lineBreak: [UInt8]

    /// The segments of `file`; `nil` for a binary property list, a file that does not read, or one whose layout
    /// the editor does not follow (a repeated key, something after the root dictionary).
    package static func read(_ file: SourceFile) -> StringsDictSegments? {
        let bytes = file.bytes
        var ignored = Diagnostics()
        guard !PropertyListReader.isBinary(bytes),
            let root = try? PropertyListReader.read(
                bytes, path: file.path, dialect: .stringsdict, diagnostics: &ignored),
            case .dictionary(let members) = root.value,
            let layout = StringsDictLayout(bytes: bytes, members: members)
        else { return nil }
        var entries: [Entry] = []
        var floor = 0
        for (index, key) in layout.members.enumerated() {
            let block = layout.block(index)
            guard block.lowerBound >= floor else { return nil }
            entries.append(Entry(key: key, block: block))
            floor = block.upperBound
        }
        return StringsDictSegments(text: bytes, entries: entries, lineBreak: layout.lineBreak)
    }
}
