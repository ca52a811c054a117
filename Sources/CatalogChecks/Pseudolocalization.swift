import LocalizationCatalog

/// A pseudo-language written from a table's development language, so that layouts, truncation and right-to-left
/// mirroring can be tested without translators.
///
/// Every format specifier (`%lld`, `%2$@`, `%.1f`), substitution reference (`%#@name@`, `%1$#@name@`), `%%` and
/// `%arg` is kept byte for byte, and so is every parameter the system fills in intent and App Shortcuts strings
/// (`${content}`), every variation and substitution: only the text between them changes.
/// A pseudo-language table therefore has the same placeholders as its source, which `check` verifies.
package enum Pseudolocalization {
    /// How the text is changed.
    ///
    /// Several styles combine in the order of the cases.
    package enum Style: String, CaseIterable, Sendable {
        /// ASCII letters replaced by accented look-alikes (`Settings` → `Šéţţíñĝš`): text stays readable and shows
        /// where a string is not localized or where glyphs with diacritics are clipped.
        case accented
        /// Text made longer by the expansion ratio and bracketed (`[Šéţţíñĝš~~~]`): shows truncation, and the
        /// brackets show where a string is cut or concatenated.
        case expanded
        /// Each word wrapped in right-to-left marks and overrides (U+200F U+202E … U+202C U+200F), so that a
        /// left-to-right text reads right to left, as in `ar-XB`.
        case bidi
    }

    /// What to write.
    package struct Options: Sendable {
        /// The pseudo-language (`en-XA`, `ar-XB`).
        package var language: String
        /// The styles; empty chooses the language's default (``defaultStyles(for:)``).
        package var styles: [Style]
        /// How much longer `expanded` makes a text, as a share of its letters (0.4: 40 % longer).
        package var expansion: Double

        /// Creates options.
        package init(language: String, styles: [Style] = [], expansion: Double = 0.4) {
            self.language = language
            self.styles = styles
            self.expansion = expansion
        }

        /// The styles in effect, in the order they are applied.
        package var effectiveStyles: [Style] {
            let chosen = styles.isEmpty ? Pseudolocalization.defaultStyles(for: language) : styles
            return Style.allCases.filter { chosen.contains($0) }
        }
    }

    /// What a run did, for the report.
    package struct Summary: Sendable, Equatable {
        /// Keys given a pseudo-language localization.
        package var written = 0
        /// Of those, keys whose earlier localization in that language was replaced.
        package var replaced = 0
        /// Keys left out because they are not to be translated (`shouldTranslate: false`).
        package var notTranslatable: [String] = []
    }

    /// `bidi` for the right-to-left pseudo-locale `ar-XB` (and any `-XB` region), `accented` and `expanded` otherwise.
    package static func defaultStyles(for language: String) -> [Style] {
        language.hasSuffix("-XB") ? [.bidi] : [.accented, .expanded]
    }

    /// Adds (or replaces) `options.language` in every translatable entry of `table`, written from the development
    /// language's localization (or from the key when it has none).
    package static func apply(_ options: Options, to table: inout StringTable) -> Summary {
        var summary = Summary()
        let styles = options.effectiveStyles
        var entries = table.entries
        for position in entries.indices {
            let (key, entry) = entries[position]
            if entry.shouldTranslate == false {
                summary.notTranslatable.append(key)
                continue
            }
            let source = entry.localization(for: table.sourceLanguage) ?? Localization(key, state: nil)
            var updated = entry
            var localizations = entry.localizations ?? [:]
            let pseudo = localization(from: source, styles: styles, expansion: options.expansion)
            if localizations.updateValue(pseudo, forKey: options.language) != nil { summary.replaced += 1 }
            updated.localizations = localizations
            entries.updateValue(updated, forKey: key)
            summary.written += 1
        }
        table.entries = entries
        return summary
    }

    /// The pseudo-language form of `source`: the same structure, every text changed, every state `translated`.
    static func localization(from source: Localization, styles: [Style], expansion: Double) -> Localization {
        func text(_ value: String) -> String { transform(value, styles: styles, expansion: expansion) }
        func leaves(_ map: OrderedMap<Localization>?) -> OrderedMap<Localization>? {
            map?.mapValues { localization(from: $0, styles: styles, expansion: expansion) }
        }
        func variations(_ source: Variations?) -> Variations? {
            source.map {
                Variations(
                    plural: leaves($0.plural), device: leaves($0.device), width: leaves($0.width),
                    extraMembers: $0.extraMembers)
            }
        }
        var result = Localization(
            stringUnit: source.stringUnit.map { StringUnit(text($0.value), state: .translated) },
            variations: variations(source.variations),
            substitutions: source.substitutions?.mapValues {
                Substitution(
                    argNum: $0.argNum, formatSpecifier: $0.formatSpecifier, variations: variations($0.variations),
                    extraMembers: $0.extraMembers)
            },
            extraMembers: source.extraMembers
        )
        if let set = source.stringSet {
            result.stringSet = StringSet(set.values.map(text), state: .translated)
        }
        return result
    }

    /// `value` changed by `styles`, its placeholders kept byte for byte.
    package static func transform(_ value: String, styles: [Style], expansion: Double) -> String {
        let pieces = split(value)
        var out = ""
        var letters = 0
        for piece in pieces {
            switch piece {
            case .placeholder(let text):
                out += text
            case .text(var text):
                letters += text.unicodeScalars.filter { $0.properties.isAlphabetic }.count
                if styles.contains(.accented) { text = accented(text) }
                if styles.contains(.bidi) { text = rightToLeft(text) }
                out += text
            }
        }
        guard styles.contains(.expanded) else { return out }
        let padding = Int((Double(letters) * max(0, expansion)).rounded(.up))
        return "[" + out + String(repeating: "~", count: padding) + "]"
    }

    /// A run of text to change, or a placeholder to keep.
    enum Piece: Equatable {
        case text(String)
        case placeholder(String)
    }

    /// `value` cut into text and placeholders: specifiers and substitution references as ``FormatSpecifiers``
    /// reads them, `%%`, `%arg`, and the parameters the system fills (`${content}`, ``SystemParameters``).
    static func split(_ value: String) -> [Piece] {
        let bytes = Array(value.utf8)
        var kept: [Range<Int>] =
            FormatSpecifiers.specifiers(in: value).map(\.range)
            + FormatSpecifiers.substitutionReferences(in: value).map(\.range)
            + SystemParameters.parameters(in: value).map(\.range)
        kept.sort { $0.lowerBound < $1.lowerBound }
        // A range that starts inside the one before it is no placeholder of its own.
        var end = 0
        kept = kept.filter { range in
            guard range.lowerBound >= end else { return false }
            end = range.upperBound
            return true
        }
        var pieces: [Piece] = []
        var text: [UInt8] = []
        func flushText() {
            if !text.isEmpty { pieces.append(.text(String(decoding: text, as: UTF8.self))) }
            text = []
        }
        func keep(_ range: Range<Int>) {
            flushText()
            pieces.append(.placeholder(String(decoding: bytes[range], as: UTF8.self)))
        }
        var index = 0
        var next = 0
        while index < bytes.count {
            // `%arg` (a substitution case's argument) reads as `%a` (a hexadecimal float) to the scanner: keep it whole.
            if bytes[index...].starts(with: "%arg".utf8) {
                keep(index..<index + 4)
                index += 4
                while next < kept.count, kept[next].lowerBound < index { next += 1 }
                continue
            }
            if next < kept.count, kept[next].lowerBound == index {
                keep(kept[next])
                index = kept[next].upperBound
                next += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "%") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "%") {
                    keep(index..<index + 2)
                    index += 2
                    continue
                }
            }
            text.append(bytes[index])
            index += 1
        }
        flushText()
        return pieces
    }

    /// ASCII letters replaced by accented look-alikes; everything else kept.
    static func accented(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.isASCII, let replacement = accents[Int(scalar.value)] {
                result.append(replacement)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Look-alikes of `A`…`Z` and `a`…`z`, indexed by ASCII code.
    private static let accents: [Int: Unicode.Scalar] = {
        let upper = Array("ÁƁÇĐÉƑĜĤÍĴĶĻṀÑÓÞǪŔŠŢÚṼŴẊÝŽ".unicodeScalars)
        let lower = Array("áƀçðéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýž".unicodeScalars)
        var table: [Int: Unicode.Scalar] = [:]
        for offset in 0..<26 {
            table[0x41 + offset] = upper[offset]
            table[0x61 + offset] = lower[offset]
        }
        return table
    }()

    /// Every word (a run of non-whitespace) wrapped in right-to-left mark + override … pop + mark.
    static func rightToLeft(_ text: String) -> String {
        var result = ""
        var word = ""
        func flushWord() {
            if !word.isEmpty { result += "\u{200F}\u{202E}" + word + "\u{202C}\u{200F}" }
            word = ""
        }
        for character in text {
            if character.isWhitespace {
                flushWord()
                result.append(character)
            } else {
                word.append(character)
            }
        }
        flushWord()
        return result
    }
}
