import LocalizationCatalog

extension RoundTrip {
    /// A round trip: its name, and the differences that its target format explains.
    package struct Trip: Sendable {
        /// The trip's name, as reports show it.
        package var name: String
        /// The differences that are expected, by the nature of the formats.
        package var expectations: Expectations

        /// The name of the trip of a catalog through legacy tables.
        static let catalogViaLegacyName = "xcstrings → strings/stringsdict → xcstrings"
        /// The name given to a catalog's trips through XLIFF when the catalog cannot be read (one per language
        /// otherwise).
        static let catalogViaXLIFFName = "xcstrings → xliff → xcstrings"

        /// Rules for expected differences.
        package struct Expectations: Sendable {
            /// A rule: the reason when it applies to a difference.
            package var rules: [@Sendable (RoundTripDifference) -> String?]

            /// No difference is expected.
            package static let none = Expectations(rules: [])

            /// The reason a difference is expected, if a rule says so.
            func reason(for difference: RoundTripDifference) -> String? {
                for rule in rules {
                    if let reason = rule(difference) { return reason }
                }
                return nil
            }
        }
    }
}
