import LocalizationCatalog

/// Writes String Catalogs (`.xcstrings`) exactly as Xcode does.
///
/// Xcode's layout: every object's keys in Foundation's sorted-keys order (``XcodeKeyOrder``), two-space indent,
/// `"key" : value`, an empty object as `{`, an empty line and `}`, `/` and non-ASCII unescaped, control characters
/// as Foundation escapes them, and no final newline — unless the table was read from a file that had one.
/// Members the model does not know are written back at their sorted place. Width variations, which catalogs
/// cannot hold, are left out with a warning naming the key.
public struct XCStringsWriter: CatalogWriter {
    /// How many threads a large catalog's entries are written with.
    let parallelism: Parallelism

    /// Creates a writer.
    public init() {
        self.init(parallelism: .automatic)
    }

    /// Creates a writer that splits large catalogs as `parallelism` says (tests force both ways with it).
    init(parallelism: Parallelism) {
        self.parallelism = parallelism
    }

    /// Writes `table` as `<name>.xcstrings`.
    public func write(_ table: StringTable, options: WriteOptions, diagnostics: inout Diagnostics) throws -> [OutputFile]
    {
        [OutputFile(relativePath: "\(table.name).xcstrings", bytes: encode(table, diagnostics: &diagnostics))]
    }

    /// The catalog's bytes.
    public func encode(_ table: StringTable, diagnostics: inout Diagnostics) -> [UInt8] {
        var emitter = CatalogEmitter()
        emitter.writeTable(table, parallelism: parallelism)
        for (key, language) in emitter.droppedWidthVariations {
            diagnostics.warn(
                "\(quoted(key)) (\(language)): width variations cannot be stored in a String Catalog and were left out"
            )
        }
        if table.traits.endsWithNewline == true { emitter.json.out.append(UInt8(ascii: "\n")) }
        return emitter.json.out
    }
}

/// Walks the model in Xcode's member order.
private struct CatalogEmitter {
    var json = JSONEmitter()
    var droppedWidthVariations: [(key: String, language: String)] = []

    init() {}

    init(json: JSONEmitter) {
        self.json = json
    }

    mutating func writeTable(_ table: StringTable, parallelism: Parallelism) {
        let entries = table.entries
        let chunks = parallelism.chunks(forEntries: entries.count)
        // Estimated sizes by entry: to allocate the output once, and to give the chunks similar amounts of work.
        let sizes: [Int]
        if chunks > 1 {
            sizes = Array(inParallel(chunks) { chunk in
                evenPart(chunk, of: chunks, entries.count).map { SizeEstimate.of(entries.values[$0], key: entries.keys[$0]) }
            }.joined())
        } else {
            sizes = entries.indices.map { SizeEstimate.of(entries.values[$0], key: entries.keys[$0]) }
        }
        json.out.reserveCapacity(SizeEstimate.withSlack(sizes.reduce(SizeEstimate.tableOverhead, +)))

        json.openObject(extras: table.extraMembers)
        json.member("sourceLanguage")
        json.string(table.sourceLanguage)
        json.member("strings")
        json.openObject()
        if chunks > 1 {
            writeEntriesInChunks(entries, chunks: chunks, sizes: sizes)
        } else {
            for position in sortedPositions(entries.keys) { writeMember(entries, at: position) }
        }
        json.closeObject()
        if let version = table.version {
            json.member("version")
            json.string(version)
        }
        json.closeObject()
    }

    /// Writes the entries, in Xcode's key order, as contiguous runs on several threads: the first run straight
    /// into this emitter, each other into an emitter of its own that continues the `"strings"` object, appended
    /// here in order afterwards. The bytes and warnings are those one thread writes.
    private mutating func writeEntriesInChunks(_ entries: OrderedMap<CatalogEntry>, chunks: Int, sizes: [Int]) {
        let order = XcodeKeyOrder.sortedIndices(entries.keys)
        // Run boundaries in `order`, at about equal shares of the estimated size.
        let total = sizes.reduce(0, +)
        var bounds = [0]
        var sum = 0
        for (rank, position) in order.enumerated() where bounds.count < chunks {
            sum += sizes[position]
            if sum >= total / chunks * bounds.count { bounds.append(rank + 1) }
        }
        while bounds.count <= chunks { bounds.append(order.count) }

        let others = withUnsafeMutablePointer(to: &self) { main in
            inParallel(chunks) { chunk -> CatalogEmitter? in
                let run = order[bounds[chunk]..<bounds[chunk + 1]]
                if chunk == 0 {
                    for position in run { main.pointee.writeMember(entries, at: position) }
                    return nil
                }
                // Inside the top-level object and `"strings"`, after the first run's members.
                var emitter = CatalogEmitter(json: JSONEmitter(continuingObjectAtDepth: 2, isEmpty: false))
                emitter.json.out.reserveCapacity(SizeEstimate.withSlack(run.reduce(0) { $0 + sizes[$1] }))
                for position in run { emitter.writeMember(entries, at: position) }
                return emitter
            }
        }
        for case let other? in others {
            json.out.append(contentsOf: other.json.out)
            droppedWidthVariations.append(contentsOf: other.droppedWidthVariations)
        }
    }

