import Foundation
import TestSupport
import Testing

/// Code is input too: table names that are paths, files nesting too deep for swift-syntax, files too large, and
/// files that cannot be read, each through the real `stringbridge` (docs/security.md, "Code").
@Suite("hostile code: table names, limits, unreadable files")
struct HostileCodeTests {
    static let sentinel = "{ \"sentinel\" : true }\n"

    @Test("a table name that is a path is refused at its call site; nothing is written outside -o")
    func tableNamePaths() throws {
        let folder = try ProjectFolder()
        try folder.write(
            """
            import SwiftUI
            let a = String(localized: "Escape", table: "../x")
            let b = NSLocalizedString("Up", tableName: "../../y", comment: "")
            let c = String(localized: "Absolute", table: "\(folder.path)/abs")
            let d = Text("Control", tableName: "a\\u{1B}b")
            let e = String(localized: "Fine", table: "Good")
            """, to: "work/Code/App.swift")
        try folder.write(
            """
            NSString *s = NSLocalizedStringFromTable(@"k", @"../../z", @"");
            NSString *t = NSLocalizedStringFromTable(@"k2", @"..", @"");

            """, to: "work/Code/Legacy.m")
        // What the paths would reach: existing catalogs that must stay as they are, and files that must not appear.
        try folder.write(Self.sentinel, to: "work/x.xcstrings")
        try folder.write(Self.sentinel, to: "y.xcstrings")
        let result = try StringBridgeProcess.run(
            ["extract", "Code", "-o", "Out"], in: folder.url.appendingPathComponent("work"))
        #expect(result.status == 0, "\(result.error)")
        let rule = "a table name is a file name, not a path"
        #expect(
            result.error == """
                Code/App.swift:2:27: warning: the table name "../x" holds "/": \(rule); "Escape" is not extracted
                Code/App.swift:3:27: warning: the table name "../../y" holds "/": \(rule); "Up" is not extracted
                Code/App.swift:4:27: warning: the table name "\(folder.path)/abs" holds "/": \(rule); "Absolute" is not \
                extracted
                Code/App.swift:5:14: warning: the table name "a\\u{1b}b" holds a control character: \(rule); "Control" \
                is not extracted
                Code/Legacy.m:1:42: warning: the table name "../../z" holds "/": \(rule); "k" is not extracted
                Code/Legacy.m:2:42: warning: the table name ".." holds "..": \(rule); "k2" is not extracted

                """)
        #expect(result.output == "wrote Out/Good.xcstrings: 1 key\n")
        #expect(try folder.read("work/x.xcstrings") == Self.sentinel)
        #expect(try folder.read("y.xcstrings") == Self.sentinel)
        let everything = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
        #expect(
            everything == [
                "work", "work/Code", "work/Code/App.swift", "work/Code/Legacy.m", "work/Out", "work/Out/Good.xcstrings",
                "work/x.xcstrings", "y.xcstrings",
            ])
    }

    /// A Swift package whose target holds a good file, the hostile `files`, and an empty catalog.
    func package(with files: [String: String]) throws -> ProjectFolder {
        let folder = try ProjectFolder()
        try folder.write(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "App", targets: [.executableTarget(name: "App")])
            """, to: "Package.swift")
        try folder.write("import SwiftUI\nlet title = Text(\"Hello\")\n", to: "Sources/App/Good.swift")
        for (name, text) in files { try folder.write(text, to: "Sources/App/\(name)") }
        try folder.write(ProjectFolder.emptyCatalog, to: "Sources/App/Resources/Localizable.xcstrings")
        return folder
    }

    static let synced = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Hello" : {

            }
          },
          "version" : "1.0"
        }

        """

    @Test(
        "Swift past the limits (bracket runs, nesting, interpolations, chains) is a positioned warning; the rest is synced"
    )
    func deepSwift() throws {
        var interpolation = "\"Inner\""
        for _ in 0..<130 { interpolation = "\"\\(" + interpolation + ")\"" }
        let files = [
            "Brackets.swift": "// [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[ in a comment\nlet x = "
                + String(repeating: "[", count: 30) + "\n",
            "Array.swift": "let y = " + String(repeating: "[", count: 2_000) + String(repeating: "]", count: 2_000)
                + "\n",
            "Interpolation.swift": "import SwiftUI\nlet t = Text(\(interpolation))\n",
            "Try.swift": "let z = " + String(repeating: "try ", count: 20) + "f()\n",
            "Chain.swift": "let w = a" + String(repeating: ".b", count: 12_000) + "\n",
        ]
        let folder = try package(with: files)
        let result = try StringBridgeProcess.run(["sync", "."], in: folder.url)
        #expect(result.status == 0, "\(result.error)")
        let run =
            "more than 8 brackets open in a row here, from a \"[\" (swift-syntax's time doubles with each); the file is not read"
        let nesting = "brackets and string interpolations nest more than 128 levels deep here; the file is not read"
        let words =
            "more than 16 words like \"try\" and \"await\" in a row here (swift-syntax recurses once for each); the file is not read"
        let tree =
            "the syntax tree is more than 10000 levels deep here (a chain such as a.b.c… or f()()…); the file is not read"
        // The 129th level: `Text(` and 127 interpolations (`"\(`) before it.
        let interpolationColumn = 13 + 127 * 3 + 2
        let lines = result.error.split(separator: "\n").map(String.init)
        #expect(
            lines.filter { !$0.hasPrefix("Sources/App/Chain.swift:") } == [
                "Sources/App/Array.swift:1:17: warning: \(run)",
                "Sources/App/Brackets.swift:2:17: warning: \(run)",
                "Sources/App/Interpolation.swift:2:\(interpolationColumn): warning: \(nesting)",
                "Sources/App/Try.swift:1:73: warning: \(words)",
            ])
        #expect(
            lines.filter { $0.hasPrefix("Sources/App/Chain.swift:1:") && $0.hasSuffix(": warning: \(tree)") }.count == 1
        )
        #expect(lines.count == 5)
        #expect(try folder.read("Sources/App/Resources/Localizable.xcstrings") == Self.synced)
        let extract = try StringBridgeProcess.run(["extract", "Sources", "-o", "Out"], in: folder.url)
        #expect(extract.status == 0)
        #expect(extract.error.split(separator: "\n").count == 5)
        #expect(extract.output == "wrote Out/Localizable.xcstrings: 1 key\n")
    }

    @Test("a code file larger than the limit is skipped with a warning; the others are read")
    func largeFile() throws {
        let large = String(repeating: "// padding\n", count: 4 << 20 / 11 + 1)
        let folder = try package(with: ["Large.swift": large])
        try folder.write(large, to: "Sources/App/Large.m")
        let result = try StringBridgeProcess.run(["sync", "."], in: folder.url)
        #expect(result.status == 0, "\(result.error)")
        let size = large.utf8.count
        let message =
            "the file is \(size) bytes, more than the 4194304 bytes a file of its kind may have; it is not read"
        #expect(
            result.error == """
                Sources/App/Large.swift:1:1: warning: \(message)
                Sources/App/Large.m:1:1: warning: \(message)

                """)
        #expect(try folder.read("Sources/App/Resources/Localizable.xcstrings") == Self.synced)
    }

    @Test("an unreadable storyboard is a warning and the exit status 0 (never error: with status 0)")
    func unreadableStoryboard() throws {
        let folder = try package(with: ["Main.storyboard": "<document><scenes>\n"])
        let result = try StringBridgeProcess.run(["sync", "."], in: folder.url)
        #expect(result.status == 0)
        #expect(!result.error.contains("error:"))
        #expect(result.error.hasPrefix("Sources/App/Main.storyboard:1:19: warning: "))
        #expect(result.error.hasSuffix("; its strings are not extracted\n"))
        #expect(try folder.read("Sources/App/Resources/Localizable.xcstrings") == Self.synced)
        let extract = try StringBridgeProcess.run(["extract", "Sources", "-o", "Out"], in: folder.url)
        #expect(extract.status == 0)
        #expect(!extract.error.contains("error:"))
        #expect(extract.error.hasSuffix("; its strings are not extracted\n"))
    }
}
