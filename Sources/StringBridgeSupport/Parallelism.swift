import Foundation

/// How many threads a reader or writer may split a large input or output over.
///
/// The String Catalog reader and writer split a large catalog's `"strings"` into contiguous chunks of entries, one
/// per thread, and join the chunks in order; the results are the same bytes, model and diagnostics as one thread
/// gives. Small inputs stay on the calling thread.
package struct Parallelism: Sendable {
    /// The most chunks to split into; 1 means always on the calling thread.
    package var maximumChunks: Int
    /// A reader splits only when every chunk gets at least this many bytes.
    package var minimumChunkBytes: Int
    /// A writer splits only when every chunk gets at least this many entries.
    package var minimumChunkEntries: Int

    /// Creates a policy from its three limits.
    package init(maximumChunks: Int, minimumChunkBytes: Int, minimumChunkEntries: Int) {
        self.maximumChunks = maximumChunks
        self.minimumChunkBytes = minimumChunkBytes
        self.minimumChunkEntries = minimumChunkEntries
    }

    /// One chunk per available core (at most 8), for inputs of a few megabytes and up.
    package static let automatic = Parallelism(
        maximumChunks: min(availableProcessors(), 8),
        minimumChunkBytes: 1 << 20, minimumChunkEntries: 256)

    /// Everything on the calling thread.
    package static let sequential = Parallelism(
        maximumChunks: 1, minimumChunkBytes: .max, minimumChunkEntries: .max)

    /// The processors this process may run on: the active ones, fewer when its affinity mask says so
    /// (`taskset -c 0` gives one; Linux's `Cpus_allowed` in `/proc/self/status`).
    package static func availableProcessors() -> Int {
        let count = max(ProcessInfo.processInfo.activeProcessorCount, 1)
        #if os(Linux)
            guard let file = fopen("/proc/self/status", "r") else { return count }
            defer { fclose(file) }
            var line = [CChar](repeating: 0, count: 4096)
            while fgets(&line, Int32(line.count), file) != nil {
                let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                guard text.hasPrefix("Cpus_allowed:") else { continue }
                return min(count, allowedProcessors(inStatusLine: text) ?? count)
            }
        #endif
        return count
    }

    /// The number of processors a `Cpus_allowed:` line of Linux's `/proc/self/status` allows (the set bits of its
    /// hexadecimal mask); `nil` when `line` is not such a line or allows none.
    package static func allowedProcessors(inStatusLine line: String) -> Int? {
        guard line.hasPrefix("Cpus_allowed:") else { return nil }
        let allowed = line.dropFirst("Cpus_allowed:".count).reduce(0) { total, character in
            total + (character.hexDigitValue?.nonzeroBitCount ?? 0)
        }
        return allowed > 0 ? allowed : nil
    }

    /// Runs `transform` over `items` and returns the results in the order of `items`.
    ///
    /// Through ``parallelMap(_:_:)`` on all cores, or on the calling thread when this policy allows one chunk
    /// (``sequential``, or a process allowed one core). The results are the same either way; only the threads differ.
    package func map<Item, Result: Sendable>(_ items: [Item], _ transform: @Sendable (Item) -> Result) -> [Result] {
        maximumChunks > 1 ? parallelMap(items, transform) : items.map(transform)
    }

    /// The number of chunks for `bytes` bytes of input.
    package func chunks(forBytes bytes: Int) -> Int {
        guard maximumChunks > 1, bytes / 2 >= minimumChunkBytes else { return 1 }
        return min(maximumChunks, bytes / max(minimumChunkBytes, 1))
    }

    /// The number of chunks for `entries` entries.
    package func chunks(forEntries entries: Int) -> Int {
        guard maximumChunks > 1, entries / 2 >= minimumChunkEntries else { return 1 }
        return min(maximumChunks, entries / max(minimumChunkEntries, 1))
    }
}