    /// Writes the entry at `position` as a member of the `"strings"` object.
    private mutating func writeMember(_ entries: OrderedMap<CatalogEntry>, at position: Int) {
        let key = entries.keys[position]
        json.member(key)
        writeEntry(entries.values[position], key: key)
    }

    mutating func writeEntry(_ entry: CatalogEntry, key: String) {
        json.openObject(extras: entry.extraMembers)
        if let comment = entry.comment {
            json.member("comment")
            json.string(comment)
        }
        if let state = entry.extractionState {
            json.member("extractionState")
            json.string(state.rawValue)
        }
        if let generated = entry.isCommentAutoGenerated {
            json.member("isCommentAutoGenerated")
            json.bool(generated)
        }
        if let localizations = entry.localizations {
            json.member("localizations")
            json.openObject()
            localizations.values.withUnsafeBufferPointer { values in
                for position in sortedPositions(localizations.keys) {
                    let language = localizations.keys[position]
                    json.member(language)
                    writeLocalization(values[position], key: key, language: language)
                }
            }
            json.closeObject()
        }
        if let shouldTranslate = entry.shouldTranslate {
            json.member("shouldTranslate")
            json.bool(shouldTranslate)
        }
        json.closeObject()
    }

    mutating func writeLocalization(_ localization: Localization, key: String, language: String) {
        guard localization.hasMoreThanStringUnit else {
            // Only a string unit (or nothing): no other member to look up.
            json.openObject()
            if let unit = localization.stringUnit { writeStringUnit(unit) }
            json.closeObject()
            return
        }
        json.openObject(extras: localization.extraMembers)
        if let set = localization.stringSet {
            json.member("stringSet")
            json.openObject(extras: set.extraMembers)
            if let state = set.state {
                json.member("state")
                json.string(state.rawValue)
            }
            json.member("values")
            json.value(.array(set.values.map(JSONValue.string)))
            json.closeObject()
        }
        if let unit = localization.stringUnit { writeStringUnit(unit) }
        if let substitutions = localization.substitutions {
            json.member("substitutions")
            json.openObject()
            for position in sortedPositions(substitutions.keys) {
                json.member(substitutions.keys[position])
                writeSubstitution(substitutions.values[position], key: key, language: language)
            }
            json.closeObject()
        }
        if let variations = localization.variations {
            json.member("variations")
            writeVariations(variations, key: key, language: language)
        }
        json.closeObject()
    }

    mutating func writeStringUnit(_ unit: StringUnit) {
        json.member("stringUnit")
        json.openObject(extras: unit.extraMembers)
        if let state = unit.state {
            json.member("state")
            json.string(state.rawValue)
        }
        json.member("value")
        json.string(unit.value)
        json.closeObject()
    }

    mutating func writeSubstitution(_ substitution: Substitution, key: String, language: String) {
        json.openObject(extras: substitution.extraMembers)
        if let argNum = substitution.argNum {
            json.member("argNum")
            json.raw(String(argNum))
        }
        if let specifier = substitution.formatSpecifier {
            json.member("formatSpecifier")
            json.string(specifier)
        }
        if let variations = substitution.variations {
            json.member("variations")
            writeVariations(variations, key: key, language: language)
        }
        json.closeObject()
    }

    mutating func writeVariations(_ variations: Variations, key: String, language: String) {
        if variations.width != nil { droppedWidthVariations.append((key, language)) }
        json.openObject(extras: variations.extraMembers)
        if let device = variations.device {
            json.member("device")
            writeCases(device, key: key, language: language)
        }
        if let plural = variations.plural {
            json.member("plural")
            writeCases(plural, key: key, language: language)
        }
        json.closeObject()
    }

