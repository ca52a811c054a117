import LocalizationCatalog

/// The statements of a `.strings` text as ``StringsParser`` read them, with their byte ranges in the decoded UTF-8
/// text, and the layout questions an editor asks about them (where a line starts, which comment belongs to a key,
/// where an entry's block ends).
///
/// It is built by the parser (``StringsParser/buildsSyntax``), never by scanning the text again: only whitespace
/// between the ranges the parser gave is looked at.
struct StringsSyntax {
    /// One `key = value;` (or `key;`) statement.
    struct Statement {
        /// The key, escapes resolved.
        var key: String
        /// The key's token, with its quotes.
        var keyRange: Range<Int>
        /// The value's token, with its quotes; `nil` for `key;` (the value is the key).
        var valueRange: Range<Int>?
        /// The escapes in the value's token, in order.
        var valueEscapes: [StringsEscape] = []
        /// Where the statement ends: after its `;`, or after its value when the `;` was missing at the end of a line.
        var end: Int
        /// The comments read after the previous key, with their delimiters, in order (some may lie inside the
        /// previous statement).
        var comments: [Range<Int>]
    }

    /// The statements in file order, repeated keys included.
    var statements: [Statement] = []
    /// Where the closing `}` of a file in braces is.
    var closingBrace: Int?
    /// The comments after the last statement, with their delimiters.
    var trailingComments: [Range<Int>] = []
}

/// One escape of a quoted string as the lexer resolved it: its bytes in the text (from the backslash) and the
/// bytes it stands for in the string (offsets from the string's start).
struct StringsEscape: Equatable {
    var source: Range<Int>
    var decoded: Range<Int>
}

/// A `.strings` text with its statements: the layout an editor keeps.
struct StringsLayout {
    let text: [UInt8]
    let syntax: StringsSyntax
    /// The file's first line break (LF when it has none).
    let firstLineBreak: [UInt8]

    init(text: [UInt8], syntax: StringsSyntax) {
        self.text = text
        self.syntax = syntax
        if let first = text.firstIndex(where: Self.isLineBreak) {
            firstLineBreak = Self.lineBreak(at: first, in: text)
        } else {
            firstLineBreak = [0x0A]
        }
    }

    /// The line break that starts at `index`: CR LF, CR or LF.
    static func lineBreak(at index: Int, in text: [UInt8]) -> [UInt8] {
        guard text[index] == 0x0D else { return [0x0A] }
        return index + 1 < text.count && text[index + 1] == 0x0A ? [0x0D, 0x0A] : [0x0D]
    }

    var statements: [StringsSyntax.Statement] { syntax.statements }

