import StringBridgeSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An ordered map from strings to values whose keys are compared by their exact Unicode scalars.
///
/// Swift's `String` equality is canonical equivalence, so a `Dictionary` merges `"é"` (U+00E9) and
/// `"e\u{301}"` into one key. Localization keys are identifiers, not text: two such keys are two entries, and
/// Xcode keeps both. `OrderedMap` keeps insertion order (the order a file was read in) and treats keys as equal
/// only when their UTF-8 bytes are equal.
///
/// The hot members are `@inlinable`, so other modules get them specialized for their value types.
public struct OrderedMap<Value> {
    @usableFromInline var _keys: [String]
    @usableFromInline var _values: [Value]
    /// Positions by exact key; only built once the map is larger than `linearSearchLimit`.
    @usableFromInline var index: [ExactKey: Int]?

    /// The keys, in order.
    @inlinable public var keys: [String] { _keys }
    /// The values, parallel to ``keys``.
    @inlinable public var values: [Value] { _values }

    @inlinable static var linearSearchLimit: Int { 32 }

    /// Creates an empty map.
    @inlinable public init() {
        _keys = []
        _values = []
        index = nil
    }

    /// Creates an empty map with room for `capacity` elements.
    @inlinable package init(minimumCapacity capacity: Int) {
        self.init()
        _keys.reserveCapacity(capacity)
        _values.reserveCapacity(capacity)
    }

    /// Creates a map from key-value pairs; a repeated key keeps its first position and takes the last value.
    @inlinable public init<S: Sequence>(_ pairs: S) where S.Element == (String, Value) {
        self.init()
        for (key, value) in pairs { self[key] = value }
    }

    /// The number of elements.
    @inlinable public var count: Int { _keys.count }

    /// Whether the map has no elements.
    @inlinable public var isEmpty: Bool { _keys.isEmpty }

    /// The position of `key`, comparing keys by their exact scalars.
    @inlinable package func index(forKey key: String) -> Int? {
        if let index { return index[ExactKey(key)] }
        let length = key.utf8.count
        for position in _keys.indices
        where _keys[position].utf8.count == length && Self.sameScalars(_keys[position], key) {
            return position
        }
        return nil
    }

    /// ``index(forKey:)``, trying `hint` first.
    ///
    /// One byte comparison instead of a lookup where a caller walks two maps that mostly hold their keys in the same
    /// order. Keys are unique by their bytes, so a key found at `hint` is the one the lookup finds.
    @inlinable @inline(__always)
    package func index(forKey key: String, trying hint: Int) -> Int? {
        if isKey(key, at: hint) { return hint }
        return index(forKey: key)
    }

    /// ``index(forKey:)`` for a walk over many maps that mostly list the same keys in the same order.
    ///
    /// An entry's languages, say: one without a language has the ones after it a place earlier. The key is tried at
    /// `hint`, then just before and just after it, and only then looked up; `hint` becomes the position found. Keys
    /// are unique by their bytes, so a key found by trying is the one the lookup finds.
    @inlinable @inline(__always)
    package func index(forKey key: String, hint: inout Int) -> Int? {
        let tried = hint
        let found: Int?
        if isKey(key, at: tried) {
            return tried
        } else if isKey(key, at: tried - 1) {
            found = tried - 1
        } else if isKey(key, at: tried + 1) {
            found = tried + 1
        } else {
            found = index(forKey: key)
        }
        if let found { hint = found }
        return found
    }

    /// Whether the key at `position` (any integer) has the bytes of `key`.
    @inlinable @inline(__always)
    func isKey(_ key: String, at position: Int) -> Bool {
        position >= 0 && position < _keys.count && sameUTF8(_keys[position], key)
    }

    /// Whether two keys have the same UTF-8 bytes; `==` (canonical equivalence, with fast paths) rules most
    /// pairs out before the byte comparison.
    @inlinable @inline(__always)
    static func sameScalars(_ lhs: String, _ rhs: String) -> Bool {
        lhs == rhs && sameUTF8(lhs, rhs)
    }

