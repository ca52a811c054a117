/// The bytes of tags, built in one place for ``XMLStreamWriter`` and ``XMLFragments``.
///
/// Names are written as given; values go through ``XMLEscaping``.
enum XMLMarkup {
    /// Appends `text` as it is.
    @inline(__always)
    static func append<Sink: ByteSink>(_ text: String, to output: inout Sink) {
        output.append(utf8: text)
    }

    /// Appends `literal` as it is.
    @inline(__always)
    static func append<Sink: ByteSink>(_ literal: StaticString, to output: inout Sink) {
        output.append(literal)
    }

    /// `<name`, the start tag left open for attributes.
    @inline(__always)
    static func appendStartTag<Sink: ByteSink>(_ name: String, to output: inout Sink) {
        precondition(!name.isEmpty, "XML element without a name")
        output.append(UInt8(ascii: "<"))
        append(name, to: &output)
    }

    /// ` name="value"`.
    /// - Returns: Whether the value holds a character that XML 1.0 cannot hold.
    @inline(__always)
    static func appendAttribute<Sink: ByteSink>(_ name: String, _ value: String, to output: inout Sink) -> Bool {
        precondition(!name.isEmpty, "XML attribute without a name")
        output.append(UInt8(ascii: " "))
        append(name, to: &output)
        append("=\"", to: &output)
        let unholdable = output.appendEscaped(value, inAttribute: true)
        output.append(UInt8(ascii: "\""))
        return unholdable
    }

    /// `>`, closing a start tag.
    @inline(__always)
    static func appendStartTagEnd<Sink: ByteSink>(to output: inout Sink) {
        output.append(UInt8(ascii: ">"))
    }

    /// `/>`, closing a start tag as an empty element.
    @inline(__always)
    static func appendEmptyElementEnd<Sink: ByteSink>(to output: inout Sink) {
        append("/>", to: &output)
    }

    /// `</name>`.
    @inline(__always)
    static func appendEndTag<Sink: ByteSink>(_ name: String, to output: inout Sink) {
        append("</", to: &output)
        append(name, to: &output)
        output.append(UInt8(ascii: ">"))
    }

    /// A line break and `level` times `indentation`.
    static func lineBreak(level: Int, indentation: [UInt8]) -> [UInt8] {
        [UInt8(ascii: "\n")] + Array(repeating: indentation, count: level).joined()
    }
}
