import Foundation
import LocalizationCatalog
import StringBridgeSupport
import TestSupport
import Testing

@testable import XcodeProjectSupport

/// The project file reader: values with their bytes, the nesting limit, the group tree and the editor.
@Suite("project.pbxproj reading and editing")
struct ProjectFileTests {
    static let text = """
        // !$*UTF8*$!
        {
        \tobjectVersion = 56;
        \tobjects = {

        /* Begin PBXBuildFile section */
        \t\tB1 /* a.strings in Resources */ = {isa = PBXBuildFile; fileRef = V1 /* a.strings */; };
        /* End PBXBuildFile section */

        /* Begin PBXGroup section */
        \t\tG1 = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tG2 /* App */,
        \t\t\t);
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tG2 /* App */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tV1 /* a.strings */,
        \t\t\t);
        \t\t\tpath = "My App";
        \t\t\tsourceTree = "<group>";
        \t\t};
        /* End PBXGroup section */

        /* Begin PBXVariantGroup section */
        \t\tV1 /* a.strings */ = {
        \t\t\tisa = PBXVariantGroup;
        \t\t\tchildren = (
        \t\t\t);
        \t\t\tname = a.strings;
        \t\t\tsourceTree = "<group>";
        \t\t};
        /* End PBXVariantGroup section */

        \t};
        \trootObject = P1;
        }

        """

    func file(_ text: String = Self.text) throws -> ProjectFile {
        try ProjectFile(path: "Demo.xcodeproj/project.pbxproj", bytes: Array(text.utf8))
    }

