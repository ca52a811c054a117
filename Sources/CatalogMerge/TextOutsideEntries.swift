import LocalizationCatalog
import StringsDictFormat
import StringsFormat

/// A legacy file (`.strings`, `.stringsdict`) as its entries' blocks and the text between them.
///
/// The text between blocks belongs to no entry: a file header, section comments after a blank line, blank lines,
/// XML comments, the property list's opening tags. The merge merges it three-way (``TextOutsideEntries``,
/// docs/merge.md, "Text outside entries").
struct EntryLayout {
    /// The text the ranges index: UTF-8 (a `.strings` file decoded).
    let text: [UInt8]
    /// The keys in file order.
    let keys: [String]
    /// Each key's block (parallel to ``keys``).
    let blocks: [Range<Int>]
    /// The keys whose comment, as the reader gives it, is the entry's own (a `.strings` comment directly above the
    /// key); `nil` for a format whose entries have no comments.
    let attachedComments: Set<ExactString>?
    /// The file's line break.
    let lineBreak: [UInt8]
    /// The text in the file's encoding.
    let encode: @Sendable ([UInt8]) -> [UInt8]

    /// The layout of `file` in `format`; `nil` for a catalog, a property list named `.strings`, a file that does
    /// not read, and a file that defines a key twice.
    init?(_ file: SourceFile, format: String) {
        switch format {
        case "strings":
            guard let segments = StringsSegments.read(file) else { return nil }
            text = segments.text
            keys = segments.entries.map(\.key)
            blocks = segments.entries.map(\.block)
            attachedComments = Set(segments.entries.filter(\.hasAttachedComment).map { ExactString($0.key) })
            lineBreak = segments.lineBreak
            encode = { segments.encoded($0) }
        case "stringsdict":
            guard let segments = StringsDictSegments.read(file) else { return nil }
            text = segments.text
            keys = segments.entries.map(\.key)
            blocks = segments.entries.map(\.block)
            attachedComments = nil
            lineBreak = segments.lineBreak
            encode = { $0 }
        default:
            return nil
        }
        guard Set(keys.map(ExactString.init)).count == keys.count else { return nil }
    }

    /// The file as the merge of its text sees it: each line of text outside entries (with its line break, in
    /// `lineBreak`; the text before a block on the block's first line is a piece of its own), and each entry's block
    /// as one token, by key.
    func tokens(in lineBreak: [UInt8]) -> [TextToken] {
        var result: [TextToken] = []
        result.reserveCapacity(keys.count * 3)
        func lines(_ slice: ArraySlice<UInt8>) {
            let converted = Self.converting(slice, to: lineBreak)
            var start = 0
            for (index, byte) in converted.enumerated() where byte == lineBreak.last {
                result.append(.text(Array(converted[start...index])))
                start = index + 1
            }
            if start < converted.count { result.append(.text(Array(converted[start...]))) }
        }
        var previous = 0
        for (key, block) in zip(keys, blocks) {
            lines(text[previous..<block.lowerBound])
            result.append(.entry(ExactString(key)))
            previous = block.upperBound
        }
        lines(text[previous...])
        return result
    }

    /// The block of each key.
    var blockOfKey: [ExactString: Range<Int>] {
        var result: [ExactString: Range<Int>] = [:]
        for (key, block) in zip(keys, blocks) { result[ExactString(key)] = block }
        return result
    }

    /// `text` with each line break (CR LF, CR, LF) written as `lineBreak`.
    static func converting(_ text: ArraySlice<UInt8>, to lineBreak: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            if byte == 0x0D || byte == 0x0A {
                result += lineBreak
                if byte == 0x0D, index + 1 < text.endIndex, text[index + 1] == 0x0A { index += 1 }
            } else {
                result.append(byte)
            }
            index += 1
        }
        return result
    }

    /// The keys of a table as the merge compares them: for a `.strings` file, a key's comment is its own only when
    /// it is directly above the key; a comment the reader gives a key across a blank line (a file header, a section
    /// title) is text outside the entry, merged as such, and left out of the table.
    func ownComments(of table: StringTable) -> StringTable {
        guard let attachedComments else { return table }
        var result = table
        for (key, entry) in table.entries where entry.comment != nil && !attachedComments.contains(ExactString(key)) {
            var changed = entry
            changed.comment = nil
            result.entries[key] = changed
        }
        return result
    }
}

/// A line of text outside entries, or an entry's block (compared by key only: entries are merged as tables).
enum TextToken: Hashable {
    case text([UInt8])
    case entry(ExactString)

    /// A line of white space only (a blank line, indentation).
    var isBlank: Bool {
        guard case .text(let bytes) = self else { return false }
        return bytes.allSatisfy { $0 == 0x20 || (0x09...0x0D).contains($0) }
    }

    var isText: Bool {
        if case .text = self { return true }
        return false
    }
}

