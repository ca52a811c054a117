import CLDRSupport
import Foundation

/// An argument as the formatter sees it: what a `CVarArg` holds, read once.
enum FormatArgument: Sendable {
    case signed(Int64)
    case unsigned(UInt64)
    case double(Double)
    case text(String)

    /// Reads `value`: integers, floating-point numbers, strings and `NSNumber`s by value; anything else by its
    /// description (so a wrong argument prints as text and never reinterprets memory).
    init(_ value: any CVarArg) {
        // The common kinds first: each failed cast costs.
        switch value {
        case let value as String: self = .text(value)
        case let value as Int: self = .signed(Int64(value))
        case let value as Double: self = .double(value)
        case let value as Int64: self = .signed(value)
        case let value as Int32: self = .signed(Int64(value))
        case let value as Int16: self = .signed(Int64(value))
        case let value as Int8: self = .signed(Int64(value))
        case let value as UInt: self = .unsigned(UInt64(value))
        case let value as UInt64: self = .unsigned(value)
        case let value as UInt32: self = .unsigned(UInt64(value))
        case let value as UInt16: self = .unsigned(UInt64(value))
        case let value as UInt8: self = .unsigned(UInt64(value))
        case let value as Float: self = .double(Double(value))
        case let value as NSNumber: self = Self(number: value)
        case let value as NSString: self = .text(String(describing: value))
        default: self = .text(String(describing: value))
        }
    }

    private init(number: NSNumber) {
        switch String(cString: number.objCType) {
        case "f", "d": self = .double(number.doubleValue)
        case "Q", "L", "I", "S", "C": self = .unsigned(number.uint64Value)
        default: self = .signed(number.int64Value)
        }
    }

    /// The operands CLDR's rules read from the value (a string is read as a decimal, `1.50`).
    var pluralOperands: PluralOperands? {
        switch self {
        case .signed(let value): PluralOperands(value)
        case .unsigned(let value): PluralOperands(value)
        case .double(let value): PluralOperands(value)
        case .text(let value): PluralOperands(decimal: value)
        }
    }
}

/// Plural selection and `String(format:)`-compatible formatting (`docs/runtime.md`, "Specifiers").
enum PluralFormatting {
    /// How deep substitutions may refer to substitutions (`%#@a@` whose case holds `%#@b@`).
    static let substitutionDepth = 4
    /// How many substitutions one lookup expands, at every depth together; later ones are left as written.
    ///
    /// Depth alone does not bound the work: a value that names a substitution n times, whose case names it n times
    /// again, expanded n⁴ texts (a 2 KB table took minutes and gigabytes; Fuzz/findings/runtime-table/).
    static let substitutionLimit = 256
    /// The largest field width or precision formatted; a larger one is left as written.
    static let widthLimit = 4096

    /// The case of `cases` for `value`.
    ///
    /// `zero` for exactly 0 when the table has it (Apple's exact-0 override, in every language), otherwise CLDR's
    /// category for the language (`rule`), then `other`, then the first case in CLDR order. `one` and `two` have no override: they follow CLDR (`one` never applies in Japanese).
    static func select(
        _ cases: [String: RuntimeValue], value: FormatArgument?, rule: PluralRules.Rule?
    ) -> RuntimeValue? {
        let operands = value?.pluralOperands
        if let operands, operands.n == 0, let zero = cases["zero"] { return zero }
        if let operands, let rule, let chosen = cases[rule.category(for: operands).rawValue] { return chosen }
        if let other = cases["other"] { return other }
        for category in PluralCategory.allCases {
            if let found = cases[category.rawValue] { return found }
        }
        return cases.min { $0.key < $1.key }?.value
    }

