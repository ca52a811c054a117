import LocalizationCatalog
import StringBridgeSupport

/// How Xcode rewrites substitution placeholders between a String Catalog and XLIFF.
///
/// - A parent string's `%#@NAME@` is exported as `%N$#@NAME@`, N being the substitution's `argNum`;
///   on import `%N$#@NAME@` becomes `%#@NAME@` again.
/// - A substitution case's `%arg` is exported as `%N$spec` (`%1$lld`), from `argNum` and `formatSpecifier`;
///   on import exactly `%N$spec` becomes `%arg` again. A case that prints the argument some other way (a literal
///   `%lld`) is left alone both ways.
///
/// When `argNum` is absent (Xcode's migration writes none), the argument is the one implied by where the
/// reference sits in the parent string: the n-th sequential specifier or reference is argument n, as in a
/// `.stringsdict` format key.
package enum XLIFFPlaceholders {
    /// The parent string as exported: each sequential `%#@NAME@` of a known substitution gets its argument.
    package static func exportingParent(_ text: String, substitutions: OrderedMap<Substitution>?) -> String {
        guard let substitutions, !substitutions.isEmpty, hasSubstitutionReference(text) else { return text }
        let references = FormatSpecifiers.substitutionReferences(in: text)
        guard !references.isEmpty else { return text }
        var bytes = Array(text.utf8)
        for reference in references.reversed() where reference.position == nil {
            guard let substitution = substitutions[reference.name],
                let argument = substitution.argNum ?? impliedArgument(of: reference.name, in: text)
            else { continue }
            bytes.replaceSubrange(reference.range, with: Array("%\(argument)$#@\(reference.name)@".utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The parent string as imported: `%N$#@NAME@` of a known substitution becomes `%#@NAME@`.
    /// - Returns: The text and, per name, the position the reference carried.
    package static func importingParent(_ text: String, names: (String) -> Bool) -> (
        text: String, positions: [String: Int]
    ) {
        let references = FormatSpecifiers.substitutionReferences(in: text)
        guard !references.isEmpty else { return (text, [:]) }
        var bytes = Array(text.utf8)
        var positions: [String: Int] = [:]
        for reference in references.reversed() {
            guard let position = reference.position, names(reference.name) else { continue }
            positions[reference.name] = position
            bytes.replaceSubrange(reference.range, with: Array("%#@\(reference.name)@".utf8))
        }
        return (String(decoding: bytes, as: UTF8.self), positions)
    }

    /// A substitution case as exported: `%arg` becomes `%N$spec` when the argument and specifier are known.
    package static func exportingCase(_ text: String, argument: Int?, formatSpecifier: String?) -> String {
        guard let argument, let formatSpecifier, !formatSpecifier.isEmpty,
            contains(text, UInt8(ascii: "%"), UInt8(ascii: "a"))
        else { return text }  // nothing to replace without `%arg`
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 8)
        _ = forEachExportedPiece(of: text, argument: argument, formatSpecifier: formatSpecifier) { piece in
            result.append(contentsOf: piece)
            return true
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Whether ``exportingCase(_:argument:formatSpecifier:)`` gives the bytes of `target`, found without making
    /// it (an import compares most targets with what export would write, and most are the same).
    package static func exportingCase(
        _ text: String, argument: Int?, formatSpecifier: String?, hasBytesOf target: String
    ) -> Bool {
        guard let argument, let formatSpecifier, !formatSpecifier.isEmpty,
            contains(text, UInt8(ascii: "%"), UInt8(ascii: "a"))
        else { return sameUTF8(text, target) }
        return target.withUTF8Span { target in
            var matched = 0
            let allMatched = forEachExportedPiece(of: text, argument: argument, formatSpecifier: formatSpecifier) {
                piece in
                guard matched + piece.count <= target.count,
                    target.bytesEqual(at: matched, piece, at: 0, count: piece.count)
                else { return false }
                matched += piece.count
                return true
            }
            return allMatched && matched == target.count
        }
    }

    /// The exported case of `text` in order, in pieces: runs of `text` as it is, and `%`, the argument, `$` and the
    /// specifier for each `%arg` (`%%` is an escaped percent sign, never the start of `%arg`).
    ///
    /// Stops, returning `false`, when `piece` does.
    private static func forEachExportedPiece(
        of text: String, argument: Int, formatSpecifier: String, _ piece: (Span<UInt8>) -> Bool
    ) -> Bool {
        let position = String(argument)
        let signs = "%$"
        return text.withUTF8Span { bytes in
            position.withUTF8Span { position in
                formatSpecifier.withUTF8Span { specifier in
                    signs.withUTF8Span { signs in
                        let percent = UInt8(ascii: "%")
                        var runStart = 0
                        var index = 0
                        while index < bytes.count {
                            if bytes[index] == percent, index + 1 < bytes.count, bytes[index + 1] == percent {
                                index += 2
                            } else if bytes[index] == percent, index + 3 < bytes.count,
                                bytes[index + 1] == UInt8(ascii: "a"), bytes[index + 2] == UInt8(ascii: "r"),
                                bytes[index + 3] == UInt8(ascii: "g")
                            {
                                guard piece(bytes.extracting(runStart..<index)), piece(signs.extracting(0..<1)),
                                    piece(position), piece(signs.extracting(1..<2)), piece(specifier)
                                else { return false }
                                index += 4
                                runStart = index
                            } else {
                                index += 1
                            }
                        }
                        return piece(bytes.extracting(runStart...))
                    }
                }
            }
        }
    }

    /// A substitution case as imported: exactly `%N$spec` of the substitution's own argument becomes `%arg`.
    package static func importingCase(_ text: String, argument: Int?, formatSpecifier: String?) -> String {
        guard let argument, let formatSpecifier, !formatSpecifier.isEmpty else { return text }
        let specifiers = FormatSpecifiers.specifiers(in: text)
        // Nothing to replace (most parents' strings, and cases of other arguments): the text as it is.
        guard specifiers.contains(where: { $0.position == argument }) else { return text }
        let own = Array("%\(argument)$\(formatSpecifier)".utf8)
        var bytes = Array(text.utf8)
        for specifier in specifiers.reversed()
        where specifier.position == argument && specifier.range.count == own.count
            && bytes[specifier.range].elementsEqual(own)
        {
            bytes.replaceSubrange(specifier.range, with: Array("%arg".utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `text` may have a substitution reference: it has `#@`, which every `%#@NAME@` and `%N$#@NAME@` has.
    static func hasSubstitutionReference(_ text: String) -> Bool {
        text.utf8Contains(UInt8(ascii: "#")) && contains(text, UInt8(ascii: "#"), UInt8(ascii: "@"))  // `memchr` first
    }

    /// Whether `first` is directly followed by `second` somewhere in `text`.
    private static func contains(_ text: String, _ first: UInt8, _ second: UInt8) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == second && previous == first { return true }
            previous = byte
        }
        return false
    }

    /// The argument a sequential `%#@name@` in `text` consumes: its place among the sequential specifiers and
    /// references, 1-based; `nil` when `text` has no sequential reference to `name`.
    package static func impliedArgument(of name: String, in text: String) -> Int? {
        var items: [(start: Int, isTarget: Bool)] = []
        for specifier in FormatSpecifiers.specifiers(in: text) where specifier.position == nil {
            items.append((specifier.range.lowerBound, false))
        }
        for reference in FormatSpecifiers.substitutionReferences(in: text) where reference.position == nil {
            items.append((reference.range.lowerBound, reference.name == name))
        }
        items.sort { $0.start < $1.start }
        for (offset, item) in items.enumerated() where item.isTarget { return offset + 1 }
        return nil
    }

    /// `text` with the specifier that prints `argument` replaced by `%N$spec`; `nil` when no specifier prints it.
    ///
    /// A sequential specifier's argument is its place among the sequential specifiers and references.
    static func respelling(argument: Int, as spec: String, in text: String) -> String? {
        var items: [(range: Range<Int>, isSpecifier: Bool)] = []
        for specifier in FormatSpecifiers.specifiers(in: text) {
            if specifier.position == argument {
                return replacing(specifier.range, in: text, with: "%\(argument)$\(spec)")
            }
            if specifier.position == nil { items.append((specifier.range, true)) }
        }
        for reference in FormatSpecifiers.substitutionReferences(in: text) where reference.position == nil {
            items.append((reference.range, false))
        }
        items.sort { $0.range.lowerBound < $1.range.lowerBound }
        guard argument >= 1, argument <= items.count, items[argument - 1].isSpecifier else { return nil }
        return replacing(items[argument - 1].range, in: text, with: "%\(argument)$\(spec)")
    }

    private static func replacing(_ range: Range<Int>, in text: String, with replacement: String) -> String {
        var bytes = Array(text.utf8)
        bytes.replaceSubrange(range, with: Array(replacement.utf8))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The argument of substitution `name` in `localization`: its `argNum`, or the position implied by the
    /// first string of the localization that refers to it.
    static func argument(of name: String, in localization: Localization) -> Int? {
        if let argNum = localization.substitutions?[name]?.argNum { return argNum }
        for text in localization.parentTexts {
            if let implied = impliedArgument(of: name, in: text) { return implied }
        }
        return nil
    }
}

extension Localization {
    /// The strings that may refer to substitutions: the root string and the device cases, depth first.
    var parentTexts: [String] {
        var result: [String] = []
        if let value = stringUnit?.value { result.append(value) }
        for device in variations?.device?.values ?? [] { result.append(contentsOf: device.parentTexts) }
        for plural in variations?.plural?.values ?? [] { result.append(contentsOf: plural.parentTexts) }
        return result
    }
}
