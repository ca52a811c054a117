import LocalizationCatalog
import StringBridgeSupport

/// Unit identifiers in Xcode's XLIFF: how they are built from keys and paths, parsed back, and ordered.
package enum XLIFFIdentifier {
    /// The separator between a catalog key and a variation path.
    package static let separator = "|==|"

    /// Whether `key` contains `|==|`, without allocating.
    package static func containsSeparator(_ key: String) -> Bool {
        key.withUTF8Span(containsSeparator)
    }

    /// Whether `bytes` contain `|==|`.
    ///
    /// Ids are scanned for a `|` a word at a time: most have none.
    static func containsSeparator(_ bytes: Span<UInt8>) -> Bool {
        bytes.containsFourBytes(0x7C, 0x3D, 0x3D, 0x7C)
    }

    /// The id of the unit for `path` of `key` in a String Catalog.
    package static func catalogID(key: String, path: XLIFFVariationPath) -> String {
        path.isRoot ? key : key + separator + path.description
    }

    /// Whether `key` itself ends like a variation id (`text|==|plural.one`); such keys collide with, or are
    /// ignored next to, real variation ids.
    package static func endsLikeVariationPath(_ key: String) -> Bool {
        guard containsSeparator(key) else { return false }
        return key.utf8Ranges(of: separator).contains {
            XLIFFVariationPath(parsing: String(key[$0.upperBound...])) != nil
        }
    }

    /// Splits a catalog unit id into a key of `table` and a path.
    ///
    /// Keys may contain `|==|`, so the id is the key alone when that is a key; otherwise it is split at the last
    /// `|==|` whose right side parses as a path and whose left side is a key of the table.
    package static func parseCatalogID(_ id: String, keys: (String) -> Bool) -> (key: String, path: XLIFFVariationPath)?
    {
        if keys(id) { return (id, .root) }
        guard containsSeparator(id) else { return nil }
        return split(id, find: { keys($0) ? () : nil }).map { ($0.key, $0.path) }
    }

    /// `id` split at its last `|==|` whose right side parses as a path and whose left side `find` finds (what it
    /// returns for the key comes back with it); `nil` when no separator does.
    static func split<Found>(
        _ id: String, find: (String) -> Found?
    ) -> (key: String, found: Found, path: XLIFFVariationPath)? {
        for range in id.utf8Ranges(of: separator).reversed() {
            guard let path = XLIFFVariationPath(parsing: String(id[range.upperBound...])) else { continue }
            let key = String(id[..<range.lowerBound])
            if let found = find(key) { return (key, found, path) }
        }
        return nil
    }

    // MARK: - Legacy .stringsdict ids

    /// The id of a `.stringsdict` entry's format key: `/KEY:dict/NSStringLocalizedFormatKey:dict/:string`.
    package static func stringsDictFormatKeyID(key: String) -> String {
        "/\(key):dict/NSStringLocalizedFormatKey:dict/:string"
    }

    /// The id of a `.stringsdict` variable's plural case: `/KEY:dict/VARIABLE:dict/one:dict/:string`.
    package static func stringsDictCaseID(key: String, variable: String, category: String) -> String {
        "/\(key):dict/\(variable):dict/\(category):dict/:string"
    }

    /// A parsed `.stringsdict` id: the format key (`variable == nil`) or a variable's case.
    package struct StringsDictLocation: Hashable, Sendable {
        /// The entry's key.
        package var key: String
        /// The variable, or `nil` for the format key.
        package var variable: String?
        /// The plural category, or `nil` for the format key.
        package var category: String?
    }

    /// Parses a `.stringsdict` id against the table's keys; the form without the leading `/` (translate-toolkit's)
    /// is accepted too.
    package static func parseStringsDictID(_ id: String, keys: (String) -> Bool) -> StringsDictLocation? {
        var body = Substring(id)
        if body.hasPrefix("/") { body = body.dropFirst() }
        let formatSuffix = ":dict/NSStringLocalizedFormatKey:dict/:string"
        if body.utf8.count >= formatSuffix.utf8.count, String(body).hasSuffix(formatSuffix) {
            let key = String(decoding: body.utf8.dropLast(formatSuffix.utf8.count), as: UTF8.self)
            if keys(key) { return StringsDictLocation(key: key, variable: nil, category: nil) }
        }
        let leafSuffix = ":dict/:string"
        guard String(body).hasSuffix(leafSuffix) else { return nil }
        let path = String(decoding: body.utf8.dropLast(leafSuffix.utf8.count), as: UTF8.self)
        // KEY:dict/VARIABLE:dict/CATEGORY — the category and variable contain no ":dict/"; the key might.
        let marks = path.utf8Ranges(of: ":dict/")
        guard marks.count >= 2 else { return nil }
        let categoryMark = marks[marks.count - 1]
        let variableMark = marks[marks.count - 2]
        let category = String(path[categoryMark.upperBound...])
        let variable = String(path[variableMark.upperBound..<categoryMark.lowerBound])
        let key = String(path[..<variableMark.lowerBound])
        guard !category.isEmpty, !variable.isEmpty, keys(key) else { return nil }
        return StringsDictLocation(key: key, variable: variable, category: category)
    }

    // MARK: - Order

    /// The order Xcode writes units in: by Unicode scalar, except that runs of ASCII digits compare by value
    /// (`3MIN` < `120`), and case matters (`Z` < `a`).
    ///
    /// Checked on every `<file>` of the corpus's gold exports (Xcode 14.2 to 26.4, catalogs and `.strings`):
    /// code-point order holds everywhere except for `3MIN` < `120`, which only the numeric rule explains, and
    /// `－` (U+FF0D) < `🍽` (U+1F37D), which UTF-16 order would reverse.
    package static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// Compares two ids in unit order: negative, zero or positive.
    ///
    /// Works on the UTF-8 bytes, whose order is code-point order; digit runs are ASCII.
    package static func compare(_ lhs: String, _ rhs: String) -> Int {
        lhs.withUTF8Span { a in rhs.withUTF8Span { b in compareBytes(a, b) } }
    }

    private static func compareBytes(_ a: Span<UInt8>, _ b: Span<UInt8>) -> Int {
        var i = 0
        var j = 0
        var tieBreak = 0
        while i < a.count, j < b.count {
            let x = a[i]
            let y = b[j]
            if isDigit(x), isDigit(y) {
                let startA = i
                let startB = j
                while i < a.count, isDigit(a[i]) { i += 1 }
                while j < b.count, isDigit(b[j]) { j += 1 }
                var trimmedA = startA
                while trimmedA < i - 1, a[trimmedA] == 0x30 { trimmedA += 1 }
                var trimmedB = startB
                while trimmedB < j - 1, b[trimmedB] == 0x30 { trimmedB += 1 }
                let lengthA = i - trimmedA
                let lengthB = j - trimmedB
                if lengthA != lengthB { return lengthA < lengthB ? -1 : 1 }
                for offset in 0..<lengthA where a[trimmedA + offset] != b[trimmedB + offset] {
                    return a[trimmedA + offset] < b[trimmedB + offset] ? -1 : 1
                }
                if tieBreak == 0 { tieBreak = (i - startA) - (j - startB) }
                continue
            }
            if x != y { return x < y ? -1 : 1 }
            i += 1
            j += 1
        }
        if i < a.count { return 1 }
        if j < b.count { return -1 }
        return tieBreak
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }
}

extension String {
    /// The non-overlapping ranges of `needle` in the string, compared by UTF-8 bytes, left to right.
    func utf8Ranges(of needle: String) -> [Range<String.Index>] {
        let haystack = Array(utf8)
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty, pattern.count <= haystack.count else { return [] }
        var result: [Range<String.Index>] = []
        var offset = 0
        while offset + pattern.count <= haystack.count {
            if haystack[offset] == pattern[0], Array(haystack[offset..<offset + pattern.count]) == pattern {
                let lower = utf8.index(utf8.startIndex, offsetBy: offset)
                let upper = utf8.index(lower, offsetBy: pattern.count)
                result.append(lower..<upper)
                offset += pattern.count
            } else {
                offset += 1
            }
        }
        return result
    }
}
