/// Checks of UTF-8 bytes that several formats make (`.strings` files, String Catalogs).
package enum UTF8Validation {
    /// The offset of the first byte that makes `bytes` invalid UTF-8 — the start of the first sequence that is
    /// not a well-formed scalar (no overlong forms, surrogates or values past U+10FFFF, nothing truncated) — or
    /// `bytes.count` when all of it is valid.
    ///
    /// Fast path: ASCII is checked eight bytes at a time (one unaligned 64-bit load, no high bit set); any other
    /// byte goes through the exact table of well-formed sequences.
    @inlinable
    package static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index < count {
            // ASCII eight bytes at a time.
            if index &+ 8 <= count, let base = bytes.baseAddress,
                UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & highBits == 0
            {
                index &+= 8
                continue
            }
            let lead = bytes[index]
            if lead < 0x80 {
                index &+= 1
                continue
            }
            // The range the second byte must be in, by lead byte (Unicode Table 3-7).
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return index
            }
            guard index + length <= count else { return index }
            let second = bytes[index + 1]
            guard second >= low, second <= high else { return index }
            for continuation in 2..<length where bytes[index + continuation] & 0xC0 != 0x80 { return index }
            index += length
        }
        return count
    }

    /// The same check over the bytes of an array.
    @inlinable
    package static func firstInvalidOffset(in bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { firstInvalidOffset(in: $0) }
    }
}
