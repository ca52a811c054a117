#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// The byte-level helpers the formats and the model use, with safe signatures: the pointers they need stay here.

extension Array {
    /// Calls `body` with the element at `position`, read in place.
    ///
    /// Binding `array[position]` to a constant, or handing it to a closure, copies the element and retains every
    /// reference it holds; this passes the stored element itself. `position` must be a valid index.
    @inlinable @inline(__always)
    package func withElement<Result>(at position: Int, _ body: (Element) throws -> Result) rethrows -> Result {
        precondition(position >= 0 && position < count, "index out of range")
        return try withUnsafeBufferPointer { elements in try body(elements[position]) }
    }
}

extension Span where Element == UInt8 {
    /// The eight bytes at `offset`, as one little- or big-endian word (the machine's order), loaded unaligned.
    ///
    /// `offset + 8` must not pass the end.
    @inlinable @inline(__always)
    package func word(at offset: Int) -> UInt64 {
        bytes.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self)
    }

    /// Whether the `count` bytes at `offset` are those of `other` at `otherOffset`.
    @inlinable @inline(__always)
    package func bytesEqual(at offset: Int, _ other: Span<UInt8>, at otherOffset: Int, count: Int) -> Bool {
        precondition(offset >= 0 && otherOffset >= 0 && count >= 0, "negative offset")
        precondition(offset + count <= self.count && otherOffset + count <= other.count, "range out of bounds")
        guard count > 0 else { return true }
        return withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in
                guard let mine = mine.baseAddress, let theirs = theirs.baseAddress else { return false }
                return memcmp(mine + offset, theirs + otherOffset, count) == 0
            }
        }
    }

    /// The offset of the first `byte` at or after `start`; `nil` when there is none.
    ///
    /// Found with `memchr`.
    @inlinable
    package func firstIndex(of byte: UInt8, from start: Int) -> Int? {
        precondition(start >= 0, "negative offset")
        guard start < count else { return nil }
        return withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress, let found = memchr(base + start, Int32(byte), count - start) else {
                return nil
            }
            return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        }
    }

    /// The bytes in `range` decoded as UTF-8 (an invalid sequence repaired, as `String(decoding:as:)` does).
    @inlinable
    package func decodedString(in range: Range<Int>) -> String {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of bounds")
        return withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// Whether the bytes contain `a b c d` in a row.
    ///
    /// Fast path: most texts have no `a` at all, so `a` is looked for a word at a time.
    @inlinable
    package func containsFourBytes(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> Bool {
        // Through the buffer, not the span's checked subscripts: this runs once per unit id of an import, and the
        // bounds checks made it 3.5 times slower than the pointer loop it replaced (Benchmarks/README.md).
        withUnsafeBufferPointer { buffer in
            guard buffer.count >= 4, let base = buffer.baseAddress else { return false }
            let last = buffer.count - 4
            var index = 0
            let ones: UInt64 = 0x0101_0101_0101_0101
            let pattern = UInt64(a) &* ones
            while index <= last {
                if index + 8 <= buffer.count {
                    let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) ^ pattern
                    if (word &- ones) & ~word & 0x8080_8080_8080_8080 == 0 {
                        index += 8
                        continue
                    }
                }
                if base[index] == a && base[index + 1] == b && base[index + 2] == c && base[index + 3] == d {
                    return true
                }
                index += 1
            }
            return false
        }
    }
}

extension Array where Element == UInt8 {
    /// Appends the bytes of `span`.
    @inlinable
    package mutating func append(contentsOf span: Span<UInt8>) {
        span.withUnsafeBufferPointer { append(contentsOf: $0) }
    }
}

extension Hasher {
    /// Feeds the UTF-8 bytes of `string` (not its characters: canonically equivalent strings hash differently).
    @inlinable
    package mutating func combineUTF8(of string: String) {
        var string = string
        string.withUTF8 { combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// Unbuffered writes to a file descriptor.
package enum DescriptorOutput {
    /// Writes all of `bytes` to `descriptor` (standard output is 1); stops at a write error.
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, base + offset, buffer.count - offset)
                if count <= 0 { return }
                offset += count
            }
        }
    }
}

/// glibc's allocator, set for a short process that builds and frees a few hundred megabytes.
///
/// A large import allocates about 300 MB (the catalog's model, the documents, file buffers) from two threads.
/// By default glibc grows each thread's heap a little at a time (one `mprotect` per step), gives freed memory
/// back to the kernel, maps large buffers separately and consolidates small free blocks before large
/// allocations; a fresh page costs a fault and zeroing every time it comes back. For a command that exits
/// within a second none of that pays: the heaps grow in 64 MB steps, keep what is freed, and serve buffers up
/// to 32 MB themselves. Measured on the import benchmark: about 8 % of the command's time.
package enum MemoryTuning {
    /// Sets the allocator up for a short command (glibc only; nothing elsewhere).
    package static func forShortCommand() {
        #if canImport(Glibc)
            // `mallopt` is declared in <malloc.h>, which the Glibc module does not import.
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
            let maxFast: Int32 = 1
            let trimThreshold: Int32 = -1
            let topPad: Int32 = -2
            let mmapThreshold: Int32 = -3
            _ = mallopt(maxFast, 0)
            _ = mallopt(trimThreshold, 512 << 20)
            _ = mallopt(topPad, 64 << 20)
            _ = mallopt(mmapThreshold, 32 << 20)
        #endif
    }
}

/// One byte for each byte value: a lookup that needs no bounds check, since every `UInt8` is an index.
package struct ByteTable: Sendable {
    @usableFromInline let entries: [UInt8]

    /// The table whose entry for each byte is `entry(byte)`.
    package init(_ entry: (UInt8) -> UInt8) {
        entries = (0...255).map { entry(UInt8($0)) }
    }

    /// The entry for `byte`.
    @inlinable @inline(__always)
    package subscript(byte: UInt8) -> UInt8 {
        entries.withUnsafeBufferPointer { $0[Int(byte)] }
    }
}

extension String {
    /// Calls `body` with the string's UTF-8 bytes, in place (a string that is not stored as contiguous UTF-8, such
    /// as a bridged one, is copied first).
    ///
    /// The span is made from the string's storage rather than taken from `utf8.span`, which Apple's systems have
    /// only from macOS/iOS 26 on (the `Span` type itself is back-deployed; the package supports macOS 13).
    @inlinable @inline(__always)
    package func withUTF8Span<Result>(_ body: (Span<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable({ try body(Span(_unsafeElements: $0)) }) {
            return result
        }
        return try Array(utf8).withSpan(body)
    }
}

extension String {
    /// Whether the string's UTF-8 holds `byte`: `utf8.contains(byte)`, searched with `memchr` in the string's own
    /// storage (a string not stored as contiguous UTF-8 is searched by its view; `UnsafeAccessTests` holds the two
    /// equal).
    @inlinable
    package func utf8Contains(_ byte: UInt8) -> Bool {
        let found = utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        }
        return found ?? utf8.contains(byte)
    }
}

extension Array where Element == UInt8 {
    /// Calls `body` with the array's bytes as a span (`Array.span` needs macOS/iOS 26 on Apple's systems).
    @inlinable @inline(__always)
    package func withSpan<Result>(_ body: (Span<UInt8>) throws -> Result) rethrows -> Result {
        try withUnsafeBufferPointer { try body(Span(_unsafeElements: $0)) }
    }
}