    mutating func writeCases(_ cases: OrderedMap<Localization>, key: String, language: String) {
        json.openObject()
        cases.values.withUnsafeBufferPointer { values in
            for position in sortedPositions(cases.keys) {
                json.member(cases.keys[position])
                writeLocalization(values[position], key: key, language: language)
            }
        }
        json.closeObject()
    }
}

/// A slight overestimate of a catalog's encoded size, so the output buffer is allocated once: growing a 30 MB
/// buffer by doubling would briefly hold both copies.
private enum SizeEstimate {
    /// Bytes for one member line at `depth`: indent, quotes, ` : `, `,` and newline, plus a closing brace line.
    static func member(_ name: String, _ depth: Int) -> Int { name.utf8.count + 4 * depth + 12 }

    /// Bytes outside the entries (`sourceLanguage`, `version`, braces).
    static let tableOverhead = 256

    /// `size` with room for the estimate's misses.
    static func withSlack(_ size: Int) -> Int { size + size / 32 + 4096 }

    /// Bytes for the member `key` of `"strings"`.
    static func of(_ entry: CatalogEntry, key: String) -> Int {
        var total = member(key, 2) + 96 + (entry.comment?.utf8.count ?? 0)
        guard let localizations = entry.localizations else { return total }
        for language in localizations.keys { total += member(language, 4) }
        localizations.values.withUnsafeBufferPointer { values in
            for index in values.indices { total += of(values[index], depth: 5) }
        }
        return total
    }

    static func of(_ localization: Localization, depth: Int) -> Int {
        var total = 0
        if let unit = localization.stringUnit {
            total += unit.value.utf8.count + (unit.state?.rawValue.utf8.count ?? 0) + 12 * depth + 48
        }
        guard localization.hasMoreThanStringUnit else { return total }
        for value in localization.stringSet?.values ?? [] { total += value.utf8.count + 8 * depth }
        for (name, substitution) in localization.substitutions ?? [:] {
            total += member(name, depth + 1) + 48 + 8 * depth
            if let variations = substitution.variations { total += of(variations, depth: depth + 3) }
        }
        if let variations = localization.variations { total += of(variations, depth: depth + 1) }
        if !localization.extraMembers.isEmpty { total += 1024 }
        return total
    }

    static func of(_ variations: Variations, depth: Int) -> Int {
        var total = 32 + 8 * depth
        for cases in [variations.plural, variations.device] {
            for (name, value) in cases ?? [:] { total += member(name, depth + 1) + of(value, depth: depth + 2) }
        }
        return total
    }
}

/// Foundation's pretty-printed JSON, byte for byte: `"key" : value`, two-space indent, `{`/empty line/`}` for
/// empty objects, and unknown members merged into each object at their sorted place.
struct JSONEmitter {
    var out: [UInt8] = []

    /// One open object or array: plain values, so that opening and closing one costs no reference counting.
    private struct Level {
        var isEmpty = true
        /// The index in `pending` of this object's unknown members, or -1 when it has none.
        var extrasSlot = -1
    }

    /// The unknown members of one open object, in sorted order, and how many were written.
    private struct PendingExtras {
        let extras: OrderedMap<JSONValue>
        let order: [Int]
        var next = 0
    }

    private var levels: [Level] = []
    private var pending: [PendingExtras] = []

    init() {
        levels.reserveCapacity(16)
    }

    /// An emitter that goes on inside `depth` open objects, the innermost of which already has members unless
    /// `isEmpty`: it writes a run of members of that object, to be spliced in after the members before them.
    init(continuingObjectAtDepth depth: Int, isEmpty: Bool) {
        self.init()
        for _ in 0..<depth { levels.append(Level()) }
        levels[depth - 1].isEmpty = isEmpty
    }

    mutating func openObject() {
        out.append(UInt8(ascii: "{"))
        levels.append(Level())
    }

    mutating func openObject(extras: OrderedMap<JSONValue>) {
        guard !extras.isEmpty else { return openObject() }
        out.append(UInt8(ascii: "{"))
        pending.append(PendingExtras(extras: extras, order: XcodeKeyOrder.sortedIndices(extras.keys)))
        levels.append(Level(extrasSlot: pending.count - 1))
    }

    /// Starts the member `name`; members the model knows must come in sorted order, and pending unknown members
    /// that sort before `name` are written first.
    mutating func member(_ name: String) {
        if levels[levels.count - 1].extrasSlot >= 0 { flushExtras(before: name) }
        startMember(name)
    }

    mutating func closeObject() {
        if levels[levels.count - 1].extrasSlot >= 0 {
            flushExtras(before: nil)
            pending.removeLast()
        }
        let level = levels.removeLast()
        close(UInt8(ascii: "}"), wasEmpty: level.isEmpty)
    }

