import LocalizationCatalog

/// Reads the dictionary of strings that a binary property list (`bplist00`) named `.strings` holds.
///
/// Only what a `.strings` file can contain is decoded: one dictionary whose keys and values are ASCII or UTF-16
/// strings. Every offset, count and object reference is checked against the data before it is used, so malformed
/// input gives an error, never a crash; any other object type is refused with an error naming it.
struct BinaryPropertyList {
    let bytes: [UInt8]
    let path: String

    /// The layout described by the 32-byte trailer.
    private struct Trailer {
        var offsetSize: Int
        var referenceSize: Int
        var objectCount: Int
        var topObject: Int
        var offsetTableStart: Int
    }

    /// The key-value pairs of the top-level dictionary, in the order stored.
    func stringPairs() throws(ConversionError) -> [(key: String, value: String)] {
        let trailer = try readTrailer()
        let top = try objectOffset(trailer.topObject, trailer)
        let marker = bytes[top]
        guard marker >> 4 == 0xD else {
            throw ConversionError(StringsMessage.propertyListNotDictionary(kind: kind(marker)), path: path)
        }
        let (count, start) = try countAndStart(at: top, trailer)
        let (references, overflow) = count.multipliedReportingOverflow(by: 2 * trailer.referenceSize)
        guard !overflow, references <= trailer.offsetTableStart - start else {
            throw malformed("the dictionary at offset \(top) runs past the object data")
        }
        var pairs: [(key: String, value: String)] = []
        pairs.reserveCapacity(count)
        for index in 0..<count {
            let keyReference = try reference(at: start + index * trailer.referenceSize, trailer)
            let valueReference = try reference(at: start + (count + index) * trailer.referenceSize, trailer)
            let keyOffset = try objectOffset(keyReference, trailer)
            guard let key = try string(at: keyOffset, trailer) else {
                throw ConversionError(StringsMessage.propertyListKeyNotString(kind: kind(bytes[keyOffset])), path: path)
            }
            let valueOffset = try objectOffset(valueReference, trailer)
            guard let value = try string(at: valueOffset, trailer) else {
                throw ConversionError(
                    StringsMessage.valueNotString(key: key, kind: kind(bytes[valueOffset])), path: path)
            }
            pairs.append((key, value))
        }
        return pairs
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

    /// The string at `offset`, or `nil` when the object is not a string.
    private func string(at offset: Int, _ trailer: Trailer) throws(ConversionError) -> String? {
        let type = bytes[offset] >> 4
        guard type == 0x5 || type == 0x6 else { return nil }
        let (count, start) = try countAndStart(at: offset, trailer)
        let byteCount = type == 0x5 ? count : 2 * count
        guard byteCount <= trailer.offsetTableStart - start else {
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

    // MARK: - Helpers

    /// A big-endian unsigned integer of `size` bytes (1…8) at `offset`; the caller checked the bounds.
    private func readUInt(at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<offset + size { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    /// What an object marker stands for, as messages name it.
    private func kind(_ marker: UInt8) -> String {
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
        default: return "an unknown object (marker \(StringsMessage.hex(marker)))"
        }
    }

    private func malformed(_ detail: String) -> ConversionError {
        ConversionError(StringsMessage.malformedBinaryPropertyList(detail), path: path)
    }
}
