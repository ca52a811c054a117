/// The CLDR plural categories that String Catalogs and `.stringsdict` files use.
///
/// Plural variations are keyed by strings in the catalog model, so a category Apple does not know (a typo such as
/// `onee` in a real `.stringsdict`) is kept verbatim there; this enum names the ones that have meaning. The cases are
/// in CLDR's order.
public enum PluralCategory: String, Sendable, CaseIterable, Codable {
    case zero, one, two, few, many, other
}
