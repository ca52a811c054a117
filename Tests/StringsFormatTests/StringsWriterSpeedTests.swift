import Testing

@testable import StringsFormat

/// The `.strings` writer's byte loops (run copies, a line break looked for in bytes) against their plain forms.
@Suite("Strings writer: fast paths")
struct StringsWriterSpeedTests {
    /// Texts with every byte the quoting treats on its own, at the start, middle and end, and next to runs.
    static let texts: [String] = {
        var texts = [
            "", "plain", "\"", "\\", "'", "a\"b\\c'd", "\u{7}\u{8}\t\n\u{B}\u{C}\r", "\u{0}\u{1}\u{1F}\u{7F}",
            "\u{2028}", "\u{2029}", "x\u{2028}y\u{2029}z", "\u{2027}\u{202A}\u{2026}—’", "…", "“quoted”",
            "e\u{301}", "日本語 %@ %1$lld", "🇫🇷 👩‍👩‍👧", "line\r\nbreak", "ends with \\", "\u{2028}\u{2028}",
            "a\u{E2}b".replacingOccurrences(of: "\u{E2}", with: "â"), "\u{80}\u{A8}\u{A9}", "Ⅰ⁂₿",
        ]
        // Every special character next to ASCII and non-ASCII runs.
        for special in ["\"", "\\", "\n", "\u{0}", "\u{7F}", "\u{2028}", "\u{2026}", "'"] {
            texts.append("ab" + special + "cd")
            texts.append("é" + special + special + "ü")
            texts.append(special + String(repeating: "x", count: 40) + special)
        }
        return texts
    }()

    @Test func quotingCopiesRunsAsTheByteLoopWritesThem() {
        let writer = StringsWriter()
        for text in Self.texts {
            for quote in [UInt8(ascii: "\""), UInt8(ascii: "'")] {
                var fast: [UInt8] = [0x41]
                var plain: [UInt8] = [0x41]
                writer.appendQuoted(text, quote: quote, to: &fast)
                writer.appendQuotedByteByByte(text, quote: quote, to: &plain)
                #expect(fast == plain, "\(text.debugDescription) quoted with \(quote)")
            }
        }
    }

    @Test func quotingEscapes() {
        var bytes: [UInt8] = []
        StringsWriter().appendQuoted("a\"\\\n\u{1}\u{2028}…b", to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "\"a\\\"\\\\\\n\\U0001\\U2028…b\"")
    }

    @Test func lineBreaksFoundInBytesAsInScalars() {
        for text in Self.texts + ["a\rb", "\u{2028}", "no break", "\u{85}", "\u{2029}end"] {
            #expect(
                StringsWriter.hasLineBreak(text) == StringsWriter.hasLineBreakByScalars(text),
                "\(text.debugDescription)")
        }
        #expect(StringsWriter.hasLineBreak("a\u{2029}"))
        #expect(!StringsWriter.hasLineBreak("a\u{2026}\u{202F}"))
    }

    @Test func commentEndsFoundInPlaceAsBySequence() {
        for text in Self.texts + ["*/", "a*/b", "*", "/", "/*", "**/", "*x/", "é*/", "*/é", "* /", "a*", "/b"] {
            #expect(
                StringsWriter.containsCommentEnd(text) == StringsWriter.containsCommentEndBySequence(text),
                "\(text.debugDescription)")
        }
        #expect(StringsWriter.containsCommentEnd("x **/"))
        #expect(!StringsWriter.containsCommentEnd("x * / /*"))
    }
}
