import Testing

@testable import StringBridgeSupport

@Suite("Byte-level helpers")
struct UnsafeAccessTests {
    /// The word-at-a-time search agrees with a byte-by-byte one at every length and position, including matches
    /// that straddle a word boundary and near-misses.
    @Test func containsFourBytesAgreesWithAPlainSearch() {
        let alphabet = Array("|=a".utf8)
        var generator = SystemRandomNumberGenerator()
        for length in 0..<40 {
            for _ in 0..<200 {
                let bytes = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
                let expected =
                    bytes.count >= 4
                    && (0...(bytes.count - 4)).contains { bytes[$0..<($0 + 4)].elementsEqual("|==|".utf8) }
                let found = bytes.span.containsFourBytes(0x7C, 0x3D, 0x3D, 0x7C)
                #expect(found == expected, "\(bytes)")
            }
        }
        let atTheEnd = "0123456789ab|==|".utf8.span.containsFourBytes(0x7C, 0x3D, 0x3D, 0x7C)
        let cutShort = "0123456789ab|==".utf8.span.containsFourBytes(0x7C, 0x3D, 0x3D, 0x7C)
        #expect(atTheEnd && !cutShort)
    }

    /// `utf8Contains` (memchr in the string's storage) agrees with `utf8.contains` for every byte value, in small
    /// and large strings, native and Foundation-made ones, at the start, the middle and the end.
    @Test func utf8ContainsAgreesWithTheView() {
        let texts = [
            "", "$", "a$", "$a", "plain text without it", "é😀%@", String(repeating: "x", count: 100) + "%",
            "small", "%", String(repeating: "ab", count: 40), "a\u{0}b", "\u{85}",
        ]
        for text in texts {
            for value in 0...255 {
                let byte = UInt8(value)
                #expect(text.utf8Contains(byte) == text.utf8.contains(byte), "\(text.debugDescription) \(byte)")
            }
        }
    }

    /// `firstIndex(of:from:)` (memchr) agrees with a plain search from every start, at every length; and
    /// `decodedString(in:)` is `String(decoding:as:)` of the bytes in the range, repaired the same way.
    @Test func firstIndexAndDecodedStringsAgreeWithPlainOnes() {
        let alphabet: [UInt8] = [0x25, 0x61, 0xC3, 0xA9, 0x00]
        var generator = SystemRandomNumberGenerator()
        for length in 0..<24 {
            for _ in 0..<50 {
                let bytes = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
                for start in 0...(length + 1) {
                    let expected = start < length ? bytes[start...].firstIndex(of: 0x25) : nil
                    #expect(bytes.span.firstIndex(of: 0x25, from: start) == expected, "\(bytes) from \(start)")
                }
                for lower in 0...length {
                    for upper in lower...length {
                        let expected = String(decoding: bytes[lower..<upper], as: UTF8.self)
                        #expect(bytes.span.decodedString(in: lower..<upper) == expected, "\(bytes) \(lower)..<\(upper)")
                    }
                }
            }
        }
    }

    /// A box changed through one reference that another value shares is copied first.
    ///
    /// The other keeps its value; a box only one reference holds is changed in place.
    @Test func copyOnWriteBoxesKeepValueSemantics() {
        var first = CopyOnWriteBox([1, 2])
        let shared = first
        CopyOnWriteBox.modify(&first) { $0.append(3) }
        #expect(first.value == [1, 2, 3] && shared.value == [1, 2])
        #expect(first !== shared)
        let before = ObjectIdentifier(first)
        CopyOnWriteBox.modify(&first) { $0.append(4) }
        #expect(ObjectIdentifier(first) == before && first.value == [1, 2, 3, 4])
        #expect(first.read { $0.count } == 4)
    }

    @Test func wordsAndComparisons() {
        let bytes: [UInt8] = Array(1...12)
        var expected: UInt64 = 0
        for index in (3..<11).reversed() { expected = expected << 8 | UInt64(bytes[index]) }
        let word = bytes.span.word(at: 3)
        #expect(word == UInt64(littleEndian: expected))
        let other: [UInt8] = [9, 4, 5, 6, 9]
        let three = bytes.span.bytesEqual(at: 3, other.span, at: 1, count: 3)
        let four = bytes.span.bytesEqual(at: 3, other.span, at: 1, count: 4)
        let none = bytes.span.bytesEqual(at: 12, other.span, at: 5, count: 0)
        #expect(three && !four && none)
        var appended: [UInt8] = [0]
        appended.append(contentsOf: other.span)
        #expect(appended == [0, 9, 4, 5, 6, 9])
    }

    @Test func tablesElementsAndStrings() {
        let table = ByteTable { $0 &* 3 }
        for byte in UInt8.min...UInt8.max { #expect(table[byte] == byte &* 3) }
        let values = ["a", "b", "c"]
        #expect(values.withElement(at: 2) { $0 + "!" } == "c!")
        let text = "ünïcode and more than fifteen bytes"
        #expect(
            text.withUTF8Span { span in
                var copied: [UInt8] = []
                for index in 0..<span.count { copied.append(span[index]) }
                return copied
            } == Array(text.utf8))
        var first = Hasher()
        first.combineUTF8(of: "caf\u{E9}")
        var second = Hasher()
        second.combineUTF8(of: "cafe\u{301}")
        var third = Hasher()
        third.combineUTF8(of: "caf\u{E9}")
        let firstHash = first.finalize()
        #expect(firstHash != second.finalize())
        #expect(firstHash == third.finalize())
    }
}
