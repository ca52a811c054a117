/// Byte replacements in one buffer, applied together in one pass.
///
/// Each replacement names a range of the original bytes and what takes its place; an empty range inserts. The
/// ranges must not overlap (two insertions at one offset are kept in the order they were added), so that every
/// untouched byte of the original is copied once, in order, and the result costs one pass over the original.
package struct ByteSplice: Sendable {
    /// One replacement: `range` of the original becomes `bytes`.
    package struct Replacement: Sendable, Equatable {
        package var range: Range<Int>
        package var bytes: [UInt8]

        package init(range: Range<Int>, bytes: [UInt8]) {
            self.range = range
            self.bytes = bytes
        }
    }

    /// The replacements, in the order added.
    package private(set) var replacements: [Replacement] = []

    package init() {}

    /// Whether nothing is replaced.
    package var isEmpty: Bool { replacements.isEmpty }

    /// Replaces `range` of the original with `bytes`.
    package mutating func replace(_ range: Range<Int>, with bytes: [UInt8]) {
        replacements.append(Replacement(range: range, bytes: bytes))
    }

    /// Inserts `bytes` at `offset` of the original.
    package mutating func insert(_ bytes: [UInt8], at offset: Int) {
        replacements.append(Replacement(range: offset..<offset, bytes: bytes))
    }

    /// Removes `range` of the original.
    package mutating func remove(_ range: Range<Int>) {
        replacements.append(Replacement(range: range, bytes: []))
    }

    /// The replacements sorted by place (stable: insertions at one offset keep their order, and come before a
    /// replacement that starts there), or `nil` when two of them overlap or one lies outside `0..<count`.
    package func ordered(within count: Int) -> [Replacement]? {
        let sorted = replacements.enumerated().sorted { left, right in
            let (a, b) = (left.element.range, right.element.range)
            if a.lowerBound != b.lowerBound { return a.lowerBound < b.lowerBound }
            if a.isEmpty != b.isEmpty { return a.isEmpty }
            return left.offset < right.offset
        }.map(\.element)
        var end = 0
        for replacement in sorted {
            let range = replacement.range
            guard range.lowerBound >= end, range.upperBound <= count else { return nil }
            end = range.upperBound
        }
        return sorted
    }

    /// `original` with every replacement applied.
    /// - Returns: `nil` when two replacements overlap or one lies outside `original`.
    package func applied(to original: [UInt8]) -> [UInt8]? {
        guard let sorted = ordered(within: original.count) else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(original.count + sorted.reduce(0) { $0 + $1.bytes.count })
        var copied = 0
        for replacement in sorted {
            output.append(contentsOf: original[copied..<replacement.range.lowerBound])
            output.append(contentsOf: replacement.bytes)
            copied = replacement.range.upperBound
        }
        output.append(contentsOf: original[copied...])
        return output
    }
}
