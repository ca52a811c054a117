import CodeExtraction
import Foundation
import LocalizationCatalog
import SwiftParser
import SwiftSyntax
import Testing

@testable import SwiftCodeReader

/// A name's declaration in a block is found through an index built once per block (``ScopeDeclarations``), not by
/// asking every statement for every interpolation: linear in a block of thousands of statements, and the same keys as
/// the exact rule.
@Suite("Declarations in scope: the block index and the exact scan agree")
struct ScopeDeclarationsTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Shadowing, guards (optional bindings, `case` patterns, `guard let self`), wrapper projections, members.
    static let scopes = """
        import SwiftUI
        struct Row: View {
            @State var count: Int32 = 0
            @Binding var level: UInt16
            let total: Double
            var body: some View {
                Text("Count \\(count) level \\(level) total \\(self.total)")
                let total = 5
                Text("Shadowed \\(total)")
                Toggle("Projected \\($count)", isOn: .constant(true))
            }
            func guarded(_ value: Int32?, _ pair: Pair?, _ option: UInt?) -> Text {
                guard let value else { return Text("None") }
                guard case .some(let inner) = pair else { return Text("No pair") }
                guard case let .some(bits) = option else { return Text("No bits") }
                guard let self = Optional(self) else { return Text("Gone") }
                let later: UInt8 = 1
                return Text("Value \\(value) inner \\(inner.first) bits \\(bits) later \\(later) self \\(self.total)")
            }
        }
        struct Pair { let first: Int16 }
        """

    func strings(_ files: [CodeFile], scanning: Bool) -> [ExtractedString] {
        var reader = SwiftCodeReader()
        reader.scansEveryDeclaration = scanning
        var diagnostics = Diagnostics()
        return reader.strings(in: files, diagnostics: &diagnostics)
    }

    @Test("every Swift fixture and a file of scopes give the same strings either way")
    func indexEqualsScan() throws {
        var files = [CodeFile(path: "Scopes.swift", text: Self.scopes)]
        let enumerator = try #require(FileManager.default.enumerator(atPath: Self.fixtures.path))
        for case let path as String in enumerator where path.hasSuffix(".swift") {
            let text = try String(contentsOf: Self.fixtures.appendingPathComponent(path), encoding: .utf8)
            files.append(CodeFile(path: path, text: text))
        }
        #expect(files.count > 50)
        let indexed = strings(files, scanning: false)
        #expect(indexed == strings(files, scanning: true))
        let scopes = indexed.filter { $0.location.path == "Scopes.swift" }.map(\.key)
        #expect(
            scopes == [
                "Count %d level %u total %lf", "Shadowed %lld", "Projected %@", "None", "No pair", "No bits", "Gone",
                "Value %d inner %d bits %llu later %u self %lf",
            ])
    }

    @Test("a block of 20,000 statements is indexed once: each name's candidates are its own declarations")
    func candidatesOfALargeBlock() throws {
        let count = 20_000
        var lines = ["func f() {"]
        for index in 0..<count { lines.append("    let v\(index): Int32 = \(index)") }
        lines.append("    guard let w = Optional(v1) else { return }")
        lines.append("}")
        let tree = Parser.parse(source: lines.joined(separator: "\n"))
        let function = try #require(tree.statements.first?.item.as(FunctionDeclSyntax.self))
        let block = try #require(function.body?.statements)
        let declarations = ScopeDeclarations()
        var candidates = 0
        for index in 0..<count {
            let found = declarations.statements(binding: "v\(index)", in: block)
            candidates += found.count
            if index == 1 { #expect(found.count == 2) }  // its `let`, and the guard that names it
        }
        #expect(candidates == count + 1)
        #expect(declarations.statements(binding: "w", in: block).count == 1)
        #expect(declarations.statements(binding: "missing", in: block).isEmpty)
        #expect(ScopeDeclarations(scansEverything: true).statements(binding: "missing", in: block).count == count + 1)
    }
}
