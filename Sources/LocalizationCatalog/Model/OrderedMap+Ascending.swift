#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension OrderedMap {
    /// ``appendNew(_:forKey:)`` for a reader whose keys usually come in increasing order of their UTF-8 bytes (an
    /// Xcode catalog's languages and plural categories, a sorted catalog's keys).
    ///
    /// The rule: a key whose bytes sort after the last key's is absent when every key so far came in increasing
    /// byte order, so it is appended without searching (the fast path); any other key is searched for exactly as
    /// ``appendNew(_:forKey:)`` does (the exact fallback), and from then on every key is. `ascending` carries that
    /// "every key so far" from one call to the next: it must start `true` with an empty map and be passed to
    /// every append to this map. The result is the same as ``appendNew(_:forKey:)``'s (`OrderedMapTests` holds
    /// them equal).
    @inlinable
    package mutating func appendNew(
        _ value: consuming Value, forKey key: consuming String, ascending: inout Bool
    ) -> Int? {
        if ascending {
            guard let last = _keys.last else {
                appendUnchecked(key, value)
                return nil
            }
            if utf8Precedes(last, key) {
                appendUnchecked(key, value)
                return nil
            }
            ascending = false
        }
        return appendNew(value, forKey: key)
    }
}

/// Whether the UTF-8 bytes of `lhs` sort strictly before those of `rhs` (lexicographically, a prefix first).
@inlinable
package func utf8Precedes(_ lhs: String, _ rhs: String) -> Bool {
    let left = lhs.utf8.count
    let right = rhs.utf8.count
    let compared = lhs.utf8.withContiguousStorageIfAvailable { leftBytes in
        rhs.utf8.withContiguousStorageIfAvailable { rightBytes -> Bool in
            guard let leftBase = leftBytes.baseAddress, let rightBase = rightBytes.baseAddress else {
                return left < right
            }
            let order = memcmp(leftBase, rightBase, min(left, right))
            return order != 0 ? order < 0 : left < right
        }
    }
    if let compared, let result = compared { return result }
    return lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
}
