/// Hexadecimal numbers as messages and escapes spell them, and as escapes in the input give them.
package enum Hexadecimal {
    /// `value` in upper-case hexadecimal, zero-padded to at least `digits` digits (`uppercase(7, digits: 4)` is
    /// `0007`).
    package static func uppercase(_ value: some BinaryInteger, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// The value of the ASCII hexadecimal digit `byte` (`0`–`9`, `a`–`f`, `A`–`F`), or `nil` when `byte` is not
    /// one.
    @inlinable
    package static func digitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte &- UInt8(ascii: "A") &+ 10
        default: return nil
        }
    }
}
