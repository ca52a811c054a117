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

    private static let conversions = Set("dDiuUxXoOfeEgGaAcCsSp@".utf8)

    /// The largest argument position a specifier may name (`%2147483647$@`), as C's `int` holds it.
    ///
    /// A `%` whose position is larger (`%99999999999999999999$@`) starts no specifier and no reference: it is plain text.
    package static let maximumPosition = Int(Int32.max)

    /// Reads the run of ASCII digits at `cursor` (moving past all of them) and returns its value, or `nil` when
    /// it exceeds ``maximumPosition``.
    ///
    /// The digits are never accumulated beyond that, so no run can overflow.
    private static func readPosition(_ bytes: [UInt8], _ cursor: inout Int) -> Int? {
        var value: Int? = 0
        while cursor < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[cursor]) {
            if let current = value {
                let next = current * 10 + Int(bytes[cursor] - UInt8(ascii: "0"))
                value = next <= maximumPosition ? next : nil
            }
            cursor += 1
        }
        return value
    }

    /// The specifiers in `string`, in order; `%%`, `%#@…@` references and `%arg` are not specifiers.
    package static func specifiers(in string: String) -> [Specifier] {
        let bytes = Array(string.utf8)
        var result: [Specifier] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                index += 1
                continue
            }
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
            while cursor < bytes.count, "-+ 0#'".utf8.contains(bytes[cursor]) { cursor += 1 }
            while cursor < bytes.count,
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[cursor]) || bytes[cursor] == UInt8(ascii: "*")
            {
                cursor += 1
            }
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ".") {
                cursor += 1
                while cursor < bytes.count,
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[cursor])
                        || bytes[cursor] == UInt8(ascii: "*")
                {
                    cursor += 1
                }
            }
            let specStart = cursor
            for modifier in ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"] {
                let utf8 = Array(modifier.utf8)
                if cursor + utf8.count <= bytes.count, Array(bytes[cursor..<cursor + utf8.count]) == utf8 {
                    cursor += utf8.count
                    break
                }
            }
            guard cursor < bytes.count, conversions.contains(bytes[cursor]) else {
                index = start + 1
                continue
            }
            cursor += 1
            result.append(
                Specifier(
                    position: position, spec: String(decoding: bytes[specStart..<cursor], as: UTF8.self),
                    range: start..<cursor))
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
    package static func substitutionReferences(in string: String) -> [(name: String, position: Int?, range: Range<Int>)]
    {
        let bytes = Array(string.utf8)
        var result: [(String, Int?, Range<Int>)] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                index += 1
                continue
            }
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
                let close = bytes[(cursor + 2)...].firstIndex(of: UInt8(ascii: "@"))
            else {
                index = start + 1
                continue
            }
            result.append((String(decoding: bytes[(cursor + 2)..<close], as: UTF8.self), position, start..<(close + 1)))
            index = close + 1
        }
        return result
    }
}
