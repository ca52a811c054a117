import Foundation
import TestSupport
import Testing

/// XML input libxml2 used to report on standard error by itself, run through the built tool.
@Suite("stringbridge on hostile XML")
struct HostileXMLCommandTests {
    let folder: URL

    init() throws {
        folder = try StringBridgeProcess.temporaryFolder()
        try FileManager.default.copyItem(
            at: Fixtures.url("xliff/export/project"), to: folder.appendingPathComponent("project"))
    }

    var project: URL { folder.appendingPathComponent("project") }

    func snapshot() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: project, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if let data = try? Data(contentsOf: url) { files[url.path] = data }
        }
        return files
    }

    /// fr.xliff declaring windows-1252, with byte 0x81 (which windows-1252 leaves undefined) after "Principal".
    func undecodableDocument() throws -> URL {
        let text = String(decoding: try Fixtures.bytes("xliff/import/fr.xliff"), as: UTF8.self)
            .replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"windows-1252\"")
        var bytes = Array(text.utf8)
        let marker = Array("Principal".utf8)
        let index = try #require(
            (0...(bytes.count - marker.count)).first { Array(bytes[$0..<($0 + marker.count)]) == marker })
        bytes.insert(0x81, at: index + marker.count)
        let url = folder.appendingPathComponent("fr.xliff")
        try Data(bytes).write(to: url)
        return url
    }

    @Test(
        "An undecodable byte in a windows-1252 XLIFF fails the import at its place: nothing applied, nothing printed by libxml2"
    )
    func importUndecodable() throws {
        _ = try undecodableDocument()
        let before = try snapshot()
        let result = try StringBridgeProcess.run(["import", "../fr.xliff"], in: project)
        #expect(result.status == 1)
        #expect(
            result.error == "../fr.xliff:19:26: error: byte 0x81 is not valid windows-1252, which the file declares\n")
        #expect(try snapshot() == before)
    }

    @Test("convert of a Shift_JIS XLIFF with an undecodable byte fails at its place and writes nothing")
    func convertUndecodable() throws {
        var bytes = Array(
            """
            <?xml version="1.0" encoding="Shift_JIS"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
              <file original="en.lproj/Localizable.strings" source-language="en" target-language="ja" datatype="plaintext">
                <body>
                  <trans-unit id="a" xml:space="preserve">
                    <source>A</source>
                    <target>
            """.utf8)
        bytes += [0x93, 0xFA, 0x96, 0x7B, 0xFF, 0xFC]  // 日本, then a byte Shift_JIS never uses
        bytes += Array("</target>\n      </trans-unit>\n    </body>\n  </file>\n</xliff>\n".utf8)
        try Data(bytes).write(to: folder.appendingPathComponent("ja.xliff"))
        let result = try StringBridgeProcess.run(["convert", "ja.xliff", "-o", "ja.xcstrings"], in: folder)
        #expect(result.status == 1)
        #expect(result.error == "ja.xliff:7:19: error: byte 0xFF is not valid Shift_JIS, which the file declares\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("ja.xcstrings").path))
    }

    @Test("200,000 attributes on one element are refused at once, with one diagnostic")
    func manyAttributes() throws {
        var text = "<?xml version=\"1.0\"?>\n<xliff version=\"1.2\""
        for index in 0..<200_000 { text += " a\(index)=\"x\"" }
        text += "/>\n"
        try Data(text.utf8).write(to: folder.appendingPathComponent("a.xliff"))
        let start = ContinuousClock.now
        let result = try StringBridgeProcess.run(["convert", "a.xliff", "-o", "a.xcstrings"], in: folder)
        #expect(ContinuousClock.now - start < .seconds(3))
        #expect(result.status == 1)
        #expect(
            result.error
                == "a.xliff:2:1: error: the element <xliff> has more than 1000 attributes, more than this reader accepts in one element\n"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.xcstrings").path))
    }
}
