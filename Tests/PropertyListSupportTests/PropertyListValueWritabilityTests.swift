import PropertyListSupport
import Testing
import XMLSupport

/// `XMLCharacters.firstUnwritable(in:)`, which property lists and XLIFF export share, looks at the UTF-8 bytes first
/// and walks the Unicode scalars only when a byte is suspicious; it must find what the scalar walk alone finds.
@Suite("Characters a property list cannot hold")
struct PropertyListValueWritabilityTests {
    /// The rule on its own: the first scalar XML 1.0 cannot hold (C0 controls but TAB, LF and CR; U+FFFE; U+FFFF).
    static func byScalars(_ text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { scalar in
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: false
            case 0..<0x20, 0xFFFE, 0xFFFF: true
            default: false
            }
        }
    }

    @Test("Every C0 control, DEL, and every character whose UTF-8 starts with EF, alone and among others")
    func sameAsTheScalarWalk() {
        var texts: [String] = ["", "plain", "tab\there", "line\nbreak\r\n", "é ü 日本語 👋🏽", "\u{7F}", "\u{85}"]
        for value in UInt32(0)..<0x20 {
            let scalar = Unicode.Scalar(value)!
            texts += [
                String(Character(scalar)), "a\(Character(scalar))b",
                String(repeating: "x", count: 40) + "\(Character(scalar))",
            ]
        }
        // Every scalar from U+F000 to U+FFFF: their UTF-8 starts with EF.
        for value in UInt32(0xF000)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            texts += ["\(Character(scalar))", "value \(Character(scalar)) after"]
        }
        texts.append("\u{FFFD}\u{FFFE}")
        texts.append("ok\u{FFFF}\u{1}")
        var unwritable = 0
        for text in texts {
            let expected = Self.byScalars(text)
            #expect(XMLCharacters.firstUnwritable(in: text) == expected, "\(Array(text.unicodeScalars))")
            if expected != nil { unwritable += 1 }
        }
        // 29 controls three ways, U+FFFE and U+FFFF two ways, and the last two texts.
        #expect(unwritable == 29 * 3 + 2 * 2 + 2)
        // The same through a value: a nested dictionary reports the first unwritable key or string in order.
        let value = PropertyListValue.dictionary([
            .init("a", .string("fine")), .init("b", .array([.string("also fine"), .string("bad\u{B}one")])),
            .init("c\u{1}", .string("later")),
        ])
        #expect(value.firstUnwritableCharacter == Unicode.Scalar(0x0B))
    }
}
