#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: - Events

/// The start of an element: its names, attributes, whether it was written `<name/>`, and where it starts.
///
/// Only valid during ``XMLEventHandler/startElement(_:)``.
package struct XMLStartElement {
    // The accessors the handlers call for every element and attribute are `@inlinable`: as `package` declarations
    // they are not offered to other modules' optimizer otherwise, and reading XLIFF was 5-9 % slower for it.
    @usableFromInline let localName: UnsafePointer<UInt8>
    @usableFromInline let prefixName: UnsafePointer<UInt8>?
    let uri: UnsafePointer<UInt8>?
    @usableFromInline let namespaceCount: Int
    /// `prefix, URI` pairs of the namespace declarations.
    @usableFromInline let namespaces: UnsafePointer<UnsafePointer<UInt8>?>?
    /// `localname, prefix, URI, value, end` quintuples of the attributes.
    @usableFromInline let attributeFields: UnsafePointer<UnsafePointer<UInt8>?>?
    @usableFromInline let plainAttributeCount: Int
    let tagOffset: Int
    unowned(unsafe) let session: SAXSession

    /// Whether the element was written as an empty-element tag (`<name/>`), so it has no content and no
    /// separate end tag.
    package let isEmpty: Bool

    /// The local name, without prefix.
    package var name: String { session.names.string(localName) ?? "" }

    /// Whether the local name is `name`, compared byte for byte without making a string.
    @inlinable
    package func hasName(_ name: StaticString) -> Bool {
        equal(localName, name)
    }

    package var prefix: String? { session.names.string(prefixName) }

    package var namespaceURI: String? { session.names.string(uri) }

    /// `prefix:name`, or `name` when there is no prefix.
    package var qualifiedName: String {
        if let prefix { return prefix + ":" + name }
        return name
    }

    /// 1-based line of the `<` that starts the element.
    package var line: Int { session.position(ofTagAt: tagOffset).line }

    /// 1-based column, in characters, of the `<` that starts the element.
    package var column: Int { session.position(ofTagAt: tagOffset).column }

    /// The namespace declarations (`xmlns`, `xmlns:p`) followed by the other attributes, in document order.
    @inlinable
    package var attributes: XMLAttributeList { XMLAttributeList(element: self) }
}

/// The attributes of an ``XMLStartElement``: namespace declarations first, then the others, each in document
/// order (the order ``XMLElementNode/attributes`` has).
package struct XMLAttributeList: RandomAccessCollection {
    @usableFromInline let element: XMLStartElement

    @usableFromInline
    init(element: XMLStartElement) {
        self.element = element
    }

    @inlinable package var startIndex: Int { 0 }
    @inlinable package var endIndex: Int { element.namespaceCount + element.plainAttributeCount }

    @inlinable
    package subscript(position: Int) -> XMLAttributeView {
        precondition(position >= 0 && position < endIndex, "attribute index out of range")
        return XMLAttributeView(element: element, index: position)
    }

    /// Walks the attributes in order; concrete and inlinable, so that a `for` loop over the attributes in
    /// another module makes direct calls rather than going through the collection's generic iterator.
    package struct Iterator: IteratorProtocol {
        @usableFromInline let element: XMLStartElement
        @usableFromInline var position: Int
        @usableFromInline let end: Int

        @usableFromInline
        init(element: XMLStartElement) {
            self.element = element
            self.position = 0
            self.end = element.namespaceCount + element.plainAttributeCount
        }

        /// The next attribute, or `nil` after the last.
        @inlinable
        package mutating func next() -> XMLAttributeView? {
            guard position < end else { return nil }
            defer { position += 1 }
            return XMLAttributeView(element: element, index: position)
        }
    }

    /// An iterator over the attributes, in order.
    @inlinable
    package func makeIterator() -> Iterator { Iterator(element: element) }

    /// The value of the first attribute whose qualified name is `qualifiedName`.
    package func value(_ qualifiedName: String) -> String? {
        for attribute in self where attribute.qualifiedName == qualifiedName { return attribute.value }
        return nil
    }
}

