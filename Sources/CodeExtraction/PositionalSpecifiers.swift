/// The rewriting genstrings applies to the value it writes for a key with several format arguments: `%@ of %d`
/// becomes `%1$@ of %2$d` (gold: key `Importing %d of %d`, source `Importing %1$d of %2$d`).
package enum PositionalSpecifiers {
    /// `text` with every conversion numbered in order, or `nil` when it has fewer than two conversions, already
    /// numbers one, or takes a width or precision from an argument (`%*d`).
    package static func numbered(_ text: String) -> String? {
        if let fixed = dollarAdded(text) { return fixed }
        let scalars = Array(text.unicodeScalars)
        var pieces: [(start: Int, end: Int)] = []
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%" else {
                index += 1
                continue
            }
            guard let (end, isNumbered, hasStar) = specifier(in: scalars, at: index) else {
                index += 1
                continue
            }
            if end == index + 2, scalars[index + 1] == "%" {
                index = end
                continue
            }
            if isNumbered || hasStar { return nil }
            pieces.append((index, end))
            index = end
        }
        guard pieces.count >= 2 else { return nil }
        var result = String.UnicodeScalarView()
        var copied = 0
        for (number, piece) in pieces.enumerated() {
            result.append(contentsOf: scalars[copied...piece.start])
            result.append(contentsOf: "\(number + 1)$".unicodeScalars)
            copied = piece.start + 1
        }
        result.append(contentsOf: scalars[copied...])
        return String(result)
    }

    /// `%1@%2@` → `%1$@%2$@`: a text whose two or more object conversions each carry a position without its `$`
    /// (and has no other conversion) gets the `$`, as genstrings writes it (gold: key `%1@%2@`, source `%1$@%2$@`);
    /// `nil` for any other text.
    private static func dollarAdded(_ text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var found = 0
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            result.append(scalar)
            index += 1
            guard scalar == "%", index < scalars.count else { continue }
            if scalars[index] == "%" {
                result.append("%")
                index += 1
                continue
            }
            var end = index
            while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
            guard end > index, end < scalars.count, scalars[end] == "@", scalars[index] != "0" else { return nil }
            result.append(contentsOf: scalars[index..<end])
            result.append("$")
            result.append("@")
            found += 1
            index = end + 1
        }
        return found >= 2 ? String(result) : nil
    }

    /// The end of the conversion specification starting with the `%` at `start`, whether it has an `n$` position and
    /// whether it uses `*`; `nil` when no conversion character ends it.
    private static func specifier(
        in scalars: [Unicode.Scalar], at start: Int
    ) -> (end: Int, isNumbered: Bool, hasStar: Bool)? {
        var cursor = start + 1
        guard cursor < scalars.count else { return nil }
        if scalars[cursor] == "%" { return (cursor + 1, false, false) }
        var isNumbered = false
        var hasStar = false
        // An argument position: digits and `$`.
        var digitsEnd = cursor
        while digitsEnd < scalars.count, ("0"..."9").contains(scalars[digitsEnd]) { digitsEnd += 1 }
        if digitsEnd > cursor, digitsEnd < scalars.count, scalars[digitsEnd] == "$" {
            isNumbered = true
            cursor = digitsEnd + 1
        }
        while cursor < scalars.count, "-+ #0'".unicodeScalars.contains(scalars[cursor]) { cursor += 1 }
        while cursor < scalars.count,
            ("0"..."9").contains(scalars[cursor]) || scalars[cursor] == "*"
                || scalars[cursor] == "$"
        {
            if scalars[cursor] == "*" { hasStar = true }
            cursor += 1
        }
        if cursor < scalars.count, scalars[cursor] == "." {
            cursor += 1
            while cursor < scalars.count,
                ("0"..."9").contains(scalars[cursor]) || scalars[cursor] == "*"
                    || scalars[cursor] == "$"
            {
                if scalars[cursor] == "*" { hasStar = true }
                cursor += 1
            }
        }
        for length in ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"] {
            let lengthScalars = Array(length.unicodeScalars)
            if cursor + lengthScalars.count <= scalars.count,
                Array(scalars[cursor..<cursor + lengthScalars.count]) == lengthScalars
            {
                cursor += lengthScalars.count
                break
            }
        }
        guard cursor < scalars.count, "@dDiuUxXoOfFeEgGaAcCsSp".unicodeScalars.contains(scalars[cursor]) else {
            return nil
        }
        return (cursor + 1, isNumbered, hasStar)
    }
}
