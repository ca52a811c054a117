import StringBridgeSupport

/// The arguments a format string reads as Foundation's `String(format:)` reads them, and whether a translation
/// reads the same ones as its source: the same positions, each as the same kind of value.
///
/// A translation that reads an argument as another kind (`%@` where the source has `%lld`) crashes
/// `String(format:)` or prints garbage; one that reads an argument the source does not pass reads past the
/// arguments; one that leaves an argument out loses it. Import checks every target it changes with
/// ``compare(source:translation:substitutionSpecifier:allowsMissingIntegers:)``.
///
/// The rules (docs/formats/xliff.md, "Placeholders"; docs/check.md):
/// - specifiers are read exactly as Foundation reads them (``FoundationFormatScanner``): a specifier reads the
///   argument at its position (`%2$@` → 2), or the next one of a count only sequential specifiers advance
///   (`%@ %d` → 1, 2; `%1$d% af` → 1, 1); `*` reads an integer argument the same way; `%%`, `% t` and other
///   specifiers without a conversion are text;
/// - `%#@NAME@` / `%N$#@NAME@` reads an argument too, as the substitution's `formatSpecifier` says (any kind
///   when it is unknown);
/// - kinds are compared, not spellings: integer (`d i u x X o` and their length modifiers, `D U O`), floating
///   point (`f F e E g G a A`), object (`@`), C string (`s S P`), character (`c C`), pointer (`p n`);
/// - one string reading one argument as two kinds is a mismatch of its own (Foundation reads the argument as
///   both: a crash or garbage);
/// - the parameters the system fills in intent and App Shortcuts strings (`${content}`, ``SystemParameters``) are
///   compared by name: each of the source's must be in the translation, and the translation may have no other.
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
            case UInt8(ascii: "s"), UInt8(ascii: "S"), UInt8(ascii: "P"): self = .cString
            case UInt8(ascii: "c"), UInt8(ascii: "C"): self = .character
            case UInt8(ascii: "p"), UInt8(ascii: "n"): self = .pointer
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
        /// The translation reads one argument twice, as different kinds.
        case readTwice(Argument, Argument)
        /// The source has a parameter the system fills (`${content}`, ``SystemParameters``) that the translation
        /// lacks (or has fewer times).
        case parameterMissing(String)
        /// The translation has a parameter the system fills that the source does not (a renamed `${contenu}`).
        case parameterAdded(String)

        /// Whether the mismatch is of a parameter the system fills (`${content}`), not of a format argument.
        package var isSystemParameter: Bool {
            switch self {
            case .parameterMissing, .parameterAdded: true
            default: false
            }
        }

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
            case .readTwice(let first, let second):
                "argument \(first.position) is read twice, as \(first.kind.map(\.description) ?? "a value") "
                    + "(\(first.text)) and as \(second.kind.map(\.description) ?? "a value") (\(second.text))"
            case .parameterMissing(let name):
                "parameter ${\(name)} of the source is missing (the system fills it; keep it as it is)"
            case .parameterAdded(let name):
                "parameter ${\(name)} is not in the source (the system fills only the source's parameters; keep "
                    + "their names as they are)"
            }
        }
    }

    /// The arguments `string` reads, by position (the first reader of each position).
    ///
    /// - Parameters:
    ///   - string: The format string.
    ///   - substitutionSpecifier: The `formatSpecifier` of a substitution by name (`lld`), if known.
    /// - Returns: The arguments, in position order.
    package static func arguments(
        in string: String, substitutionSpecifier: (String) -> String? = { _ in nil }
    ) -> [Argument] {
        readers(in: string, substitutionSpecifier: substitutionSpecifier).first
    }

    /// The arguments `string` reads (the first reader of each position, in position order), and every later reader
    /// of an argument that reads it as another kind than the first.
    static func readers(
        in string: String, substitutionSpecifier: (String) -> String?
    ) -> (first: [Argument], conflicts: [(Argument, Argument)]) {
        guard string.utf8Contains(UInt8(ascii: "%")) else { return ([], []) }
        var all: [Argument] = []
        string.withUTF8Span { bytes in
            func text(_ range: Range<Int>) -> String {
                var scalars: [UInt8] = []
                scalars.reserveCapacity(range.count)
                for offset in range { scalars.append(bytes[offset]) }
                return String(decoding: scalars, as: UTF8.self)
            }
            var index = 0
            var sequential = 0
            while let specifier = FoundationFormatScanner.next(in: bytes, from: &index) {
                let whole = text(specifier.range)
                for star in [specifier.width, specifier.precision] {
                    switch star {
                    case nil: continue
                    case .sequential:
                        sequential += 1
                        all.append(Argument(position: sequential, text: whole, kind: .integer))
                    case .position(let position):
                        all.append(Argument(position: position, text: whole, kind: .integer))
                    }
                }
                let position: Int
                if let explicit = specifier.position {
                    position = explicit
                } else {
                    sequential += 1
                    position = sequential
                }
                let kind: Kind?
                switch specifier.conversion {
                case .character(let byte): kind = Kind(spec: String(UnicodeScalar(byte)))
                case .substitution(let name): kind = substitutionSpecifier(text(name)).flatMap(Kind.init(spec:))
                }
                all.append(Argument(position: position, text: whole, kind: kind))
            }
        }
        var first: [Int: Argument] = [:]
        var conflicts: [(Argument, Argument)] = []
        for argument in all {
            guard let earlier = first[argument.position] else {
                first[argument.position] = argument
                continue
            }
            if let kind = earlier.kind, let other = argument.kind, kind != other {
                conflicts.append((earlier, argument))
            }
        }
        return (first.values.sorted { $0.position < $1.position }, conflicts)
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
        // Parameters the system fills (`${content}`) are compared by name.
        let parameters = SystemParameters.differences(source: source, translation: translation)
        let parameterMismatches =
            parameters.missing.map(Mismatch.parameterMissing) + parameters.added.map(Mismatch.parameterAdded)
        // Most strings have no specifier at all.
        let percent = UInt8(ascii: "%")
        func hasPercent(_ text: String) -> Bool { text.utf8Contains(percent) }
        guard hasPercent(source) || hasPercent(translation) else { return parameterMismatches }
        // Most translations have the source's placeholders, in the same order: then nothing differs.
        if sameSpecifierTexts(source, translation) { return parameterMismatches }
        let expected = arguments(in: source, substitutionSpecifier: substitutionSpecifier)
        let (found, conflicts) = readers(in: translation, substitutionSpecifier: substitutionSpecifier)
        var result: [Mismatch] = conflicts.map { .readTwice($0.0, $0.1) }
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
        return result + parameterMismatches
    }

    /// Whether `lhs` and `rhs` have the same run of specifier texts, in the same order.
    ///
    /// A specifier text is the bytes of a specifier that reads arguments, as ``FoundationFormatScanner`` finds it
    /// (`%2$@`, `%#@NAME@` with its name, `%*d`); literal specifiers (`%%`) are passed over. Such strings read the
    /// same arguments, so they are compared without making any array: the reading of each specifier depends on its
    /// own bytes alone, and the numbering of sequential arguments on the run of specifiers alone, so equal runs
    /// give equal ``arguments(in:substitutionSpecifier:)`` and equal conflicts.
    package static func sameSpecifierTexts(_ lhs: String, _ rhs: String) -> Bool {
        lhs.withUTF8Span { left in
            rhs.withUTF8Span { right in
                var leftIndex = 0
                var rightIndex = 0
                while true {
                    let leftText = FoundationFormatScanner.next(in: left, from: &leftIndex)?.range
                    let rightText = FoundationFormatScanner.next(in: right, from: &rightIndex)?.range
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
}
