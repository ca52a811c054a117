import StringBridgeSupport

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

    /// Calls `body` with the bytes written so far.
    func withBytes<Result>(_ body: (RawSpan) -> Result) -> Result {
        body(RawSpan(_unsafeElements: contents))
    }

    /// The pieces copied in order into one array, the middle ones in parallel; each piece is freed once copied.
    static func joined(_ pieces: [OutputBuffer]) -> [UInt8] {
        var offsets = [0]
        for piece in pieces { offsets.append(offsets[offsets.count - 1] + piece.count) }
        let bytes = [UInt8](unsafeUninitializedCapacity: offsets[offsets.count - 1]) { storage, initialized in
            guard let base = storage.baseAddress else {
                for piece in pieces { piece.deallocate() }
                return
            }
            // The first piece is the header, the last the footer; the runs between them are copied in parallel.
            for piece in [0, pieces.count - 1] {
                (base + offsets[piece]).initialize(from: pieces[piece].base, count: pieces[piece].count)
                pieces[piece].deallocate()
            }
            _ = inParallel(pieces.count - 2) { run in
                (base + offsets[run + 1]).initialize(from: pieces[run + 1].base, count: pieces[run + 1].count)
                pieces[run + 1].deallocate()  // as soon as copied, so that the output is not held twice at once
            }
            initialized = storage.count
        }
        return bytes
    }

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

extension JSONEmitter {
    /// A JSON string as Foundation writes it: `"` `\` and control characters escaped, everything else raw.
    mutating func string(_ string: String) {
        out.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            let count = bytes.count
            var runStart = 0
            var index = 0
            while index < count {
                // Eight bytes at a time while none needs an escape.
                if index &+ 8 <= count,
                    !StringBytes.mayEndRun(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                {
                    index &+= 8
                    continue
                }
                let byte = base[index]
                index &+= 1
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if runStart < index - 1 {
                    out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index - 1 - runStart))
                }
                runStart = index
                escape(byte)
            }
            if runStart < count {
                out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: count - runStart))
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        out.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        case 0x08: out.append(UInt8(ascii: "b"))
        case 0x0C: out.append(UInt8(ascii: "f"))
        default:
            let hex = "0123456789abcdef".utf8
            out.append(UInt8(ascii: "u"))
            out.append(UInt8(ascii: "0"))
            out.append(UInt8(ascii: "0"))
            out.append(hex[hex.index(hex.startIndex, offsetBy: Int(byte >> 4))])
            out.append(hex[hex.index(hex.startIndex, offsetBy: Int(byte & 0xF))])
        }
    }
}
