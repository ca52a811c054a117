import Dispatch
import Foundation
import Testing

@testable import StringBridgeSupport

@Suite("parallelMap")
struct ParallelMapTests {
    @Test func keepsInputOrder() {
        let items = Array(0..<2_000)
        let results = parallelMap(items) { item -> String in
            // Uneven work, so that later items often finish first.
            var total = 0
            for step in 0..<((2_000 - item) % 97) * 50 { total &+= step }
            return "\(item):\(total >= 0)"
        }
        #expect(results == items.map { "\($0):true" })
    }

    @Test func runsEveryItemExactlyOnce() {
        let seen = LockedValue([Int: Int]())
        let results = parallelMap(Array(0..<500)) { item in
            seen.withLock { $0[item, default: 0] += 1 }
            return item * 2
        }
        #expect(results == (0..<500).map { $0 * 2 })
        seen.withLock { counts in
            #expect(counts.count == 500)
            #expect(counts.values.allSatisfy { $0 == 1 })
        }
    }

    @Test func fewerThanTwoItemsStayOnTheCallingThread() {
        let caller = pthread_self()
        let threads = LockedValue([pthread_t]())
        #expect(parallelMap([Int]()) { $0 }.isEmpty)
        #expect(
            parallelMap([7]) { item in
                threads.withLock { $0.append(pthread_self()) }
                return item + 1
            } == [8])
        threads.withLock { #expect($0.count == 1 && pthread_equal($0[0], caller) != 0) }
    }

    /// Two items really run at the same time: the first waits for the second to have started, which would time
    /// out if they ran one after the other.
    @Test(.enabled(if: Parallelism.availableProcessors() > 1))
    func runsItemsConcurrently() {
        let secondStarted = DispatchSemaphore(value: 0)
        let results = parallelMap([0, 1]) { item -> Bool in
            if item == 1 {
                secondStarted.signal()
                return true
            }
            return secondStarted.wait(timeout: .now() + 20) == .success
        }
        #expect(results == [true, true])
    }

    @Test func itemsNeedNotBeSendable() {
        final class Box {
            let value: Int
            init(_ value: Int) { self.value = value }
        }
        let boxes = (0..<64).map(Box.init)
        #expect(parallelMap(boxes) { _ in 1 }.count == 64)
    }
}

@Suite("LockedValue")
struct LockedValueTests {
    @Test func keepsEveryChangeUnderContention() {
        let counter = LockedValue(0)
        let log = LockedValue([Int]())
        _ = parallelMap(Array(0..<8)) { worker in
            for step in 0..<20_000 {
                counter.withLock { $0 += 1 }
                if step % 1_000 == 0 { log.withLock { $0.append(worker) } }
            }
            return worker
        }
        #expect(counter.withLock { $0 } == 160_000)
        #expect(log.withLock { $0.count } == 160)
    }

    @Test func returnsAndRethrows() throws {
        struct Refused: Error {}
        let value = LockedValue(["a"])
        #expect(
            value.withLock { names -> Int in
                names.append("b")
                return names.count
            } == 2)
        #expect(throws: Refused.self) {
            try value.withLock { _ in throw Refused() }
        }
        // The lock was released by the throw: this would deadlock otherwise.
        #expect(value.withLock { $0 } == ["a", "b"])
    }
}

@Suite("Release timing")
struct ReleaseTimingTests {
    final class Watched: Sendable {
        let released: DispatchSemaphore
        let thread: LockedValue<pthread_t?>
        init(released: DispatchSemaphore, thread: LockedValue<pthread_t?>) {
            self.released = released
            self.thread = thread
        }
        deinit {
            thread.withLock { $0 = pthread_self() }
            released.signal()
        }
    }

    /// The value is released (by the background thread, or by the caller when that one finished first: which
    /// thread drops the last reference is not promised).
    @Test func releasesInBackground() {
        let released = DispatchSemaphore(value: 0)
        releaseInBackground(Watched(released: released, thread: LockedValue(nil)))
        #expect(released.wait(timeout: .now() + 20) == .success)
    }

    @Test func leaveToExitNeverReleases() {
        let released = DispatchSemaphore(value: 0)
        weak var weakly: Watched?
        do {
            let watched = Watched(released: released, thread: LockedValue(nil))
            weakly = watched
            leaveToExit(watched)
        }
        #expect(weakly != nil)
        #expect(released.wait(timeout: .now() + 0.2) == .timedOut)
    }
}

@Suite("Parallelism")
struct ParallelismTests {
    @Test func chunksOnlyWhenEveryChunkIsLargeEnough() {
        let policy = Parallelism(maximumChunks: 4, minimumChunkBytes: 100, minimumChunkEntries: 10)
        #expect(policy.chunks(forBytes: 199) == 1)
        #expect(policy.chunks(forBytes: 200) == 2)
        #expect(policy.chunks(forBytes: 399) == 3)
        #expect(policy.chunks(forBytes: 10_000) == 4)
        #expect(policy.chunks(forEntries: 19) == 1)
        #expect(policy.chunks(forEntries: 30) == 3)
        #expect(policy.chunks(forEntries: 1_000) == 4)
        #expect(Parallelism.sequential.chunks(forBytes: .max) == 1)
        #expect(Parallelism.sequential.chunks(forEntries: .max) == 1)
    }

    @Test func countsTheAffinityMask() {
        #expect(Parallelism.allowedProcessors(inStatusLine: "Cpus_allowed:\tff\n") == 8)
        #expect(Parallelism.allowedProcessors(inStatusLine: "Cpus_allowed:\t00000000,00000005\n") == 2)
        #expect(Parallelism.allowedProcessors(inStatusLine: "Cpus_allowed:\t0\n") == nil)
        #expect(Parallelism.allowedProcessors(inStatusLine: "Cpus_allowed_list:\t0-3\n") == nil)
        #expect(Parallelism.allowedProcessors(inStatusLine: "Threads:\t1\n") == nil)
        let available = Parallelism.availableProcessors()
        #expect(available >= 1 && available <= ProcessInfo.processInfo.activeProcessorCount)
        #expect(Parallelism.automatic.maximumChunks == min(available, 8))
    }
}

@Suite("inParallel")
struct InParallelTests {
    @Test func runsEachIndexOnceInOrder() {
        final class Unsendable {
            var label: String
            init(_ label: String) { self.label = label }
        }
        let counter = LockedValue(0)
        let results = inParallel(40) { index -> Unsendable in
            counter.withLock { $0 += 1 }
            return Unsendable("\(index)")
        }
        #expect(results.map(\.label) == (0..<40).map(String.init))
        #expect(counter.withLock { $0 } == 40)
        #expect(inParallel(1) { $0 + 5 } == [5])
        #expect(inParallel(0) { $0 }.isEmpty)
    }
}