/// The three-way merge of the text outside entries, over the file the entries' merge wrote.
///
/// Each file is a sequence of tokens (``EntryLayout/tokens(in:)``): lines of text, and entries by key. The
/// sequences are merged as `git merge-file` merges lines (diff3: the stretches where base, ours and theirs agree
/// are kept, and between them each changed stretch is taken from the side that changed it), except that entries
/// are matched by key and never conflict here: which keys the file holds, and what each holds, is the tables'
/// merge. A stretch both sides changed is merged by its text: when only one side changed the text there (blank
/// lines aside: they are layout), that side's stretch; when both inserted there (the base has nothing), theirs
/// then ours, as the tables order keys both added at one place, a leading text both inserted written once; else a
/// conflict, and ours.
struct TextOutsideEntries {
    let base: EntryLayout
    let ours: EntryLayout
    let theirs: EntryLayout

    /// `merged` (our side edited to hold the merged table) with the text outside entries merged three-way;
    /// `nil` when `merged` does not hold exactly the keys of `order`.
    ///
    /// `order` is the merged table's key order: a key the merge of text leaves out but the table keeps (a key one
    /// side deleted and the other changed) goes back after the key before it there. The keys of `theirBlocks`
    /// (keys only their side has, merged as they have them) are written with their side's bytes, as
    /// `git merge-file` takes their lines; the other entries as `merged` has them.
    func merge(into merged: EntryLayout, order: [String], theirBlocks: Set<ExactString> = [])
        -> (bytes: [UInt8], conflicts: [MergeConflict])?
    {
        let blockOfKey = merged.blockOfKey
        guard order.count == merged.keys.count, order.allSatisfy({ blockOfKey[ExactString($0)] != nil }) else {
            return nil
        }
        let lineBreak = merged.lineBreak
        let baseTokens = base.tokens(in: lineBreak)
        let ourTokens = ours.tokens(in: lineBreak)
        let theirTokens = theirs.tokens(in: lineBreak)
        var (tokens, conflicted) = Self.merge3(
            base: baseTokens, ours: ourTokens, theirs: theirTokens,
            oursMatch: Self.matching(baseTokens, ourTokens), theirsMatch: Self.matching(baseTokens, theirTokens))
        tokens = reconciled(tokens, order: order, sides: [theirTokens, ourTokens, baseTokens])

        // The conflicts, each named by the entry that follows it.
        var conflicts: [MergeConflict] = []
        for conflict in conflicted {
            let next = tokens[min(conflict.position, tokens.count)...].lazy.compactMap { token -> String? in
                if case .entry(let key) = token { return key.string }
                return nil
            }.first
            conflicts.append(
                MergeConflict(
                    key: next, language: nil, path: next == nil ? "text after the last entry" : "text above",
                    ours: quoted(conflict.ours, empty: "(deleted)"),
                    theirs: quoted(conflict.theirs, empty: "(deleted)"),
                    base: quoted(conflict.base, empty: "(absent)")))
        }

        let theirBlockOfKey = theirs.blockOfKey
        var output: [UInt8] = []
        output.reserveCapacity(merged.text.count)
        // Whether the last block written ended its line; only the last block of a file can end without its line
        // break (a file without a final one), elsewhere what follows a block on its line is text of its own.
        var previousEndsLine = true
        for token in tokens {
            switch token {
            case .text(let bytes):
                if !previousEndsLine, let first = bytes.first, !isSpace(first) { output += lineBreak }
                output += bytes
                previousEndsLine = true
            case .entry(let key):
                if !previousEndsLine { output += lineBreak }
                if theirBlocks.contains(key), let range = theirBlockOfKey[key] {
                    let block = EntryLayout.converting(theirs.text[range], to: lineBreak)
                    output += block
                    previousEndsLine =
                        range.upperBound != theirs.blocks.last?.upperBound || block.last.map(isLineBreak) ?? true
                } else if let range = blockOfKey[key] {
                    output += merged.text[range]
                    previousEndsLine =
                        range.upperBound != merged.blocks.last?.upperBound || range.isEmpty
                        || isLineBreak(merged.text[range.upperBound - 1])
                }
            }
        }
        // A file without a final line break whose last entry is no longer last: the entry now last ends the file
        // as it did.
        if case .entry = tokens.last, let last = merged.blocks.last, !last.isEmpty,
            !isLineBreak(merged.text[last.upperBound - 1]), output.last.map(isLineBreak) == true
        {
            output.removeLast(output.count >= 2 && output[output.count - 2] == 0x0D && output.last == 0x0A ? 2 : 1)
        }
        return (output, conflicts)
    }

    /// A stretch both sides changed differently: where it is in the merged tokens, and the three sides' text.
    struct TextConflict {
        var position: Int
        var base: [UInt8]
        var ours: [UInt8]
        var theirs: [UInt8]
    }

