import Dispatch
import Foundation

/// Runs `transform` over `items` on all cores and returns the results in the order of `items`.
///
/// Reading a project's tables is independent per file, so migration and export read them side by side; the
/// results are then merged in a fixed order, which keeps the output and the diagnostics deterministic.
package func concurrentMap<Item: Sendable, Result: Sendable>(
    _ items: [Item], _ transform: @Sendable (Item) -> Result
) -> [Result] {
    guard items.count > 1 else { return items.map(transform) }
    let results = ResultSlots<Result>(count: items.count)
    DispatchQueue.concurrentPerform(iterations: items.count) { position in
        results.set(transform(items[position]), at: position)
    }
    return results.values()
}

/// Slots that concurrent workers fill, each its own.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ value: Value, at position: Int) {
        lock.lock()
        slots[position] = value
        lock.unlock()
    }

    func values() -> [Value] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}

/// Lets go of `value` on another thread.
///
/// Freeing a large model (a catalog of a few hundred thousand strings) takes a noticeable part of a command's
/// time, and nothing waits for it: the caller goes on while a background thread releases the last reference.
func releaseInBackground<Value: Sendable>(_ value: consuming Value) {
    let owned = value
    DispatchQueue.global(qos: .utility).async { withExtendedLifetime(owned) {} }
}

/// Never lets go of `value`: for a process about to exit, whose memory the system takes back at once.
func leaveToExit<Value>(_ value: consuming Value) {
    _ = Unmanaged.passRetained(Abandoned(value))
}

private final class Abandoned<Value> {
    let value: Value
    init(_ value: consuming Value) { self.value = value }
}