/// One attribute of an ``XMLStartElement``; strings are made only when asked for.
package struct XMLAttributeView {
    @usableFromInline let element: XMLStartElement
    @usableFromInline let index: Int

    @usableFromInline
    init(element: XMLStartElement, index: Int) {
        self.element = element
        self.index = index
    }

    @inlinable var namespaceDeclaration: Int? { index < element.namespaceCount ? index : nil }

    @inlinable
    func field(_ offset: Int) -> UnsafePointer<UInt8>? {
        let attribute = index - element.namespaceCount
        return element.attributeFields?[attribute * 5 + offset]
    }

    /// Whether this is a namespace declaration (`xmlns="…"` or `xmlns:p="…"`).
    @inlinable package var isNamespaceDeclaration: Bool { index < element.namespaceCount }

    /// The local name: `xmlns` or the declared prefix for a namespace declaration.
    package var name: String {
        if let declaration = namespaceDeclaration {
            return element.session.names.string(element.namespaces?[declaration * 2]) ?? "xmlns"
        }
        return element.session.names.string(field(0)) ?? ""
    }

    /// Whether the local name is `name`, compared byte for byte.
    @inlinable
    package func hasName(_ name: StaticString) -> Bool {
        if let declaration = namespaceDeclaration {
            guard let prefix = element.namespaces?[declaration * 2] else { return equal("xmlns", name) }
            return equal(prefix, name)
        }
        guard let local = field(0) else { return false }
        return equal(local, name)
    }

    /// `xmlns` for `xmlns:p`, `nil` for `xmlns` and unprefixed attributes.
    package var prefix: String? {
        if let declaration = namespaceDeclaration {
            return element.namespaces?[declaration * 2] == nil ? nil : "xmlns"
        }
        return element.session.names.string(field(1))
    }

    /// Whether the attribute has no prefix.
    @inlinable package var hasNoPrefix: Bool {
        if let declaration = namespaceDeclaration { return element.namespaces?[declaration * 2] == nil }
        return field(1) == nil
    }

    /// Whether the prefix is `prefix`, compared byte for byte.
    @inlinable
    package func hasPrefix(_ prefix: StaticString) -> Bool {
        if namespaceDeclaration != nil {
            return element.namespaces?[index * 2] != nil && equal("xmlns", prefix)
        }
        guard let own = field(1) else { return false }
        return equal(own, prefix)
    }

    package var namespaceURI: String? {
        if namespaceDeclaration != nil { return xmlnsNamespaceURI }
        return element.session.names.string(field(2))
    }

    /// `prefix:name`, or `name` when there is no prefix.
    package var qualifiedName: String {
        if let prefix { return prefix + ":" + name }
        return name
    }

    /// The value, with references decoded and whitespace normalized as XML requires.
    package var value: String {
        if let declaration = namespaceDeclaration {
            return element.session.names.string(element.namespaces?[declaration * 2 + 1]) ?? ""
        }
        guard let start = field(3), let end = field(4) else { return "" }
        return attributeValue(UnsafeBufferPointer(start: start, count: end - start))
    }

    /// The value, or the string of `shared` that has the same bytes: the common values of an attribute
    /// (`preserve`, `translated`), given as string literals, then cost no new string.
    package func value(orShared shared: [String]) -> String {
        if namespaceDeclaration == nil, let start = field(3), let end = field(4) {
            let count = end - start
            for candidate in shared where candidate.utf8.count == count {
                let same = candidate.utf8.withContiguousStorageIfAvailable { candidateBytes in
                    guard let base = candidateBytes.baseAddress else { return count == 0 }
                    return memcmp(base, start, count) == 0
                }
                if same == true { return candidate }
            }
        }
        return value
    }

    /// The attribute as a value.
    package var attribute: XMLAttribute {
        XMLAttribute(name, prefix: prefix, namespaceURI: namespaceURI, value: value)
    }
}

/// The end of an element.
///
/// Only valid during ``XMLEventHandler/endElement(_:)``.
package struct XMLEndElement {
    @usableFromInline let localName: UnsafePointer<UInt8>
    unowned(unsafe) let session: SAXSession

    /// Whether the element was written as an empty-element tag (`<name/>`).
    package let isEmpty: Bool

    /// The local name, without prefix.
    package var name: String { session.names.string(localName) ?? "" }

    /// Whether the local name is `name`, compared byte for byte without making a string.
    @inlinable
    package func hasName(_ name: StaticString) -> Bool {
        equal(localName, name)
    }
}