    /// diff3 of token sequences, given each side's matching with the base (``matching(_:_:)``).
    static func merge3(
        base: [TextToken], ours: [TextToken], theirs: [TextToken], oursMatch: [Int?], theirsMatch: [Int?]
    ) -> (tokens: [TextToken], conflicts: [TextConflict]) {
        var result: [TextToken] = []
        var conflicts: [TextConflict] = []
        var (i, o, t) = (0, 0, 0)
        while i < base.count || o < ours.count || t < theirs.count {
            // The next base token both sides kept.
            var j = i
            var (jo, jt) = (ours.count, theirs.count)
            while j < base.count {
                if let inOurs = oursMatch[j], let inTheirs = theirsMatch[j] {
                    (jo, jt) = (inOurs, inTheirs)
                    break
                }
                j += 1
            }
            if j == i, jo == o, jt == t {
                result.append(base[i])
                (i, o, t) = (i + 1, o + 1, t + 1)
                continue
            }
            resolve(
                base: base[i..<j], ours: ours[o..<jo], theirs: theirs[t..<jt], into: &result, conflicts: &conflicts)
            (i, o, t) = (j, jo, jt)
        }
        return (result, conflicts)
    }

    /// One stretch where the sides differ.
    static func resolve(
        base: ArraySlice<TextToken>, ours: ArraySlice<TextToken>, theirs: ArraySlice<TextToken>,
        into result: inout [TextToken], conflicts: inout [TextConflict]
    ) {
        if ours.elementsEqual(base) {
            result += theirs
            return
        }
        if theirs.elementsEqual(base) || ours.elementsEqual(theirs) {
            result += ours
            return
        }
        let text = { (tokens: ArraySlice<TextToken>) in tokens.filter(\.isText) }
        let (baseText, ourText, theirText) = (text(base), text(ours), text(theirs))
        if theirText == baseText || ourText == theirText {
            result += ours
            return
        }
        if ourText == baseText {
            result += theirs
            return
        }
        // Blank lines are layout: a side that changed only those gives way to the other.
        let said = { (tokens: [TextToken]) in tokens.filter { !$0.isBlank } }
        let (baseSaid, ourSaid, theirSaid) = (said(baseText), said(ourText), said(theirText))
        if theirSaid == baseSaid || ourSaid == theirSaid {
            result += ours
            return
        }
        if ourSaid == baseSaid {
            result += theirs
            return
        }
        if base.isEmpty {
            // Both inserted here: theirs, then ours, without the leading text both inserted (when it says something).
            var shared = 0
            while shared < min(ours.count, theirs.count), ours[ours.startIndex + shared].isText,
                ours[ours.startIndex + shared] == theirs[theirs.startIndex + shared]
            {
                shared += 1
            }
            if !ours.prefix(shared).contains(where: { !$0.isBlank }) { shared = 0 }
            result += theirs
            result += ours.dropFirst(shared)
            return
        }
        let bytes = { (tokens: [TextToken]) -> [UInt8] in
            tokens.flatMap { token -> [UInt8] in
                if case .text(let bytes) = token { return bytes }
                return []
            }
        }
        conflicts.append(
            TextConflict(
                position: result.count, base: bytes(baseText), ours: bytes(ourText), theirs: bytes(theirText)))
        result += ours
    }

    /// For each token of `base`, the token of `side` it is matched with: entries by key (in an order both keep),
    /// and between two matched entries the longest common subsequence of the tokens there.
    static func matching(_ base: [TextToken], _ side: [TextToken]) -> [Int?] {
        var result = [Int?](repeating: nil, count: base.count)
        var positionInSide: [ExactString: Int] = [:]
        for (index, token) in side.enumerated() {
            if case .entry(let key) = token { positionInSide[key] = index }
        }
        var pairs: [(Int, Int)] = []
        for (index, token) in base.enumerated() {
            if case .entry(let key) = token, let other = positionInSide[key] { pairs.append((index, other)) }
        }
        var (start, sideStart) = (0, 0)
        for (index, other) in longestIncreasing(pairs) + [(base.count, side.count)] {
            commonSubsequence(base[start..<index], side[sideStart..<other], into: &result)
            if index < base.count { result[index] = other }
            (start, sideStart) = (index + 1, other + 1)
        }
        return result
    }