    @Test("Each object keeps its bytes: from its id to its ';'")
    func objectRanges() throws {
        let file = try file()
        #expect(file.objects.map(\.id) == ["B1", "G1", "G2", "V1"])
        let range = try #require(file.object("B1")).range
        #expect(
            String(decoding: file.bytes[range], as: UTF8.self)
                == "B1 /* a.strings in Resources */ = {isa = PBXBuildFile; fileRef = V1 /* a.strings */; };")
        #expect(file.object("G2")?["path"]?.string == "My App")
        #expect(file.sectionComments.map(\.text).first == " Begin PBXBuildFile section ")
    }

    @Test("A file nested 70,000 deep is refused at level 513 with its place, quickly and without a crash")
    func deepNesting() throws {
        let deep = "{ a = " + String(repeating: "(", count: 70_000) + String(repeating: ")", count: 70_000) + "; }"
        let start = Date()
        #expect {
            _ = try ProjectFile(path: "Deep.xcodeproj/project.pbxproj", bytes: Array(deep.utf8))
        } throws: { error in
            (error as? ConversionError)?.diagnostics.map(\.description) == [
                "Deep.xcodeproj/project.pbxproj:1:518: error: the project file nests arrays and dictionaries deeper "
                    + "than 512 levels; it is not read"
            ]
        }
        #expect(Date().timeIntervalSince(start) < 2)
        // 512 levels are read.
        let allowed = String(repeating: "(", count: 512) + String(repeating: ")", count: 512)
        #expect(throws: Never.self) { _ = try ProjectFile(path: "p", bytes: Array(allowed.utf8)) }
        #expect(InputLimits.nesting == 512)
    }

    @Test("A cycle of groups, or a chain deeper than 512, resolves to nothing instead of looping or recursing")
    func groupCycle() throws {
        var text = "{ rootObject = P; objects = { P = { isa = PBXProject; mainGroup = M; }; "
        text += "M = { isa = PBXGroup; children = ( C1 ); sourceTree = \"<group>\"; }; "
        text += "X = { isa = PBXGroup; children = ( Y ); path = x; sourceTree = \"<group>\"; }; "
        text += "Y = { isa = PBXGroup; children = ( X ); path = y; sourceTree = \"<group>\"; }; "
        for index in 1..<20_000 {
            text +=
                "C\(index) = { isa = PBXGroup; children = ( C\(index + 1) ); path = d; sourceTree = \"<group>\"; }; "
        }
        text += "C20000 = { isa = PBXFileReference; path = f.txt; sourceTree = \"<group>\"; }; }; }"
        let file = try ProjectFile(path: "Root/Demo.xcodeproj/project.pbxproj", bytes: Array(text.utf8))
        var tree = ProjectGroupTree(file: file)
        let cycle = (tree.path(of: "X"), tree.path(of: "Y"))
        #expect(cycle.0 == nil && cycle.1 == nil)
        let start = Date()
        let tooDeep = (tree.path(of: "C20000"), tree.path(of: "C19999"))
        #expect(tooDeep.0 == nil && tooDeep.1 == nil)
        // 512 levels below the main group resolve.
        let resolved = tree.path(of: "C511")
        let shallow = try #require(resolved)
        #expect(shallow.split(separator: "/").count == 1 + 511)
        #expect(Date().timeIntervalSince(start) < 2)
    }

    @Test("An edit changes only the lines edited; a section left empty goes with its blank line")
    func editing() throws {
        let file = try file()
        var editor = ProjectFileEditor(file: file)
        try editor.removeObject("V1")
        try editor.removeObject("B1")
        try editor.removeElement("V1", ofArray: "children", in: "G2")
        let id = editor.newID("PBXFileReference a.xcstrings")
        #expect(!file.contains(id.rawValue))
        #expect(editor.newID("PBXFileReference a.xcstrings") == id)
        try editor.addObject(
            id, isa: "PBXBuildFile", comment: "a.xcstrings in Resources", members: [("fileRef", "F9 /* a.xcstrings */")]
        )
        try editor.insertElement("F9", comment: "a.xcstrings", ofArray: "children", in: "G2")
        let expected = Self.text
            .replacingOccurrences(
                of: "\t\tB1 /* a.strings in Resources */ = {isa = PBXBuildFile; fileRef = V1 /* a.strings */; };\n",
                with:
                    "\t\t\(id) /* a.xcstrings in Resources */ = {isa = PBXBuildFile; fileRef = F9 /* a.xcstrings */; };\n"
            )
            .replacingOccurrences(of: "\t\t\t\tV1 /* a.strings */,\n", with: "\t\t\t\tF9 /* a.xcstrings */,\n")
            .replacingOccurrences(
                of: """
                    /* Begin PBXVariantGroup section */
                    \t\tV1 /* a.strings */ = {
                    \t\t\tisa = PBXVariantGroup;
                    \t\t\tchildren = (
                    \t\t\t);
                    \t\t\tname = a.strings;
                    \t\t\tsourceTree = "<group>";
                    \t\t};
                    /* End PBXVariantGroup section */


                    """, with: "")
        #expect(String(decoding: try editor.result(), as: UTF8.self) == expected)
    }

    @Test("A build setting goes in its sorted place; objectVersion replaced twice is one edit")
    func settingsAndVersion() throws {
        let text = """
            {
            \tobjectVersion = 54;
            \tobjects = {
            \t\tC1 /* Debug */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tALPHA = 1;
            \t\t\t\tZETA = 2;
            \t\t\t};
            \t\t};
            \t\tC2 /* Release */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t};
            \t\t};
            \t};
            }

            """
        var editor = ProjectFileEditor(file: try ProjectFile(path: "p", bytes: Array(text.utf8)))
        try editor.insertMember("MIDDLE", value: "YES", inDictionary: "buildSettings", of: "C1")
        try editor.insertMember("MIDDLE", value: "YES", inDictionary: "buildSettings", of: "C2")
        editor.replaceRootValue("objectVersion", with: "60")
        editor.replaceRootValue("objectVersion", with: "60")
        let expected =
            text
            .replacingOccurrences(of: "54", with: "60")
            .replacingOccurrences(of: "\t\t\t\tALPHA = 1;\n", with: "\t\t\t\tALPHA = 1;\n\t\t\t\tMIDDLE = YES;\n")
            .replacingOccurrences(
                of: "\t\t\tbuildSettings = {\n\t\t\t};",
                with: "\t\t\tbuildSettings = {\n\t\t\t\tMIDDLE = YES;\n\t\t\t};")
        #expect(String(decoding: try editor.result(), as: UTF8.self) == expected)
    }

    @Test("A place found by the line index is FileLocation's, LF, CR LF, lone CR and multi-byte scalars alike")
    func locations() throws {
        let text = "{ a = \"é\";\r\n b = c;\r d = (e,\n f); }"
        let file = try ProjectFile(path: "p", bytes: Array(text.utf8))
        for offset in 0...file.bytes.count {
            #expect(file.location(offset) == FileLocation(path: "p", bytes: file.bytes, offset: offset))
        }
    }

    @Test("A place not laid out one object per line is not edited")
    func refusesOddLayout() throws {
        let file = try ProjectFile(
            path: "p", bytes: Array("{ objects = { B1 = {isa = PBXBuildFile; }; B2 = {isa = PBXBuildFile; }; }; }".utf8)
        )
        var editor = ProjectFileEditor(file: file)
        #expect(throws: ConversionError.self) { try editor.removeObject("B1") }
    }

    @Test("Values are quoted as Xcode quotes them")
    func quoting() {
        #expect(projectFileQuoted("Localizable.xcstrings") == "Localizable.xcstrings")
        #expect(projectFileQuoted("<group>") == "\"<group>\"")
        #expect(projectFileQuoted("zh-Hans.lproj/a.xcstrings") == "\"zh-Hans.lproj/a.xcstrings\"")
        #expect(projectFileQuoted("My \"App\"") == "\"My \\\"App\\\"\"")
        #expect(projectFileQuoted("") == "\"\"")
    }
}
