import Foundation

/// A value that several threads read and change, one at a time.
///
/// Every access goes through ``withLock(_:)``, which holds the lock for the duration of `body`; nothing else
/// can reach the value.
package final class LockedValue<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    /// Boxes `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock, and returns what `body` returns.
    package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
