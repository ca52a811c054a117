/// A JSON value kept exactly as read, for members the model does not know.
///
/// Xcode adds members to String Catalogs between releases (`commentGenerationVersion`, `generatesSymbol`, …).
/// Members the model has no field for are kept as `JSONValue`s and written back in place, so a read → write
/// never drops them. Numbers keep their source text, so `1.50` or `1e3` come back unchanged.
public indirect enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its JSON text.
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, in the order read.
    case object(OrderedMap<JSONValue>)
}