    /// Space, TAB, VT or FF: whitespace that does not end a line.
    static func isHorizontalSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C
    }

    static func isLineBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }

    /// Where the statement before `index` ends (0 for the first), so that nothing of it is taken for this one.
    func floor(of index: Int) -> Int {
        index > 0 ? statements[index - 1].end : 0
    }

    /// The start of the line `offset` is on, when only horizontal space lies between it and `offset` and it is
    /// not before `floor`; else `nil`.
    func lineStart(before offset: Int, floor: Int) -> Int? {
        var start = offset
        while start > 0, Self.isHorizontalSpace(text[start - 1]) { start -= 1 }
        guard start >= floor, start == 0 || Self.isLineBreak(text[start - 1]) else { return nil }
        return start
    }

    /// The offset after the line break that ends the line at `offset`, when only horizontal space lies between;
    /// else `nil` (more text on the line, or the end of the file without a line break).
    func lineEnd(after offset: Int) -> Int? {
        var end = offset
        while end < text.count, Self.isHorizontalSpace(text[end]) { end += 1 }
        guard end < text.count, Self.isLineBreak(text[end]) else { return nil }
        if text[end] == 0x0D, end + 1 < text.count, text[end + 1] == 0x0A { return end + 2 }
        return end + 1
    }

    /// The start of the blank line that ends at the line start `offset`, if the line before it is blank and
    /// starts at or after `floor`.
    func blankLine(endingAt offset: Int, floor: Int) -> Int? {
        guard offset > 0, offset > floor, Self.isLineBreak(text[offset - 1]) else { return nil }
        var start = offset - 1
        if text[start] == 0x0A, start > 0, text[start - 1] == 0x0D { start -= 1 }
        while start > 0, Self.isHorizontalSpace(text[start - 1]) { start -= 1 }
        guard start >= floor, start == 0 || Self.isLineBreak(text[start - 1]) else { return nil }
        return start
    }

    /// The end of the blank line that starts at the line start `offset`, if that line is blank.
    func blankLine(startingAt offset: Int) -> Int? {
        guard offset < text.count else { return nil }
        return lineEnd(after: offset)
    }

    /// Whether `range` holds only whitespace with at most one line break: a comment there is attached to what
    /// follows.
    func isAttachingGap(_ range: Range<Int>) -> Bool {
        var breaks = 0
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = text[index]
            if Self.isLineBreak(byte) {
                breaks += 1
                if byte == 0x0D, index + 1 < range.upperBound, text[index + 1] == 0x0A { index += 1 }
            } else if !Self.isHorizontalSpace(byte) {
                return false
            }
            index += 1
        }
        return breaks <= 1
    }

    /// The comments directly above (or before) the statement's key, with no blank line between them and the key.
    ///
    /// They are the key's own; the last of them is the one the reader gives it. A comment after a blank line (a
    /// file header, a section title) is not attached.
    func attachedComments(of index: Int) -> [Range<Int>] {
        let statement = statements[index]
        let floor = floor(of: index)
        var start = statement.keyRange.lowerBound
        var attached: [Range<Int>] = []
        for range in statement.comments.reversed() {
            guard range.lowerBound >= floor, isAttachingGap(range.upperBound..<start) else { break }
            attached.append(range)
            start = range.lowerBound
        }
        return attached.reversed()
    }

    /// Where the statement's block starts: its attached comments, else its key, at the start of its line when
    /// only horizontal space precedes it there.
    func blockStart(of index: Int) -> Int {
        let start = attachedComments(of: index).first?.lowerBound ?? statements[index].keyRange.lowerBound
        return lineStart(before: start, floor: floor(of: index)) ?? start
    }

    /// The indentation of the statement's line (its block's first line): the horizontal space before the block.
    func indentation(of index: Int) -> ArraySlice<UInt8> {
        let start = attachedComments(of: index).first?.lowerBound ?? statements[index].keyRange.lowerBound
        guard let lineStart = lineStart(before: start, floor: floor(of: index)) else { return [] }
        return text[lineStart..<start]
    }

    /// Whether a blank line separates the statement's block from the line above it.
    func followsBlankLine(_ index: Int) -> Bool {
        let start = blockStart(of: index)
        return blankLine(endingAt: start, floor: floor(of: index)) != nil
    }

    /// The range an entry's removal takes: its attached comments, the statement and the rest of its line, and,
    /// when blank lines lie on both sides of it (entries laid out one per paragraph), the blank lines after it;
    /// the blank lines before it when only the end of the file or the closing `}` follows.
    func removalRange(of index: Int) -> Range<Int> {
        let statement = statements[index]
        let floor = floor(of: index)
        var start = blockStart(of: index)
        guard let lineEnd = lineEnd(after: statement.end), lineStart(before: start, floor: floor) == start else {
            return start..<statement.end
        }
        var end = lineEnd
        var after = end
        while let next = blankLine(startingAt: after) { after = next }
        var before = start
        while let previous = blankLine(endingAt: before, floor: floor) { before = previous }
        if isEndOfContent(after) {
            // The last entry: the blank lines before it go with it, those at the end of the file stay.
            start = before
        } else if after > end, before < start || start == 0 {
            end = after
        }
        return start..<end
    }

    /// Whether only whitespace, then the end of the file or the closing `}`, follows `offset`.
    func isEndOfContent(_ offset: Int) -> Bool {
        var index = offset
        while index < text.count, Self.isHorizontalSpace(text[index]) || Self.isLineBreak(text[index]) { index += 1 }
        return index == text.count || index == syntax.closingBrace
    }

    /// The line break the file uses: the one after `offset`'s line when there is one, else the file's first, else LF.
    func lineBreak(near offset: Int) -> [UInt8] {
        var index = offset
        while index < text.count, Self.isHorizontalSpace(text[index]) { index += 1 }
        if index < text.count, Self.isLineBreak(text[index]) { return Self.lineBreak(at: index, in: text) }
        return firstLineBreak
    }
}
