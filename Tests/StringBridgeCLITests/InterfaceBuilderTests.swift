import Foundation
import TestSupport
import Testing

/// Interface Builder tables in XLIFF as Xcode names them (`<file original="…/Base.lproj/Main.storyboard">`), in
/// both layouts — `.strings` files beside the storyboard, and a `mul.lproj` catalog — and `.bundle` tables left
/// out of export.
///
/// Fixture: `Fixtures/xliff/interface-builder/project`.
@Suite("Interface Builder tables and bundles in export and import")
struct InterfaceBuilderTests {
    let folder: URL

    init() throws {
        folder = try StringBridgeProcess.temporaryFolder()
        try FileManager.default.copyItem(
            at: Fixtures.url("xliff/interface-builder/project"), to: folder.appendingPathComponent("project"))
    }

    var project: URL { folder.appendingPathComponent("project") }

    func bytes(_ relative: String) -> [UInt8] {
        (try? Data(contentsOf: folder.appendingPathComponent(relative))).map { [UInt8]($0) } ?? []
    }

    @Test(
        "export names IB tables after the storyboard or xib, warns about a storyboard-only table without extraction and leaves Settings.bundle out"
    )
    func export() throws {
        // With extraction (the default) the storyboard-only table is exported: ExportExtractionTests.
        let result = try StringBridgeProcess.run(
            ["export", ".", "--language", "fr", "-o", "../out", "--no-extract"], in: project)
        #expect(result.status == 0, "\(result.error)")
        let difference = Fixtures.compareGolden(bytes("out/fr.xliff"), "xliff/interface-builder/expected/fr.xliff")
        #expect(difference == nil, "\(difference ?? "")")
        #expect(
            result.error == """
                ./Legacy/Base.lproj/Main.storyboard:1:1: warning: the development-language texts of this Interface \
                Builder table live only in the storyboard, which export cannot read (no Base.lproj or en.lproj \
                .strings file); not exported: ./Legacy/fr.lproj/Main.strings
                .:1:1: warning: left out 1 table inside .bundle folders (a Settings.bundle is read by the Settings app, not \
                the app; --include-bundles exports them): ./Settings.bundle/en.lproj/Root.strings

                """)
    }

    @Test("--include-bundles exports the Settings.bundle table; a file named explicitly is always exported")
    func includeBundles() throws {
        let included = try StringBridgeProcess.run(
            ["export", ".", "--language", "fr", "-o", "../out", "--include-bundles"], in: project)
        #expect(included.status == 0, "\(included.error)")
        #expect(!included.error.contains("left out"))
        let xliff = String(decoding: bytes("out/fr.xliff"), as: UTF8.self)
        #expect(xliff.contains("<file original=\"Settings.bundle/en.lproj/Root.strings\""))
        let named = try StringBridgeProcess.run(
            ["export", "Settings.bundle/en.lproj/Root.strings", "--language", "fr", "-o", "../named"], in: project)
        #expect(named.status == 0)
        #expect(named.error == "")
        #expect(
            String(decoding: bytes("named/fr.xliff"), as: UTF8.self).contains("Settings.bundle/en.lproj/Root.strings"))
    }

    @Test("The .xcloc copies the storyboard or xib under Source Contents, at the original Xcode names")
    func xcloc() throws {
        let result = try StringBridgeProcess.run(
            ["export", ".", "--language", "fr", "-o", "../out", "--xcloc"], in: project)
        #expect(result.status == 0, "\(result.error)")
        let contents = "out/fr.xcloc/Source Contents/"
        #expect(
            bytes(contents + "Catalog/Base.lproj/Main.storyboard")
                == bytes("project/Catalog/Base.lproj/Main.storyboard"))
        #expect(bytes(contents + "Strings/Base.lproj/Login.xib") == bytes("project/Strings/Base.lproj/Login.xib"))
    }

    @Test(
        "import routes Xcode's IB names to the mul.lproj catalog, to L.lproj/T.strings, and to a storyboard-only table")
    func importsXcodeNames() throws {
        try FileManager.default.copyItem(
            at: Fixtures.url("xliff/interface-builder/fr.xliff"), to: folder.appendingPathComponent("fr.xliff"))
        let result = try StringBridgeProcess.run(["import", "../fr.xliff"], in: project)
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output == """
                Catalog/Base.lproj/Main.storyboard [fr] -> Catalog/mul.lproj/Main.xcstrings: 1 unit applied, 1 unit unchanged, 0 units not applied
                Legacy/Base.lproj/Main.storyboard [fr] -> Legacy/fr.lproj/Main.strings: 1 unit applied, 1 unit unchanged, 0 units not applied
                Strings/Base.lproj/Login.xib [fr] -> Strings/fr.lproj/Login.strings: 1 unit applied, 1 unit unchanged, 0 units not applied
                import: 3 units applied, 3 units unchanged, 0 units not applied; changed 3 files
                  changed: Catalog/mul.lproj/Main.xcstrings
                  changed: Legacy/fr.lproj/Main.strings
                  changed: Strings/fr.lproj/Login.strings

                """)
        #expect(
            result.error == """
                Legacy/Base.lproj/Main.storyboard:1:1: warning: this Interface Builder table has no en.lproj or Base.lproj \
                .strings file (its texts live in the storyboard, which is no table): the <source> texts of the XLIFF \
                are taken as its development-language texts

                """)
        for (table, golden) in [
            ("Catalog/mul.lproj/Main.xcstrings", "Main.xcstrings"), ("Legacy/fr.lproj/Main.strings", "Main.strings"),
            ("Strings/fr.lproj/Login.strings", "Login.strings"),
        ] {
            let difference = Fixtures.compareGolden(
                bytes("project/" + table), "xliff/interface-builder/expected/\(golden)")
            #expect(difference == nil, "\(table): \(difference ?? "")")
        }
        // Nothing else changed; the storyboards are never written.
        #expect(
            bytes("project/Strings/en.lproj/Login.strings")
                == (try Fixtures.bytes("xliff/interface-builder/project/Strings/en.lproj/Login.strings")))
        #expect(
            bytes("project/Legacy/Base.lproj/Main.storyboard")
                == (try Fixtures.bytes("xliff/interface-builder/project/Legacy/Base.lproj/Main.storyboard")))
        #expect(!FileManager.default.fileExists(atPath: project.appendingPathComponent("Legacy/en.lproj").path))
        // Importing again changes nothing.
        let again = try StringBridgeProcess.run(["import", "../fr.xliff"], in: project)
        #expect(again.status == 0)
        #expect(
            again.output.hasSuffix("import: 0 units applied, 6 units unchanged, 0 units not applied; changed 0 files\n")
        )
    }

    @Test("export then import of our own IB export gives the tables back unchanged")
    func roundTrip() throws {
        let export = try StringBridgeProcess.run(["export", ".", "--language", "fr", "-o", "../out"], in: project)
        #expect(export.status == 0)
        let before = bytes("project/Catalog/mul.lproj/Main.xcstrings")
        let result = try StringBridgeProcess.run(["import", "../out/fr.xliff"], in: project)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("Catalog/Base.lproj/Main.storyboard [fr] -> Catalog/mul.lproj/Main.xcstrings"))
        #expect(result.output.contains("Strings/Base.lproj/Login.xib [fr] -> Strings/fr.lproj/Login.strings"))
        #expect(result.output.hasSuffix("changed 0 files\n"))
        #expect(bytes("project/Catalog/mul.lproj/Main.xcstrings") == before)
    }
}
