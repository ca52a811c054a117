import CodeExtraction
import LocalizationCatalog
import Testing

/// Interface Builder, round three (docs/extraction.md, "Interface Builder"): a table column's data-cell title, a
/// menu item's note on its submenu, multi-line notes.
@Suite("Interface Builder: data-cell titles, submenu notes, multi-line notes")
struct RoundThreeInterfaceBuilderTests {
    static let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" targetRuntime="MacOSX.Cocoa">
            <objects>
                <tableView id="tv1-aa-bbb">
                    <tableColumns>
                        <tableColumn identifier="name" id="col-aa-001">
                            <tableHeaderCell key="headerCell" title="Name"/>
                            <textFieldCell key="dataCell" title="Untitled" id="cel-aa-001"/>
                        </tableColumn>
                        <tableColumn identifier="size" id="col-aa-002">
                            <textFieldCell key="dataCell" title="Text Cell" id="cel-aa-002"/>
                        </tableColumn>
                    </tableColumns>
                </tableView>
                <menuItem title="Export" id="mnu-aa-001">
                    <attributedString key="userComments">
                        <fragment>
                            <mutableString key="content">Menu bar &gt; File
        second line</mutableString>
                        </fragment>
                    </attributedString>
                    <menu key="submenu" title="Export" id="sub-aa-001">
                        <items>
                            <menuItem title="As PDF" id="itm-aa-001"/>
                        </items>
                    </menu>
                </menuItem>
            </objects>
        </document>
        """

    @Test("data-cell titles other than Text Cell, a menu item's note on its submenu, a multi-line mutableString note")
    func roundThree() {
        var diagnostics = Diagnostics()
        let strings = InterfaceBuilderReader().strings(
            in: [CodeFile(path: "Base.lproj/Main.xib", text: Self.xib)], diagnostics: &diagnostics)
        #expect(diagnostics.all.isEmpty)
        let lines = strings.map { "\($0.key) = \($0.value ?? "") | \($0.comment ?? "")" }
        let note = #" Note = "Menu bar > File\nsecond line";"#
        #expect(
            lines == [
                #"col-aa-001.headerCell.title = Name | Class = "NSTableColumn"; headerCell.title = "Name"; ObjectID = "col-aa-001";"#,
                #"cel-aa-001.title = Untitled | Class = "NSTextFieldCell"; title = "Untitled"; ObjectID = "cel-aa-001";"#,
                #"mnu-aa-001.title = Export | Class = "NSMenuItem"; title = "Export"; ObjectID = "mnu-aa-001";"# + note,
                #"sub-aa-001.title = Export | Class = "NSMenu"; title = "Export"; ObjectID = "sub-aa-001";"# + note,
                #"itm-aa-001.title = As PDF | Class = "NSMenuItem"; title = "As PDF"; ObjectID = "itm-aa-001";"#,
            ])
    }
}
