import Foundation
import StringBridgeSupport

/// The order in which Xcode writes the keys of every JSON object in a String Catalog (`.xcstrings`).
///
/// Xcode sorts with Foundation's
/// `compare(_:options: [.numeric, .caseInsensitive, .forcedOrdering], range:, locale: Locale(identifier: ""))`.
/// On Linux that call goes through CoreFoundation and ICU and costs microseconds, so this type answers
/// the common case — both strings made only of printable ASCII (0x20–0x7E) — with a table-driven
/// comparator that reproduces Foundation's result exactly, and hands everything else to Foundation.
///
/// The rule reproduced by the fast path (see docs/key-order.md for the evidence):
/// 1. Both strings are split into elements: a maximal run of ASCII digits is one element, every other
///    character is one element.
/// 2. Elements are compared left to right by primary weight. Characters compare by their ICU root
///    primary weight, with upper and lower case equal (`punctuationOrder`, `ranks`). A digit run sorts after
///    all punctuation and symbols and before all letters; two digit runs compare by numeric value.
///    The first difference decides; if one element sequence is a prefix of the other, the shorter wins.
/// 3. If all elements are primary-equal, the first element (left to right) that still differs decides:
///    a lower-case letter sorts before its upper-case form, and of two digit runs with the same value
///    the one with fewer digits (fewer leading zeros) sorts first.
/// Left to Foundation: any non-printable-ASCII character; digit runs longer than 19 digits (Foundation
/// accumulates them in a wrapping 64-bit integer); and, for strings longer than 64 UTF-16 units, any
/// comparison that reaches a tie before its first primary difference (there Foundation breaks its own
/// rule, and its answer can even differ from one thread to another).
package enum XcodeKeyOrder {

    // MARK: - Public API

    /// Foundation's comparison, exactly: compare(options: [.numeric, .caseInsensitive, .forcedOrdering], locale: root).
    package static func compare(_ a: String, _ b: String) -> ComparisonResult {
        let result = fastCompare(a, b)
        if result == undecided { return foundationCompare(a, b) }
        return ComparisonResult(rawValue: result).unsafelyUnwrapped
    }

    /// Whether `a` comes before `b` in Xcode's order.
    package static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        compare(a, b) == .orderedAscending
    }

    /// Sorts keys into Xcode's order.
    ///
    /// Returns immediately (O(n) fast checks) when already sorted. Stable.
    package static func sorted(_ keys: [String]) -> [String] {
        guard let order = permutation(keys) else { return keys }
        return order.map { keys[$0] }
    }

    /// Indices of `keys` in Xcode's order (identity permutation when already sorted).
    ///
    /// Writers need a permutation to reorder parallel arrays. Stable: keys that compare equal keep their relative order.
    package static func sortedIndices(_ keys: [String]) -> [Int] {
        permutation(keys) ?? Array(keys.indices)
    }

    /// Whether `keys` are in Xcode's order already.
    package static func isSorted(_ keys: [String]) -> Bool {
        if keys.count <= smallListLimit {
            return firstDescent(keys.count) { compareIndexed(keys, $0, $1) } == nil
        }
        return KeyTable(keys).withComparator { firstDescent(keys.count, $0) == nil }
    }

    /// The slow reference: Foundation's compare with the root locale.
    package static func foundationCompare(_ a: String, _ b: String) -> ComparisonResult {
        a.compare(
            b, options: [.numeric, .caseInsensitive, .forcedOrdering],
            range: a.startIndex..<a.endIndex, locale: rootLocale)
    }

    // MARK: - Weights

    static let rootLocale = Locale(identifier: "")

    /// Every printable ASCII character that is neither a digit nor a letter, in ascending ICU root
    /// primary order.
    ///
    /// Derived from Foundation; re-derived by the tests. All have distinct primary weights.
    static let punctuationOrder = " _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$"

    /// Rank of a digit run: after every punctuation/symbol character, before every letter.
    static let digitRank: UInt8 = 34
    /// Rank of "a"/"A"; the other letters follow alphabetically.
    static let firstLetterRank: UInt8 = 35

    /// `ranks[byte]` is the primary rank of an ASCII byte (case folded), `digitRank` for `0`–`9`,
    /// and 0 for bytes outside the fast domain (controls, DEL, non-ASCII).
    struct RankTable: Sendable {
        let table: ByteTable

        init() {
            var ranks = [UInt8](repeating: 0, count: 256)
            for (offset, scalar) in punctuationOrder.unicodeScalars.enumerated() {
                ranks[Int(scalar.value)] = UInt8(offset + 1)
            }
            for digit in UInt8(ascii: "0")...UInt8(ascii: "9") { ranks[Int(digit)] = digitRank }
            for letter in 0..<UInt8(26) {
                ranks[Int(UInt8(ascii: "a") + letter)] = firstLetterRank + letter
                ranks[Int(UInt8(ascii: "A") + letter)] = firstLetterRank + letter
            }
            table = ByteTable { ranks[Int($0)] }
        }

        @inline(__always)
        subscript(byte: UInt8) -> UInt8 { table[byte] }
    }

    static let ranks = RankTable()

    /// Longest digit run the fast path accepts: 10^19 - 1 still fits in a UInt64, so Foundation's
    /// (wrapping) accumulator holds the true value.
    static let maxDigitRun = 19

    /// Longest string (in UTF-16 units, = bytes here) for which the fast path goes on past a tie
    /// (a case difference, or equal digit runs of different length).
    ///
    /// For longer strings Foundation's
    /// result after a tie depends on CoreFoundation's 64-unit character buffer, so the fast path only
    /// decides those comparisons when the first difference is a primary one.
    static let maxTieLength = 64

    /// Sentinel returned by `fastCompare` when it cannot decide and Foundation must.
    static let undecided = 2

    /// Lists up to this size are checked/sorted without building a `KeyTable`.
    static let smallListLimit = 32

    // MARK: - Fast path

    /// True when every byte is printable ASCII (0x20–0x7E).
    @inline(__always)
    static func isFastDomain(_ bytes: Span<UInt8>) -> Bool {
        let count = bytes.count
        var k = 0
        while k + 8 <= count {
            if !isPrintableASCII(bytes.word(at: k)) { return false }
            k += 8
        }
        while k < count {
            if bytes[k] &- 0x20 > 0x5E { return false }
            k += 1
        }
        return true
    }

    static let lowBits: UInt64 = 0x0101_0101_0101_0101
    static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// True when each of the 8 bytes of `word` is in 0x20–0x7E (exact, SWAR).
    @inline(__always)
    static func isPrintableASCII(_ word: UInt64) -> Bool {
        let nonASCII = word & highBits
        let below20 = (word &- lowBits &* 0x20) & ~word & highBits
        let del = word ^ (lowBits &* 0x7F)
        let isDEL = (del &- lowBits) & ~del & highBits
        return (nonASCII | below20 | isDEL) == 0
    }

    /// True when one of the 8 bytes of `word` is an ASCII digit.
    ///
    /// Precondition: all bytes are ASCII.
    @inline(__always)
    static func containsDigit(_ word: UInt64) -> Bool {
        // A byte is a digit iff (byte + 0x50) has its high bit set and (byte + 0x46) does not,
        // i.e. 0x30 <= byte < 0x3A; no carries cross bytes because every byte is < 0x80.
        ((word &+ lowBits &* 0x50) & ~(word &+ lowBits &* 0x46) & highBits) != 0
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// The fast path on two strings: -1, 0, 1, or `undecided`.
    static func fastCompare(_ a: String, _ b: String) -> Int {
        let ranks = self.ranks
        guard a.isContiguousUTF8, b.isContiguousUTF8 else {
            // Not contiguous UTF-8 (e.g. a bridged string): make it so.
            var a = a
            var b = b
            a.makeContiguousUTF8()
            b.makeContiguousUTF8()
            return fastCompare(a, b)
        }
        return a.withUTF8Span { pa in
            b.withUTF8Span { pb in
                isFastDomain(pa) && isFastDomain(pb) ? fastCompare(pa, pb, ranks) : undecided
            }
        }
    }

    /// Compares two printable-ASCII strings; returns -1, 0, 1, or `undecided`.
    ///
    /// Precondition: both buffers satisfy `isFastDomain`.
    static func fastCompare(
        _ a: Span<UInt8>, _ b: Span<UInt8>,
        _ rank: RankTable
    ) -> Int {
        let n = a.count
        let m = b.count
        var i = 0
        var j = 0
        var tie = 0
        // Past a tie, Foundation's result for strings longer than 64 UTF-16 units depends on its
        // internal buffering (see docs/key-order.md); such comparisons are left to Foundation.
        let long = n > maxTieLength || m > maxTieLength
        while i < n && j < m {
            // Skip 8 identical bytes at a time while they contain no digit (digit runs need parsing).
            if i + 8 <= n && j + 8 <= m {
                let wa = a.word(at: i)
                if wa == b.word(at: j) && !containsDigit(wa) {
                    i += 8
                    j += 8
                    continue
                }
            }
            let x = a[i]
            let y = b[j]
            if x == y && !isDigit(x) {
                i += 1
                j += 1
                continue
            }
            let rx = rank[x]
            let ry = rank[y]
            if rx != ry { return rx < ry ? -1 : 1 }
            if rx != digitRank {
                // Same letter, different case: lower case first, if nothing earlier decided.
                if tie == 0 {
                    if long { return undecided }
                    tie = x > y ? -1 : 1
                }
                i += 1
                j += 1
                continue
            }
            // Two digit runs: compare values, then (as a tie) digit counts.
            let startI = i
            var vx: UInt64 = 0
            repeat {
                vx = vx &* 10 &+ UInt64(a[i] &- 0x30)
                i += 1
            } while i < n && isDigit(a[i])
            let startJ = j
            var vy: UInt64 = 0
            repeat {
                vy = vy &* 10 &+ UInt64(b[j] &- 0x30)
                j += 1
            } while j < m && isDigit(b[j])
            let lx = i - startI
            let ly = j - startJ
            if lx > maxDigitRun || ly > maxDigitRun { return undecided }
            if vx != vy { return vx < vy ? -1 : 1 }
            if tie == 0 && lx != ly {
                if long { return undecided }
                tie = lx < ly ? -1 : 1
            }
        }
        if i < n { return 1 }
        if j < m { return -1 }
        return tie
    }

    // MARK: - Sorting

    @inline(__always)
    static func compareIndexed(_ keys: [String], _ p: Int, _ q: Int) -> Int {
        let result = fastCompare(keys[p], keys[q])
        return result != undecided ? result : foundationCompare(keys[p], keys[q]).rawValue
    }

    /// The UTF-8 of all keys in one buffer, with per-key fast-domain flags, so that sorting a long
    /// list neither rescans nor re-bridges a `String` per comparison.
    struct KeyTable {
        let keys: [String]
        var bytes: [UInt8] = []
        /// Key k occupies `bytes[offsets[k]..<offsets[k + 1]]`.
        var offsets: [Int] = [0]
        var fast: [Bool] = []

        init(_ keys: [String]) {
            self.keys = keys
            offsets.reserveCapacity(keys.count + 1)
            fast.reserveCapacity(keys.count)
            var total = 0
            for key in keys { total += key.utf8.count }
            bytes.reserveCapacity(total)
            for key in keys {
                bytes.append(contentsOf: key.utf8)
                offsets.append(bytes.count)
            }
            let bytes = bytes
            let offsets = offsets
            bytes.withSpan { all in
                for k in keys.indices {
                    fast.append(isFastDomain(all.extracting(offsets[k]..<offsets[k + 1])))
                }
            }
        }

        /// Runs `body` with a comparator over key indices returning -1, 0 or 1.
        func withComparator<R>(_ body: ((Int, Int) -> Int) -> R) -> R {
            let ranks = XcodeKeyOrder.ranks
            return body { p, q in
                if fast[p] && fast[q] {
                    let result = bytes.withSpan { all in
                        fastCompare(
                            all.extracting(offsets[p]..<offsets[p + 1]),
                            all.extracting(offsets[q]..<offsets[q + 1]), ranks)
                    }
                    if result != undecided { return result }
                }
                return foundationCompare(keys[p], keys[q]).rawValue
            }
        }
    }

    /// Index of the first k with key[k-1] > key[k], or nil when sorted.
    @inline(__always)
    static func firstDescent(_ count: Int, _ cmp: (Int, Int) -> Int) -> Int? {
        var k = 1
        while k < count {
            if cmp(k - 1, k) > 0 { return k }
            k += 1
        }
        return nil
    }

    /// The sorting permutation, or nil when `keys` is already in order.
    static func permutation(_ keys: [String]) -> [Int]? {
        let count = keys.count
        guard count > 1 else { return nil }
        if count <= smallListLimit {
            guard let descent = firstDescent(count, { compareIndexed(keys, $0, $1) }) else { return nil }
            // Insertion sort from the first descent on: stable, and cheap for short lists.
            var order = Array(0..<count)
            for k in descent..<count {
                let moving = order[k]
                var slot = k
                while slot > 0 && compareIndexed(keys, order[slot - 1], moving) > 0 {
                    order[slot] = order[slot - 1]
                    slot -= 1
                }
                order[slot] = moving
            }
            return order
        }
        return KeyTable(keys).withComparator { cmp -> [Int]? in
            guard firstDescent(count, cmp) != nil else { return nil }
            var order = Array(0..<count)
            // Ties (compare == 0) fall back to the original position, which makes the sort stable.
            order.sort { p, q in
                let c = cmp(p, q)
                return c != 0 ? c < 0 : p < q
            }
            return order
        }
    }
}
