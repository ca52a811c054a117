import LocalizationCatalog

/// The one place that maps catalog states to XLIFF 1.2 `state`/`state-qualifier` and back; export
/// (``XLIFFExport/xliffState(for:)``) and import
/// (``XLIFFImport/catalogState(state:qualifier:acceptUnfinished:current:)``) both ask it.
///
/// The table is in docs/formats/xliff.md ("States").
enum XLIFFStates {
    /// Catalog state → XLIFF: `translated`, `needs_review` → `needs-review-l10n`, `new`, `machine_translated` →
    /// `translated` + `leveraged-mt`; any other catalog state (one this version does not know, or an empty one)
    /// → the XLIFF 1.2 extension value `x-` + the state; no state → no attribute.
    static func xliff(for state: TranslationState?) -> (state: String?, qualifier: String?) {
        guard let state else { return (nil, nil) }
        switch state {
        case .translated: return ("translated", nil)
        case .needsReview: return ("needs-review-l10n", nil)
        case .new: return ("new", nil)
        case .machineTranslated: return ("translated", "leveraged-mt")
        default: return (extensionPrefix + state.rawValue, nil)
        }
    }

    /// XLIFF → catalog state; `nil` when the target is unfinished and `acceptUnfinished` is off.
    ///
    /// - `translated`, `final`, `signed-off`, no state, and any value not listed here → `translated`
    ///   (`translated` + `leveraged-mt` → `machine_translated`);
    /// - `new`, `needs-translation`, `needs-l10n`, `needs-adaptation` → unfinished, `new` when accepted;
    /// - `needs-review-l10n`, `needs-review-translation`, `needs-review-adaptation` → unfinished, `needs_review`
    ///   when accepted;
    /// - `x-STATE` → `current` when `current` is STATE, a state export writes as `x-STATE` (the round trip of a
    ///   state this version does not know, the empty state included); otherwise an unknown value: `translated`.
    ///   A translation tool's own `x-…` state never becomes a catalog state.
    ///
    /// `keepsNeedsReview`: a `needs-review-*` target goes in as `needs_review` even without `acceptUnfinished`, for a
    /// table that can hold that state (a catalog): the translator's text is kept and still flagged, where Xcode
    /// drops it.
    static func catalog(
        state: String?, qualifier: String?, acceptUnfinished: Bool, current: TranslationState?,
        keepsNeedsReview: Bool = false
    ) -> TranslationState? {
        guard let state else { return .translated }
        switch state {
        case "translated": return qualifier == "leveraged-mt" ? .machineTranslated : .translated
        case "new", "needs-translation", "needs-l10n", "needs-adaptation": return acceptUnfinished ? .new : nil
        case "needs-review-l10n", "needs-review-translation", "needs-review-adaptation":
            return acceptUnfinished || keepsNeedsReview ? .needsReview : nil
        default:
            if let current, state.hasPrefix(extensionPrefix), xliff(for: current).state == state { return current }
            return .translated
        }
    }

    /// Whether an XLIFF state is unfinished (skipped unless unfinished targets are accepted).
    static func isUnfinished(_ state: String?) -> Bool {
        catalog(state: state, qualifier: nil, acceptUnfinished: false, current: nil) == nil
    }

    private static let extensionPrefix = "x-"
}
