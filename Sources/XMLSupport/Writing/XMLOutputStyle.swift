/// How `XMLStreamWriter` lays out a document.
///
/// Layout rule: an element whose content is only elements, comments or processing instructions puts each
/// child on its own line, indented one level deeper, and its end tag on its own line. Once an element holds
/// text or CDATA, its content (and everything inside it) is written exactly as given. An element with no
/// content at all is written self-closing, `<name/>`.
package struct XMLOutputStyle: Sendable, Hashable {
    /// The string added per nesting level.
    ///
    /// Empty means no line breaks between elements at all.
    package var indentation: String
    /// Whether the root's children are indented.
    ///
    /// Apple property lists put `<dict>` at column 1 under `<plist>`, so they set this to `false`.
    package var indentsRootChildren: Bool
    /// Whether a line break follows the root element's end tag.
    ///
    /// Writers that end a document their own way (``XMLStreamWriter/writeRaw(_:)`` after the root) set this to `false`.
    package var endsWithLineBreak: Bool

    /// Creates a style.
    package init(indentation: String = "", indentsRootChildren: Bool = true, endsWithLineBreak: Bool = true) {
        self.indentation = indentation
        self.indentsRootChildren = indentsRootChildren
        self.endsWithLineBreak = endsWithLineBreak
    }

    /// No whitespace is added between elements.
    package static let compact = XMLOutputStyle()
    /// Apple XML property lists: one TAB per level, and the root's children are not indented.
    package static let applePropertyList = XMLOutputStyle(indentation: "\t", indentsRootChildren: false)
    /// XLIFF as exported by Xcode: two spaces per level.
    package static let xcodeXLIFF = XMLOutputStyle(indentation: "  ")
}
