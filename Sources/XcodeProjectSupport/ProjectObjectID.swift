import StringBridgeSupport

/// The id of an object of `project.pbxproj`: 24 upper-case hexadecimal digits, as Xcode makes them.
///
/// Xcode's ids hold a per-user byte, a per-process byte, a counter, the seconds since 2001 and a per-session part
/// (docs/migration.md, "Project file"); none of them can be reproduced. New ids are made instead from a hash of
/// what the object is (``derived(from:avoiding:)``): the same project edited the same way gets the same ids, and
/// an id already in the file is never reused.
package struct ProjectObjectID: Hashable, Sendable, CustomStringConvertible {
    /// The 24 digits.
    package let rawValue: String

    /// The id written as `text`, when it is 24 hexadecimal digits.
    package init?(_ text: String) {
        guard text.utf8.count == 24, text.utf8.allSatisfy({ Self.isHexDigit($0) }) else { return nil }
        rawValue = text
    }

    private init(unchecked text: String) { rawValue = text }

    package var description: String { rawValue }

    /// A new id made from `seed` (what the object is: its kind, its path, the object it belongs to), not one of
    /// `taken`: the first of `seed#0`, `seed#1`, … whose 96-bit FNV-1a hash is free.
    package static func derived(from seed: String, avoiding taken: (String) -> Bool) -> ProjectObjectID {
        var attempt = 0
        while true {
            let text = "\(seed)#\(attempt)"
            let high = fnv1a(text.utf8, basis: 0xcbf2_9ce4_8422_2325)
            let low = fnv1a(text.utf8, basis: 0x8422_2325_cbf2_9ce4)
            let digits = Hexadecimal.uppercase(high, digits: 16) + Hexadecimal.uppercase(low >> 32, digits: 8)
            if !taken(digits) { return ProjectObjectID(unchecked: digits) }
            attempt += 1
        }
    }

    private static func fnv1a(_ bytes: String.UTF8View, basis: UInt64) -> UInt64 {
        var hash = basis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
}
