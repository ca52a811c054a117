import LocalizationCatalog
import StringBridgeSupport
import XMLSupport

/// Reads the localizable texts of storyboards and xibs as `ibtool --export-strings-file` lists them.
///
/// Each text is a key `ObjectID.property` in the table named after the file (`Main.storyboard` → `Main`), with
/// the text as its value and Xcode's comment `Class = "UILabel"; text = "Hello"; ObjectID = "abc-de-fgh";`, plus
/// ` Note = "…";` when the object has a localizer comment in Interface Builder.
package struct InterfaceBuilderReader: CodeReader {
    /// `storyboard`, `xib`.
    package var fileExtensions: Set<String> { ["storyboard", "xib"] }

    /// ``InputLimits/markupFileBytes``: XML, read into a small tree.
    package var maximumFileBytes: Int { InputLimits.markupFileBytes }

    /// Which threads read the files: all cores by default (files side by side).
    ///
    /// ``Parallelism/sequential`` reads them one after the other on the calling thread; the result is the same.
    package var parallelism = Parallelism.automatic

    /// Creates a reader.
    package init() {}

    /// Returns the strings of `files`, in file order and then document order.
    package func strings(in files: [CodeFile], diagnostics: inout Diagnostics) -> [ExtractedString] {
        stringsOfEachFile(files, reader: self, parallelism: parallelism, diagnostics: &diagnostics) {
            file, diagnostics in
            strings(in: file, diagnostics: &diagnostics)
        }
    }

    private func strings(in file: CodeFile, diagnostics: inout Diagnostics) -> [ExtractedString] {
        let tree: XMLDocumentTree
        let bytes = Array(file.text.utf8)
        // The XML layer ends lines at LF only; a FileLocation also at a lone CR.
        let lines = XMLLinePositions(utf8: bytes)
        do {
            tree = try XMLDocumentTree(parsing: bytes, path: file.path)
        } catch {
            diagnostics.append(
                Diagnostic(.error, error.message, at: lines.location(file.path, error.line, error.column)))
            return []
        }
        let root = tree.root
        guard root.name == "document" else {
            let message =
                root.name == "archive"
                ? "this is an Interface Builder 3 archive; only documents saved by Xcode 5 or later (<document>) are read"
                : "not an Interface Builder document: the root element is <\(root.name)>, not <document>"
            diagnostics.append(Diagnostic(.error, message, at: lines.location(file.path, root.line, root.column)))
            return []
        }
        var walker = Walker(
            path: file.path,
            lines: lines,
            table: Self.tableName(of: file.path),
            classPrefix: Self.classPrefix(runtime: root.attribute("targetRuntime") ?? "")
        )
        walker.visit(root)
        return walker.result
    }

    /// The file name without its folder and extension.
    static func tableName(of path: String) -> String {
        var name = Substring(path)
        if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = name[..<dot] }
        return String(name)
    }

    /// `UI` for iOS, tvOS and Mac Catalyst documents, `NS` for macOS, `WKInterface` for watchOS.
    static func classPrefix(runtime: String) -> String {
        if runtime.hasPrefix("MacOSX") { return "NS" }
        if runtime.lowercased().hasPrefix("watchkit") { return "WKInterface" }
        return "UI"
    }

    /// Attributes that hold localizable text, and the property name ibtool gives each.
    static let textAttributes: [(attribute: String, property: String)] = [
        ("title", "title"), ("text", "text"), ("placeholder", "placeholder"),
        ("placeholderString", "placeholderString"), ("headerTitle", "headerTitle"), ("footerTitle", "footerTitle"),
        ("label", "label"), ("paletteLabel", "paletteLabel"), ("alternateTitle", "alternateTitle"),
        ("prompt", "prompt"), ("backButtonTitle", "backButtonTitle"), ("toolTip", "ibShadowedToolTip"),
        ("headerToolTip", "headerToolTip"),
    ]

    /// The property ibtool names an attribute of `element` with: a toolbar item's `toolTip` is its own property
    /// (`toolTip`); on views, cells and menu items IB shadows it (`ibShadowedToolTip`).
    static func property(of attribute: String, on element: String, default property: String) -> String {
        attribute == "toolTip" && element == "toolbarItem" ? "toolTip" : property
    }

    /// Whether ibtool leaves out `attribute` of `element`: a pop-up button cell's own `title` (it is the selected
    /// menu item's, whose title is a key of its own), IB's default title `Text Cell` of a table column's `dataCell`
    /// (a title the developer typed there is a key) and IB's placeholder `Table View Cell` of a table cell view's
    /// text field (both replaced at run time; docs/extraction.md, "Interface Builder").
    static func isLeftOut(_ attribute: String, of element: XMLElementNode, value: String) -> Bool {
        guard attribute == "title" else { return false }
        switch element.name {
        case "popUpButtonCell": return true
        case "textFieldCell":
            return (element.attribute("key") == "dataCell" && value == "Text Cell") || value == "Table View Cell"
        default: return false
        }
    }

    private struct Walker {
        let path: String
        /// The document's lines as a FileLocation counts them.
        let lines: XMLLinePositions
        let table: String
        let classPrefix: String
        var result: [ExtractedString] = []

        /// Visits `element` and its descendants; `controlNote` is the localizer comment of the control whose cell
        /// `element` is (`<textField>` → `<textFieldCell key="cell">`): ibtool gives the control's note to its cell's
        /// texts.
        mutating func visit(_ element: XMLElementNode, controlNote: String? = nil) {
            let ownNote = Self.note(of: element)
            // Constraints have ids and a Boolean `placeholder` attribute, not texts.
            if let objectID = element.attribute("id"), element.name != "constraint" {
                collect(object: element, objectID: objectID, note: ownNote ?? controlNote)
            }
            for child in element.childElements where child.name != "attributedString" {
                // A control's note is its cell's too; a menu item's note is its submenu's (and so the submenu's title).
                let inherits =
                    child.attribute("key") == "cell"
                    || (element.name == "menuItem" && child.attribute("key") == "submenu")
                visit(child, controlNote: inherits ? ownNote : nil)
            }
        }

        /// The texts of one object: its attributes, `<string key=…>` children, button states, segments, accessibility,
        /// and keyed child elements without an id of their own (`<tableHeaderCell key="headerCell" title=…>`).
        private mutating func collect(object: XMLElementNode, objectID: String, note: String?) {
            let className = classPrefix + object.name.prefix(1).uppercased() + object.name.dropFirst()
            func add(_ property: String, _ value: String, at element: XMLElementNode) {
                guard !value.isEmpty else { return }
                // An indexed property is named with its object in the comment: `abc.segmentTitles[0] = "Day";`.
                let named = property.hasSuffix("]") ? objectID + "." + property : property
                var comment =
                    "Class = \"\(className)\"; \(named) = \"\(Self.escaped(value))\"; ObjectID = \"\(objectID)\";"
                if let note { comment += " Note = \"\(Self.escaped(note))\";" }
                result.append(
                    ExtractedString(
                        key: objectID + "." + property,
                        value: value,
                        comment: comment,
                        table: table,
                        location: lines.location(path, element.line, element.column),
                        origin: .interfaceBuilder
                    ))
            }
            for (attribute, property) in InterfaceBuilderReader.textAttributes {
                guard let value = object.attribute(attribute),
                    !InterfaceBuilderReader.isLeftOut(attribute, of: object, value: value)
                else { continue }
                let name = InterfaceBuilderReader.property(of: attribute, on: object.name, default: property)
                add(name, value, at: object)
            }
            for child in object.childElements {
                switch child.name {
                case "string":
                    if let key = child.attribute("key"),
                        let property = InterfaceBuilderReader.textAttributes.first(where: { $0.attribute == key })?
                            .property
                    {
                        add(
                            InterfaceBuilderReader.property(of: key, on: object.name, default: property),
                            child.textContent, at: child)
                    }
                case "state":
                    // A button's title for a control state: `<state key="normal" title="OK"/>` → `normalTitle`.
                    guard let state = child.attribute("key") else { continue }
                    if let title = child.attribute("title") {
                        add(state + "Title", title, at: child)
                    } else if let string = child.childElements(named: "string").first(where: {
                        $0.attribute("key") == "title"
                    }) {
                        add(state + "Title", string.textContent, at: string)
                    }
                case "segments":
                    let segments = child.childElements(named: "segment")
                    for (index, segment) in segments.enumerated() {
                        if classPrefix == "NS" {
                            // NSSegmentedCell: `ibShadowedLabels[0]`, `ibShadowedToolTips[0]`.
                            if let label = segment.attribute("label") {
                                add("ibShadowedLabels[\(index)]", label, at: segment)
                            }
                            if let toolTip = segment.attribute("toolTip") {
                                add("ibShadowedToolTips[\(index)]", toolTip, at: segment)
                            }
                        } else if let title = segment.attribute("title") {
                            add("segmentTitles[\(index)]", title, at: segment)
                        }
                    }
                case "accessibility" where classPrefix != "NS":
                    if let label = child.attribute("label") { add("accessibilityLabel", label, at: child) }
                    if let hint = child.attribute("hint") { add("accessibilityHint", hint, at: child) }
                case "accessibility":
                    // macOS: the description is IB's external accessibility description.
                    if let description = child.attribute("description") {
                        add("ibExternalAccessibilityDescription", description, at: child)
                    }
                case "attributedString":
                    break
                default:
                    guard child.attribute("id") == nil, let key = child.attribute("key") else { continue }
                    for (attribute, property) in InterfaceBuilderReader.textAttributes {
                        if let value = child.attribute(attribute) { add(key + "." + property, value, at: child) }
                    }
                }
            }
        }

        /// The localizer comment of an object (`<attributedString key="userComments">`), its fragments joined.
        private static func note(of object: XMLElementNode) -> String? {
            guard
                let comments = object.childElements(named: "attributedString").first(where: {
                    $0.attribute("key") == "userComments"
                })
            else { return nil }
            var text = ""
            for fragment in comments.childElements(named: "fragment") {
                if let content = fragment.attribute("content") {
                    text += content
                } else if let string = fragment.childElements.first(where: {
                    ($0.name == "string" || $0.name == "mutableString") && $0.attribute("key") == "content"
                }) {
                    // A note of several lines is a `<mutableString key="content">`.
                    text += string.textContent
                }
            }
            return text.isEmpty ? nil : text
        }

        /// A value as ibtool quotes it in a comment: `\`, `"`, line feed, carriage return and tab escaped.
        static func escaped(_ text: String) -> String {
            var result = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\\": result += "\\\\"
                case "\"": result += "\\\""
                case "\n": result += "\\n"
                case "\r": result += "\\r"
                case "\t": result += "\\t"
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result
        }
    }
}