/// Decoded character data, as UTF-8.
///
/// Only valid during the handler call that receives it.
package struct XMLText {
    /// The UTF-8 bytes, in the parser's buffer.
    let utf8: UnsafeBufferPointer<UInt8>

    /// The UTF-8 bytes, as a collection.
    package var bytes: XMLBytes { XMLBytes(utf8) }

    /// The text as a string.
    package var string: String { String(decoding: utf8, as: UTF8.self) }

    /// Whether there is no character.
    package var isEmpty: Bool { utf8.isEmpty }

    /// The number of UTF-8 bytes.
    package var count: Int { utf8.count }

    /// Whether the bytes are those of `literal`.
    package func hasBytes(of literal: StaticString) -> Bool {
        utf8.elementsEqual(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Whether the bytes are the UTF-8 bytes of `string`.
    package func hasBytes(of string: String) -> Bool {
        utf8.elementsEqual(string.utf8)
    }
}

// MARK: - Byte views

/// Bytes a document is read from, or text of an event, as a read-only collection: valid only during the call that hands
/// it over (see ``XMLInput/withXMLBytes(_:)``).
///
/// Reading past the end stops the program.
package struct XMLBytes: RandomAccessCollection {
    /// The bytes viewed; internal to this module.
    let buffer: UnsafeBufferPointer<UInt8>

    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    package var startIndex: Int { 0 }

    package var endIndex: Int { buffer.count }

    package subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < buffer.count, "XMLBytes index out of range")
        return buffer[position]
    }

    package func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        try body(buffer)
    }
}

/// Bytes a document can be read from in place, without copying them (a mapped file, for instance).
///
/// `SourceFile` of `LocalizationCatalog` has this very method; a format declares the conformance where it reads.
package protocol XMLInput {
    /// Calls `body` with the bytes; the pointer is valid during the call only.
    func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result
}

extension XMLInput {
    /// Calls `body` with a view of the bytes, valid during the call only.
    package func withXMLBytes<Result, Failure: Error>(
        _ body: (XMLBytes) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withUnsafeBytes { (buffer) throws(Failure) -> Result in try body(XMLBytes(buffer)) }
    }
}

extension Array where Element == UInt8 {
    /// Calls `body` with a view of the array's bytes, valid during the call only.
    package func withXMLBytes<Result, Failure: Error>(
        _ body: (XMLBytes) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withUnsafeBufferPointer { (buffer) throws(Failure) -> Result in try body(XMLBytes(buffer)) }
    }
}

// MARK: - Helpers

/// `http://www.w3.org/2000/xmlns/`, the namespace of namespace declarations.
let xmlnsNamespaceURI = "http://www.w3.org/2000/xmlns/"

/// Whether a NUL-terminated name equals a literal.
@inline(__always)
@inlinable
func equal(_ name: UnsafePointer<UInt8>, _ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    let bytes = literal.utf8Start
    for index in 0..<count where name[index] != bytes[index] { return false }
    return name[count] == 0
}

/// An attribute value as libxml2's SAX2 interface hands it over without entity substitution: `&` is written
/// `&#38;`, and references to declared entities stay `&name;` (those are refused before any handler sees them).
func attributeValue(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    guard let start = bytes.baseAddress, memchr(start, Int32(UInt8(ascii: "&")), bytes.count) != nil else {
        return String(decoding: bytes, as: UTF8.self)
    }
    var decoded: [UInt8] = []
    decoded.reserveCapacity(bytes.count)
    var index = 0
    let escape = Array("&#38;".utf8)
    while index < bytes.count {
        if bytes[index] == UInt8(ascii: "&"), index + escape.count <= bytes.count,
            bytes[index..<index + escape.count].elementsEqual(escape)
        {
            decoded.append(UInt8(ascii: "&"))
            index += escape.count
        } else {
            decoded.append(bytes[index])
            index += 1
        }
    }
    return String(decoding: decoded, as: UTF8.self)
}

/// The name of the first entity reference left in an attribute value, if any.
func entityReference(inAttributeValue bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var index = 0
    while index < bytes.count {
        if bytes[index] == UInt8(ascii: "&") {
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "#") {
                index += 2
                continue
            }
            var end = index + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: ";") { end += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self)
        }
        index += 1
    }
    return nil
}
