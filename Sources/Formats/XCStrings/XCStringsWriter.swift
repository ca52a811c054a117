import Foundation
import LocalizationCatalog
import StringBridgeSupport

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
    public func write(_ table: StringTable, options: WriteOptions, diagnostics: inout Diagnostics) throws
        -> [OutputFile]
    {
        [OutputFile(relativePath: "\(table.name).xcstrings", bytes: encode(table, diagnostics: &diagnostics))]
    }

    /// The catalog's bytes.
    public func encode(_ table: StringTable, diagnostics: inout Diagnostics) -> [UInt8] {
        var dropped: [(key: String, language: String)] = []
        let bytes = OutputBuffer.joined(
            CatalogEmitter.encode(table, parallelism: parallelism, droppedWidthVariations: &dropped))
        warn(dropped, in: table, &diagnostics)
        return bytes
    }

    /// Encodes `table` and hands its bytes to `write` in order, piece by piece, each as soon as it and the pieces
    /// before it are made: the threads that encode a large catalog's runs also write them, so that writing a file
    /// overlaps encoding the rest of it, and a run's buffer is used again for a later run once written.
    ///
    /// `write` is called from several threads, but never twice at once; a piece is valid during the call only.
    /// The bytes, in order, are those of ``encode(_:diagnostics:)``.
    package func encode(
        _ table: StringTable, diagnostics: inout Diagnostics, writingTo write: (RawSpan) -> Void
    ) {
        var dropped: [(key: String, language: String)] = []
        withoutActuallyEscaping(write) { write in
            let delivery = PieceDelivery(write)
            _ = CatalogEmitter.encode(
                table, parallelism: parallelism, droppedWidthVariations: &dropped, delivery: delivery)
            delivery.finish()
        }
        warn(dropped, in: table, &diagnostics)
    }

    /// The offset of the first byte where `table`'s encoding differs from `bytes`, or `nil` when they are the same
    /// bytes: ``encode(_:diagnostics:)`` compared piece by piece as it is made, so that neither the output nor a
    /// copy of `bytes` is held (a check of a catalog's layout costs the encoding, not twice the file in memory).
    ///
    /// When one is a prefix of the other, the difference is at the shorter one's end. `compared` is told, after
    /// each piece, how many bytes of `bytes` are compared (a mapped file's caller lets their memory go).
    package func firstDifference(
        of table: StringTable, from bytes: UnsafeBufferPointer<UInt8>, diagnostics: inout Diagnostics,
        compared: (Int) -> Void = { _ in }
    ) -> Int? {
        var offset = 0
        var difference: Int?
        encode(table, diagnostics: &diagnostics) { piece in
            guard difference == nil else {
                offset += piece.byteCount
                return
            }
            piece.withUnsafeBytes { piece in
                let common = min(piece.count, max(0, bytes.count - offset))
                if common > 0, let mine = piece.baseAddress, let theirs = bytes.baseAddress,
                    memcmp(mine, theirs + offset, common) != 0
                {
                    var index = 0
                    while piece[index] == bytes[offset + index] { index += 1 }
                    difference = offset + index
                } else if common < piece.count {
                    difference = offset + common
                }
            }
            offset += piece.byteCount
            compared(min(offset, bytes.count))
        }
        if difference == nil, offset != bytes.count { difference = min(offset, bytes.count) }
        return difference
    }

    /// One warning per key and language whose width variations were left out, at the key's place in the input.
    private func warn(
        _ dropped: [(key: String, language: String)], in table: StringTable, _ diagnostics: inout Diagnostics
    ) {
        for (key, language) in dropped {
            diagnostics.warn(
                "\(quoted(key)) (\(language)): width variations cannot be stored in a String Catalog and were left out",
                at: table.entries[key]?.origin)
        }
    }
}

/// Walks the model in Xcode's member order.
private struct CatalogEmitter {
    var json: JSONEmitter
    var droppedWidthVariations: [(key: String, language: String)] = []

    init(json: JSONEmitter) {
        self.json = json
    }

