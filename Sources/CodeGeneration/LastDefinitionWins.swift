import LocalizationCatalog
import XCStringsFormat

/// Catalogs whose JSON holds a key twice, read as Xcode reads them: the last definition wins.
///
/// The String Catalog reader refuses such a file (a reader that keeps one definition silently loses the other),
/// but Xcode builds it, keeping the last. The build steps (`stringbridge generate`, `stringbridge-generate tables`
/// and `accessors`) do the same, with a warning at each repeated key naming the definition it replaces.
package enum LastDefinitionWins {
    /// One member left out: its key, where it was, and where the definition that replaces it is (UTF-8 offsets of
    /// the keys' opening quotes).
    package struct Replaced: Sendable, Equatable {
        package var key: String
        package var offset: Int
        package var replacedBy: Int

        package init(key: String, offset: Int, replacedBy: Int) {
            self.key = key
            self.offset = offset
            self.replacedBy = replacedBy
        }
    }

    /// Reads `source` with ``XCStringsReader``; when it refuses a repeated key, reads it again with every earlier
    /// definition of a repeated key (at any depth) blanked out, and warns at each.
    ///
    /// The blanked scalars become spaces (line breaks kept), so every later place keeps its line and column. The
    /// file is scanned once more only when the reader refused it.
    package static func read(
        _ source: SourceFile, options: ReadOptions = ReadOptions(), diagnostics: inout Diagnostics
    ) throws -> StringTable {
        do {
            var attempt = Diagnostics()
            let table = try XCStringsReader().read(source, options: options, diagnostics: &attempt)
            for diagnostic in attempt.all { diagnostics.append(diagnostic) }
            return table
        } catch let original as ConversionError {
            guard original.diagnostics.contains(where: { $0.id == .duplicateKey }) else {
                throw original
            }
            let bytes = source.bytes
            guard let (blanked, replaced) = blankingEarlierDefinitions(bytes), !replaced.isEmpty else {
                throw original
            }
            var attempt = Diagnostics()
            let table: StringTable
            do {
                table = try XCStringsReader().read(
                    SourceFile(path: source.path, bytes: blanked), options: options, diagnostics: &attempt)
            } catch {
                // Refused for another reason too: the first error stands.
                throw original
            }
            for item in replaced {
                let later = FileLocation(path: source.path, bytes: bytes, offset: item.replacedBy)
                let message =
                    "duplicate key \(Diagnostic.quoted(item.key)); the definition at line \(later.line), column "
                    + "\(later.column) replaces this one, as Xcode reads the file (the last definition wins)"
                diagnostics.append(
                    Diagnostic(
                        .warning, message, at: FileLocation(path: source.path, bytes: bytes, offset: item.offset)))
            }
            for diagnostic in attempt.all { diagnostics.append(diagnostic) }
            return table
        }
    }

    /// `bytes` with each earlier definition of a key repeated in the same JSON object replaced by spaces (from its
    /// key's opening quote through the comma after its value; line breaks kept, one space per scalar), and what was
    /// replaced; `nil` when
    /// the bytes are not a JSON text this scan can follow (the reader then reports the original error).
    ///
    /// Keys compare by their decoded bytes, as the reader compares them. One pass, iterative (depth bounded by the
    /// bytes, no recursion).
    package static func blankingEarlierDefinitions(_ bytes: [UInt8]) -> ([UInt8], [Replaced])? {
        struct Object {
            /// Each key's member start (its opening quote), by decoded key.
            var members: [[UInt8]: Int] = [:]
            /// The member being read: its key, decoded, and where it starts.
            var key: [UInt8]? = nil
            var keyOffset = 0
            var expectingKey = true
            /// The start of the last member whose value has ended, until its comma is seen.
            var ended: Int? = nil
        }
        var stack: [Object?] = []  // nil for an array
        var ranges: [(start: Int, key: [UInt8], later: Int)] = []
        /// The comma that ends each member, by the member's start.
        var commaAfter: [Int: Int] = [:]
        var index = 0
        func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }
        /// Reads the string at `index` (a quote); its decoded bytes, or `nil` when it is not a valid string.
        func readString() -> [UInt8]? {
            var decoded: [UInt8] = []
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return decoded
                }
                if byte == UInt8(ascii: "\\") {
                    guard index + 1 < bytes.count else { return nil }
                    let escaped = bytes[index + 1]
                    switch escaped {
                    case UInt8(ascii: "u"):
                        guard index + 6 <= bytes.count,
                            let unit = UInt16(
                                String(decoding: bytes[(index + 2)..<(index + 6)], as: UTF8.self), radix: 16)
                        else { return nil }
                        // Surrogates are kept as their escape: equal escapes are equal keys either way.
                        if let scalar = Unicode.Scalar(unit) {
                            decoded += Array(String(Character(scalar)).utf8)
                        } else {
                            decoded += bytes[index..<(index + 6)]
                        }
                        index += 6
                        continue
                    case UInt8(ascii: "n"): decoded.append(0x0A)
                    case UInt8(ascii: "t"): decoded.append(0x09)
                    case UInt8(ascii: "r"): decoded.append(0x0D)
                    case UInt8(ascii: "b"): decoded.append(0x08)
                    case UInt8(ascii: "f"): decoded.append(0x0C)
                    default: decoded.append(escaped)
                    }
                    index += 2
                    continue
                }
                decoded.append(byte)
                index += 1
            }
            return nil
        }
        /// A value has ended: its member is complete.
        func endValue() {
            guard let top = stack.last, var object = top else { return }
            if let key = object.key {
                if let earlier = object.members[key] {
                    ranges.append((earlier, key, object.keyOffset))
                }
                object.members[key] = object.keyOffset
                object.ended = object.keyOffset
                object.key = nil
            }
            stack[stack.count - 1] = object
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { break }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"):
                stack.append(Object())
                index += 1
            case UInt8(ascii: "["):
                stack.append(nil)
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard !stack.isEmpty else { return nil }
                stack.removeLast()
                index += 1
                endValue()
            case UInt8(ascii: ","):
                if let top = stack.last, var object = top {
                    object.expectingKey = true
                    if let ended = object.ended { commaAfter[ended] = index }
                    object.ended = nil
                    stack[stack.count - 1] = object
                }
                index += 1
            case UInt8(ascii: ":"):
                index += 1
            case UInt8(ascii: "\""):
                let start = index
                guard let decoded = readString() else { return nil }
                if let top = stack.last, var object = top, object.expectingKey {
                    object.key = decoded
                    object.keyOffset = start
                    object.expectingKey = false
                    stack[stack.count - 1] = object
                } else {
                    endValue()
                }
            default:
                // A number, true, false or null: up to the next delimiter.
                while index < bytes.count, !",]} \t\r\n".utf8.contains(bytes[index]) { index += 1 }
                endValue()
            }
        }
        guard stack.isEmpty else { return nil }
        var blanked: [ClosedRange<Int>] = []
        var replaced: [Replaced] = []
        for range in ranges.sorted(by: { $0.start < $1.start }) {
            // A repeated key inside a definition already left out needs no word of its own.
            if let last = blanked.last, last.contains(range.start) { continue }
            // An earlier definition always has a member after it, so a comma ends it.
            guard let comma = commaAfter[range.start] else { return nil }
            blanked.append(range.start...comma)
            replaced.append(
                Replaced(key: String(decoding: range.key, as: UTF8.self), offset: range.start, replacedBy: range.later))
        }
        // Each blanked scalar becomes one space (its continuation bytes go), so columns, which count scalars, and
        // lines stay where they were.
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var cursor = 0
        for range in blanked {
            output += bytes[cursor..<range.lowerBound]
            for byte in bytes[range] where byte & 0xC0 != 0x80 {
                output.append(byte == 0x0A || byte == 0x0D ? byte : 0x20)
            }
            cursor = range.upperBound + 1
        }
        output += bytes[cursor...]
        return (output, replaced)
    }
}
