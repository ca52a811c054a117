import SwiftParser
import SwiftSyntax

/// Turns a string literal into the key Xcode writes: the literal's value with escapes resolved, multi-line
/// literals dedented, and interpolations written as format specifiers (docs/extraction.md, facts 12–14).
enum LiteralRendering {
    /// Stands for an interpolation while the literal's text is unescaped (a Unicode noncharacter).
    private static let placeholder = Unicode.Scalar(UInt32(0xFDD0)) ?? "\u{E000}"

    /// The literal's value with each interpolation replaced by `specifier(segment)`.
    ///
    /// Nil when the literal does not parse cleanly. A `%` of the text is doubled when the literal has interpolations.
    static func render(
        _ literal: StringLiteralExprSyntax,
        specifier: (ExpressionSegmentSyntax) -> String
    ) -> String? {
        var ranges: [Range<Int>] = []
        return render(literal, specifier: specifier, ranges: &ranges)
    }

    /// The literal's value as ``render(_:specifier:)`` gives it, and in `ranges` the UTF-8 range of each
    /// interpolation's specifier in it, in order.
    static func render(
        _ literal: StringLiteralExprSyntax,
        specifier: (ExpressionSegmentSyntax) -> String,
        ranges: inout [Range<Int>]
    ) -> String? {
        ranges = []
        var interpolations: [ExpressionSegmentSyntax] = []
        var segments: [StringLiteralSegmentListSyntax.Element] = []
        for segment in literal.segments {
            switch segment {
            case .stringSegment:
                segments.append(segment)
            case .expressionSegment(let expression):
                interpolations.append(expression)
                segments.append(.stringSegment(StringSegmentSyntax(content: .stringSegment(String(placeholder)))))
            }
        }
        if interpolations.isEmpty { return literal.representedLiteralValue }
        let plain = literal.with(\.segments, StringLiteralSegmentListSyntax(segments))
        guard let value = plain.representedLiteralValue else { return nil }
        var result = String.UnicodeScalarView()
        var length = 0
        var next = 0
        for scalar in value.unicodeScalars {
            if scalar == placeholder, next < interpolations.count {
                let text = specifier(interpolations[next])
                result.append(contentsOf: text.unicodeScalars)
                ranges.append(length..<(length + text.utf8.count))
                length += text.utf8.count
                next += 1
            } else if scalar == "%" {
                result.append(contentsOf: "%%".unicodeScalars)
                length += 2
            } else {
                result.append(scalar)
                length += UTF8.width(scalar)
            }
        }
        return String(result)
    }

    /// The value of a literal without interpolations (comments, tables, values), or nil.
    static func plainValue(of expression: ExprSyntax?) -> String? {
        expression?.as(StringLiteralExprSyntax.self)?.representedLiteralValue
    }
}
