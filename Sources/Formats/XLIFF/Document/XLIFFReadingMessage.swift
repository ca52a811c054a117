/// The texts of every diagnostic ``XLIFFDocumentReader`` makes, so tests and docs can rely on them.
enum XLIFFReadingMessage {
    // Errors: the input is not an XLIFF 1.2 document Xcode could have written or read.
    static func notXLIFF(root: String) -> String {
        "the root element is <\(root)>; an XLIFF document starts with <xliff>"
    }

    static func unsupportedVersion(_ version: String) -> String {
        "XLIFF \(version) is not supported; Xcode reads and writes XLIFF 1.2"
    }

    static let fileWithoutOriginal = "<file> has no 'original' attribute (the path of the table it belongs to)"

    static func fileWithoutSourceLanguage(original: String) -> String {
        "<file> \(quoted(original)) has no 'source-language' attribute"
    }

    static func unitWithoutID(original: String) -> String {
        "<trans-unit> in <file> \(quoted(original)) has no 'id' attribute"
    }

    static func duplicateUnitID(_ id: String, original: String, firstLine: Int) -> String {
        "duplicate <trans-unit> id \(quoted(id)) in <file> \(quoted(original)); the first one is at line \(firstLine)"
    }

    // Warnings: the document is read, but something in it is lost or would trip Xcode.
    static func prefixedNamespace(_ prefix: String) -> String {
        "the XLIFF elements use the namespace prefix '\(prefix):', which Xcode silently skips on import; "
            + "read as if they used the default namespace"
    }

    static func inlineElementFlattened(_ element: String, in part: String, unit: String) -> String {
        "inline <\(element)> in the <\(part)> of trans-unit \(quoted(unit)) was flattened to its text"
    }

    static func inlineElementRemoved(_ element: String, in part: String, unit: String) -> String {
        "inline <\(element)/> in the <\(part)> of trans-unit \(quoted(unit)) was removed"
    }

    static func extraElement(_ element: String, unit: String, firstLine: Int) -> String {
        "second <\(element)> in trans-unit \(quoted(unit)) ignored; the one at line \(firstLine) is used"
    }

    static func ignoredElement(_ element: String, in parent: String, unit: String?) -> String {
        let place = unit.map { "trans-unit \(quoted($0))" } ?? "<\(parent)>"
        return "<\(element)> in \(place) is not kept: Xcode neither writes nor reads it"
    }

    static func unknownTranslateValue(_ value: String, unit: String) -> String {
        "trans-unit \(quoted(unit)) has translate=\(quoted(value)); only 'yes' and 'no' are known, so it is ignored"
    }

    /// `'text'`, with control characters made visible so that a message stays on one line.
    static func quoted(_ text: String) -> String {
        var result = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "'"
    }
}
