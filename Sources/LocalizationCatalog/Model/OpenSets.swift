import CLDRSupport

/// The state of a translation (`stringUnit.state` in a String Catalog).
///
/// An open set: a value this version does not know is kept and written back as it was.
public struct TranslationState: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The state's spelling in a String Catalog.
    public var rawValue: String

    /// Creates a state from its catalog spelling.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a state from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The catalog spelling.
    public var description: String { rawValue }

    /// Done.
    public static let translated: TranslationState = "translated"
    /// The source changed, or someone marked it for review (`needs-review-l10n` in XLIFF).
    public static let needsReview: TranslationState = "needs_review"
    /// Not translated yet.
    public static let new: TranslationState = "new"
    /// Translated by a machine (Xcode 26+; `translated` + `state-qualifier="leveraged-mt"` in XLIFF).
    public static let machineTranslated: TranslationState = "machine_translated"
}

/// How Xcode manages an entry (`extractionState` in a String Catalog); absent means extracted from code.
///
/// An open set: a value this version does not know is kept and written back as it was.
public struct ExtractionState: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The state's spelling in a String Catalog.
    public var rawValue: String

    /// Creates a state from its catalog spelling.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a state from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The catalog spelling.
    public var description: String { rawValue }

    /// Added by hand or by a tool; Xcode never marks it stale.
    public static let manual: ExtractionState = "manual"
    /// Managed by Xcode but no longer found in code.
    public static let stale: ExtractionState = "stale"
    /// Written by "Migrate to String Catalog".
    public static let migrated: ExtractionState = "migrated"
    /// Extracted together with a default value (Info.plist keys, Interface Builder, `defaultValue:`).
    public static let extractedWithValue: ExtractionState = "extracted_with_value"
}

/// The CLDR plural categories that String Catalogs and `.stringsdict` files use (defined in `CLDRSupport`, beside
/// the plural rules).
public typealias PluralCategory = CLDRSupport.PluralCategory

/// Device names used by device variations (`NSStringDeviceSpecificRuleType` in `.stringsdict`).
///
/// Device variations are keyed by strings in the model, so unknown devices survive; these are the known ones.
package enum DeviceName {
    /// Every device name Apple documents, plus `other`, the fallback.
    package static let known: [String] = [
        "appletv", "applevision", "applewatch", "ipad", "iphone", "ipod", "mac", "other",
    ]
}
