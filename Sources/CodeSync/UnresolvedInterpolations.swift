import CodeExtraction
import LocalizationCatalog
import StringBridgeSupport

/// A string whose key has a specifier the reader wrote without knowing the interpolation's type (`Total %@` for
/// `Total \(x)`), and what sync made of it (docs/sync.md, "Interpolations of unknown type").
package struct UnresolvedString: Sendable, Equatable {
    /// The key the reader wrote (`%@` where the type is unknown).
    package var codeKey: String
    /// The catalog keys taken for it.
    ///
    /// The catalog's keys that equal `codeKey` but for any specifier in the unknown places (`Total %lld`). Empty
    /// when the catalog has none: the reader's key is added.
    package var catalogKeys: [String]
    /// The first interpolation of unknown type.
    package var location: FileLocation
}

/// Matches strings with specifiers of unknown type against a catalog's keys.
enum UnresolvedMatching {
    /// `strings` with each string of unknown specifiers replaced by one copy per catalog key that matches it (its
    /// own `%@` key among them: when the catalog has `Total %@` and `Total %lld`, neither is marked stale), and
    /// what was unresolved (not the strings whose only match is their own key).
    ///
    /// Linear: the catalog's keys are grouped once by their text with every specifier blanked out, a string is
    /// compared with at most ``InputLimits/typeCandidates`` keys of its group (a larger group, which no real catalog
    /// has, matches nothing: the string is added as the reader wrote it), and equal strings are matched once.
    static func resolve(_ strings: [ExtractedString], in table: StringTable)
        -> (strings: [ExtractedString], unresolved: [UnresolvedString])
    {
        guard strings.contains(where: { !$0.unresolvedSpecifiers.isEmpty }) else { return (strings, []) }
        var byShape: [[UInt8]: [String]] = [:]
        for (key, _) in table.entries { byShape[shape(of: key), default: []].append(key) }
        var result: [ExtractedString] = []
        var unresolved: [UnresolvedString] = []
        var known: [MatchKey: [String]] = [:]
        for string in strings {
            guard let first = string.unresolvedSpecifiers.first else {
                result.append(string)
                continue
            }
            let memo = MatchKey(key: Array(string.key.utf8), places: string.unresolvedSpecifiers.map(\.range))
            let taken: [String]
            if let found = known[memo] {
                taken = found
            } else {
                let group = byShape[shape(of: string.key)] ?? []
                taken = group.count > InputLimits.typeCandidates ? [] : group.filter { matches($0, string) }
                known[memo] = taken
            }
            // The catalog's own `%@` key alone: found as it is, nothing to say.
            if taken.count == 1, sameUTF8(taken[0], string.key) {
                result.append(string)
                continue
            }
            unresolved.append(UnresolvedString(codeKey: string.key, catalogKeys: taken, location: first.location))
            if taken.isEmpty {
                result.append(string)
                continue
            }
            for key in taken {
                var copy = string
                copy.key = key
                copy.unresolvedSpecifiers = []
                result.append(copy)
            }
        }
        return (result, unresolved)
    }

    /// A code key and the places of its unknown specifiers (compared byte for byte).
    private struct MatchKey: Hashable {
        var key: [UInt8]
        var places: [Range<Int>]
    }

    /// The key's bytes with every format specifier replaced by `%`: keys that differ only in specifiers share it.
    static func shape(of key: String) -> [UInt8] {
        let bytes = Array(key.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var next = 0
        for specifier in FormatSpecifiers.specifiers(in: key) {
            result += bytes[next..<specifier.range.lowerBound]
            result.append(UInt8(ascii: "%"))
            next = specifier.range.upperBound
        }
        result += bytes[next...]
        return result
    }

    /// Whether `candidate` is the string's key with any specifier in the unknown places and the same text and
    /// specifiers elsewhere.
    static func matches(_ candidate: String, _ string: ExtractedString) -> Bool {
        let code = Array(string.key.utf8)
        let other = Array(candidate.utf8)
        let codeSpecifiers = FormatSpecifiers.specifiers(in: string.key)
        let otherSpecifiers = FormatSpecifiers.specifiers(in: candidate)
        guard codeSpecifiers.count == otherSpecifiers.count else { return false }
        let unknown = Set(string.unresolvedSpecifiers.map(\.range.lowerBound))
        var codeNext = 0
        var otherNext = 0
        for (mine, theirs) in zip(codeSpecifiers, otherSpecifiers) {
            guard code[codeNext..<mine.range.lowerBound].elementsEqual(other[otherNext..<theirs.range.lowerBound])
            else { return false }
            if !unknown.contains(mine.range.lowerBound), !code[mine.range].elementsEqual(other[theirs.range]) {
                return false
            }
            if unknown.contains(mine.range.lowerBound), theirs.position != nil { return false }
            codeNext = mine.range.upperBound
            otherNext = theirs.range.upperBound
        }
        return code[codeNext...].elementsEqual(other[otherNext...])
    }
}
