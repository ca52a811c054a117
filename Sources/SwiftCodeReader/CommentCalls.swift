import CodeExtraction
import LocalizationCatalog
import SwiftSyntax

/// Calls of `NSLocalizedString` and of the `LOCALIZED_STRING_MACRO_NAMES` names written inside comments.
///
/// Xcode extracts them from Swift as genstrings always has (genstrings does not parse Swift and reads comments as
/// code): a key of a commented-out `MFLocalizedString("…", comment: "…")` stays extracted in the catalog of
/// mac-mouse-fix (the team's extraction notes, §H.24). The compiler's own extraction (by type) never sees comments,
/// so these are the only strings taken from them. Each comment of the file is read by ``GenstringsSwiftReader``
/// with the rest of the file blanked out, scalar by scalar, so that lines and columns stay those of the file; one
/// pass over the tokens and one over the text: linear in the file.
enum CommentCalls {
    static func strings(in tree: SourceFileSyntax, file: CodeFile, macroNames: Set<String>) -> [ExtractedString] {
        let names = macroNames.union(["NSLocalizedString"])
        let utf8 = Array(file.text.utf8)
        // Most files name no such function at all: no walk over their tokens then.
        let nameBytes = names.map { Array($0.utf8) }
        guard nameBytes.contains(where: { Self.contains($0, in: utf8[...]) }) else { return [] }
        var comments: [Range<Int>] = []
        func collect(_ trivia: Trivia, from start: Int) {
            var offset = start
            for piece in trivia {
                let length = piece.sourceLength.utf8Length
                if piece.isComment { comments.append(offset..<(offset + length)) }
                offset += length
            }
        }
        for token in tree.tokens(viewMode: .sourceAccurate) {
            collect(token.leadingTrivia, from: token.position.utf8Offset)
            collect(token.trailingTrivia, from: token.endPositionBeforeTrailingTrivia.utf8Offset)
        }
        // Most comments name no such function: nothing to read then.
        let named = comments.filter { range in nameBytes.contains { Self.contains($0, in: utf8[range]) } }
        guard !named.isEmpty else { return [] }
        var blanked = String.UnicodeScalarView()
        var offset = 0
        var next = 0  // the first comment not yet passed
        for scalar in file.text.unicodeScalars {
            while next < named.count, named[next].upperBound <= offset { next += 1 }
            let inComment = next < named.count && named[next].contains(offset)
            blanked.append(inComment || scalar == "\n" || scalar == "\r" ? scalar : " ")
            offset += scalar.utf8.count
        }
        let found = GenstringsSwiftReader.strings(
            in: CodeFile(path: file.path, text: String(blanked)), names: names, readsTextLiterals: false)
        // genstrings' numbered value of a key with several arguments is derived by sync, not given by the code.
        return found.map { string in
            var string = string
            if string.value != nil, string.value == PositionalSpecifiers.numbered(string.key) { string.value = nil }
            return string
        }
    }

    /// Whether `needle` occurs in `haystack` (short needles: the names of a few functions).
    private static func contains(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Bool {
        guard let first = needle.first, needle.count <= haystack.count else { return false }
        var index = haystack.startIndex
        let last = haystack.endIndex - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}

extension Array where Element == ExtractedString {
    /// `self` (in source order) with `others` (in source order) merged in by place.
    func merged(byPlace others: [ExtractedString]) -> [ExtractedString] {
        guard !others.isEmpty else { return self }
        var result: [ExtractedString] = []
        result.reserveCapacity(count + others.count)
        var index = startIndex
        for other in others {
            while index < endIndex,
                (self[index].location.line, self[index].location.column) <= (other.location.line, other.location.column)
            {
                result.append(self[index])
                index += 1
            }
            result.append(other)
        }
        result += self[index...]
        return result
    }
}