    /// The value for `key`; setting `nil` removes the key, setting a value for a new key appends it.
    @inlinable public subscript(key: String) -> Value? {
        get { index(forKey: key).map { _values[$0] } }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// The element at `position`.
    @inlinable public subscript(position: Int) -> (key: String, value: Value) {
        (_keys[position], _values[position])
    }

    /// The key at `position`.
    @inlinable package func key(at position: Int) -> String { _keys[position] }

    /// Calls `body` with the value at `position`, read in place: `map[valueAt: position]` bound to a constant, or
    /// a value handed to a closure, is a copy that retains every reference the value holds; this is not.
    @inlinable @inline(__always)
    package func withValue<Result>(at position: Int, _ body: (Value) -> Result) -> Result {
        _values.withElement(at: position, body)
    }

    /// The value at `position`, mutable in place.
    @inlinable package subscript(valueAt position: Int) -> Value {
        _read { yield _values[position] }
        _modify { yield &_values[position] }
    }

    /// Replaces the value of an existing key in place, or appends a new element.
    /// - Returns: The previous value, if the key was present.
    @inlinable @discardableResult
    package mutating func updateValue(_ value: Value, forKey key: String) -> Value? {
        if let position = index(forKey: key) {
            let old = _values[position]
            _values[position] = value
            return old
        }
        appendUnchecked(key, value)
        return nil
    }

    /// Appends a key that must not be present yet.
    /// - Returns: `nil` when appended, or the position of the key that is already present (nothing changes then).
    @inlinable package mutating func appendNew(_ value: consuming Value, forKey key: consuming String) -> Int? {
        if let position = index(forKey: key) { return position }
        appendUnchecked(key, value)
        return nil
    }

    /// Removes `key` and returns its value.
    @inlinable @discardableResult
    public mutating func removeValue(forKey key: String) -> Value? {
        guard let position = index(forKey: key) else { return nil }
        _keys.remove(at: position)
        let old = _values.remove(at: position)
        rebuildIndex()
        return old
    }

    /// Reorders the elements: element `permutation[i]` moves to position `i`.
    @inlinable package mutating func reorder(by permutation: [Int]) {
        precondition(permutation.count == count, "permutation must cover every element")
        _keys = permutation.map { _keys[$0] }
        _values = permutation.map { _values[$0] }
        rebuildIndex()
    }

    /// Removes the elements for which `shouldRemove` is true, keeping the order of the others.
    @inlinable package mutating func removeAll(where shouldRemove: (String, Value) throws -> Bool) rethrows {
        var newKeys: [String] = []
        var newValues: [Value] = []
        for position in _keys.indices where try !shouldRemove(_keys[position], _values[position]) {
            newKeys.append(_keys[position])
            newValues.append(_values[position])
        }
        _keys = newKeys
        _values = newValues
        rebuildIndex()
    }

    /// Returns a map with the same keys, in the same order, and transformed values.
    @inlinable package func mapValues<T>(_ transform: (Value) throws -> T) rethrows -> OrderedMap<T> {
        var result = OrderedMap<T>()
        result._keys = _keys
        result._values = try _values.map(transform)
        result.index = index
        return result
    }

    /// Appends `key` and `value`, moved in (not copied) when the caller is done with them.
    @inlinable mutating func appendUnchecked(_ key: consuming String, _ value: consuming Value) {
        let isIndexed = index != nil
        if isIndexed { index?[ExactKey(copy key)] = _keys.count }
        _keys.append(key)
        _values.append(value)
        if !isIndexed, _keys.count > Self.linearSearchLimit { rebuildIndex() }
    }

    @inlinable mutating func rebuildIndex() {
        guard _keys.count > Self.linearSearchLimit else {
            index = nil
            return
        }
        var newIndex = [ExactKey: Int](minimumCapacity: _keys.count)
        for (position, key) in _keys.enumerated() { newIndex[ExactKey(key)] = position }
        index = newIndex
    }
}

// MARK: - Sequence

extension OrderedMap: RandomAccessCollection {
    /// The position of the first element: 0.
    @inlinable public var startIndex: Int { 0 }
    /// The position after the last element: the number of elements.
    @inlinable public var endIndex: Int { _keys.count }
}

// MARK: - Equatable, Sendable

extension OrderedMap: Equatable where Value: Equatable {
    /// Two maps are equal when they hold exactly the same keys (scalar for scalar) in the same order, with equal values.
    @inlinable public static func == (lhs: OrderedMap, rhs: OrderedMap) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for position in lhs._keys.indices {
            guard sameUTF8(lhs._keys[position], rhs._keys[position]),
                lhs._values[position] == rhs._values[position]
            else { return false }
        }
        return true
    }
}

extension OrderedMap: Sendable where Value: Sendable {}

extension OrderedMap: ExpressibleByDictionaryLiteral {
    /// Creates a map from a literal, in the literal's order.
    @inlinable public init(dictionaryLiteral elements: (String, Value)...) {
        self.init(elements)
    }
}

/// A string key that hashes and compares by its UTF-8 bytes, so canonically equivalent keys stay distinct.
@usableFromInline
struct ExactKey: Hashable, Sendable {
    @usableFromInline let string: String

    @inlinable init(_ string: String) { self.string = string }

    @inlinable static func == (lhs: ExactKey, rhs: ExactKey) -> Bool {
        sameUTF8(lhs.string, rhs.string)
    }

    @inlinable func hash(into hasher: inout Hasher) {
        hasher.combineUTF8(of: string)
    }
}

/// Whether two strings have the same UTF-8 bytes (not canonical equivalence, which `==` tests).
@inlinable @inline(__always)
package func sameUTF8(_ lhs: String, _ rhs: String) -> Bool {
    guard lhs.utf8.count == rhs.utf8.count else { return false }
    let compared = lhs.utf8.withContiguousStorageIfAvailable { left in
        rhs.utf8.withContiguousStorageIfAvailable { right in
            guard let left = left.baseAddress, let right = right.baseAddress else { return true }
            return memcmp(left, right, lhs.utf8.count) == 0
        }
    }
    if let compared, let result = compared { return result }
    return lhs.utf8.elementsEqual(rhs.utf8)
}
