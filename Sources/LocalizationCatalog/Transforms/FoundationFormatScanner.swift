/// Format specifiers exactly as Foundation's `String(format:)` reads them (CFString's format parser), for the
/// placeholder rule that `check` and `import` share (``FormatArgumentComparison``).
///
/// The grammar, after a `%`, one character at a time until the specifier ends:
/// - flags (`#`, space, `-`, `+`, `0`), size letters (`h`, `hh`, `l`, `ll`, `L`, `q`, `t`, `z`, `j`), digits (a
///   width, a precision after `.`, or with `$` an argument position), `*` and `.*` (a width or precision read
///   from an argument) may come in any order and any number;
/// - a conversion ends the specifier and reads an argument: `d D i u U o O x X` (integer), `f F e E g G a A`
///   (floating point), `@` (object), `s S P` (C string, `unichar *`, Pascal string), `c C` (character), `p` and
///   `n` (pointer: `%n` takes an argument like any other);
/// - `#` then `@` starts a substitution reference: name characters (`A–Z a–z 0–9 _`) up to a closing `@`
///   (`%#@name@`, `%1#@name@`, `%#1@name@` — the digits there are a width, not a position); any other character
///   ends the reference attempt and is consumed;
/// - any other character (`%%`, `% t`, `%0%`) ends the specifier as literal text: it is consumed with it and no
///   argument is read.
///
/// Arguments are numbered as Foundation numbers them: a specifier with a position (`%2$@`) reads that argument; every
/// other specifier, and each `*`, reads the next argument of a count that only such specifiers advance — a
/// positional specifier never moves it (`"%1$d% af"` reads argument 1 twice: as an integer, then as a double).
package enum FoundationFormatScanner {
    /// How a specifier reads its main argument.
    package enum Conversion: Sendable, Equatable {
        /// A conversion character (the last byte of the spec).
        case character(UInt8)
        /// A `%#@NAME@` reference; the name's byte range.
        case substitution(Range<Int>)
    }

    /// One specifier that reads arguments.
    package struct Specifier: Sendable, Equatable {
        /// From `%` to the end of the specifier, in UTF-8 offsets.
        package var range: Range<Int>
        /// The explicit argument position (`%2$@` → 2); `nil` when sequential.
        package var position: Int?
        /// What the main argument is read as.
        package var conversion: Conversion
        /// The argument a `*` width is read from, if the specifier has one.
        package var width: StarArgument?
        /// The argument a `.*` precision is read from, if the specifier has one (read after the width's).
        package var precision: StarArgument?
    }

    /// Where a `*` width or precision takes its integer argument from.
    package enum StarArgument: Sendable, Equatable {
        /// The next sequential argument.
        case sequential
        /// The argument at a position (`*2$`).
        case position(Int)
    }

    /// The largest argument position (``FormatSpecifiers/maximumPosition``); a larger one makes the specifier text.
    static let maximumPosition = FormatSpecifiers.maximumPosition

    /// The next specifier that reads arguments at or after `index`, moving `index` past it; `nil` when there is none.
    ///
    /// Literal specifiers (`%%`, `% t`) are passed over.
    package static func next(in bytes: Span<UInt8>, from index: inout Int) -> Specifier? {
        let percent = UInt8(ascii: "%")
        while index < bytes.count {
            guard bytes[index] == percent else {
                index += 1
                continue
            }
            let start = index
            index += 1
            if let found = parse(bytes, start: start, cursor: &index) { return found }
        }
        return nil
    }

    /// Reads one specifier whose `%` is at `start`; `nil` for a literal specifier or one the string ends inside.
    ///
    /// `cursor` is just after the `%` and ends just after the specifier. Foundation prints nothing for a specifier
    /// the string ends inside.
    private static func parse(_ bytes: Span<UInt8>, start: Int, cursor: inout Int) -> Specifier? {
        var seenSharp = false
        var seenOpenBracket = false
        var validBracket = false
        var keyStart: Int?
        var position: Int?
        // A star's argument is sequential (Foundation's `-2`) until a `N$` right after gives it a position.
        var width: StarArgument?
        var precision: StarArgument?
        func specifier(_ conversion: Conversion) -> Specifier {
            Specifier(
                range: start..<cursor, position: position, conversion: conversion, width: width, precision: precision)
        }
        while cursor < bytes.count {
            var byte = bytes[cursor]
            cursor += 1
            if let name = keyStart {
                if isNameByte(byte) { continue }
                if byte == UInt8(ascii: "]") {
                    if seenOpenBracket { validBracket = true }
                    continue
                }
                if byte == UInt8(ascii: "@") {
                    // `%[name]@` reads an object; `%#@name@` is a substitution reference.
                    return specifier(validBracket ? .character(byte) : .substitution(name..<(cursor - 1)))
                }
                keyStart = nil  // any other character ends the name and is consumed
                continue
            }
            // The character is looked at again after digits and after `.` (Foundation's `goto reswtch`).
            dispatch: while true {
                switch byte {
                case UInt8(ascii: "#"):
                    seenSharp = true
                case UInt8(ascii: "["):
                    if !seenOpenBracket {
                        seenOpenBracket = true
                        keyStart = cursor
                    }
                case UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "0"), UInt8(ascii: "L"),
                    UInt8(ascii: "q"), UInt8(ascii: "t"), UInt8(ascii: "z"), UInt8(ascii: "j"):
                    break
                case UInt8(ascii: "h"), UInt8(ascii: "l"):
                    if cursor < bytes.count, bytes[cursor] == byte { cursor += 1 }
                case UInt8(ascii: "@") where seenSharp:
                    seenSharp = false
                    keyStart = cursor
                case UInt8(ascii: "1")...UInt8(ascii: "9"):
                    var value: Int? = 0
                    var next = byte
                    repeat {
                        if let current = value {
                            let grown = current * 10 + Int(next - UInt8(ascii: "0"))
                            value = grown <= maximumPosition ? grown : nil
                        }
                        guard cursor < bytes.count else { return nil }
                        next = bytes[cursor]
                        cursor += 1
                    } while (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next)
                    guard next == UInt8(ascii: "$") else {
                        byte = next  // a width or precision: the character after it is read again
                        continue dispatch
                    }
                    guard let value else { return nil }  // a position no argument list reaches: text
                    if precision == .sequential {
                        precision = .position(value)
                    } else if width == .sequential {
                        width = .position(value)
                    } else {
                        position = value
                    }
                case UInt8(ascii: "*"):
                    width = .sequential
                case UInt8(ascii: "."):
                    guard cursor < bytes.count else { return nil }
                    let next = bytes[cursor]
                    cursor += 1
                    guard next == UInt8(ascii: "*") else {
                        byte = next
                        continue dispatch
                    }
                    precision = .sequential
                default:
                    guard isConversion(byte) else { return nil }  // literal text, consumed with the specifier
                    return specifier(.character(byte))
                }
                break
            }
        }
        return nil  // the string ends inside the specifier
    }

    /// Conversion characters that read an argument.
    static func isConversion(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "d"), UInt8(ascii: "D"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "U"),
            UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "o"), UInt8(ascii: "O"), UInt8(ascii: "f"),
            UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"), UInt8(ascii: "G"),
            UInt8(ascii: "a"), UInt8(ascii: "A"), UInt8(ascii: "c"), UInt8(ascii: "C"), UInt8(ascii: "s"),
            UInt8(ascii: "S"), UInt8(ascii: "P"), UInt8(ascii: "p"), UInt8(ascii: "n"), UInt8(ascii: "@"):
            true
        default: false
        }
    }

    /// Characters of a substitution's name as Foundation reads it.
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}
