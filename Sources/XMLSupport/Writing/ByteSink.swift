/// Where markup and escaped text are appended: a `[UInt8]`, or the pending bytes of an ``XMLStreamWriter``.
protocol ByteSink {
    mutating func append(_ byte: UInt8)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteSink where Element == UInt8 {}

/// A growable byte buffer without the checks of `Array` (uniqueness, generic appends): the bytes an
/// ``XMLStreamWriter`` has built and not yet handed to libxml2. Owned by one writer, which frees it.
struct PendingBytes: ByteSink {
    private(set) var start: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    func deallocate() {
        start.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        start[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if count + bytes.count > capacity { grow(to: count + bytes.count) }
        (start + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Forgets the bytes from `newCount` on.
    mutating func removeLast(from newCount: Int) {
        precondition(newCount >= 0 && newCount <= count)
        count = newCount
    }

    private mutating func grow(to minimum: Int) {
        var newCapacity = capacity * 2
        while newCapacity < minimum { newCapacity *= 2 }
        let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStart.initialize(from: start, count: count)
        start.deallocate()
        start = newStart
        capacity = newCapacity
    }
}