    private mutating func startMember(_ name: String) {
        separator()
        string(name)
        out.append(0x20)
        out.append(UInt8(ascii: ":"))
        out.append(0x20)
    }

    private mutating func separator() {
        let top = levels.count - 1
        if levels[top].isEmpty {
            levels[top].isEmpty = false
        } else {
            out.append(UInt8(ascii: ","))
        }
        out.append(UInt8(ascii: "\n"))
        indent(levels.count)
    }

    private mutating func close(_ bracket: UInt8, wasEmpty: Bool) {
        out.append(UInt8(ascii: "\n"))
        if wasEmpty { out.append(UInt8(ascii: "\n")) }
        indent(levels.count)
        out.append(bracket)
    }

    private static let spaces = [UInt8](repeating: 0x20, count: 64)

    private mutating func indent(_ depth: Int) {
        var remaining = 2 * depth
        while remaining > 0 {
            let run = min(remaining, Self.spaces.count)
            Self.spaces.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<run])) }
            remaining -= run
        }
    }

    private mutating func flushExtras(before name: String?) {
        let slot = levels[levels.count - 1].extrasSlot
        while true {
            let next = pending[slot].next
            guard next < pending[slot].order.count else { return }
            let position = pending[slot].order[next]
            let key = pending[slot].extras.keys[position]
            if let name, !XcodeKeyOrder.areInIncreasingOrder(key, name) { return }
            pending[slot].next += 1
            startMember(key)
            value(pending[slot].extras.values[position])
        }
    }

    // MARK: - Values

    mutating func value(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(let bool): self.bool(bool)
        case .number(let text): raw(text)
        case .string(let string): self.string(string)
        case .object(let members):
            openObject()
            for position in sortedPositions(members.keys) {
                startMember(members.keys[position])
                self.value(members.values[position])
            }
            closeObject()
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            levels.append(Level())
            for element in elements {
                separator()
                self.value(element)
            }
            let level = levels.removeLast()
            close(UInt8(ascii: "]"), wasEmpty: level.isEmpty)
        }
    }

    mutating func bool(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    mutating func raw(_ text: String) {
        out.append(contentsOf: text.utf8)
    }

    /// A JSON string as Foundation writes it: `"` `\` and control characters escaped, everything else raw.
    mutating func string(_ string: String) {
        out.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            let count = bytes.count
            var runStart = 0
            var index = 0
            while index < count {
                // Eight bytes at a time while none needs an escape.
                if index &+ 8 <= count,
                    !StringBytes.mayEndRun(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                {
                    index &+= 8
                    continue
                }
                let byte = base[index]
                index &+= 1
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if runStart < index - 1 {
                    out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: index - 1 - runStart))
                }
                runStart = index
                escape(byte)
            }
            if runStart < count { out.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: count - runStart)) }
        }
        out.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        out.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        case 0x08: out.append(UInt8(ascii: "b"))
        case 0x0C: out.append(UInt8(ascii: "f"))
        default:
            let hex = "0123456789abcdef".utf8
            out.append(UInt8(ascii: "u"))
            out.append(UInt8(ascii: "0"))
            out.append(UInt8(ascii: "0"))
            out.append(hex[hex.index(hex.startIndex, offsetBy: Int(byte >> 4))])
            out.append(hex[hex.index(hex.startIndex, offsetBy: Int(byte & 0xF))])
        }
    }
}

/// The `part`-th of `parts` contiguous, nearly equal ranges of `0..<count`.
func evenPart(_ part: Int, of parts: Int, _ count: Int) -> Range<Int> {
    (count * part / parts)..<(count * (part + 1) / parts)
}

/// Positions of `keys` in Xcode's order; the identity range, without allocating, when they are sorted already.
func sortedPositions(_ keys: [String]) -> SortedPositions {
    XcodeKeyOrder.isSorted(keys) ? SortedPositions(count: keys.count, order: nil)
        : SortedPositions(count: keys.count, order: XcodeKeyOrder.sortedIndices(keys))
}

/// A permutation of `0..<count`, stored only when it is not the identity.
struct SortedPositions: Sequence, IteratorProtocol {
    let count: Int
    let order: [Int]?
    private var position = 0

    init(count: Int, order: [Int]?) {
        self.count = count
        self.order = order
    }

    mutating func next() -> Int? {
        guard position < count else { return nil }
        defer { position += 1 }
        return order?[position] ?? position
    }
}
