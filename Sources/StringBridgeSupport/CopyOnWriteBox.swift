/// A heap box for a value type's seldom-used parts, copied on write: a struct that holds one stays a value.
///
/// A change goes through ``modify(_:_:)``, which changes the box in place when the reference it is given is the
/// only one, and otherwise gives that reference a copy of its own first (as `Array` does). That is why the box is
/// `Sendable` although its value can change: a box another value (and so perhaps another thread) can see is never
/// changed, only replaced.
package final class CopyOnWriteBox<Value: Sendable>: @unchecked Sendable {
    /// The value; changed only by ``modify(_:_:)``.
    package private(set) var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Calls `body` with the value, read in place.
    @inline(__always)
    package func read<Result>(_ body: (borrowing Value) -> Result) -> Result { body(value) }

    /// Changes the value `box` holds: in place when `box` is the only reference to its box, in a copy otherwise.
    @inline(__always)
    package static func modify<Result>(_ box: inout CopyOnWriteBox, _ change: (inout Value) -> Result) -> Result {
        if !isKnownUniquelyReferenced(&box) { box = CopyOnWriteBox(box.value) }
        return change(&box.value)
    }
}
