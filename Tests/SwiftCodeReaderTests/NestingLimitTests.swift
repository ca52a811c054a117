import CodeExtraction
import LocalizationCatalog
import StringBridgeSupport
import Testing

@testable import SwiftCodeReader

/// The limits checked before swift-syntax parses a file (``SwiftNestingScan``, docs/security.md, "Code").
@Suite struct NestingLimitTests {
    func read(_ text: String) -> (keys: [String], messages: [String]) {
        var diagnostics = Diagnostics()
        let strings = SwiftCodeReader().strings(in: [CodeFile(path: "a.swift", text: text)], diagnostics: &diagnostics)
        return (strings.map(\.key), diagnostics.all.map(\.description))
    }

    static let run =
        "more than 8 brackets open in a row here, from a \"[\" (swift-syntax's time doubles with each); the file is not read"
    static let nesting = "brackets and string interpolations nest more than 128 levels deep here; the file is not read"

    @Test("8 brackets in a row from a [ are read; the 9th is refused at its place, comments between or not")
    func bracketRun() {
        let within =
            "let a = Text(\"Deep\", tableName: " + String(repeating: "[(", count: 4) + "\"T\""
            + String(repeating: ")]", count: 4) + ")"
        #expect(read(within).messages.isEmpty)
        let past = "let a = " + String(repeating: "[ /* c */\n", count: 9) + "1" + String(repeating: "]", count: 9)
        #expect(read(past).messages == ["a.swift:9:1: warning: \(Self.run)"])
        // Parentheses before the first [ and names between brackets end a run.
        let fine =
            "let a = " + String(repeating: "(", count: 20) + "[f([a, [a, [a, [a, [a, [a, [a, [a, [a]]]]]]]]])]"
            + String(repeating: ")", count: 20)
        #expect(read(fine).messages.isEmpty)
    }

    @Test("128 levels of nesting are read; the 129th is refused")
    func nestingLimit() {
        let within = "let a = " + String(repeating: "{ f(", count: 64) + String(repeating: ") }", count: 64)
        #expect(read(within).messages.isEmpty)
        let past = "let a = " + String(repeating: "{ f(", count: 64) + "{" + String(repeating: ") }", count: 64)
        #expect(read(past).messages == ["a.swift:1:265: warning: \(Self.nesting)"])
    }

    @Test("brackets in comments and string literals do not count; interpolations do")
    func whatCounts() {
        let brackets = String(repeating: "[", count: 200)
        let text = """
            // \(brackets)
            /* \(brackets) /* nested \(brackets) */ \(brackets) */
            let a = Text("\(brackets)")
            let b = Text(#"\\(\(brackets)"#)
            let c = Text(\"\"\"
                \(brackets)
                \"\"\")

            """
        #expect(read(text).messages.isEmpty)
        #expect(read(text).keys == [brackets, "\\(" + brackets, brackets])
        var nested = "\"x\""
        for _ in 0..<129 { nested = "\"\\(" + nested + ")\"" }
        #expect(
            read("let d = Text(\(nested))\n").messages == ["a.swift:1:\(13 + 127 * 3 + 2): warning: \(Self.nesting)"])
        var raw = "#\"x\"#"
        for _ in 0..<129 { raw = "#\"\\#(" + raw + ")\"#" }
        #expect(read("let e = \(raw)\n").messages.count == 1)
    }

    @Test("words that make swift-syntax recurse: try runs, else-if chains, arrows, #if nesting")
    func recursingWords() {
        #expect(read("let a = " + String(repeating: "try ", count: 16) + "f()").messages.isEmpty)
        #expect(read("let a = " + String(repeating: "try? ", count: 17) + "f()").messages.count == 1)
        let chain = "func f() {\nif a {}" + String(repeating: " else if a {}", count: 256) + "\n}"
        #expect(read(chain).messages.isEmpty)
        #expect(read(chain.replacingOccurrences(of: "\n}", with: " else if a {}\n}")).messages.count == 1)
        #expect(read("let a: " + String(repeating: "(A) -> ", count: 257) + "A").messages.count == 1)
        let protocolWithManyArrows = "protocol P {\n" + String(repeating: "func f() -> Int\n", count: 300) + "}"
        #expect(read(protocolWithManyArrows).messages.isEmpty)
        #expect(
            read(String(repeating: "#if a\n", count: 129) + String(repeating: "#endif\n", count: 129)).messages.count
                == 1)
    }

    @Test("a chain deeper than the tree limit is refused after parsing, before any walk")
    func deepTree() {
        let messages = read("let a = b" + String(repeating: ".c", count: 11_000)).messages
        #expect(messages.count == 1)
        #expect(
            messages.first?.hasSuffix(
                "the syntax tree is more than 10000 levels deep here (a chain such as a.b.c… or f()()…); the file is not read"
            ) == true)
    }
}
