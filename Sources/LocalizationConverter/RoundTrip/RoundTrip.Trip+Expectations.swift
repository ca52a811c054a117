import Foundation
import LocalizationCatalog
import StringsDictFormat
import StringsFormat
import XCStringsFormat
@_spi(XLIFFDocuments) import XLIFFFormat

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The differences each kind of trip expects, by the nature of its formats.
extension RoundTrip.Trip.Expectations {
    /// Legacy → catalog → legacy: catalogs have no width variations; Xcode's migration resolves escapes in comments.
    static let legacyViaCatalog = RoundTrip.Trip.Expectations(rules: [
        { difference in
            guard let path = difference.path, path.split(separator: ".").contains("width") else { return nil }
            return "String Catalogs have no width variations"
        },
        { difference in
            guard difference.aspect == .comment, let expected = difference.expected, let actual = difference.actual,
                Migration.unescapedComment(expected) == actual
            else { return nil }
            return "Xcode's migration resolves escapes in comments"
        },
        { difference in
            // Compiled tables are new files: UTF-8, one entry per line, Xcode's key order.
            difference.aspect == .order ? "a catalog keeps keys in Xcode's order" : nil
        },
    ])

    /// Catalog → XLIFF → catalog: XLIFF carries targets, states and notes of one language.
    static let catalogViaXLIFF = RoundTrip.Trip.Expectations(rules: [
        { difference in
            difference.aspect == .unknownMembers ? "XLIFF does not carry unknown catalog members" : nil
        },
        { difference in
            difference.path?.contains("stringSet") ?? false
                ? "string sets are not exported to XLIFF (with a warning)" : nil
        },
        { difference in
            guard difference.aspect == .value, let expected = difference.expected, let actual = difference.actual,
                RoundTrip.matchesArgumentPlaceholders(actual, expected)
            else { return nil }
            return "XLIFF spells a substitution's own argument as its format specifier, and import writes it as %arg"
        },
        { difference in
            guard difference.aspect == .value, let expected = difference.expected, let actual = difference.actual,
                RoundTrip.withoutReferencePositions(expected) == RoundTrip.withoutReferencePositions(actual)
            else { return nil }
            return "XLIFF writes a substitution reference with its argument (%2$#@NAME@) whether the catalog wrote "
                + "the position or not; import into a language without a string writes Xcode's %#@NAME@"
        },
        { difference in
            guard difference.aspect == .state, difference.actual == TranslationState.translated.rawValue,
                let expected = difference.expected,
                XLIFFExport.xliffState(for: TranslationState(rawValue: expected)).state?.hasPrefix("x-") ?? false
            else { return nil }
            return "a state this version does not know (x-STATE in XLIFF) comes back only into a table that has it; "
                + "elsewhere it is an unknown XLIFF state, imported as translated"
        },
        { difference in
            let texts = [difference.key, difference.expected].compactMap { $0 }
            guard texts.contains(where: { XLIFFExport.firstScalarXMLCannotHold(in: $0) != nil }) else { return nil }
            return "XML 1.0 cannot hold control characters; such units are left out of the export with a warning"
        },
    ])

    /// Legacy → XLIFF → legacy: XLIFF carries the values of one language; what a format's nature leaves out is
    /// decided with the tables (``RoundTrip/xliffCannotCarry(_:kind:base:translation:companion:)``).
    static let legacyViaXLIFF = RoundTrip.Trip.Expectations(rules: [
        { difference in
            let texts = [difference.key, difference.expected].compactMap { $0 }
            guard texts.contains(where: { XLIFFExport.firstScalarXMLCannotHold(in: $0) != nil }) else { return nil }
            return "XML 1.0 cannot hold control characters; such units are left out of the export with a warning"
        }
    ])

    /// Catalog → legacy → catalog: legacy tables hold values and comments only.
    static let catalogViaLegacy = RoundTrip.Trip.Expectations(rules: [
        { difference in
            difference.aspect == .comment && difference.expected == "" && difference.actual == nil
                ? "an empty comment has no place in a .strings file" : nil
        },
        { difference in
            // `/* … */` loses whitespace around line breaks at its ends (see docs/migration.md).
            guard difference.aspect == .comment, let expected = difference.expected,
                expected.trimmingCharacters(in: .whitespacesAndNewlines)
                    == (difference.actual ?? "").trimmingCharacters(in: .whitespacesAndNewlines),
                expected.first.map({ $0.isNewline || $0.isWhitespace }) ?? false
                    || expected.last.map({ $0.isNewline || $0.isWhitespace }) ?? false
            else { return nil }
            return "a .strings comment does not keep whitespace and line breaks at its ends"
        },
        { difference in
            guard difference.aspect == .value, let expected = difference.expected, let actual = difference.actual,
                RoundTrip.matchesArgumentPlaceholders(expected, actual)
            else { return nil }
            return "a .stringsdict spells a substitution's %arg as the argument's format specifier"
        },
        { difference in
            switch difference.aspect {
            case .state: return "legacy tables have no states; migrated values are translated"
            case .extractionState: return "legacy tables have no extraction state; migrated entries are migrated"
            case .shouldTranslate: return "legacy tables cannot mark an entry as not to be translated"
            case .commentAutoGenerated: return "legacy tables do not say whether a comment was generated"
            case .unknownMembers: return "legacy tables cannot hold unknown catalog members"
            default: return nil
            }
        },
    ])
}

extension RoundTrip {
    /// `text` with each substitution reference written without its position (`%2$#@NAME@` → `%#@NAME@`).
    static func withoutReferencePositions(_ text: String) -> String {
        var bytes = Array(text.utf8)
        for reference in FormatSpecifiers.substitutionReferences(in: text).reversed() where reference.position != nil {
            bytes.replaceSubrange(reference.range, with: Array("%#@\(reference.name)@".utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