    /// The longest run of `pairs` (increasing in their first members) that also increases in their second.
    static func longestIncreasing(_ pairs: [(Int, Int)]) -> [(Int, Int)] {
        var tails: [Int] = []  // index into pairs of the smallest tail of each length
        var previous = [Int](repeating: -1, count: pairs.count)
        for (index, pair) in pairs.enumerated() {
            var (low, high) = (0, tails.count)
            while low < high {
                let middle = (low + high) / 2
                if pairs[tails[middle]].1 < pair.1 { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var result: [(Int, Int)] = []
        var index = tails.last ?? -1
        while index >= 0 {
            result.append(pairs[index])
            index = previous[index]
        }
        return result.reversed()
    }

    /// Matches the longest common subsequence of `base` and `side` (slices of the whole sequences) into `result`;
    /// a stretch too long to compare (over 4 million pairs after the common start and end) matches only those.
    static func commonSubsequence(
        _ base: ArraySlice<TextToken>, _ side: ArraySlice<TextToken>, into result: inout [Int?]
    ) {
        var (a, b) = (base, side)
        while let first = a.first, first == b.first {
            result[a.startIndex] = b.startIndex
            a = a.dropFirst()
            b = b.dropFirst()
        }
        while let last = a.last, last == b.last {
            result[a.endIndex - 1] = b.endIndex - 1
            a = a.dropLast()
            b = b.dropLast()
        }
        guard !a.isEmpty, !b.isEmpty, a.count * b.count <= 4_000_000 else { return }
        let (m, n) = (a.count, b.count)
        var lengths = [Int32](repeating: 0, count: (m + 1) * (n + 1))
        for x in stride(from: m - 1, through: 0, by: -1) {
            for y in stride(from: n - 1, through: 0, by: -1) {
                lengths[x * (n + 1) + y] =
                    a[a.startIndex + x] == b[b.startIndex + y]
                    ? lengths[(x + 1) * (n + 1) + y + 1] + 1
                    : max(lengths[(x + 1) * (n + 1) + y], lengths[x * (n + 1) + y + 1])
            }
        }
        var (x, y) = (0, 0)
        while x < m, y < n {
            if a[a.startIndex + x] == b[b.startIndex + y] {
                result[a.startIndex + x] = b.startIndex + y
                (x, y) = (x + 1, y + 1)
            } else if lengths[(x + 1) * (n + 1) + y] >= lengths[x * (n + 1) + y + 1] {
                x += 1
            } else {
                y += 1
            }
        }
    }

    /// The merged tokens with exactly the entries of `order`: an entry the table left out goes (its text stays),
    /// one it keeps that the text's merge left out goes back after the entry before it in `order` (before the first
    /// entry when none is before it), with the text above it on the first of `sides` that has it, less the lines
    /// of text already there.
    func reconciled(_ tokens: [TextToken], order: [String], sides: [[TextToken]]) -> [TextToken] {
        let wanted = Set(order.map(ExactString.init))
        var seen = Set<ExactString>()
        var kept: [TextToken] = []
        kept.reserveCapacity(tokens.count)
        for token in tokens {
            if case .entry(let key) = token {
                guard wanted.contains(key), seen.insert(key).inserted else { continue }
            }
            kept.append(token)
        }
        guard seen.count < wanted.count else { return kept }
        // The missing keys, grouped by the kept key they follow.
        var groups: [ExactString?: [ExactString]] = [:]
        var anchor: ExactString?
        for key in order.map(ExactString.init) {
            if seen.contains(key) { anchor = key } else { groups[anchor, default: []].append(key) }
        }
        let positions = sides.map { side in
            var result: [ExactString: Int] = [:]
            for (index, token) in side.enumerated() {
                if case .entry(let key) = token { result[key] = index }
            }
            return result
        }
        // The group's entries with the text above each, less the lines of text around `index` in `kept`.
        func group(_ keys: [ExactString], at index: Int) -> [TextToken] {
            var end = index
            while end < kept.count, kept[end].isText { end += 1 }
            var begin = index
            while begin > 0, kept[begin - 1].isText { begin -= 1 }
            let around = Set(kept[begin..<end].filter { !$0.isBlank })
            var result: [TextToken] = []
            for key in keys {
                for (side, position) in zip(sides, positions) {
                    guard let place = position[key] else { continue }
                    var start = place
                    while start > 0, side[start - 1].isText { start -= 1 }
                    result += side[start..<place].filter { $0.isBlank || !around.contains($0) }
                    break
                }
                result.append(.entry(key))
            }
            return result
        }
        var result: [TextToken] = []
        result.reserveCapacity(tokens.count + wanted.count - seen.count)
        var placedFirst = false
        for (index, token) in kept.enumerated() {
            if case .entry(let key) = token {
                if !placedFirst, let first = groups[nil] { result += group(first, at: index) }
                placedFirst = true
                result.append(token)
                if let following = groups[key] { result += group(following, at: index + 1) }
            } else {
                result.append(token)
            }
        }
        if !placedFirst, let first = groups[nil] { result += group(first, at: kept.count) }
        return result
    }

    /// Text as conflicts show it; `empty` for none.
    func quoted(_ text: [UInt8], empty: String) -> String {
        text.isEmpty ? empty : Diagnostic.quoted(String(decoding: text, as: UTF8.self))
    }

    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    func isLineBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
}
