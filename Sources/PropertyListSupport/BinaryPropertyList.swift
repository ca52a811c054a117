import LocalizationCatalog
import StringBridgeSupport

/// Reads a binary property list (`bplist00`) into ``PropertyListNode`` values, as ``PropertyListParser`` reads
/// the XML form.
///
/// Every offset, count and object reference is checked against the data before it is used, nesting is limited to
/// ``maximumDepth`` levels (an object that contains itself reaches it) and the values made to ``valueBudget``
/// (objects may be shared), so malformed input gives an error, never a crash or a hang. Strings, numbers,
/// booleans, dates, data, arrays and dictionaries are read; what XML cannot hold (a UID, a set, null, an unknown
/// marker) becomes ``PropertyListNode/Value/unsupported(_:)`` for the format to refuse by name. A binary file has
/// no lines: every value is at ``TextPosition/wholeFile``, and structure errors name byte offsets.
package struct BinaryPropertyList {
    let bytes: [UInt8]
    let path: String
    let dialect: PropertyListDialect

    /// The deepest nesting of arrays and dictionaries read.
    package static let maximumDepth = InputLimits.nesting

    package init(bytes: [UInt8], path: String, dialect: PropertyListDialect) {
        self.bytes = bytes
        self.path = path
        self.dialect = dialect
    }

    /// The layout described by the 32-byte trailer.
    private struct Trailer {
        var offsetSize: Int
        var referenceSize: Int
        var objectCount: Int
        var topObject: Int
        var offsetTableStart: Int
    }

    /// How many values a file may expand to: objects can be referenced many times (writers share equal strings and
    /// dictionaries), but not so often that a small file makes a huge tree.
    private func valueBudget(_ trailer: Trailer) -> Int {
        1_000_000 + 16 * trailer.objectCount
    }

    /// The top object's value.
    /// - Throws: ``ConversionError`` about the whole file, with the dialect's message.
    package func document(diagnostics: inout Diagnostics) throws(ConversionError) -> PropertyListNode {
        let trailer = try readTrailer()
        var budget = valueBudget(trailer)
        return try node(trailer.topObject, trailer, depth: 0, budget: &budget, diagnostics: &diagnostics)
    }

    // MARK: - Objects

    /// The value of object `index`.
    private func node(
        _ index: Int, _ trailer: Trailer, depth: Int, budget: inout Int, diagnostics: inout Diagnostics
    ) throws(ConversionError) -> PropertyListNode {
        budget -= 1
        guard budget >= 0 else {
            throw malformed(
                "the objects are shared so often that they would make more than \(valueBudget(trailer)) values")
        }
        let offset = try objectOffset(index, trailer)
        let marker = bytes[offset]
        let value: PropertyListNode.Value
        switch marker >> 4 {
        case 0x0 where marker == 0x08 || marker == 0x09:
            value = .boolean(marker == 0x09)
        case 0x1:
            value = .integer(try integerText(at: offset, trailer))
        case 0x2:
            value = .real(Self.realText(try real(at: offset, trailer)))
        case 0x3 where marker == 0x33:
            value = .date(Self.dateText(try real(at: offset, trailer)))
        case 0x4:
            let (count, start) = try countAndStart(at: offset, trailer)
            guard count <= trailer.offsetTableStart - start else {
                throw malformed("the data at offset \(offset) runs past the object data")
            }
            value = .data(Self.base64(bytes[start..<start + count]))
        case 0x5, 0x6:
            value = .string(try string(at: offset, trailer))
        case 0xA, 0xD:
            guard depth < Self.maximumDepth else {
                throw malformed(
                    "the object at offset \(offset) is nested more than \(Self.maximumDepth) levels deep "
                        + "(or contains itself)")
            }
            let isDictionary = marker >> 4 == 0xD
            let (count, start) = try countAndStart(at: offset, trailer)
            let (references, overflow) = count.multipliedReportingOverflow(
                by: (isDictionary ? 2 : 1) * trailer.referenceSize)
            guard !overflow, references <= trailer.offsetTableStart - start else {
                throw malformed(
                    "the \(isDictionary ? "dictionary" : "array") at offset \(offset) runs past the object data")
            }
            if isDictionary {
                var members = MemberCollector(folds: dialect.foldsRepeatedKeys, capacity: count)
                for position in 0..<count {
                    let keyReference = try reference(at: start + position * trailer.referenceSize, trailer)
                    let valueReference = try reference(at: start + (count + position) * trailer.referenceSize, trailer)
                    let keyOffset = try objectOffset(keyReference, trailer)
                    guard bytes[keyOffset] >> 4 == 0x5 || bytes[keyOffset] >> 4 == 0x6 else {
                        throw failure(.keyNotString(kind: Self.kind(bytes[keyOffset])))
                    }
                    budget -= 1
                    let key = try string(at: keyOffset, trailer)
                    let item = try node(
                        valueReference, trailer, depth: depth + 1, budget: &budget, diagnostics: &diagnostics)
                    let member = PropertyListNode.Member(key: key, keyLocation: .wholeFile, value: item)
                    if let repeated = members.add(member) {
                        diagnostics.append(
                            Diagnostic(.warning, dialect.message(repeated), path: path)
                                .identified(.duplicateKey, key: key))
                    }
                }
                value = .dictionary(members.members)
            } else {
                var items: [PropertyListNode] = []
                items.reserveCapacity(count)
                for position in 0..<count {
                    let itemReference = try reference(at: start + position * trailer.referenceSize, trailer)
                    items.append(
                        try node(itemReference, trailer, depth: depth + 1, budget: &budget, diagnostics: &diagnostics))
                }
                value = .array(items)
            }
        default:
            value = .unsupported(Self.kind(marker))
        }
        return PropertyListNode(value: value, location: .wholeFile)
    }

    /// The decimal text of the integer at `offset` (1, 2, 4 or 8 bytes, or 16 whose upper half only extends the
    /// sign of the lower, as writers store unsigned 64-bit values).
    private func integerText(at offset: Int, _ trailer: Trailer) throws(ConversionError) -> String {
        let exponent = Int(bytes[offset] & 0x0F)
        guard exponent <= 4 else { throw malformed("the integer at offset \(offset) has an invalid size") }
        let size = 1 << exponent
        guard size <= trailer.offsetTableStart - offset - 1 else {
            throw malformed("the integer at offset \(offset) runs past the object data")
        }
        switch size {
        case 8: return String(Int64(bitPattern: readUInt(at: offset + 1, size: 8)))
        case 16:
            let high = readUInt(at: offset + 1, size: 8)
            let low = readUInt(at: offset + 9, size: 8)
            if high == 0 { return String(low) }
            if high == UInt64.max, low >> 63 == 1 { return String(Int64(bitPattern: low)) }
            throw malformed("the integer at offset \(offset) does not fit in 64 bits")
        default: return String(readUInt(at: offset + 1, size: size))
        }
    }

    /// The 4- or 8-byte floating-point number at `offset` (a real or a date).
    private func real(at offset: Int, _ trailer: Trailer) throws(ConversionError) -> Double {
        let exponent = Int(bytes[offset] & 0x0F)
        guard exponent == 2 || exponent == 3 else {
            throw malformed("the real number at offset \(offset) has an invalid size")
        }
        let size = 1 << exponent
        guard size <= trailer.offsetTableStart - offset - 1 else {
            throw malformed("the real number at offset \(offset) runs past the object data")
        }
        let bits = readUInt(at: offset + 1, size: size)
        return size == 4 ? Double(Float(bitPattern: UInt32(bits))) : Double(bitPattern: bits)
    }

    /// The string at `offset`, whose marker says it is one (`0x5_` ASCII, `0x6_` UTF-16 big-endian).
    private func string(at offset: Int, _ trailer: Trailer) throws(ConversionError) -> String {
        let type = bytes[offset] >> 4
        let (count, start) = try countAndStart(at: offset, trailer)
        let (byteCount, overflow) = count.multipliedReportingOverflow(by: type == 0x5 ? 1 : 2)
        guard !overflow, byteCount <= trailer.offsetTableStart - start else {
            throw malformed("the string at offset \(offset) runs past the object data")
        }
        if type == 0x5 {
            let ascii = bytes[start..<start + byteCount]
            guard !ascii.contains(where: { $0 >= 0x80 }) else {
                throw malformed("the ASCII string at offset \(offset) has a byte above 0x7F")
            }
            return String(decoding: ascii, as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        var index = start
        let end = start + byteCount
        while index < end {
            let unit = UInt32(readUInt(at: index, size: 2))
            index += 2
            var value = unit
            if (0xD800...0xDBFF).contains(unit), index < end {
                let low = UInt32(readUInt(at: index, size: 2))
                if (0xDC00...0xDFFF).contains(low) {
                    value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    index += 2
                }
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw malformed("the UTF-16 string at offset \(offset) has an unpaired surrogate")
            }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    // MARK: - Structure

    private func readTrailer() throws(ConversionError) -> Trailer {
        guard bytes.count >= 8 + 1 + 32, bytes.starts(with: Array("bplist00".utf8)) else {
            throw malformed("the file is too short or does not start with 'bplist00'")
        }
        let base = bytes.count - 32
        let offsetSize = Int(bytes[base + 6])
        let referenceSize = Int(bytes[base + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw malformed("invalid offset or reference size in the trailer")
        }
        let objectCount = readUInt(at: base + 8, size: 8)
        let topObject = readUInt(at: base + 16, size: 8)
        let offsetTableStart = readUInt(at: base + 24, size: 8)
        guard objectCount >= 1, objectCount <= UInt64(base), topObject < objectCount,
            offsetTableStart >= 9, offsetTableStart <= UInt64(base),
            UInt64(base) - offsetTableStart >= objectCount * UInt64(offsetSize)
        else {
            throw malformed("the trailer's object count or offset table does not fit the file")
        }
        return Trailer(
            offsetSize: offsetSize, referenceSize: referenceSize, objectCount: Int(objectCount),
            topObject: Int(topObject), offsetTableStart: Int(offsetTableStart))
    }

    /// The byte offset of object `index`, checked to lie in the object data.
    private func objectOffset(_ index: Int, _ trailer: Trailer) throws(ConversionError) -> Int {
        let offset = readUInt(at: trailer.offsetTableStart + index * trailer.offsetSize, size: trailer.offsetSize)
        guard offset >= 8, offset < UInt64(trailer.offsetTableStart) else {
            throw malformed("object \(index) has an offset outside the object data")
        }
        return Int(offset)
    }

    /// The object reference stored at `offset`, checked against the object count.
    private func reference(at offset: Int, _ trailer: Trailer) throws(ConversionError) -> Int {
        let index = readUInt(at: offset, size: trailer.referenceSize)
        guard index < UInt64(trailer.objectCount) else {
            throw malformed("an object reference at offset \(offset) is out of range")
        }
        return Int(index)
    }

    /// The element count of the object at `offset` (from its marker, or the integer after it) and where its
    /// contents start.
    private func countAndStart(at offset: Int, _ trailer: Trailer) throws(ConversionError) -> (Int, Int) {
        let info = Int(bytes[offset] & 0x0F)
        guard info == 0x0F else { return (info, offset + 1) }
        let intMarker = offset + 1
        guard intMarker < trailer.offsetTableStart, bytes[intMarker] >> 4 == 0x1, bytes[intMarker] & 0x0F <= 3 else {
            throw malformed("the object at offset \(offset) has an invalid length")
        }
        let size = 1 << Int(bytes[intMarker] & 0x0F)
        guard intMarker + 1 + size <= trailer.offsetTableStart else {
            throw malformed("the object at offset \(offset) runs past the object data")
        }
        let count = readUInt(at: intMarker + 1, size: size)
        guard count <= UInt64(trailer.offsetTableStart) else {
            throw malformed("the object at offset \(offset) is longer than the file")
        }
        return (Int(count), intMarker + 1 + size)
    }

    // MARK: - Helpers

    /// A big-endian unsigned integer of `size` bytes (1…8) at `offset`; the caller checked the bounds.
    private func readUInt(at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<offset + size { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    /// What an object marker stands for, as messages name it.
    static func kind(_ marker: UInt8) -> String {
        switch marker >> 4 {
        case 0x0: return marker == 0x08 || marker == 0x09 ? "a boolean" : "null"
        case 0x1: return "an integer"
        case 0x2: return "a real number"
        case 0x3: return "a date"
        case 0x4: return "data"
        case 0x5, 0x6: return "a string"
        case 0x8: return "a UID"
        case 0xA: return "an array"
        case 0xC: return "a set"
        case 0xD: return "a dictionary"
        default: return "an unknown object (marker 0x\(Hexadecimal.uppercase(marker, digits: 2)))"
        }
    }

    /// A real number as XML writes it: the shortest text that reads back as the same number.
    static func realText(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-infinity" : "+infinity" }
        return "\(value)"
    }

    /// A date (seconds since 2001-01-01 00:00:00 UTC) as XML writes it, `2001-01-01T00:00:00Z`, to the second.
    static func dateText(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e14 else { return "\(seconds)" }
        let total = Int64(seconds.rounded(.down)) + 978_307_200  // seconds since 1970
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = total - days * 86_400
        // Civil date from days since 1970-01-01 (proleptic Gregorian calendar).
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ number: Int64) -> String { number < 10 ? "0\(number)" : "\(number)" }
        let yearDigits = String(year)
        let yearText =
            (0..<1_000).contains(year) ? String(repeating: "0", count: 4 - yearDigits.count) + yearDigits : yearDigits
        return "\(yearText)-\(two(month))-\(two(day))T\(two(secondOfDay / 3_600)):\(two(secondOfDay / 60 % 60)):"
            + "\(two(secondOfDay % 60))Z"
    }

    /// `data` in base64, as the text of a `<data>` element.
    static func base64(_ data: ArraySlice<UInt8>) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var result: [UInt8] = []
        result.reserveCapacity((data.count + 2) / 3 * 4)
        var index = data.startIndex
        while index < data.endIndex {
            let count = min(3, data.endIndex - index)
            var group: UInt32 = 0
            for position in 0..<3 { group = group << 8 | UInt32(position < count ? data[index + position] : 0) }
            for position in 0..<4 {
                result.append(position <= count ? alphabet[Int(group >> UInt32(18 - 6 * position) & 0x3F)] : 0x3D)
            }
            index += count
        }
        return String(decoding: result, as: UTF8.self)
    }

    private func failure(_ problem: PropertyListProblem) -> ConversionError {
        ConversionError(dialect.message(problem), path: path)
    }

    private func malformed(_ detail: String) -> ConversionError {
        failure(.malformedBinary(detail))
    }
}
