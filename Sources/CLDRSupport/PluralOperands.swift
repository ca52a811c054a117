/// A number as CLDR's plural rules see it (Unicode TR35, "Plural Operand Meanings").
///
/// - `n`: the absolute value, with its fraction;
/// - `i`: the integer digits of `n`;
/// - `v`, `w`: the number of visible fraction digits, with and without trailing zeros;
/// - `f`, `t`: the visible fraction digits as an integer, with and without trailing zeros;
/// - `c` (also `e`): the exponent of a compact decimal (`1.2c6` is 1 200 000 with `c` = 6), 0 otherwise.
///
/// `1.50` has `n` 1.5, `i` 1, `v` 2, `w` 1, `f` 50, `t` 5. Integer operands saturate at `Int.max` (a number that
/// large has no category other rules would tell apart).
public struct PluralOperands: Sendable, Hashable {
    /// The absolute value.
    public let n: Double
    /// The integer digits.
    public let i: Int
    /// The number of visible fraction digits, trailing zeros included.
    public let v: Int
    /// The number of visible fraction digits, trailing zeros left out.
    public let w: Int
    /// The visible fraction digits, trailing zeros included.
    public let f: Int
    /// The visible fraction digits, trailing zeros left out.
    public let t: Int
    /// The compact decimal exponent.
    public let c: Int
    /// The compact decimal exponent under its other name.
    public var e: Int { c }

    /// An integer (no visible fraction digits).
    public init(_ value: some BinaryInteger) {
        let magnitude = value.magnitude
        i = Int(clamping: magnitude)
        n = Double(magnitude)
        v = 0
        w = 0
        f = 0
        t = 0
        c = 0
    }

    /// A floating-point value as ICU selects it.
    ///
    /// An integral value has no visible fraction digits (`1.0` is `1`); another has the digits of its shortest
    /// decimal form (`1.5` has one). Infinity and NaN are `other` everywhere (they have `n` NaN, which no rule
    /// matches).
    public init(_ value: Double) {
        let magnitude = Swift.abs(value)
        if !magnitude.isFinite {
            self.init(n: .nan, i: 0, v: 0, f: 0, c: 0, fractionDigits: "")
        } else if magnitude == magnitude.rounded(.towardZero) || magnitude >= 1e15 {
            self.init(n: magnitude, i: magnitude < 9.2e18 ? Int(magnitude) : .max, v: 0, f: 0, c: 0, fractionDigits: "")
        } else if let decimal = PluralOperands(decimal: "\(magnitude)") {
            self = decimal
        } else {
            // Swift writes values below 1e-4 with an exponent: their fraction digits are too many to tell.
            self.init(n: magnitude, i: 0, v: 0, f: 0, c: 0, fractionDigits: "")
        }
    }

    /// A decimal as written (`"1.50"`, `"-3"`, `"1.2c6"`), or `nil`.
    ///
    /// Digits, an optional `.` and fraction digits, an optional `c` or `e` and exponent.
    public init?(decimal text: String) {
        var scalars = Substring(text)
        if scalars.first == "-" || scalars.first == "+" { scalars = scalars.dropFirst() }
        var exponent = 0
        if let marker = scalars.firstIndex(where: { $0 == "c" || $0 == "e" || $0 == "E" }) {
            let digits = scalars[scalars.index(after: marker)...]
            guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy(\.isASCIIDigit), let value = Int(digits) else {
                return nil
            }
            exponent = value
            scalars = scalars[..<marker]
        }
        let parts = scalars.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let integer = parts.first, !integer.isEmpty, integer.allSatisfy(\.isASCIIDigit) else { return nil }
        var fraction = parts.count == 2 ? parts[1] : ""
        guard parts.count == 1 || !fraction.isEmpty, fraction.allSatisfy(\.isASCIIDigit) else { return nil }
        var integerDigits = String(integer)
        if exponent > 0 {
            // Move the point: `1.2c6` is 1200000.
            let moved = fraction.prefix(exponent)
            integerDigits += moved + String(repeating: "0", count: exponent - moved.count)
            fraction = fraction.dropFirst(moved.count)
        }
        let leading = integerDigits.drop { $0 == "0" }
        let i = leading.count > 18 ? Int.max : Int(leading.isEmpty ? "0" : String(leading)) ?? .max
        let n = Double(integerDigits + (fraction.isEmpty ? "" : "." + fraction)) ?? .infinity
        self.init(n: n, i: i, v: fraction.count, f: 0, c: exponent, fractionDigits: fraction)
    }

    private init(n: Double, i: Int, v: Int, f: Int, c: Int, fractionDigits: Substring) {
        self.n = n
        self.i = i
        self.v = v
        self.c = c
        let trimmed = fractionDigits.reversed().drop { $0 == "0" }.reversed()
        w = trimmed.count
        self.f = fractionDigits.count > 18 ? .max : Int(fractionDigits) ?? f
        t = trimmed.count > 18 ? .max : Int(String(trimmed)) ?? 0
    }

    /// Whether `value` is a whole number from `low` to `high` (CLDR's `in` and `=` on a decimal operand).
    @inlinable
    public static func isWhole(_ value: Double, in low: Double, _ high: Double) -> Bool {
        value >= low && value <= high && value == value.rounded(.towardZero)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
