import Foundation
import TestSupport
import Testing

/// A NUL in a `.strings` comment survives every command that edits the file in place (issue 31, item 19).
///
/// `merge` when the other side changed the entry's comment, `import` when it adds a key with its
/// development-language comment, in UTF-8 (past the first 64 bytes) and UTF-16. Untouched comments (the header,
/// between entries, at the end, `//` and `/* */`) keep theirs too.
@Suite("NUL in .strings comments: in-place writes keep it")
struct CommentNULTests {
    let folder: URL

    init() throws {
        folder = try StringBridgeProcess.temporaryFolder()
    }

    /// A file with a NUL in its header, in a `/* */` and a `//` comment of entries, between entries and at the end.
    static let base =
        "/* Header of the file, long enough to pass the first sixty-four bytes. \u{0} header NUL */\n\n"
        + "/* Greeting \u{0} comment */\n\"Hello\" = \"Hello\";\n\n// line \u{0} comment\n\"Bye\" = \"Bye\";\n"
        + "/* between \u{0} */\n\n\"Third\" = \"Third\";\n/* end \u{0} */\n"

    static func utf16(_ text: String) -> [UInt8] {
        [0xFF, 0xFE] + Array(text.utf16).flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    }

    func write(_ bytes: [UInt8], to relative: String) throws {
        let target = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: target)
    }

    func bytes(_ relative: String) -> [UInt8]? {
        (try? Data(contentsOf: folder.appendingPathComponent(relative))).map { [UInt8]($0) }
    }

    @Test("merge: the other side's new comment of an entry keeps its NUL (UTF-8 and UTF-16)", arguments: [false, true])
    func merge(utf16: Bool) throws {
        let encode = { (text: String) in utf16 ? Self.utf16(text) : Array(text.utf8) }
        let theirs = Self.base.replacingOccurrences(of: "Greeting \u{0} comment", with: "Greeting \u{0} new")
        let ours = Self.base.replacingOccurrences(of: "\"Bye\" = \"Bye\";", with: "\"Bye\" = \"Ciao\";")
        try write(encode(Self.base), to: "base.strings")
        try write(encode(ours), to: "ours.strings")
        try write(encode(theirs), to: "theirs.strings")
        let result = try StringBridgeProcess.run(
            ["merge", "base.strings", "ours.strings", "theirs.strings", "-o", "ours.strings"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == "")
        #expect(
            bytes("ours.strings")
                == encode(ours.replacingOccurrences(of: "Greeting \u{0} comment", with: "Greeting \u{0} new")))
    }

    @Test("import: a key added to a translation keeps its comment's NUL (UTF-8 and UTF-16)", arguments: [false, true])
    func importAddsKey(utf16: Bool) throws {
        let encode = { (text: String) in utf16 ? Self.utf16(text) : Array(text.utf8) }
        let english = Self.base + "/* four \u{0} th */\n\"Fourth\" = \"Fourth\";\n"
        let french = Self.base.replacingOccurrences(of: "\"Hello\";", with: "\"Bonjour\";")
        try write(encode(english), to: "en.lproj/Localizable.strings")
        try write(encode(french), to: "fr.lproj/Localizable.strings")
        try write(
            Array(
                AddressingTests.xliff([("en.lproj/Localizable.strings", "fr", "Salut")]).replacingOccurrences(
                    of: "</trans-unit>",
                    with: """
                        </trans-unit>
                                <trans-unit id="Fourth" xml:space="preserve">
                                  <source>Fourth</source>
                                  <target state="translated">Quatrième</target>
                                </trans-unit>
                        """
                ).utf8), to: "fr.xliff")
        let result = try StringBridgeProcess.run(["import", "fr.xliff"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == "")
        #expect(
            bytes("fr.lproj/Localizable.strings")
                == encode(
                    french.replacingOccurrences(of: "\"Bonjour\";", with: "\"Salut\";")
                        .replacingOccurrences(
                            of: "\"Third\" = \"Third\";\n",
                            with: "\"Third\" = \"Third\";\n\n/* four \u{0} th */\n\"Fourth\" = \"Quatrième\";\n")))
    }
}
