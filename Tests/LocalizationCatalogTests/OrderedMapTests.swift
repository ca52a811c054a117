import Testing

@testable import LocalizationCatalog

@Suite("OrderedMap")
struct OrderedMapTests {
    @Test func keepsInsertionOrderAndReplacesInPlace() {
        var map: OrderedMap<Int> = ["b": 1, "a": 2]
        map["c"] = 3
        map["b"] = 10
        #expect(map.keys == ["b", "a", "c"])
        #expect(map.values == [10, 2, 3])
        #expect(map.removeValue(forKey: "a") == 2)
        #expect(map.keys == ["b", "c"])
        map["c"] = nil
        #expect(map.keys == ["b"])
    }

    @Test func canonicallyEquivalentKeysAreDistinct() {
        var map = OrderedMap<String>()
        map["\u{E9}"] = "precomposed"
        map["e\u{301}"] = "decomposed"
        #expect(map.count == 2)
        #expect(map["\u{E9}"] == "precomposed")
        #expect(map["e\u{301}"] == "decomposed")
        #expect(map.appendNew("again", forKey: "e\u{301}") == 1)
        #expect(map.count == 2)
    }

    @Test(arguments: [5, 40, 300])
    func lookupsAgreeWithAndWithoutTheIndex(_ count: Int) {
        var map = OrderedMap<Int>()
        for index in 0..<count { map["key \(index)"] = index }
        map["e\u{301}"] = -1
        map["\u{E9}"] = -2
        for index in 0..<count { #expect(map.index(forKey: "key \(index)") == index) }
        #expect(map["e\u{301}"] == -1)
        #expect(map["\u{E9}"] == -2)
        map.removeValue(forKey: "key 0")
        #expect(map.index(forKey: "key 1") == 0)
        #expect(map["\u{E9}"] == -2)
        map.reorder(by: Array(map.indices.reversed()))
        #expect(map.keys.first == "\u{E9}")
        #expect(map.index(forKey: "e\u{301}") == 1)
    }

    /// The fast path of `appendNew(_:forKey:ascending:)` (no search while the keys ascend) gives what
    /// `appendNew(_:forKey:)` gives, key for key: the same positions of repeats, the same map.
    @Test(arguments: [
        ["a", "b", "c"],
        ["a", "b", "b", "c"],
        ["a", "ab", "b", "a"],
        ["b", "a", "c", "a", "d"],
        ["", "a", ""],
        ["e\u{301}", "\u{E9}", "e\u{301}", "\u{E9}"],
        ["\u{E9}", "e\u{301}", "f", "e\u{301}"],
        (0..<50).map { "key \(1000 + $0)" } + ["key 1010", "key 2000", "key 1049"],
        (0..<50).map { "key \(2000 - $0)" } + ["key 1990", "key 1000"],
    ])
    func ascendingAppendsAgreeWithSearchingOnes(_ keys: [String]) {
        var searched = OrderedMap<Int>()
        var fast = OrderedMap<Int>()
        var ascending = true
        for (value, key) in keys.enumerated() {
            #expect(fast.appendNew(value, forKey: key, ascending: &ascending) == searched.appendNew(value, forKey: key))
        }
        #expect(fast == searched)
        #expect(fast.values == searched.values)
        for key in keys { #expect(fast.index(forKey: key) == searched.index(forKey: key)) }
    }

    /// The lookups that try a place first (`trying:`, `hint:`) find what the plain lookup finds, for every key
    /// (canonically equivalent ones, missing ones) and every place tried (in range or not), with and without the
    /// index; `hint` becomes the place found and is left alone when the key is missing.
    @Test(arguments: [6, 40])
    func lookupsThatTryAPlaceFirstAgreeWithThePlainOne(_ count: Int) {
        var map = OrderedMap<Int>()
        for index in 0..<count { map["key \(index)"] = index }
        map["e\u{301}"] = -1
        map["\u{E9}"] = -2
        let keys = map.keys + ["missing", "e", "\u{E9}\u{E9}"]
        for key in keys {
            let expected = map.index(forKey: key)
            for tried in -2...(map.count + 2) {
                #expect(map.index(forKey: key, trying: tried) == expected, "\(key) at \(tried)")
                var hint = tried
                #expect(map.index(forKey: key, hint: &hint) == expected, "\(key) near \(tried)")
                #expect(hint == (expected ?? tried), "\(key) near \(tried)")
            }
        }
    }

    @Test func utf8OrderIsTheOrderOfTheBytes() {
        let keys = [
            "", "a", "ab", "b", "e\u{301}", "z", "\u{E9}", "\u{E9}\u{E9}", "\u{1F600}",
            String(repeating: "x", count: 40),
        ]
        for left in keys {
            for right in keys {
                #expect(utf8Precedes(left, right) == Array(left.utf8).lexicographicallyPrecedes(Array(right.utf8)))
            }
        }
    }

    @Test func equalityComparesKeysExactly() {
        let precomposed: OrderedMap<Int> = ["\u{E9}": 1]
        let decomposed: OrderedMap<Int> = ["e\u{301}": 1]
        #expect(precomposed != decomposed)
        #expect(precomposed == ["\u{E9}": 1])
        #expect(OrderedMap<Int>([("a", 1), ("b", 2)]) != ["b": 2, "a": 1])
    }
}

@Suite("Diagnostics")
struct DiagnosticTests {
    @Test func locationsCountLinesAndByteColumns() {
        let bytes = Array("ab\ncd\r\nef\rgé!".utf8)
        #expect(FileLocation(path: "f", bytes: bytes, offset: 0).description == "f:1:1")
        #expect(FileLocation(path: "f", bytes: bytes, offset: 4).description == "f:2:2")
        #expect(FileLocation(path: "f", bytes: bytes, offset: 7).description == "f:3:1")
        #expect(FileLocation(path: "f", bytes: bytes, offset: 10).description == "f:4:1")
        #expect(FileLocation(path: "f", bytes: bytes, offset: 13).description == "f:4:3")  // é is one column
    }

    @Test func descriptionsLookLikeACompilers() {
        let located = Diagnostic(.error, "bad", at: FileLocation(path: "a.strings", line: 3, column: 7))
        #expect(located.description == "a.strings:3:7: error: bad")
        #expect(Diagnostic(.warning, "odd", path: "a.strings").description == "a.strings: warning: odd")
        #expect(Diagnostic(.note, "fyi").description == "note: fyi")
        let error = ConversionError([located, Diagnostic(.note, "see above")])
        #expect(error.description == "a.strings:3:7: error: bad\nnote: see above")
    }
}
