@_spi(XLIFFDocuments) import LocalizationCatalog
@_spi(XLIFFDocuments) import XLIFFFormat

/// Inputs that only find bugs already known (and not fixed yet), skipped when `FUZZ_SKIP_KNOWN=1` so that a run
/// looks for new ones. CI sets it. Remove a rule here with the fix of its bug (the reproducer in `Fuzz/findings/`
/// then checks the fix on every run); docs/security.md lists them.
enum KnownBugs {
    static let enabled = getenvString("FUZZ_SKIP_KNOWN") == "1"

    /// Inputs skipped by every target. (None now: thousands of attributes and undecodable bytes in a declared
    /// encoding are refused with their own diagnostics.)
    static func skipsInput(_ bytes: [UInt8]) -> Bool {
        false
    }

    /// Output that is not compared with a second write of what was read back.
    static func skipsFixpointCheck(_ output: [UInt8], _ format: FormatDescriptor) -> Bool {
        guard enabled else { return false }
        // Found by fuzzing, not fixed yet: XLIFF of a plural without the language's `one` case gains a `one` unit,
        // read back as a new case (Fuzz/findings/xliff-table-roundtrip/plural-missing-category.xliff; the same with
        // `.stringsdict` ids).
        if format.name == "xliff",
            output.firstRange(of: Array("plural.".utf8)) != nil
                || output.firstRange(of: Array(":dict/other:".utf8)) != nil
        {
            return true
        }
        return false
    }

    /// Tables whose content is not compared after a round trip.
    static func skipsContentCheck(_ table: StringTable, _ format: FormatDescriptor) -> Bool {
        // None now: XLIFF of a legacy table keeps `translate="no"`
        // (Fuzz/findings/xliff-table-roundtrip/translate-no-legacy.xliff checks it).
        false
    }

    /// XLIFF documents that are not compared with the document read back.
    static func skipsDocumentCheck(_ document: XLIFFDocument) -> Bool {
        // None now: a namespace URI with `&amp;` comes back the same.
        false
    }

    /// Imports whose second application is not compared with the first. None now: keys an import creates in a
    /// `.strings` table are told apart by their UTF-8 bytes, so `café` precomposed and decomposed are two keys on
    /// every import (Fuzz/findings/xliff-import/created-key-twice.xliff), and a development-language target that is
    /// its own source no longer takes back a source changed since the export, `needs_review` the first time and
    /// `translated` the second (Fuzz/findings/xliff-import/changed-source-twice.xliff).
    static func skipsImportIdempotence(_ kind: XLIFFTableKind) -> Bool {
        false
    }

    /// Files whose `check` findings are not checked to be inside the file. `check` places `.strings` keys
    /// where the reader found them (it scanned the bytes again, counting lines by LF only, and a key after a lone CR
    /// got the line before: Fuzz/findings/check/lone-cr-key-position.check is replayed on every run).
    ///
    /// Found at the stop of issue 32, not fixed yet: XML property list positions (`.stringsdict`, XML `.strings`) count
    /// lines by LF only, as the XML layer does; a key after a lone CR gets the line before and a column past its end
    /// (Fuzz/findings-open/check/stringsdict-position-after-lone-cr.check). XLIFF places are right since the XLIFF
    /// reader gives them through `XMLLinePositions` (Fuzz/findings/check/xliff-position-after-lone-cr.check); the
    /// property list reader (PropertyListSupport) does not yet.
    static func skipsCheckPosition(_ bytes: [UInt8]) -> Bool {
        guard enabled, bytes.firstRange(of: Array("<plist".utf8)) != nil else { return false }
        return zip(bytes, bytes.dropFirst() + [0]).contains { $0 == 0x0D && $1 != 0x0A }
    }

    /// `project.pbxproj` inputs nested deeply. None now: the project parser stops at `InputLimits.nesting` (512)
    /// before it recurses (Fuzz/findings/pbxproj-read/nesting-30000.pbxproj is replayed on every run).
    static func skipsProjectNesting(_ bytes: [UInt8]) -> Bool {
        false
    }

    /// Project files whose two reads are not compared. None now: a file listed in two groups gets the same path on
    /// every read (`ProjectGroupTree`; Fuzz/findings/pbxproj-read/file-in-two-groups.pbxproj).
    static func skipsProjectDeterminism(_ bytes: [UInt8]) -> Bool {
        false
    }

    /// Project and `.xcconfig` inputs that would find exponential time in build settings. None now: `#include`s
    /// are followed once each, 8 deep (`InputLimits.includeDepth`, a visited set), and a setting's expansion is
    /// bounded (`InputLimits.settingExpansionDepth`, `settingExpansionBytes`): Fuzz/findings/xcconfig-read/
    /// include-fanout.xcconfig, expand-self-reference.xcconfig, Fuzz/findings/pbxproj-read/expand-self-reference.pbxproj.
    static func skipsSettingsFanOut(_ bytes: [UInt8]) -> Bool {
        false
    }

    /// Project files whose generated Info.plist strings are not checked to be placed at their setting. None now: a
    /// setting's column counts scalars (Fuzz/findings/pbxproj-read/setting-location-columns-in-bytes.pbxproj), lines
    /// after a lone CR are right (setting-location-after-lone-cr.pbxproj), and a `CFBundleName` that is the target's
    /// name is placed at the target's `name`, which the check now takes (generated-setting-location.pbxproj).
    static func skipsSettingLocation(_ text: [UInt8]) -> Bool {
        false
    }

    /// Storyboards, xibs and Info.plists whose diagnostics are not checked to be inside the file. None now: the
    /// XML layer's positions (libxml2's, lines ended by LF only) are given as a FileLocation counts them, a lone CR
    /// ending a line too (`XMLLinePositions`; Fuzz/findings/ib-code/xml-position-after-lone-cr.storyboard,
    /// Fuzz/findings/infoplist-code/xml-position-after-lone-cr.plist).
    static func skipsXMLPosition(_ bytes: [UInt8]) -> Bool {
        false
    }

    /// Swift inputs that would find swift-syntax's exponential lookahead. None now: `SwiftNestingScan` refuses a
    /// file with more than `InputLimits.swiftBracketRun` brackets in a row before the parser sees it
    /// (Fuzz/findings/swift-code/unclosed-brackets-in-type-20.swift, unclosed-brackets-in-type-found.swift).
    static func skipsSwiftInput(_ bytes: [UInt8]) -> Bool {
        false
    }
}
