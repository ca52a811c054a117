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
