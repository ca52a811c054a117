import LocalizationCatalog
import XLIFFFormat

/// Inputs that only find bugs already known (and not fixed yet), skipped when `FUZZ_SKIP_KNOWN=1` so that a run
/// looks for new ones. CI sets it. Remove a rule here with the fix of its bug (the reproducer in `Fuzz/findings/`
/// then checks the fix on every run); docs/security.md lists them.
enum KnownBugs {
    static let enabled = getenvString("FUZZ_SKIP_KNOWN") == "1"

    /// Inputs skipped by every target.
    static func skipsInput(_ bytes: [UInt8]) -> Bool {
        guard enabled else { return false }
        return hasManyAttributes(bytes) || declaresOtherEncoding(bytes)
    }

    /// Output that is not compared with a second write of what was read back.
    static func skipsFixpointCheck(_ output: [UInt8], _ format: FormatDescriptor) -> Bool {
        guard enabled else { return false }
        // Found by fuzzing, not fixed yet: XLIFF of a plural without the language's `one` case gains a `one` unit,
        // read back as a new case (Fuzz/findings/xliff-table-roundtrip/plural-missing-category.xliff; the same with
        // `.stringsdict` ids).
        if format.name == "xliff",
            output.firstRange(of: Array("plural.".utf8)) != nil || output.firstRange(of: Array(":dict/other:".utf8)) != nil
        {
            return true
        }
        return false
    }

    /// Tables whose content is not compared after a round trip.
    static func skipsContentCheck(_ table: StringTable, _ format: FormatDescriptor) -> Bool {
        guard enabled else { return false }
        // Found by fuzzing, not fixed yet: XLIFF of a legacy table loses `translate="no"` (shouldTranslate: false)
        // on write, without a warning (Fuzz/findings/xliff-table-roundtrip/translate-no-legacy.xliff).
        if format.name == "xliff", table.version == nil, table.entries.values.contains(where: { $0.shouldTranslate == false }) {
            return true
        }
        return false
    }

    /// XLIFF documents that are not compared with the document read back.
    static func skipsDocumentCheck(_ document: XLIFFDocument) -> Bool {
        guard enabled else { return false }
        // A namespace URI with `&amp;` does not come back the same.
        let attributes = document.rootAttributes + document.files.flatMap(\.otherAttributes)
        return attributes.contains { $0.name.hasPrefix("xmlns") && $0.value.contains("&") }
    }

    /// Found by fuzzing, not fixed yet: a document that declares an encoding other than UTF-8/UTF-16 and holds a
    /// byte that encoding cannot convert is cut short silently, and libxml2 prints to stderr
    /// (Fuzz/findings/xliff-roundtrip/shift-jis-invalid-byte.xliff).
    private static func declaresOtherEncoding(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(200), as: UTF8.self).lowercased()
        guard let range = head.range(of: "encoding=") else { return false }
        let value = head[range.upperBound...].dropFirst().prefix { $0 != "\"" && $0 != "'" }
        return !["utf-8", "utf8", "utf-16", "utf16"].contains(String(value))
    }

    /// Thousands of attributes take quadratic time in the XML layer.
    private static func hasManyAttributes(_ bytes: [UInt8]) -> Bool {
        var count = 0
        for byte in bytes where byte == UInt8(ascii: "=") {
            count += 1
            if count > 1000 { return true }
        }
        return false
    }
}
