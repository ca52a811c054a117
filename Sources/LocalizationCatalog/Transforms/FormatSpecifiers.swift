import StringBridgeSupport

/// printf-style format specifiers as Apple's localization formats use them.
package enum FormatSpecifiers {
    /// One specifier found in a string.
    package struct Specifier: Sendable, Equatable {
        /// The explicit argument position (`%2$@` → 2), or `nil` when the specifier is sequential.
        package var position: Int?
        /// The specifier without `%`, position, flags, width and precision: length modifier and conversion (`lld`, `@`).
        package var spec: String
        /// The whole specifier's range, in UTF-8 offsets.
        package var range: Range<Int>
    }

    /// Whether `byte` is a conversion: one of `dDiuUxXoOfeEgGaAcCsSp@`.
    private static func isConversion(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "d"), UInt8(ascii: "D"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "U"),
            UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "o"), UInt8(ascii: "O"), UInt8(ascii: "f"),
            UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"), UInt8(ascii: "G"), UInt8(ascii: "a"),
            UInt8(ascii: "A"), UInt8(ascii: "c"), UInt8(ascii: "C"), UInt8(ascii: "s"), UInt8(ascii: "S"),
            UInt8(ascii: "p"), UInt8(ascii: "@"):
            true
        default:
            false
        }
    }

    /// Whether `byte` is a flag: one of `-+ 0#'`.
    private static func isFlag(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: " "), UInt8(ascii: "0"), UInt8(ascii: "#"),
            UInt8(ascii: "'"):
            true
        default:
            false
        }
    }

    /// The largest argument position a specifier may name (`%2147483647$@`), as C's `int` holds it.
    ///
    /// A `%` whose position is larger (`%99999999999999999999$@`) starts no specifier and no reference: it is plain text.
    package static let maximumPosition = Int(Int32.max)

    /// Reads the run of ASCII digits at `cursor` (moving past all of them) and returns its value, or `nil` when
    /// it exceeds ``maximumPosition``.
    ///
    /// The digits are never accumulated beyond that, so no run can overflow.
    private static func readPosition(_ bytes: Span<UInt8>, _ cursor: inout Int) -> Int? {
        var value: Int? = 0
        while cursor < bytes.count, isDigit(bytes[cursor]) {
            if let current = value {
                let next = current * 10 + Int(bytes[cursor] - UInt8(ascii: "0"))
                value = next <= maximumPosition ? next : nil
            }
            cursor += 1
        }
        return value
    }

    /// Whether `byte` is an ASCII digit.
    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// The specifiers in `string`, in order; `%%`, `%#@…@` references and `%arg` are not specifiers.
    ///
    /// Read where the string holds its bytes, each `%` found with `memchr` (most of a text is no specifier).
    package static func specifiers(in string: String) -> [Specifier] {
        string.withUTF8Span(specifiers(in:))
    }

    /// ``specifiers(in:)`` of a string's UTF-8 bytes.
    private static func specifiers(in bytes: Span<UInt8>) -> [Specifier] {
        var result: [Specifier] = []
        var index = 0
        while let found = bytes.firstIndex(of: UInt8(ascii: "%"), from: index) {
            index = found
            let start = index
            index += 1
            guard index < bytes.count else { break }
            if bytes[index] == UInt8(ascii: "%") {
                index += 1
                continue
            }
            var cursor = index
            var position: Int?
            let digits = readPosition(bytes, &cursor)
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "$"), cursor > index {
                guard let digits else {
                    index = start + 1  // a position too large for any argument list: text
                    continue
                }
                position = digits
                cursor += 1
            } else {
                cursor = index
            }
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "#"), cursor + 1 < bytes.count,
                bytes[cursor + 1] == UInt8(ascii: "@")
            {
                index = cursor + 2  // a %#@NAME@ reference
                continue
            }
            while cursor < bytes.count, isFlag(bytes[cursor]) { cursor += 1 }
            while cursor < bytes.count, isDigit(bytes[cursor]) || bytes[cursor] == UInt8(ascii: "*") {
                cursor += 1
            }
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ".") {
                cursor += 1
                while cursor < bytes.count, isDigit(bytes[cursor]) || bytes[cursor] == UInt8(ascii: "*") {
                    cursor += 1
                }
            }
            let specStart = cursor
            // The length modifier, if any: `hh`, `ll`, `h`, `l`, `q`, `L`, `z`, `t` or `j`, the longest first.
            if cursor < bytes.count {
                switch bytes[cursor] {
                case UInt8(ascii: "h"), UInt8(ascii: "l"):
                    cursor += cursor + 1 < bytes.count && bytes[cursor + 1] == bytes[cursor] ? 2 : 1
                case UInt8(ascii: "q"), UInt8(ascii: "L"), UInt8(ascii: "z"), UInt8(ascii: "t"), UInt8(ascii: "j"):
                    cursor += 1
                default:
                    break
                }
            }
            guard cursor < bytes.count, isConversion(bytes[cursor]) else {
                index = start + 1
                continue
            }
            cursor += 1
            result.append(
                Specifier(position: position, spec: bytes.decodedString(in: specStart..<cursor), range: start..<cursor))
            index = cursor
        }
        return result
    }

    /// Whether `string` prints argument `argument` (1-based): a sequential specifier in that place, or `%N$…`.
    package static func prints(argument: Int, in string: String) -> Bool {
        var sequential = 0
        for specifier in specifiers(in: string) {
            if let position = specifier.position {
                if position == argument { return true }
            } else {
                sequential += 1
                if sequential == argument { return true }
            }
        }
        return false
    }

    /// The spec (`lld`, `d`, `@`) with which `string` prints `argument`, if it does.
    package static func spec(ofArgument argument: Int, in string: String) -> String? {
        var sequential = 0
        for specifier in specifiers(in: string) {
            if let position = specifier.position {
                if position == argument { return specifier.spec }
            } else {
                sequential += 1
                if sequential == argument { return specifier.spec }
            }
        }
        return nil
    }

    /// The `%#@NAME@` and `%N$#@NAME@` references in `string`: name, position if any, and UTF-8 range.
    ///
    /// A string without `#` has none: that is found with `memchr`, before its bytes are copied to be scanned.
    package static func substitutionReferences(in string: String) -> [(name: String, position: Int?, range: Range<Int>)]
    {
        guard string.utf8Contains(UInt8(ascii: "#")) else { return [] }
        return string.withUTF8Span(substitutionReferences(in:))
    }

    /// ``substitutionReferences(in:)`` of a string's UTF-8 bytes, read in place, each `%` found with `memchr`.
    private static func substitutionReferences(in bytes: Span<UInt8>) -> [(
        name: String, position: Int?, range: Range<Int>
    )] {
        var result: [(String, Int?, Range<Int>)] = []
        var index = 0
        while let found = bytes.firstIndex(of: UInt8(ascii: "%"), from: index) {
            index = found
            let start = index
            var cursor = index + 1
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "%") {
                index = cursor + 1
                continue
            }
            var position: Int?
            let digits = readPosition(bytes, &cursor)
            if cursor > start + 1 {
                guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "$"), let digits else {
                    index = start + 1
                    continue
                }
                position = digits
                cursor += 1
            }
            guard cursor + 1 < bytes.count, bytes[cursor] == UInt8(ascii: "#"), bytes[cursor + 1] == UInt8(ascii: "@"),
                let close = bytes.firstIndex(of: UInt8(ascii: "@"), from: cursor + 2)
            else {
                index = start + 1
                continue
            }
            result.append((bytes.decodedString(in: (cursor + 2)..<close), position, start..<(close + 1)))
            index = close + 1
        }
        return result
    }
}
