import Dispatch

/// Lets go of `value` on another thread.
///
/// Freeing a large model (a catalog of a few hundred thousand strings) takes a noticeable part of a command's
/// time, and nothing waits for it: the caller goes on while a background thread releases the last reference.
package func releaseInBackground<Value: Sendable>(_ value: consuming Value) {
    let owned = value
    DispatchQueue.global(qos: .utility).async { withExtendedLifetime(owned) {} }
}

/// Never lets go of `value`: for a process about to exit, whose memory the system takes back at once.
package func leaveToExit<Value>(_ value: consuming Value) {
    _ = Unmanaged.passRetained(Abandoned(value))
}

/// The box ``leaveToExit(_:)`` leaks on purpose.
private final class Abandoned<Value> {
    let value: Value
    init(_ value: consuming Value) { self.value = value }
}
