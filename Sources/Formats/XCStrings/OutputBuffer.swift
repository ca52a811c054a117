#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes an emitter writes, through a raw pointer: an array append checks uniqueness and capacity in a call of
/// its own each time, which for a catalog's millions of small pieces costs more than the copying.
///
/// ``bytes(capacity:_:)`` lends the storage of the array it returns, so that a good size estimate means no copy at
/// all; a buffer that outgrows it (or one made with ``init(capacity:)``) owns heap storage, which must be given back
/// with ``deallocate()``.
struct OutputBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private(set) var capacity: Int
    /// Whether `base` was allocated here (and not lent by an array).
    private(set) var ownsStorage: Bool

    /// A buffer with storage of its own for `capacity` bytes.
    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = Self.reallocate(nil, capacity: self.capacity)
        ownsStorage = true
    }

    /// `malloc`/`realloc`: a large block grows by remapping its pages, without copying them.
    private static func reallocate(_ base: UnsafeMutablePointer<UInt8>?, capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let memory = realloc(base, capacity) else { fatalError("out of memory for \(capacity) bytes") }
        return memory.assumingMemoryBound(to: UInt8.self)
    }

    private init(lent base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
        ownsStorage = false
    }

    /// An array of what `body` writes, written in place when it fits in `capacity` bytes.
    static func bytes(capacity: Int, _ body: (inout OutputBuffer) -> Void) -> [UInt8] {
        var spilled: OutputBuffer?
        let result = [UInt8](unsafeUninitializedCapacity: max(capacity, 16)) { storage, initialized in
            guard let base = storage.baseAddress else { return }
            var buffer = OutputBuffer(lent: base, capacity: storage.count)
            body(&buffer)
            if buffer.ownsStorage {
                spilled = buffer
            } else {
                initialized = buffer.count
            }
        }
        guard let spilled else { return result }
        defer { spilled.deallocate() }
        return Array(spilled.contents)
    }

    /// The bytes written so far.
    var contents: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Forgets the bytes written, keeping the storage for new ones.
    mutating func removeAll() {
        count = 0
    }

    /// Frees storage this buffer owns.
    func deallocate() {
        if ownsStorage { free(base) }
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if capacity - count < bytes.count { grow(toHold: bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count &+= bytes.count
    }

    mutating func append(contentsOf text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends `byte` `repeats` times.
    @inline(__always)
    mutating func append(_ byte: UInt8, repeats: Int) {
        guard repeats > 0 else { return }
        if capacity - count < repeats { grow(toHold: repeats) }
        (base + count).update(repeating: byte, count: repeats)
        count &+= repeats
    }

    /// Moves to storage of its own with room for `extra` more bytes (and as much again, so growth is amortized).
    @inline(never)
    private mutating func grow(toHold extra: Int) {
        let newCapacity = max(capacity * 2, count + extra)
        if ownsStorage {
            base = Self.reallocate(base, capacity: newCapacity)
        } else {
            let newBase = Self.reallocate(nil, capacity: newCapacity)
            newBase.initialize(from: base, count: count)
            base = newBase
            ownsStorage = true
        }
        capacity = newCapacity
    }
}
