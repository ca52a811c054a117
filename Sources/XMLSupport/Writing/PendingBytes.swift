/// Where markup and escaped text are appended: a `[UInt8]`, or the pending bytes of an ``XMLStreamWriter``.
///
/// The writing layer (``XMLMarkup``, ``XMLEscaping``, ``XMLStreamWriter``, ``XMLFragments``) appends through the
/// safe methods of the extension below; the byte loops that need pointers are all in this file.
protocol ByteSink {
    mutating func append(_ byte: UInt8)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteSink where Element == UInt8 {}

/// A growable byte buffer without the checks of `Array` (uniqueness, generic appends): the bytes an ``XMLStreamWriter``
/// has built and not yet handed to libxml2.
///
/// Owned by one writer, which frees it.
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

// MARK: - Appending

extension ByteSink {
    /// Appends the UTF-8 bytes of `text` as they are.
    @inline(__always)
    mutating func append(utf8 text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ append(contentsOf: $0) }) != nil { return }
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends the bytes of `literal`.
    @inline(__always)
    mutating func append(_ literal: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends `bytes`.
    @inline(__always)
    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    /// Appends `text` escaped by the rules of ``XMLEscaping``, as character data or as an attribute value.
    ///
    /// - Returns: Whether `text` holds a character that XML 1.0 cannot hold (it is written all the same).
    @inline(__always)
    mutating func appendEscaped(_ text: String, inAttribute: Bool) -> Bool {
        if let result = text.utf8.withContiguousStorageIfAvailable({
            appendEscaped($0, inAttribute: inAttribute)
        }) {
            return result
        }
        var text = text
        return text.withUTF8 { appendEscaped($0, inAttribute: inAttribute) }
    }

    /// Appends `bytes` (UTF-8) escaped; runs of bytes that need nothing are copied in one piece.
    @inline(__always)
    private mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, inAttribute: Bool) -> Bool {
        var unholdable = false
        var runStart = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            // Most bytes need nothing: ASCII letters and everything non-ASCII except 0xEF (U+FFFE and U+FFFF
            // start with it), and printable ASCII other than & < > ".
            if byte > 0x3E {
                if byte != 0xEF {
                    index += 1
                    continue
                }
            } else if byte >= 0x20 && byte != 0x26 && byte != 0x3C && byte != 0x3E && byte != 0x22 {
                index += 1
                continue
            }
            let replacement: StaticString?
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\r"): replacement = "&#13;"
            case UInt8(ascii: "\""): replacement = inAttribute ? "&quot;" : nil
            case UInt8(ascii: "\t"): replacement = inAttribute ? "&#9;" : nil
            case UInt8(ascii: "\n"): replacement = inAttribute ? "&#10;" : nil
            case 0xEF:
                // U+FFFE is EF BF BE, U+FFFF is EF BF BF.
                if index + 2 < count, bytes[index + 1] == 0xBF, bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF {
                    unholdable = true
                }
                replacement = nil
            default:
                unholdable = true  // a C0 control other than TAB, LF and CR
                replacement = nil
            }
            if let replacement {
                if runStart < index {
                    append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                }
                append(replacement)
                runStart = index + 1
            }
            index += 1
        }
        if runStart < count { append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count])) }
        return unholdable
    }
}

extension PendingBytes {
    /// Appends a prepared fragment.
    @inline(__always)
    mutating func append(_ fragment: XMLFragments.Fragment, from storage: XMLFragments.Storage) {
        append(contentsOf: UnsafeBufferPointer(rebasing: storage.bytes[fragment.start..<fragment.end]))
    }
}

// MARK: - Prepared markup

extension XMLFragments {
    /// A read-only view of the bytes of ``XMLFragments``, valid inside ``XMLFragments/withStorage(_:)``.
    package struct Storage {
        let bytes: UnsafeBufferPointer<UInt8>
    }

    /// Runs `body` with the prepared bytes, for writing fragments without touching reference counts.
    package func withStorage<Result>(_ body: (Storage) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer { try body(Storage(bytes: $0)) }
    }
}
