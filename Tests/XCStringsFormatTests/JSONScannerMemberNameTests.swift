import LocalizationCatalog
import Testing

@testable import XCStringsFormat

/// Member names are read without making a `String` when they are ASCII without escapes (`readRawString`'s fast
/// path); every name must come out as `readString` (the exact reading) makes it: the same string, the same
/// diagnostic, the scanner left at the same offset, and the same answer to "is this the member `stringUnit`?".
@Suite("JSON scanner member names")
struct JSONScannerMemberNameTests {
    /// The bytes of a member name, quotes included, and what follows it.
    static let names: [[UInt8]] = [
        Array(#""stringUnit" : 1"#.utf8),
        Array(#""string\u0055nit" : 1"#.utf8),
        Array(#""stringUnit\u0020" : 1"#.utf8),
        Array(#""stringunit" : 1"#.utf8),
        Array(#""stringUnits" : 1"#.utf8),
        Array(#""" : 1"#.utf8),
        Array(#""a\"b" : 1"#.utf8),
        Array(#""\u212A" : 1"#.utf8),
        Array("\"v\u{E4}rde\" : 1".utf8),
        Array("\"a very long member name made only of ASCII letters\" : 1".utf8),
        Array("\"long ASCII name then \u{E9}\" : 1".utf8),
        [UInt8(ascii: "\""), 0xFF, UInt8(ascii: "\"")],
        [UInt8(ascii: "\""), UInt8(ascii: "a"), 0xC3, UInt8(ascii: "\"")],
        Array("\"tab\there\" : 1".utf8),
        Array("\"line\nbreak\" : 1".utf8),
        Array(#""unterminated"#.utf8),
        Array(#""12345678" : 1"#.utf8),
        Array(#""1234567" : 1"#.utf8),
        Array(#""123456789012345\" : 1"#.utf8),
    ]

    static let literals: [StaticString] = ["stringUnit", "stringunit", "", "K", "12345678", "value"]

    func read(_ bytes: [UInt8], fast: Bool) -> (result: String, offset: Int, matches: [Bool]) {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer, path: "names.xcstrings")
            do {
                if fast {
                    let name = try scanner.readRawString()
                    return (
                        "name " + scanner.string(of: name), scanner.offset,
                        Self.literals.map { scanner.matches(name, $0) }
                    )
                }
                let string = try scanner.readString()
                return ("name " + string, scanner.offset, Self.literals.map { string == "\($0)" })
            } catch {
                return ("error \(error)", -1, [])
            }
        }
    }

    @Test(arguments: names)
    func fastNamesAreTheExactOnes(_ bytes: [UInt8]) {
        let fast = read(bytes, fast: true)
        let exact = read(bytes, fast: false)
        #expect(fast.result == exact.result)
        #expect(fast.offset == exact.offset)
        #expect(fast.matches == exact.matches)
    }

    @Test func asciiNamesAreNotMadeAsTheyAreRead() throws {
        let bytes = Array(#""stringUnit" : 1"#.utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer, path: "names.xcstrings")
            let name = try scanner.readRawString()
            #expect(name.made == nil)
            #expect(name.ascii == 1..<11)
            #expect(scanner.offset == 12)
        }
        let escaped = Array(#""string\u0055nit" : 1"#.utf8)
        try escaped.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer, path: "names.xcstrings")
            let made = try scanner.readRawString().made
            #expect(made == "stringUnit")
        }
    }

    func read(_ json: String) -> Result<StringTable, ConversionError> {
        var diagnostics = Diagnostics()
        do {
            return .success(
                try XCStringsReader(parallelism: .sequential).read(
                    SourceFile(path: "m.xcstrings", bytes: Array(json.utf8)), options: ReadOptions(),
                    diagnostics: &diagnostics))
        } catch let error as ConversionError {
            return .failure(error)
        } catch {
            Issue.record("\(error)")
            return .failure(ConversionError([]))
        }
    }

    /// A known member spelled with an escape is that member, for the reader as for JSON.
    @Test func escapedKnownMembersAreTheMembers() throws {
        let plain = #"""
            {"sourceLanguage":"en","strings":{"k":{"comment":"c","localizations":{"de":{"stringUnit":{"state":"new","value":"v"}}}}}}
            """#
        let escaped = #"""
            {"sourceLanguage":"en","strings":{"k":{"comm\u0065nt":"c","localizations":{"de":{"string\u0055nit":{"st\u0061te":"new","\u0076alue":"v"}}}}}}
            """#
        let table = try read(plain).get()
        #expect(try read(escaped).get().entries == table.entries)
        #expect(table.entries["k"]?.comment == "c")
        #expect(table.entries["k"]?.localizations?["de"] == Localization("v", state: .new))
        let repeated = #"""
            {"sourceLanguage":"en","strings":{"k":{"localizations":{"de":{"stringUnit":{"state":"new","st\u0061te":"new","value":"v"}}}}}}
            """#
        #expect(
            read(repeated).failureDescription
                == #"m.xcstrings:1:91: error: duplicate key "state"; first defined at line 1, column 77"#)
    }

    /// A `"state"` told by its bytes is the state `TranslationState(rawValue:)` makes of the string read exactly.
    @Test(arguments: [
        #""translated""#, #""new""#, #""needs_review""#, #""machine_translated""#, #""tr\u0061nslated""#,
        #""translated ""#, #""stale""#, #""""#, "\"n\u{E9}w\"", #"1"#, #""unterminated"#,
    ])
    func knownStatesAreTheExactOnes(_ json: String) {
        func state(fast: Bool) -> String {
            Array(json.utf8).withUnsafeBufferPointer { buffer in
                var scanner = JSONScanner(bytes: buffer, path: "s.xcstrings")
                let parser = EntryParser()
                do {
                    let state =
                        fast
                        ? try parser.translationState(&scanner)
                        : TranslationState(rawValue: try parser.string("state", &scanner))
                    return "\(Array(state.rawValue.utf8)) at \(scanner.offset)"
                } catch {
                    return "\(error)"
                }
            }
        }
        #expect(state(fast: true) == state(fast: false))
    }

    /// The first byte `runEnds` marks is the first `"`, `\` or control character of the word, so the scanner can
    /// skip the bytes before it.
    @Test func runEndsMarksTheFirstEndExactly() {
        let bytes: [UInt8] = [
            0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xA2, 0xDC, 0xFF, 0x61,
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50_000 {
            let word = (0..<8).map { _ in bytes[Int.random(in: 0..<bytes.count, using: &generator)] }
            let loaded = word.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << UInt64($1.offset * 8) }
            let first = word.firstIndex { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }
            let ends = StringBytes.runEnds(loaded)
            #expect((ends == 0) == (first == nil))
            if let first, ends != 0 {
                #expect(StringBytes.bytesBefore(ends) == first)
                #expect(
                    loaded & StringBytes.lowBytes(first)
                        == word.prefix(first).enumerated().reduce(UInt64(0)) {
                            $0 | UInt64($1.element) << UInt64($1.offset * 8)
                        })
            }
        }
    }

    /// Columns count the bytes that start a scalar eight at a time; the count is the one byte by byte.
    @Test func scalarCountsAgreeWithTheByteByByteCount() {
        let pieces: [[UInt8]] = [
            [0x20], [0x61], Array("é".utf8), Array("中".utf8), Array("😀".utf8), [0x80], [0xBF], [0xC3], [0xFF], [0x7F],
        ]
        var generator = SystemRandomNumberGenerator()
        for length in 0..<40 {
            for _ in 0..<200 {
                var bytes: [UInt8] = []
                while bytes.count < length {
                    bytes += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
                }
                bytes.withUnsafeBufferPointer { buffer in
                    for start in [0, min(1, bytes.count), bytes.count / 2] {
                        let range = start..<bytes.count
                        #expect(
                            JSONScanner.scalarCount(buffer, range) == JSONScanner.scalarCountByBytes(buffer, range))
                    }
                }
            }
        }
    }
}

extension Result {
    /// The error's description, or "" on success.
    fileprivate var failureDescription: String {
        if case .failure(let error) = self { return "\(error)" }
        return ""
    }
}
