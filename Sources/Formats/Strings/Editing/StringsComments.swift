import LocalizationCatalog
import PropertyListSupport

/// Every comment of a `.strings` file, with the key it stands before: not only the one the reader gives a key
/// (the last before it), but also the others (several in a row, a file header, comments after the last entry),
/// so that a round trip can tell which of them a rewrite lost.
package enum StringsComments {
    /// One comment: its text without delimiters and surrounding whitespace, and the key of the statement it
    /// precedes (`nil` after the last entry).
    package struct Comment: Sendable, Equatable {
        package var key: String?
        package var text: String
    }

    /// The comments of `file`, in order; none for a property list named `.strings`.
    /// - Throws: ``ConversionError`` when the file cannot be read.
    package static func all(in file: SourceFile) throws(ConversionError) -> [Comment] {
        let bytes = file.bytes
        guard !PropertyListReader.isBinary(bytes) else { return [] }
        let text = try StringsText.decode(bytes, path: file.path)
        guard !StringsReader.startsWithMarkup(text.utf8) else { return [] }
        var parser = StringsParser(text: text.utf8, path: file.path)
        parser.buildsSyntax = true
        var ignored = Diagnostics()
        _ = try parser.parse(diagnostics: &ignored)
        var comments: [Comment] = []
        func add(_ range: Range<Int>, key: String?) {
            var body = text.utf8[range]
            body = body.dropFirst(2)
            if text.utf8[range.lowerBound + 1] == UInt8(ascii: "*") { body = body.dropLast(2) }
            let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
            let trimmed = body.drop(while: isSpace).reversed().drop(while: isSpace).reversed()
            guard !trimmed.isEmpty else { return }
            comments.append(Comment(key: key, text: String(decoding: trimmed, as: UTF8.self)))
        }
        for statement in parser.syntax.statements {
            for range in statement.comments { add(range, key: statement.key) }
        }
        for range in parser.syntax.trailingComments { add(range, key: nil) }
        return comments
    }
}
