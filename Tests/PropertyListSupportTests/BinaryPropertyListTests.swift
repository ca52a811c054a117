import Foundation
import LocalizationCatalog
import PropertyListSupport
import TestSupport
import Testing

/// The binary property-list reader: every object type, the dialect's rules, and malformed input refused with an
/// error about the file, never a crash or a hang.
@Suite("Binary property lists")
struct BinaryPropertyListTests {
    /// A dictionary `{"v": object}` around one encoded object.
    static func wrapped(_ encoded: [UInt8]) -> [UInt8] {
        var builder = BinaryPlistBuilder()
        let key = builder.ascii("v")
        let value = builder.add(encoded)
        let top = builder.dictionary([(key, value)])
        return builder.bytes(top: top)
    }

    @Test(
        "Each object type is read as the XML form would hold it",
        arguments: [
            ([0x08], "false"), ([0x09], "true"),
            ([0x10, 0xFF], "int 255"), ([0x11, 0x01, 0x00], "int 256"),
            ([0x12, 0xFF, 0xFF, 0xFF, 0xFF], "int 4294967295"),
            ([0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xF9], "int -7"),
            ([0x14] + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0xFF, count: 8), "int 18446744073709551615"),
            ([0x22, 0x3F, 0xC0, 0x00, 0x00], "real 1.5"), ([0x23, 0x40, 0x59, 0, 0, 0, 0, 0, 0], "real 100.0"),
            ([0x23, 0x7F, 0xF0, 0, 0, 0, 0, 0, 0], "real +infinity"),
            ([0x33, 0, 0, 0, 0, 0, 0, 0, 0], "date 2001-01-01T00:00:00Z"),
            ([0x33, 0x41, 0xC9, 0x8B, 0xA4, 0x0C, 0x00, 0x00, 0x00], "date 2028-02-29T21:03:20Z"),
            ([0x33, 0xC1, 0xCD, 0x27, 0xE4, 0x40, 0x00, 0x00, 0x00], "date 1970-01-01T00:00:00Z"),
            ([0x40], "data "), ([0x41, 0x00], "data AA=="), ([0x42, 0x00, 0x01], "data AAE="),
            ([0x43, 0xFF, 0xFE, 0xFD], "data //79"), ([0x44, 0x66, 0x6F, 0x6F, 0x62], "data Zm9vYg=="),
            ([0x53, 0x61, 0x62, 0x63], "\"abc\""), ([0x62, 0xD8, 0x3D, 0xDE, 0x00], "\"😀\""),
            ([0x00], "<null>"), ([0x0F], "<null>"), ([0x80, 0x03], "<a UID>"), ([0xC0], "<a set>"),
            ([0x70], "<an unknown object (marker 0x70)>"),
        ] as [([UInt8], String)])
    func objectTypes(_ encoded: [UInt8], _ expected: String) {
        let (result, warnings) = readBinary(Self.wrapped(encoded))
        #expect(result == "{\"v\": \(expected)}")
        #expect(warnings.isEmpty)
    }

    @Test("Long strings, arrays and dictionaries have their count after the marker")
    func longCounts() {
        var builder = BinaryPlistBuilder()
        let long = builder.ascii(String(repeating: "x", count: 20))
        let items = builder.array([Int](repeating: long, count: 16))
        var pairs: [(key: Int, value: Int)] = []
        for index in 0..<16 { pairs.append((builder.ascii("k\(index)"), index == 0 ? items : long)) }
        let top = builder.dictionary(pairs)
        let (result, _) = readBinary(builder.bytes(top: top))
        #expect(result.hasPrefix("{\"k0\": [\"xxxxxxxxxxxxxxxxxxxx\", "))
        #expect(result.components(separatedBy: "xxxxxxxxxxxxxxxxxxxx").count == 32)
    }

    @Test("Values have no lines: every position is the whole file")
    func positions() {
        var builder = BinaryPlistBuilder()
        let key = builder.ascii("a")
        let items = builder.array([key])
        let top = builder.dictionary([(key, items)])
        #expect(readBinary(builder.bytes(top: top), positions: true).result == #"{"a"@file: ["a"@file]@file}@file"#)
    }

    @Test("A repeated key is folded with a warning about the file, or kept, as the dialect says")
    func repeatedKeys() {
        var builder = BinaryPlistBuilder()
        let key = builder.ascii("a")
        let one = builder.ascii("1")
        let two = builder.ascii("2")
        let top = builder.dictionary([(key, one), (key, two)])
        let bytes = builder.bytes(top: top)
        let folded = readBinary(bytes, dialect: .plain(foldsRepeatedKeys: true))
        #expect(folded.result == #"{"a": "2"}"#)
        #expect(
            folded.warnings == [
                #"t.plist: warning: repeatedKey("a", first: PropertyListSupport.TextPosition(line: 0, column: 0))"#
            ])
        let kept = readBinary(bytes, dialect: .plain(foldsRepeatedKeys: false))
        #expect(kept.result == #"{"a": "1", "a": "2"}"#)
        #expect(kept.warnings.isEmpty)
    }

    @Test("A dictionary key that is not a string is refused by its kind")
    func keyNotString() {
        var builder = BinaryPlistBuilder()
        let key = builder.add([0x10, 0x01])
        let value = builder.ascii("x")
        let top = builder.dictionary([(key, value)])
        #expect(readBinary(builder.bytes(top: top)).result == #"t.plist: error: keyNotString(kind: "an integer")"#)
    }

    @Test("An object that contains itself is refused at the nesting limit, without exhausting the stack")
    func selfContainingArray() {
        var builder = BinaryPlistBuilder()
        let array = builder.add([])
        builder.replace(array, with: builder.arrayBytes([array]))
        let (result, _) = readBinary(builder.bytes(top: array))
        #expect(
            result
                == "t.plist: error: malformedBinary(\"the object at offset 8 is nested more than 512 levels deep"
                + " (or contains itself)\")")
    }

    @Test("Objects shared so often that they would make a huge tree are refused, quickly")
    func sharingBomb() {
        var builder = BinaryPlistBuilder()
        var previous = builder.ascii("x")
        for _ in 0..<40 { previous = builder.array([previous, previous]) }
        let clock = ContinuousClock()
        let start = clock.now
        let (result, _) = readBinary(builder.bytes(top: previous))
        #expect(clock.now - start < .seconds(10))
        #expect(
            result
                == "t.plist: error: malformedBinary(\"the objects are shared so often that they would make more than"
                + " 1000656 values\")")
    }

    @Test(
        "Malformed structure is refused with the byte offset",
        arguments: [
            (
                [0x14, 0, 0, 0, 0, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 8),
                "the integer at offset 10 does not fit in 64 bits"
            ),
            ([0x15, 0], "the integer at offset 10 has an invalid size"),
            ([0x21, 0, 0], "the real number at offset 10 has an invalid size"),
            ([0x55, 0x61], "the string at offset 10 runs past the object data"),
            ([0x51, 0xC3], "the ASCII string at offset 10 has a byte above 0x7F"),
            ([0x61, 0xDC, 0x00], "the UTF-16 string at offset 10 has an unpaired surrogate"),
            ([0x4F, 0x10, 0x05], "the data at offset 10 runs past the object data"),
            ([0xAF, 0x20], "the object at offset 10 has an invalid length"),
        ] as [([UInt8], String)])
    func malformed(_ encoded: [UInt8], _ detail: String) {
        #expect(readBinary(Self.wrapped(encoded)).result == "t.plist: error: malformedBinary(\"\(detail)\")")
    }

    @Test("Every prefix and random mutations of a binary file are read or refused, never a crash")
    func robustness() {
        var builder = BinaryPlistBuilder()
        let key = builder.ascii("key")
        let text = builder.utf16("Grüße")
        let number = builder.add([0x13, 0, 0, 0, 0, 0, 0, 0, 5])
        let inner = builder.dictionary([(key, text), (text, number)])
        let list = builder.array([text, number, inner])
        let top = builder.array([inner, list])
        let bytes = builder.bytes(top: top)
        #expect(
            readBinary(bytes).result
                == #"[{"key": "Grüße", "Grüße": int 5}, ["Grüße", int 5, {"key": "Grüße", "Grüße": int 5}]]"#)
        for length in 0..<bytes.count {
            let result = readBinary(Array(bytes.prefix(length))).result
            #expect(result.hasPrefix("t.plist: error: "), "prefix of \(length) bytes")
        }
        var random = SplitMix64(seed: 0xB1_9A_27)
        for _ in 0..<3_000 {
            var mutated = bytes
            for _ in 0..<1 + Int(random.next() % 3) {
                mutated[8 + Int(random.next() % UInt64(bytes.count - 8))] = UInt8(truncatingIfNeeded: random.next())
            }
            _ = readBinary(mutated)
        }
    }
}
