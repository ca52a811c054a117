import Testing

@testable import StringBridgeSupport

@Suite("UTF-8 validation")
struct UTF8ValidationTests {
    /// Every sequence of up to four bytes drawn from the boundary values agrees with the standard library.
    @Test func agreesWithTheStandardLibrary() {
        let interesting: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5,
        ]
        var sequence: [UInt8] = []
        func check() {
            sequence.withUnsafeBufferPointer { buffer in
                let valid = String(validating: buffer, as: UTF8.self) != nil
                #expect((UTF8Validation.firstInvalidOffset(in: buffer) == buffer.count) == valid, "\(sequence)")
            }
        }
        for a in interesting {
            for b in interesting {
                for c in interesting {
                    for d in interesting {
                        sequence = [a, b, c, d]
                        check()
                    }
                    sequence = [0x41, a, b, c]
                    check()
                }
            }
        }
    }

    /// The offset is the start of the first bad sequence, also past the eight-byte ASCII fast path.
    @Test func reportsTheFirstBadSequence() {
        func offset(_ bytes: [UInt8]) -> Int {
            bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset(in: $0) }
        }
        let ascii = Array("0123456789abcdefghij".utf8)
        #expect(offset(ascii) == ascii.count)
        #expect(offset(ascii + [0xC3, 0xA9] + ascii) == ascii.count * 2 + 2)
        #expect(offset(ascii + [0xE2, 0x82] + ascii) == ascii.count)
        #expect(offset(Array(ascii.prefix(11)) + [0xFF] + ascii) == 11)
        #expect(offset([0xED, 0xA0, 0x80]) == 0)  // a surrogate
        #expect(offset([0x41, 0xF4, 0x90, 0x80, 0x80]) == 1)  // past U+10FFFF
        #expect(offset([]) == 0)
    }
}

@Suite("Hexadecimal")
struct HexadecimalTests {
    @Test func digitValuesAgreeWithCharacter() {
        for byte in UInt8.min...UInt8.max {
            let expected = Character(Unicode.Scalar(byte)).hexDigitValue.map(UInt8.init)
            #expect(Hexadecimal.digitValue(byte) == (byte < 0x80 ? expected : nil), "\(byte)")
        }
    }

    @Test func uppercasePadsToTheDigits() {
        #expect(Hexadecimal.uppercase(7, digits: 4) == "0007")
        #expect(Hexadecimal.uppercase(0x1F600, digits: 4) == "1F600")
        #expect(Hexadecimal.uppercase(UInt8(0xAB), digits: 2) == "AB")
        #expect(Hexadecimal.uppercase(0, digits: 0) == "0")
    }
}

@Suite("Quoting")
struct QuotingTests {
    @Test func escapesWhatWouldBreakTheLine() {
        #expect(quoted("plain") == "\"plain\"")
        #expect(quoted("a\"b\\c\nd\re\tf") == #""a\"b\\c\nd\re\tf""#)
        #expect(quoted("é 😀") == "\"é 😀\"")
    }

    @Test func spellsControlsPerFormat() {
        let text = "\u{1B}\u{7F}\u{0}"
        #expect(quoted(text) == #""\u{1b}\u{7f}\u{0}""#)
        #expect(quoted(text, controls: .swiftUppercase) == #""\u{1B}\u{7F}\u{0}""#)
        #expect(quoted(text, controls: .strings) == #""\U001B\U007F\U0000""#)
        #expect(quoted(text, controls: ControlSpelling { _ in "?" }) == "\"???\"")
    }

    /// The fast paths of `quoted` and `escapingControls` (texts without a byte that could be changed come back as
    /// they are) give what the exact, scalar-by-scalar forms give: for every text made of up to three pieces from a
    /// list with each kind of byte the fast paths look at (C0 and C1 controls, DEL, quotes, backslashes, other
    /// two-byte scalars starting with 0xC2, combining marks, emoji, CR LF).
    @Test func fastPathsAgreeWithTheExactForms() {
        let pieces = [
            "", "a", "plain text", "\"", "\\", "\n", "\r\n", "\t", "\u{1B}", "\u{0}", "\u{7F}", "\u{80}", "\u{85}",
            "\u{9F}", "\u{A0}", "©", "é", "e\u{301}", "😀", "👨‍👩‍👧", "🇫🇷", "\u{2028}", "%@",
        ]
        var checked = 0
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    let text = a + b + c
                    // Compared by bytes: `==` of strings would take canonically equal spellings as equal.
                    #expect(
                        Array(quoted(text).utf8)
                            == Array(quotedByScalars(text, spellingControlsWith: ControlSpelling.swift.spell).utf8))
                    #expect(
                        Array(quoted(text, controls: .strings).utf8)
                            == Array(quotedByScalars(text, spellingControlsWith: ControlSpelling.strings.spell).utf8))
                    #expect(Array(escapingControls(text).utf8) == Array(escapingControlsByScalars(text).utf8))
                    checked += 1
                }
            }
        }
        #expect(checked == pieces.count * pieces.count * pieces.count)
        // The fast path is taken: a plain text is not rebuilt scalar by scalar (same bytes, same result).
        #expect(quoted("%lld items") == "\"%lld items\"")
        #expect(escapingControls("a\u{85}b") == "a\\u{85}b")
    }
}
