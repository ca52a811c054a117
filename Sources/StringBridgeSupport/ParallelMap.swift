import Dispatch

/// Runs `transform` over `items` on all available cores and returns the results in the order of `items`.
///
/// Every item is transformed exactly once; fewer than two items run on the calling thread. `transform` runs
/// concurrently with itself, so it must not write to anything it shares with other calls (it may read what it
/// captures, and build fresh values). The results are joined in input order, which keeps output and diagnostics
/// deterministic however the work was scheduled.
///
/// This is the one place the package starts parallel work (`DispatchQueue.concurrentPerform`).
package func parallelMap<Item, Result: Sendable>(
    _ items: [Item], _ transform: @Sendable (Item) -> Result
) -> [Result] {
    guard items.count > 1 else { return items.map(transform) }
    return withoutActuallyEscaping(transform) { transform in
        Array(unsafeUninitializedCapacity: items.count) { slots, initializedCount in
            guard let base = slots.baseAddress else { return }
            // Each iteration initializes its own slot, and `concurrentPerform` returns after all of them.
            let shared = SharedWork(base: base, items: items, transform: transform)
            DispatchQueue.concurrentPerform(iterations: items.count) { index in
                (shared.base + index).initialize(to: shared.transform(shared.items[index]))
            }
            initializedCount = items.count
        }
    }
}

/// What the workers of ``parallelMap(_:_:)`` share: the input (only read), the transform and the result slots
/// (each written by one worker).
private struct SharedWork<Item, Result>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Result>
    let items: [Item]
    let transform: (Item) -> Result
}

/// Runs `body` for `0..<count` with ``parallelMap(_:_:)`` and returns the results in order.
///
/// For callers whose work reads buffers that are not `Sendable` but that nothing changes while the work runs (a
/// reader's mapped input, a writer's sorted entries): `body` may read what it captures and must write only to its
/// own locals and to what it alone owns. That rule is the caller's to keep, which is why `body` need not be
/// `@Sendable` and its results need not be `Sendable`.
package func inParallel<Result>(_ count: Int, _ body: (Int) -> Result) -> [Result] {
    if count == 1 { return [body(0)] }
    return withoutActuallyEscaping(body) { body in
        let shared = ReadOnlyShared(value: body)
        return parallelMap(Array(0..<count)) { index in ReadOnlyShared(value: shared.value(index)) }.map(\.value)
    }
}

/// A value handed between threads under the rule ``inParallel(_:_:)`` states.
private struct ReadOnlyShared<Value>: @unchecked Sendable {
    let value: Value
}