    /// Formats `format` with `arguments` as `String(format:)` does.
    ///
    /// `substitute` gives the text of a substitution token `%#@name@` (from its name and its argument position
    /// from 1) and the argument (from 1) its sequential specifiers start at: the substitution's `argNum` when it
    /// has one, as Apple reads a case written `%lld` instead of `%arg`, else the token's position, as Foundation
    /// does for `.stringsdict` variables. The text is formatted in place.
    ///
    /// `locale`, when given, writes the numbers of `%f`-class specifiers (`%f %F %e %E %g %G`) as
    /// `String(format:locale:)` does, as `String(localized:)` shows them; `nil` writes them as C does.
    static func format(
        _ format: String, _ arguments: [FormatArgument], locale: Locale? = nil,
        substitute: (String, Int) -> (text: String, first: Int)?
    ) -> String {
        var expansions = 0
        return Self.format(
            format, arguments, locale: locale, firstSequential: 0, depth: 0, expansions: &expansions,
            substitute: substitute)
    }

    /// ``format(_:_:substitute:)`` at `depth`, counting the substitutions expanded in `expansions`.
    private static func format(
        _ format: String, _ arguments: [FormatArgument], locale: Locale?, firstSequential: Int, depth: Int,
        expansions: inout Int, substitute: (String, Int) -> (text: String, first: Int)?
    ) -> String {
        let utf8 = format.utf8
        guard utf8.contains(UInt8(ascii: "%")) else { return format }
        var output = ""
        output.reserveCapacity(utf8.count + 16)
        var sequential = firstSequential
        /// The argument of each named placeholder (`%(name)@`) once printed: the name prints it again.
        var named: [Substring: Int] = [:]
        var literalStart = utf8.startIndex
        var index = utf8.startIndex
        while index < utf8.endIndex {
            guard utf8[index] == UInt8(ascii: "%") else {
                index = utf8.index(after: index)
                continue
            }
            output += format[literalStart..<index]
            let start = index
            guard let spec = Specifier.parse(utf8, at: &index) else {
                // Not a specifier Foundation formats: kept as written.
                index = utf8.index(after: start)
                output += format[start..<index]
                literalStart = index
                continue
            }
            literalStart = index
            let written = format[start..<index]
            if spec.conversion == UInt8(ascii: "%") {
                output += "%"
                continue
            }
            let position: Int
            if let explicit = spec.position {
                position = explicit - 1
            } else if let name = spec.name, let known = named[name] {
                position = known
            } else {
                position = sequential
                sequential += 1
            }
            if let name = spec.name, named[name] == nil { named[name] = position }
            if spec.conversion == UInt8(ascii: "n") || spec.conversion == UInt8(ascii: "p") {
                // Never written through nor printed as an address: kept as written.
                output += written
                continue
            }
            if let name = spec.substitution {
                guard depth < substitutionDepth, expansions < substitutionLimit,
                    let (text, first) = substitute(name, position + 1)
                else {
                    output += written
                    continue
                }
                expansions += 1
                output += Self.format(
                    text, arguments, locale: locale, firstSequential: first - 1, depth: depth + 1,
                    expansions: &expansions, substitute: substitute)
                continue
            }
            guard position >= 0, position < arguments.count,
                spec.width ?? 0 <= widthLimit, spec.precision ?? 0 <= widthLimit
            else {
                output += written
                continue
            }
            output += spec.render(arguments[position], locale: locale)
        }
        output += format[literalStart...]
        return output
    }
}

/// One parsed `%…` specifier.
struct Specifier {
    /// `%2$d` → 2.
    var position: Int?
    /// `%#@name@` → `name`.
    var substitution: String?
    /// A named placeholder's name (Xcode 26: `%(name)@`, `%1$(age)llu` → `age`).
    var name: Substring?
    var flags: String = ""
    var width: Int?
    var precision: Int?
    /// `h`, `hh`, `l`, `ll`, `q`, `L`, `z`, `t`, `j`, or empty.
    var length: String = ""
    var conversion: UInt8 = 0

    static let conversions = Set("@dDiuUxXoOfFeEgGaAcCsSpn%".utf8)

