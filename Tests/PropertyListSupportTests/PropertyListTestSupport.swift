import LocalizationCatalog
import PropertyListSupport

extension PropertyListDialect {
    /// A dialect whose messages are the problems themselves, so tests see exactly what the readers report.
    static func plain(acceptsBareValue: Bool = true, foldsRepeatedKeys: Bool = true) -> PropertyListDialect {
        PropertyListDialect(acceptsBareValue: acceptsBareValue, foldsRepeatedKeys: foldsRepeatedKeys) { problem in
            "\(problem)"
        }
    }
}

/// A compact, exact text form of a node tree: `{"k"@3:2: "v"@4:2}`, positions left out on request.
func dump(_ node: PropertyListNode, positions: Bool = true) -> String {
    func place(_ position: TextPosition) -> String {
        guard positions else { return "" }
        return position == .wholeFile ? "@file" : "@\(position.line):\(position.column)"
    }
    let value: String
    switch node.value {
    case .string(let text): value = "\"\(text)\""
    case .integer(let text): value = "int \(text)"
    case .real(let text): value = "real \(text)"
    case .boolean(let flag): value = "\(flag)"
    case .date(let text): value = "date \(text)"
    case .data(let text): value = "data \(text)"
    case .array(let items): value = "[" + items.map { dump($0, positions: positions) }.joined(separator: ", ") + "]"
    case .dictionary(let members):
        value =
            "{"
            + members.map { "\"\($0.key)\"\(place($0.keyLocation)): \(dump($0.value, positions: positions))" }
            .joined(separator: ", ") + "}"
    case .unsupported(let kind): value = "<\(kind)>"
    }
    return value + place(node.location)
}

/// Builds binary property lists object by object, so tests can make what no writer makes: every object type,
/// repeated keys, objects that contain themselves, heavy sharing.
struct BinaryPlistBuilder {
    private(set) var objects: [[UInt8]] = []
    /// Bytes per object reference (1 or 2).
    var referenceSize = 1

    /// Adds an encoded object and returns its index.
    mutating func add(_ encoded: [UInt8]) -> Int {
        objects.append(encoded)
        return objects.count - 1
    }

    /// Replaces object `index` (to make references to objects added later, or to itself).
    mutating func replace(_ index: Int, with encoded: [UInt8]) {
        objects[index] = encoded
    }

    /// A marker with a count: in its low nibble, or as an integer after it from 15 up.
    static func marker(_ type: UInt8, count: Int) -> [UInt8] {
        count < 15 ? [type << 4 | UInt8(count)] : [type << 4 | 0x0F, 0x11, UInt8(count >> 8), UInt8(count & 0xFF)]
    }

    func references(_ indices: [Int]) -> [UInt8] {
        indices.flatMap { referenceSize == 1 ? [UInt8($0)] : [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    mutating func ascii(_ text: String) -> Int {
        add(Self.marker(0x5, count: text.utf8.count) + Array(text.utf8))
    }

    mutating func utf16(_ text: String) -> Int {
        let units = Array(text.utf16)
        return add(Self.marker(0x6, count: units.count) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
    }

    func arrayBytes(_ items: [Int]) -> [UInt8] {
        Self.marker(0xA, count: items.count) + references(items)
    }

    mutating func array(_ items: [Int]) -> Int {
        add(arrayBytes(items))
    }

    mutating func dictionary(_ pairs: [(key: Int, value: Int)]) -> Int {
        add(Self.marker(0xD, count: pairs.count) + references(pairs.map(\.key)) + references(pairs.map(\.value)))
    }

    /// The file, with `top` as the top object (two-byte offsets).
    func bytes(top: Int) -> [UInt8] {
        var result = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(result.count)
            result += object
        }
        let tableStart = result.count
        for offset in offsets { result += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        func eight(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        result += [0, 0, 0, 0, 0, 0, 2, UInt8(referenceSize)]
        result += eight(objects.count) + eight(top) + eight(tableStart)
        return result
    }
}

/// Reads binary bytes with `dialect`, returning the dump or the error's description, and the warnings.
func readBinary(
    _ bytes: [UInt8], dialect: PropertyListDialect = .plain(), positions: Bool = false
) -> (result: String, warnings: [String]) {
    var diagnostics = Diagnostics()
    do {
        let node = try BinaryPropertyList(bytes: bytes, path: "t.plist", dialect: dialect).document(
            diagnostics: &diagnostics)
        return (dump(node, positions: positions), diagnostics.all.map(\.description))
    } catch {
        return (error.description, diagnostics.all.map(\.description))
    }
}

/// Reads XML text with `dialect`, returning the dump (with positions) or the error's description, and the warnings.
func readXML(_ text: String, dialect: PropertyListDialect = .plain()) -> (result: String, warnings: [String]) {
    var diagnostics = Diagnostics()
    do {
        let node = try PropertyListParser(path: "t.plist", bytes: Array(text.utf8), dialect: dialect).parseDocument(
            diagnostics: &diagnostics)
        return (dump(node), diagnostics.all.map(\.description))
    } catch {
        return (error.description, diagnostics.all.map(\.description))
    }
}
