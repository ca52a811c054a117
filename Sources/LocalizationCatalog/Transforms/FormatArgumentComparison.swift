import StringBridgeSupport

/// The arguments a format string reads as Foundation's `String(format:)` reads them, and whether a translation
/// reads the same ones as its source: the same positions, each as the same kind of value.
///
/// A translation that reads an argument as another kind (`%@` where the source has `%lld`) crashes
/// `String(format:)` or prints garbage; one that reads an argument the source does not pass reads past the
/// arguments; one that leaves an argument out loses it. Import checks every target it changes with
/// ``compare(source:translation:substitutionSpecifier:allowsMissingIntegers:)``.
///
/// The rules (docs/formats/xliff.md, "Placeholders"):
/// - a specifier reads the argument at its position (`%2$@` → 2), or the next one in order (`%@ %d` → 1, 2);
///   `%%` is a percent sign, not a specifier;
/// - `%#@NAME@` / `%N$#@NAME@` reads an argument too, as the substitution's `formatSpecifier` says (any kind
///   when it is unknown);
/// - kinds are compared, not spellings: integer (`d i u x X o` and their length modifiers, `D U O`), floating
///   point (`f e E g G a A`), object (`@`), C string (`s S`), character (`c C`), pointer (`p`).
package enum FormatArgumentComparison {
    /// The kind of value a specifier reads.
    package enum Kind: String, Sendable, Equatable, CustomStringConvertible {
        case integer, float, object, cString, character, pointer

        /// `%lld` → integer; `nil` for a spec that is none of the kinds.
        package init?(spec: String) {
            guard let conversion = spec.utf8.last else { return nil }
            switch conversion {
            case UInt8(ascii: "d"), UInt8(ascii: "D"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "U"),
                UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "o"), UInt8(ascii: "O"):
                self = .integer
            case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"),
                UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"):
                self = .float
            case UInt8(ascii: "@"): self = .object
            case UInt8(ascii: "s"), UInt8(ascii: "S"): self = .cString
            case UInt8(ascii: "c"), UInt8(ascii: "C"): self = .character
            case UInt8(ascii: "p"): self = .pointer
            default: return nil
            }
        }

        /// For people: "an integer", "an object", and so on.
        package var description: String {
            switch self {
            case .integer: "an integer"
            case .float: "a floating-point number"
            case .object: "an object"
            case .cString: "a C string"
            case .character: "a character"
            case .pointer: "a pointer"
            }
        }
    }

    /// One argument a format string reads.
    package struct Argument: Sendable, Equatable {
        /// 1-based.
        package var position: Int
        /// What reads it, as written (`%2$@`, `%#@COUNT@`).
        package var text: String
        /// The kind of value; `nil` for a substitution whose format specifier is unknown (it matches any kind).
        package var kind: Kind?
    }

    /// A difference between the arguments a source and its translation read.
    package enum Mismatch: Sendable, Equatable, CustomStringConvertible {
        /// The source reads the argument; the translation does not.
        case missing(Argument)
        /// The translation reads an argument the source does not pass.
        case added(Argument)
        /// Both read the argument, as different kinds.
        case kindChanged(source: Argument, translation: Argument)

        /// The mismatch in words, for a diagnostic.
        package var description: String {
            switch self {
            case .missing(let argument):
                "argument \(argument.position) (\(argument.text)) of the source is missing"
            case .added(let argument):
                "argument \(argument.position) (\(argument.text)) is not in the source"
            case .kindChanged(let source, let translation):
                "argument \(source.position) is \(source.kind.map(\.description) ?? "a value") (\(source.text)) in "
                    + "the source but \(translation.kind.map(\.description) ?? "a value") (\(translation.text)) here"
            }
        }
    }

    /// The arguments `string` reads, by position (the first specifier of each position).
    ///
    /// - Parameters:
    ///   - string: The format string.
    ///   - substitutionSpecifier: The `formatSpecifier` of a substitution by name (`lld`), if known.
    /// - Returns: The arguments, in position order.
    package static func arguments(
        in string: String, substitutionSpecifier: (String) -> String? = { _ in nil }
    ) -> [Argument] {
        guard string.utf8.contains(UInt8(ascii: "%")) else { return [] }
        var readers: [(start: Int, position: Int?, text: String, kind: Kind?)] = []
        let utf8 = Array(string.utf8)
        func text(_ range: Range<Int>) -> String { String(decoding: utf8[range], as: UTF8.self) }
        for specifier in FormatSpecifiers.specifiers(in: string) {
            readers.append(
                (specifier.range.lowerBound, specifier.position, text(specifier.range), Kind(spec: specifier.spec)))
        }
        for reference in FormatSpecifiers.substitutionReferences(in: string) {
            readers.append(
                (
                    reference.range.lowerBound, reference.position, text(reference.range),
                    substitutionSpecifier(reference.name).flatMap(Kind.init(spec:))
                ))
        }
        readers.sort { $0.start < $1.start }
        var result: [Argument] = []
        var seen = Set<Int>()
        var sequential = 0
        for reader in readers {
            let position: Int
            if let explicit = reader.position {
                position = explicit
            } else {
                sequential += 1
                position = sequential
            }
            guard seen.insert(position).inserted else { continue }
            result.append(Argument(position: position, text: reader.text, kind: reader.kind))
        }
        return result.sorted { $0.position < $1.position }
    }

    /// How the arguments `translation` reads differ from those `source` reads, by position; empty when they
    /// read the same.
    ///
    /// - Parameters:
    ///   - source: The source string.
    ///   - translation: The translated string.
    ///   - substitutionSpecifier: The `formatSpecifier` of a substitution by name, for `%#@NAME@`.
    ///   - allowsMissingIntegers: Whether the translation may leave out integer arguments: a plural case other
    ///     than `other` may (`one`: "one item" for "%lld items").
    /// - Returns: The mismatches; empty when the translation reads the arguments its source does.
    package static func compare(
        source: String, translation: String, substitutionSpecifier: (String) -> String? = { _ in nil },
        allowsMissingIntegers: Bool = false
    ) -> [Mismatch] {
        // Most strings have no specifier at all.
        let percent = UInt8(ascii: "%")
        guard source.utf8.contains(percent) || translation.utf8.contains(percent) else { return [] }
        // Most translations have the source's placeholders, in the same order: then nothing differs.
        if sameSpecifierTexts(source, translation) { return [] }
        let expected = arguments(in: source, substitutionSpecifier: substitutionSpecifier)
        let found = arguments(in: translation, substitutionSpecifier: substitutionSpecifier)
        var result: [Mismatch] = []
        var foundAt: [Int: Argument] = [:]
        for argument in found { foundAt[argument.position] = argument }
        let expectedPositions = Set(expected.map(\.position))
        for argument in expected {
            guard let other = foundAt[argument.position] else {
                if !(allowsMissingIntegers && argument.kind == .integer) { result.append(.missing(argument)) }
                continue
            }
            if let kind = argument.kind, let otherKind = other.kind, kind != otherKind {
                result.append(.kindChanged(source: argument, translation: other))
            }
        }
        for argument in found where !expectedPositions.contains(argument.position) {
            result.append(.added(argument))
        }
        return result
    }

    /// Whether `lhs` and `rhs` have the same run of specifier texts, in the same order.
    ///
    /// A specifier text is each `%` up to and including the first conversion character after it, a `%#@NAME@` up
    /// to its closing `@`; `%%` is skipped.
    /// Such strings read the same arguments, so they are compared without making any array.
    /// Every specifier or reference `FormatSpecifiers` reads lies inside one such text, and its reading depends
    /// on nothing else, so equal runs give equal ``arguments(in:substitutionSpecifier:)``.
    package static func sameSpecifierTexts(_ lhs: String, _ rhs: String) -> Bool {
        lhs.withUTF8Span { left in
            rhs.withUTF8Span { right in
                var leftIndex = 0
                var rightIndex = 0
                while true {
                    let leftText = nextSpecifierText(left, from: &leftIndex)
                    let rightText = nextSpecifierText(right, from: &rightIndex)
                    guard let leftText, let rightText else { return leftText == nil && rightText == nil }
                    guard leftText.count == rightText.count else { return false }
                    for offset in 0..<leftText.count
                    where left[leftText.lowerBound + offset] != right[rightText.lowerBound + offset] {
                        return false
                    }
                }
            }
        }
    }

    /// The bytes of the next specifier text at or after `index` (see ``sameSpecifierTexts(_:_:)``), moving
    /// `index` past it; `nil` when there is none.
    private static func nextSpecifierText(_ bytes: Span<UInt8>, from index: inout Int) -> Range<Int>? {
        let percent = UInt8(ascii: "%")
        while index < bytes.count {
            guard bytes[index] == percent else {
                index += 1
                continue
            }
            let start = index
            if start + 1 < bytes.count, bytes[start + 1] == percent {
                index = start + 2
                continue
            }
            var cursor = start + 1
            while cursor < bytes.count, !isConversion(bytes[cursor]) { cursor += 1 }
            guard cursor < bytes.count else {
                index = bytes.count
                return start..<bytes.count
            }
            if bytes[cursor] == UInt8(ascii: "@"), bytes[cursor - 1] == UInt8(ascii: "#") {
                // A substitution reference: its name, up to the closing `@`, is part of it.
                cursor += 1
                while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "@") { cursor += 1 }
            }
            index = min(cursor + 1, bytes.count)
            return start..<index
        }
        return nil
    }

    /// The conversion characters (`d`, `@`, …), and `F`: a superset of what ``FormatSpecifiers`` reads.
    private static func isConversion(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "d"), UInt8(ascii: "D"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "U"),
            UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "o"), UInt8(ascii: "O"), UInt8(ascii: "f"),
            UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"), UInt8(ascii: "G"),
            UInt8(ascii: "a"), UInt8(ascii: "A"), UInt8(ascii: "c"), UInt8(ascii: "C"), UInt8(ascii: "s"),
            UInt8(ascii: "S"), UInt8(ascii: "p"), UInt8(ascii: "@"):
            true
        default: false
        }
    }
}
