import LocalizationCatalog
import StringBridgeSupport

/// The text of a `.strings` file as UTF-8, with the encoding it was stored in.
///
/// The lexer always works on UTF-8, so columns are counted in UTF-8 bytes of the decoded text whatever the file's
/// encoding was (as everywhere else in the project).
struct StringsText {
    /// The decoded text, without a byte-order mark.
    var utf8: [UInt8]
    /// The encoding the file used.
    var encoding: TextEncoding

    /// Detects the encoding of `bytes` and decodes them, as CoreFoundation does for strings files.
    ///
    /// A byte-order mark selects UTF-8 or UTF-16 (and is dropped); a second one right after it, and a UTF-32 one,
    /// are refused by name. Without one, a NUL byte among the first 64 bytes means UTF-16 when the bytes fit
    /// UTF-16 (``utf16ByteOrder(of:)``); a NUL byte that does not fit is refused at its place, since Foundation
    /// would read the file as UTF-16 too. Anything else is UTF-8.
    /// - Throws: ``ConversionError`` for invalid UTF-8 or UTF-16, with the place in the decoded text.
    static func decode(_ bytes: [UInt8], path: String) throws(ConversionError) -> StringsText {
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            throw ConversionError(StringsMessage.utf32ByteOrderMark(bigEndian: bytes[0] == 0), path: path)
        }
        let decoded: StringsText
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            decoded = StringsText(utf8: try validatedUTF8(bytes, from: 3, path: path), encoding: .utf8WithBOM)
        } else if bytes.starts(with: [0xFF, 0xFE]) {
            decoded = StringsText(
                utf8: try transcodeUTF16(bytes, from: 2, bigEndian: false, path: path),
                encoding: .utf16LittleEndianWithBOM)
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            decoded = StringsText(
                utf8: try transcodeUTF16(bytes, from: 2, bigEndian: true, path: path), encoding: .utf16BigEndianWithBOM)
        } else {
            let head = bytes.prefix(64)
            guard let nul = head.firstIndex(of: 0) else {
                return StringsText(utf8: try validatedUTF8(bytes, from: 0, path: path), encoding: .utf8)
            }
            guard let bigEndian = utf16ByteOrder(of: head) else {
                let text = try validatedUTF8(bytes, from: 0, path: path)
                throw ConversionError(
                    StringsMessage.nulByteInUTF8, at: FileLocation(path: path, bytes: text, offset: nul))
            }
            return StringsText(
                utf8: try transcodeUTF16(bytes, from: 0, bigEndian: bigEndian, path: path),
                encoding: bigEndian ? .utf16BigEndian : .utf16LittleEndian)
        }
        // U+FEFF right after the byte-order mark: a second mark (an editor added one to a file that had one).
        if decoded.utf8.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw ConversionError(
                StringsMessage.secondByteOrderMark, at: FileLocation(path: path, bytes: decoded.utf8, offset: 0))
        }
        return decoded
    }

    /// The byte order of `head` (the first bytes of a file without a byte-order mark) when it fits UTF-16 text
    /// — `true` for big-endian —, or `nil` when it does not.
    ///
    /// A `.strings` file starts with an ASCII character (whitespace, a comment, a quote, `{` or an unquoted key),
    /// so its first UTF-16 unit is one NUL byte and one ASCII byte, whose order gives the byte order; and UTF-16
    /// text has no U+0000 unit (two NUL bytes at an even offset). UTF-8 text with a stray NUL byte fits neither
    /// unless the NUL is its first or second byte.
    static func utf16ByteOrder(of head: ArraySlice<UInt8>) -> Bool? {
        let units = Array(head.prefix(head.count / 2 * 2))
        guard units.count >= 2 else { return nil }
        let bigEndian: Bool
        if units[0] == 0, units[1] != 0, units[1] < 0x80 {
            bigEndian = true
        } else if units[1] == 0, units[0] != 0, units[0] < 0x80 {
            bigEndian = false
        } else {
            return nil
        }
        for offset in stride(from: 0, to: units.count, by: 2) where units[offset] == 0 && units[offset + 1] == 0 {
            return nil
        }
        return bigEndian
    }

    /// `bytes[start...]` after checking that they are well-formed UTF-8.
    private static func validatedUTF8(_ bytes: [UInt8], from start: Int, path: String) throws(ConversionError)
        -> [UInt8]
    {
        let text = Array(bytes[start...])
        if let bad = firstInvalidUTF8Offset(text) {
            throw ConversionError(
                StringsMessage.invalidUTF8(byte: text[bad]),
                at: FileLocation(path: path, bytes: text, offset: bad))
        }
        return text
    }

    /// The offset of the first byte that does not belong to a well-formed UTF-8 sequence, if any.
    static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        let offset = UTF8Validation.firstInvalidOffset(in: bytes)
        return offset < bytes.count ? offset : nil
    }

    /// Transcodes UTF-16 (`bytes[start...]`) to UTF-8, refusing unpaired surrogates and an odd byte count.
    private static func transcodeUTF16(_ bytes: [UInt8], from start: Int, bigEndian: Bool, path: String)
        throws(ConversionError) -> [UInt8]
    {
        // Three UTF-8 bytes per UTF-16 unit at most (a surrogate pair, two units, gives four).
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count - start) / 2 * 3)
        let high = bigEndian ? 0 : 1
        let low = 1 - high
        var offset = start
        while offset + 1 < bytes.count {
            let unit = UInt32(bytes[offset + high]) << 8 | UInt32(bytes[offset + low])
            offset += 2
            switch unit {
            case 0xD800..<0xDC00:
                let next =
                    offset + 1 < bytes.count ? UInt32(bytes[offset + high]) << 8 | UInt32(bytes[offset + low]) : 0
                guard next & 0xFC00 == 0xDC00 else {
                    throw ConversionError(
                        StringsMessage.unpairedSurrogate(unit),
                        at: FileLocation(path: path, bytes: output, offset: output.count))
                }
                offset += 2
                appendUTF8(0x10000 + ((unit - 0xD800) << 10) + (next - 0xDC00), to: &output)
            case 0xDC00..<0xE000:
                throw ConversionError(
                    StringsMessage.unpairedSurrogate(unit),
                    at: FileLocation(path: path, bytes: output, offset: output.count))
            default:
                appendUTF8(unit, to: &output)
            }
        }
        if offset < bytes.count {
            throw ConversionError(
                StringsMessage.oddUTF16Length, at: FileLocation(path: path, bytes: output, offset: output.count))
        }
        return output
    }
}

/// Appends the UTF-8 encoding of a scalar value (which must be a valid scalar) to `output`.
func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
    switch scalar {
    case ..<0x80:
        output.append(UInt8(truncatingIfNeeded: scalar))
    case ..<0x800:
        output.append(UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6))
        output.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
    case ..<0x10000:
        output.append(UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12))
        output.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F))
        output.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
    default:
        output.append(UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18))
        output.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F))
        output.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F))
        output.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
    }
}