    /// Parses the specifier at `index` (a `%`), moving `index` past it; `nil` when the text there is not one.
    static func parse(_ utf8: String.UTF8View, at index: inout String.UTF8View.Index) -> Specifier? {
        var spec = Specifier()
        var cursor = utf8.index(after: index)
        func peek() -> UInt8? { cursor < utf8.endIndex ? utf8[cursor] : nil }
        func advance() { cursor = utf8.index(after: cursor) }
        func digits() -> Int? {
            var value = 0
            var seen = false
            while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                value = min(value * 10 + Int(byte - UInt8(ascii: "0")), 1_000_000)
                seen = true
                advance()
            }
            return seen ? value : nil
        }
        if peek() == UInt8(ascii: "%") {
            advance()
            spec.conversion = UInt8(ascii: "%")
            index = cursor
            return spec
        }
        // `%2$…`: a position (digits then `$`); otherwise the digits are a width, read again below.
        let afterPercent = cursor
        if let number = digits(), peek() == UInt8(ascii: "$") {
            guard number >= 1 else { return nil }
            spec.position = number
            advance()
        } else {
            cursor = afterPercent
        }
        if peek() == UInt8(ascii: "(") {
            // A named placeholder: `(name)` after the position, then the specifier's rest.
            advance()
            let nameStart = cursor
            var length = 0
            while let byte = peek(), byte != UInt8(ascii: ")") {
                guard byte != UInt8(ascii: "%"), byte != UInt8(ascii: "("), byte != 0x0A, byte != 0x0D,
                    length < 256
                else { return nil }
                length += 1
                advance()
            }
            guard peek() == UInt8(ascii: ")"), nameStart < cursor else { return nil }
            spec.name = Substring(utf8[nameStart..<cursor])
            advance()
        }
        if spec.name == nil, peek() == UInt8(ascii: "#"), utf8.index(after: cursor) < utf8.endIndex,
            utf8[utf8.index(after: cursor)] == UInt8(ascii: "@")
        {
            advance()
            advance()
            let nameStart = cursor
            while let byte = peek(), byte != UInt8(ascii: "@") { advance() }
            guard peek() == UInt8(ascii: "@"), nameStart < cursor else { return nil }
            spec.substitution = String(Substring(utf8[nameStart..<cursor]))
            advance()
            spec.conversion = UInt8(ascii: "@")
            index = cursor
            return spec
        }
        while let byte = peek(), "-+ #0'".utf8.contains(byte) {
            spec.flags.unicodeScalars.append(Unicode.Scalar(byte))
            advance()
        }
        spec.width = digits()
        if peek() == UInt8(ascii: ".") {
            advance()
            spec.precision = digits() ?? 0
        }
        for modifier in ["hh", "h", "ll", "l", "q", "L", "z", "t", "j"] {
            if utf8[cursor...].starts(with: modifier.utf8) {
                spec.length = modifier
                for _ in 0..<modifier.utf8.count { advance() }
                break
            }
        }
        guard let conversion = peek(), conversions.contains(conversion), conversion != UInt8(ascii: "%") else {
            return nil
        }
        advance()
        spec.conversion = conversion
        index = cursor
        return spec
    }

    private var isPlain: Bool { flags.isEmpty && width == nil && precision == nil }

    /// The specifier applied to `argument`; `locale` writes `%f`-class numbers (not `%a`, which CoreFoundation
    /// never localizes).
    func render(_ argument: FormatArgument, locale: Locale? = nil) -> String {
        switch conversion {
        case UInt8(ascii: "@"), UInt8(ascii: "s"), UInt8(ascii: "S"):
            // Foundation ignores a width on `%@`.
            return Self.describe(argument)
        case UInt8(ascii: "d"), UInt8(ascii: "D"), UInt8(ascii: "i"):
            guard let value = signedValue(argument) else { return pad(Self.describe(argument)) }
            return isPlain ? String(value) : String(format: "%\(cFlags)lld", value)
        case UInt8(ascii: "u"), UInt8(ascii: "U"), UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "o"),
            UInt8(ascii: "O"):
            guard let value = unsignedValue(argument) else { return pad(Self.describe(argument)) }
            let c: String
            switch conversion {
            case UInt8(ascii: "u"), UInt8(ascii: "U"): c = "u"
            case UInt8(ascii: "o"), UInt8(ascii: "O"): c = "o"
            case UInt8(ascii: "x"): c = "x"
            default: c = "X"
            }
            if isPlain {
                switch c {
                case "u": return String(value)
                case "x": return String(value, radix: 16)
                case "X": return String(value, radix: 16, uppercase: true)
                default: return String(value, radix: 8)
                }
            }
            return String(format: "%\(cFlags)ll\(c)", value)
        case UInt8(ascii: "c"), UInt8(ascii: "C"):
            guard let value = signedValue(argument) else { return pad(Self.describe(argument)) }
            let code =
                conversion == UInt8(ascii: "c")
                ? UInt32(UInt8(truncatingIfNeeded: value)) : UInt32(UInt16(truncatingIfNeeded: value))
            return pad(Unicode.Scalar(code).map { String(Character($0)) } ?? "")
        default:
            guard let value = doubleValue(argument) else { return pad(Self.describe(argument)) }
            let format = "%\(cFlags)\(Character(Unicode.Scalar(conversion)))"
            if let locale, conversion != UInt8(ascii: "a"), conversion != UInt8(ascii: "A"), value.isFinite {
                return String(format: format, locale: locale, value)
            }
            return String(format: format, value)
        }
    }

    /// Flags, width and precision as C writes them.
    private var cFlags: String {
        var text = flags
        if let width { text += String(width) }
        if let precision { text += "." + String(precision) }
        return text
    }

    /// `text` padded to the width with spaces (on the right with `-`), as `%3c` does.
    private func pad(_ text: String) -> String {
        guard let width, text.count < width else { return text }
        let padding = String(repeating: " ", count: width - text.count)
        return flags.contains("-") ? text + padding : padding + text
    }

    /// The integer an integer specifier prints: C's conversion to the width the length modifier names
    /// (`%d` takes 32 bits, `%ld` and `%lld` 64, `%hd` 16, `%hhd` 8).
    private func signedValue(_ argument: FormatArgument) -> Int64? {
        let value: Int64
        switch argument {
        case .signed(let signed): value = signed
        case .unsigned(let unsigned): value = Int64(bitPattern: unsigned)
        case .double(let double):
            guard double.isFinite else { return nil }
            value = Int64(exactly: double.rounded(.towardZero)) ?? (double < 0 ? .min : .max)
        case .text: return nil
        }
        switch length {
        case "hh": return Int64(Int8(truncatingIfNeeded: value))
        case "h": return Int64(Int16(truncatingIfNeeded: value))
        case "": return Int64(Int32(truncatingIfNeeded: value))
        default: return value
        }
    }

    private func unsignedValue(_ argument: FormatArgument) -> UInt64? {
        guard let signed = signedValue(argument) else { return nil }
        switch length {
        case "hh": return UInt64(UInt8(truncatingIfNeeded: signed))
        case "h": return UInt64(UInt16(truncatingIfNeeded: signed))
        case "": return UInt64(UInt32(truncatingIfNeeded: signed))
        default:
            if case .unsigned(let unsigned) = argument { return unsigned }
            return UInt64(bitPattern: signed)
        }
    }

    private func doubleValue(_ argument: FormatArgument) -> Double? {
        switch argument {
        case .signed(let value): Double(value)
        case .unsigned(let value): Double(value)
        case .double(let value): value
        case .text: nil
        }
    }

    /// What `%@` prints.
    static func describe(_ argument: FormatArgument) -> String {
        switch argument {
        case .signed(let value): String(value)
        case .unsigned(let value): String(value)
        case .double(let value): NSNumber(value: value).description
        case .text(let value): value
        }
    }
}
