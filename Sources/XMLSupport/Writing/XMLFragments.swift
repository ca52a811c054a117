/// Markup prepared once and written any number of times by ``XMLStreamWriter/write(_:from:)``: whole elements
/// written inline (their content exactly as given, no added line breaks), or attributes for an open start tag.
///
/// The fragments of one value share one byte store, and the value is read-only once built, so it can be
/// prepared once and shared by threads that each write their own document. The bytes follow the rules of
/// ``XMLStreamWriter`` (and ``XMLEscaping``).
package struct XMLFragments: Sendable {
    /// One prepared fragment, valid with the ``XMLFragments`` that made it.
    package struct Fragment: Sendable, Hashable {
        let start: Int
        let end: Int
        let isAttributes: Bool
    }

    /// The prepared bytes (read through ``withStorage(_:)``).
    private(set) var bytes: [UInt8] = []

    /// Creates an empty store.
    /// - Parameter minimumCapacity: The number of bytes to reserve.
    package init(minimumCapacity: Int = 0) {
        bytes.reserveCapacity(minimumCapacity)
    }

    /// The number of bytes prepared.
    package var byteCount: Int { bytes.count }

    /// Prepares `<name attributes…>text</name>`.
    ///
    /// Without `text`, the element is empty: `<name attributes…/>`, or `<name attributes…></name>` when
    /// `selfClosingIfEmpty` is false. An empty `text` is content: `<name></name>`.
    /// - Returns: The fragment, or `nil` (and nothing is kept) when a name or value holds a character that
    ///   XML 1.0 cannot hold.
    package mutating func addElement(
        _ qualifiedName: String, attributes: [(name: String, value: String)] = [], text: String?,
        selfClosingIfEmpty: Bool = true
    ) -> Fragment? {
        let start = bytes.count
        XMLMarkup.appendStartTag(qualifiedName, to: &bytes)
        var unholdable = false
        for attribute in attributes {
            unholdable = XMLMarkup.appendAttribute(attribute.name, attribute.value, to: &bytes) || unholdable
        }
        if let text {
            XMLMarkup.appendStartTagEnd(to: &bytes)
            unholdable = XMLEscaping.appendText(text, to: &bytes) || unholdable
            XMLMarkup.appendEndTag(qualifiedName, to: &bytes)
        } else if selfClosingIfEmpty {
            XMLMarkup.appendEmptyElementEnd(to: &bytes)
        } else {
            XMLMarkup.appendStartTagEnd(to: &bytes)
            XMLMarkup.appendEndTag(qualifiedName, to: &bytes)
        }
        return keep(from: start, isAttributes: false, unless: unholdable)
    }

    /// Prepares attributes (` name="value"`…) to write into an open start tag.
    /// - Returns: The fragment, or `nil` (and nothing is kept) when a value holds a character that XML 1.0
    ///   cannot hold.
    package mutating func addAttributes(_ attributes: [(name: String, value: String)]) -> Fragment? {
        let start = bytes.count
        var unholdable = false
        for attribute in attributes {
            unholdable = XMLMarkup.appendAttribute(attribute.name, attribute.value, to: &bytes) || unholdable
        }
        return keep(from: start, isAttributes: true, unless: unholdable)
    }

    private mutating func keep(from start: Int, isAttributes: Bool, unless unholdable: Bool) -> Fragment? {
        if unholdable {
            bytes.removeSubrange(start...)
            return nil
        }
        return Fragment(start: start, end: bytes.count, isAttributes: isAttributes)
    }
}
