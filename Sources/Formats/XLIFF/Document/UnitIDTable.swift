import StringBridgeSupport

/// The first position recorded for each hash, in an open-addressing table indexed by the hash itself: the
/// hashes are ``UnitID/bytesHash(of:)``'s, seeded per process by `Hasher`, so they need no hashing again (as a
/// `Dictionary` key would), and ids cannot be chosen to crowd one slot without knowing the process's seed.
struct FirstPositions {
    private var hashes: [Int]
    /// Position + 1 per slot; 0 for an empty slot.
    private var positions: [Int]
    private var count = 0

    init(capacity: Int) {
        var slots = 16
        while slots < capacity * 2 { slots *= 2 }
        hashes = Array(repeating: 0, count: slots)
        positions = Array(repeating: 0, count: slots)
    }

    /// The position recorded for `hash`; when there is none, records `position` for it and returns `nil`.
    mutating func first(forHash hash: Int, orRecording position: Int) -> Int? {
        if (count + 1) * 2 > positions.count { grow() }
        let mask = positions.count - 1
        var slot = hash & mask
        while positions[slot] != 0 {
            if hashes[slot] == hash { return positions[slot] - 1 }
            slot = (slot + 1) & mask
        }
        hashes[slot] = hash
        positions[slot] = position + 1
        count += 1
        return nil
    }

    private mutating func grow() {
        var larger = FirstPositions(capacity: positions.count)
        for slot in positions.indices where positions[slot] != 0 {
            _ = larger.first(forHash: hashes[slot], orRecording: positions[slot] - 1)
        }
        self = larger
    }
}

/// A unit id that hashes and compares by its UTF-8 bytes: ids are keys, and Xcode keeps canonically equivalent
/// keys (`é` and `e` + U+0301) apart, where `String` equality would call them duplicates.
///
/// The hash of the bytes is computed once, so that growing a dictionary of ids does not hash every id again.
struct UnitID: Hashable {
    let id: String
    private let bytesHash: Int

    init(_ id: String) {
        self.id = id
        bytesHash = Self.bytesHash(of: id)
    }

    static func bytesHash(of id: String) -> Int {
        var hasher = Hasher()
        hasher.combineUTF8(of: id)
        return hasher.finalize()
    }

    static func == (lhs: UnitID, rhs: UnitID) -> Bool {
        lhs.bytesHash == rhs.bytesHash && lhs.id.utf8.elementsEqual(rhs.id.utf8)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(bytesHash)
    }
}