    /// The bytes of `table` in pieces (header, runs, footer: buffers of their own, freed with `free`), and the
    /// entries whose width variations were left out.
    ///
    /// The entries are sorted into Xcode's key order once and written as contiguous runs, on several threads when
    /// there are many (one run otherwise), each run into a buffer of its own by an emitter that continues the
    /// `"strings"` object. The pieces in order, and the warnings, are what one emitter writes.
    ///
    /// With `delivery`, each piece is handed to it as soon as it is made instead, and none is returned.
    static func encode(
        _ table: StringTable, parallelism: Parallelism,
        droppedWidthVariations: inout [(key: String, language: String)], delivery: PieceDelivery? = nil
    ) -> [OutputBuffer] {
        let entries = table.entries
        let order = XcodeKeyOrder.sortedIndices(entries.keys)
        // Several runs per thread: the threads take them as they come, which evens out a late start or a run
        // heavier than its share.
        let threads = parallelism.chunks(forEntries: entries.count)
        let bounds = runBounds(
            entries, order: order, runs: runCount(entries: entries.count, threads: threads, streamed: delivery != nil))

        var main = CatalogEmitter(json: JSONEmitter(out: OutputBuffer(capacity: 4096)))
        main.json.openObject(extras: table.extraMembers)
        main.json.member("sourceLanguage")
        main.json.string(table.sourceLanguage)
        main.json.member("strings")
        main.json.openObject()
        let header = main.json.out
        delivery?.deliver(header, at: 0)

        let runs = inParallel(bounds.count - 1) { run -> CatalogEmitter in
            let positions = order[bounds[run]..<bounds[run + 1]]
            let capacity = min(1 << 20, 4096 + 512 * positions.count)
            // Inside the top-level object and `"strings"`, after the members of the runs before.
            var emitter = CatalogEmitter(
                json: JSONEmitter(
                    out: delivery?.spareBuffer() ?? OutputBuffer(capacity: capacity),
                    continuingObjectAtDepth: 2, isEmpty: bounds[run] == 0))
            for position in positions { emitter.writeMember(entries, at: position) }
            delivery?.deliver(emitter.json.out, at: run + 1)
            return emitter
        }

        main.json.out = OutputBuffer(capacity: 4096)
        if !entries.isEmpty { main.json.noteMembersWrittenElsewhere() }
        main.json.closeObject()
        if let version = table.version {
            main.json.member("version")
            main.json.string(version)
        }
        main.json.closeObject()
        if table.traits.endsWithNewline == true { main.json.out.append(UInt8(ascii: "\n")) }
        let footer = main.json.out

        droppedWidthVariations = runs.flatMap(\.droppedWidthVariations)
        guard let delivery else { return [header] + runs.map(\.json.out) + [footer] }
        delivery.deliver(footer, at: runs.count + 1)
        return []
    }

    /// The entries a streamed run holds at most (``runCount(entries:threads:streamed:)``).
    static let streamedEntriesPerRun = 1024

    /// How many runs the entries are written in: several per thread, one for a single thread.
    ///
    /// Streamed, also at most ``streamedEntriesPerRun`` entries each: a piece waits in memory until the pieces
    /// before it are delivered, and pieces of a fixed size keep that to a few megabytes whatever the catalog's size
    /// (eight runs of a 636 MB catalog are 80 MB each). The bytes are the same for any number of runs.
    static func runCount(entries: Int, threads: Int, streamed: Bool) -> Int {
        guard threads > 1 else { return 1 }
        let bounded = streamed ? (entries + streamedEntriesPerRun - 1) / streamedEntriesPerRun : 0
        return min(max(threads * 4, bounded), entries)
    }

