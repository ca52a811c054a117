import Dispatch
import Foundation

/// How many threads the String Catalog reader and writer may split a large catalog's `"strings"` over.
///
/// Entries are independent, so a large catalog is read and written in contiguous chunks of entries, one per
/// thread, and the chunks are joined in order; the results are the same bytes, model and diagnostics as one thread
/// gives. Small catalogs stay on the calling thread.
struct Parallelism: Sendable {
    /// The most chunks to split into; 1 means always on the calling thread.
    var maximumChunks: Int
    /// The reader splits only when every chunk gets at least this many bytes.
    var minimumChunkBytes: Int
    /// The writer splits only when every chunk gets at least this many entries.
    var minimumChunkEntries: Int

    /// One chunk per available core (at most 8), for catalogs of a few megabytes and up.
    static let automatic = Parallelism(
        maximumChunks: min(availableProcessors(), 8),
        minimumChunkBytes: 1 << 20, minimumChunkEntries: 256)

    /// The processors this process may run on: the active ones, fewer when its affinity mask says so
    /// (`taskset -c 0` gives one; Linux's `Cpus_allowed` in `/proc/self/status`).
    static func availableProcessors() -> Int {
        let count = max(ProcessInfo.processInfo.activeProcessorCount, 1)
        #if os(Linux)
            guard let file = fopen("/proc/self/status", "r") else { return count }
            defer { fclose(file) }
            var line = [CChar](repeating: 0, count: 4096)
            while fgets(&line, Int32(line.count), file) != nil {
                let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                guard text.hasPrefix("Cpus_allowed:") else { continue }
                let allowed = text.dropFirst("Cpus_allowed:".count).reduce(0) { total, character in
                    total + (character.hexDigitValue?.nonzeroBitCount ?? 0)
                }
                return allowed > 0 ? min(count, allowed) : count
            }
        #endif
        return count
    }

    /// Everything on the calling thread.
    static let sequential = Parallelism(maximumChunks: 1, minimumChunkBytes: .max, minimumChunkEntries: .max)

    /// The number of chunks for `bytes` bytes of input.
    func chunks(forBytes bytes: Int) -> Int {
        guard maximumChunks > 1, bytes / 2 >= minimumChunkBytes else { return 1 }
        return min(maximumChunks, bytes / max(minimumChunkBytes, 1))
    }

    /// The number of chunks for `entries` entries.
    func chunks(forEntries entries: Int) -> Int {
        guard maximumChunks > 1, entries / 2 >= minimumChunkEntries else { return 1 }
        return min(maximumChunks, entries / max(minimumChunkEntries, 1))
    }
}

/// Runs `body` for `0..<count`, on several threads when `count > 1`, and returns the results in order.
///
/// `body` runs concurrently with itself: it may read what it captures, but must write only to its own locals
/// (the callers here read an immutable input buffer and build fresh values), which is why it need not be
/// `@Sendable`.
func inParallel<Result>(_ count: Int, _ body: (Int) -> Result) -> [Result] {
    if count == 1 { return [body(0)] }
    let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
    results.initialize(repeating: nil)
    defer {
        results.deinitialize()
        results.deallocate()
    }
    withoutActuallyEscaping(body) { body in
        // Each index writes its own slot, and `concurrentPerform` returns after all of them.
        let shared = UncheckedSendable(value: (results, body))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            shared.value.0[index] = shared.value.1(index)
        }
    }
    return results.map { $0! }
}

/// A value handed to other threads under the rules ``inParallel(_:_:)`` states.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}
