import CodeExtraction
import LocalizationCatalog
import Testing

@testable import SwiftCodeReader

/// Types through chains of locals and properties (issue 32, item 4): each hop costs one step of the resolver's
/// depth, and a long or recursive chain still ends (docs/security.md, "Limits").
@Suite("Interpolation types through chains of locals and properties")
struct TypeChainTests {
    func keys(_ text: String) -> [String] {
        var diagnostics = Diagnostics()
        return SwiftCodeReader().strings(in: [CodeFile(path: "V.swift", text: text)], diagnostics: &diagnostics)
            .map(\.key)
    }

    @Test("SMAppService through one, three and four locals; locals through stored properties of project types")
    func chainsOfLocals() {
        let found = keys(
            """
            import ServiceManagement
            struct Stats { let hits: Int32; let misses: UInt16 }
            struct Model { let stats: Stats; let label: String }
            struct Other { let hits: String; let misses: Double; let stats: String }
            struct V: View {
                let model: Model
                var body: some View {
                    let service = SMAppService.mainApp
                    Text("One \\(service.status.rawValue)")
                    let status = service.status
                    let raw = status.rawValue
                    Text("Three \\(raw)")
                    let copy = raw
                    Text("Four \\(copy)")
                    let current = model
                    let stats = current.stats
                    let hits = stats.hits
                    let again = hits
                    Text("Hits \\(again) misses \\(current.stats.misses)")
                }
            }
            """)
        #expect(found == ["One %lld", "Three %lld", "Four %lld", "Hits %d misses %u"])
    }

    @Test("a chain longer than the bound, and a recursive one, end as %@ without hanging")
    func boundedChains() {
        var lines = ["struct V: View {", "    var body: some View {", "        let v0: Int32 = 1"]
        for index in 1...40 { lines.append("        let v\(index) = v\(index - 1)") }
        lines += ["        Text(\"Far \\(v40)\")", "        Text(\"Near \\(v6)\")", "    }", "}"]
        lines += [
            "struct Loop: View {",
            "    let a = b.next",
            "    let b = a.next",
            "    let c = c.c.c",
            "    var body: some View {",
            "        Text(\"Loop \\(a.rawValue) \\(c.value)\")",
            // Every hop a ternary of two more chains: the steps are bounded, not only the depth.
            "        let t0 = u ? t1 : t2",
            "        let t1 = u ? t2 : t3",
            "        let t2 = u ? t3 : t4",
            "        let t3 = u ? t4 : t5",
            "        let t4 = u ? t5 : t6",
            "        let t5 = u ? t6 : t7",
            "        let t6 = u ? t7 : t8",
            "        let t7 = u ? t8 : t9",
            "        let t8 = u ? t9 : t0",
            "        let t9 = u ? t0 : t1",
            "        Text(\"Branches \\(t0)\")",
            "    }",
            "}",
        ]
        let found = keys(lines.joined(separator: "\n"))
        #expect(found == ["Far %@", "Near %d", "Loop %@ %@", "Branches %@"])
    }
}