    /// Where the runs start and end in `order`: `runs` (at most) contiguous runs of about equal shares of the
    /// entries' localizations, the first one starting at 0 and the last one ending at `order.count`.
    static func runBounds(_ entries: OrderedMap<CatalogEntry>, order: [Int], runs: Int) -> [Int] {
        guard runs > 1 else { return [0, order.count] }
        let weights = entries.values.map { 1 + ($0.localizations?.count ?? 0) }
        let total = weights.reduce(0, +)
        var bounds = [0]
        var sum = 0
        for (rank, position) in order.enumerated() where bounds.count < runs {
            sum += weights[position]
            if sum >= total / runs * bounds.count { bounds.append(rank + 1) }
        }
        bounds.append(order.count)
        return bounds
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
            for position in sortedPositions(localizations.keys) {
                let language = localizations.keys[position]
                json.member(language)
                localizations.withValue(at: position) { writeLocalization($0, key: key, language: language) }
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
            writeState(set.state)
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
        writeState(unit.state)
        json.member("value")
        json.string(unit.value)
        json.closeObject()
    }

    /// The `state` member of a string unit or set, when it has one.
    mutating func writeState(_ state: TranslationState?) {
        guard let state else { return }
        json.member("state")
        json.string(state.rawValue)
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
        for position in sortedPositions(cases.keys) {
            json.member(cases.keys[position])
            cases.withValue(at: position) { writeLocalization($0, key: key, language: language) }
        }
        json.closeObject()
    }
}

/// Foundation's pretty-printed JSON, byte for byte: `"key" : value`, two-space indent, `{`/empty line/`}` for
/// empty objects, and unknown members merged into each object at their sorted place.
struct JSONEmitter {
    var out: OutputBuffer

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

    init(out: OutputBuffer) {
        self.out = out
        levels.reserveCapacity(16)
    }

    /// An emitter that goes on inside `depth` open objects, the innermost of which already has members unless
    /// `isEmpty`: it writes a run of members of that object, to be spliced in after the members before them.
    init(out: OutputBuffer, continuingObjectAtDepth depth: Int, isEmpty: Bool) {
        self.init(out: out)
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

    /// Records that members of the innermost object were written by emitters continuing it.
    mutating func noteMembersWrittenElsewhere() {
        levels[levels.count - 1].isEmpty = false
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

    private mutating func indent(_ depth: Int) {
        out.append(0x20, repeats: 2 * depth)
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
        out.append(contentsOf: text)
    }
}

/// Positions of `keys` in Xcode's order; the identity range, without allocating, when they are sorted already.
func sortedPositions(_ keys: [String]) -> SortedPositions {
    XcodeKeyOrder.isSorted(keys)
        ? SortedPositions(count: keys.count, order: nil)
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

/// Hands the pieces of a catalog, made on several threads and in any order, to a writer in order.
///
/// A thread that delivers the piece the writer waits for writes it, then every piece after it that is ready;
/// a thread that delivers a later piece leaves it for that one and goes on encoding. Written buffers are kept
/// for later runs (fresh memory costs more than the copying), and freed by ``finish()``.
final class PieceDelivery {
    /// What is shared between the encoding threads.
    private struct State {
        var next = 0
        var ready: [Int: OutputBuffer] = [:]
        var writing = false
        var spares: [OutputBuffer] = []
    }

    private let write: (RawSpan) -> Void
    private let state = LockedValue(State())

    init(_ write: @escaping (RawSpan) -> Void) {
        self.write = write
    }

    /// A written buffer to use again, emptied, if there is one.
    func spareBuffer() -> OutputBuffer? {
        guard var spare = state.withLock({ $0.spares.popLast() }) else { return nil }
        spare.removeAll()
        return spare
    }

    /// Piece `index` (counted from 0, with no gaps) is made; this and the following calls own it.
    ///
    /// The thread that finds no one writing becomes the writer: it takes the pieces in order while they are ready,
    /// writing each outside the lock, and gives the role up when the next one is missing.
    func deliver(_ piece: OutputBuffer, at index: Int) {
        var written: OutputBuffer?
        while let next = state.withLock({ state -> OutputBuffer? in
            if let written { state.spares.append(written) } else { state.ready[index] = piece }
            guard written != nil || !state.writing else { return nil }
            guard let next = state.ready.removeValue(forKey: state.next) else {
                state.writing = false
                return nil
            }
            state.writing = true
            state.next += 1
            return next
        }) {
            next.withBytes(write)
            written = next
        }
    }

    /// Frees the buffers; every piece has been delivered and written.
    func finish() {
        state.withLock { state in
            precondition(state.ready.isEmpty && !state.writing, "a catalog piece was not written")
            for spare in state.spares { spare.deallocate() }
            state.spares = []
        }
    }
}
