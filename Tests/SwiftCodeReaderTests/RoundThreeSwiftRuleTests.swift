import CodeExtraction
import LocalizationCatalog
import Testing

@testable import SwiftCodeReader

/// The Swift rules of projects we never saw, round three (docs/extraction.md, "Keys" and "Key positions"): each test
/// is synthetic code written for its rule.
@Suite("Swift rules, round three: interpolation types, calls through values, ?: and SDK overloads")
struct RoundThreeSwiftRuleTests {
    func keys(_ text: String) -> [String] {
        var diagnostics = Diagnostics()
        return SwiftCodeReader().strings(in: [CodeFile(path: "V.swift", text: text)], diagnostics: &diagnostics)
            .map(\.key)
    }

    @Test("labelled tuple elements of properties, parameters, locals, function and closure results, and a typealias")
    func tupleElements() {
        let found = keys(
            """
            typealias Tally = (done: Int16, total: Int)
            struct V: View {
                let progress: (done: Int, total: UInt)
                let tally: Tally
                func stats() -> (count: Int32, ratio: Double) { (1, 0.5) }
                func row(pair: (name: String, size: UInt8)) -> some View {
                    Text("Size \\(pair.size) of \\(pair.name)")
                }
                var body: some View {
                    Text("Done \\(progress.done) of \\(progress.total)")
                    Text("Tally \\(tally.done) of \\(tally.total)")
                    Text("Count \\(stats().count) ratio \\(stats().ratio)")
                    let local: (hours: Int32, minutes: Int) = (1, 2)
                    Text("At \\(local.hours):\\(local.minutes)")
                    let measure = { () -> (width: Float, height: Int) in (1, 2) }
                    Text("Width \\(measure().width) height \\(measure().height)")
                    Text("First \\(progress.0)")
                }
            }
            """)
        #expect(
            found == [
                "Size %u of %@", "Done %lld of %llu", "Tally %d of %lld", "Count %d ratio %lf", "At %d:%lld",
                "Width %f height %lld", "First %lld",
            ])
    }

    @Test("immediately called closures, members of generic project types, ranges and their bounds")
    func closuresGenericsRanges() {
        let found = keys(
            """
            struct Field<Value> { var text: String; var value: Value; var width: Int16 }
            enum Limits {
                static let maximum = { let n: UInt32 = 4; return n }()
                static let minimum = { 2 }()
            }
            struct V: View {
                let field: Field<Int?>
                let span: ClosedRange<UInt16>
                let names: [String]
                var body: some View {
                    Text("Max \\(Limits.maximum) min \\(Limits.minimum)")
                    let computed = { () -> Int32 in 3 }()
                    Text("Computed \\(computed)")
                    Text("Field \\(field.text) value \\(field.value) width \\(field.width)")
                    ForEach(span, id: \\.self) { port in Text("Port \\(port)") }
                    Text("From \\(span.lowerBound) to \\(span.upperBound)")
                    let steps = 1...4
                    Text("Steps from \\(steps.lowerBound)")
                    ForEach(Array(names.reversed()), id: \\.self) { name in Text("Name \\(name)") }
                }
            }
            """)
        #expect(
            found == [
                "Max %u min %lld", "Computed %d", "Field %@ value %lld width %d", "Port %u", "From %u to %u",
                "Steps from %lld", "Name %@",
            ])
    }

    @Test("element types through filter and sorted, Table rows, closure parameters typed by the callee, if case let x?")
    func elementsAndBindings() {
        let found = keys(
            """
            struct Item: Identifiable { let id: Int; let size: UInt64; let level: Int8 }
            func measure(_ done: @escaping (_ code: Int32, _ ratio: Double) -> Void) {}
            struct V: View {
                let items: [Item]
                let limit: UInt16?
                var body: some View {
                    ForEach(items.filter { $0.size > 0 }.sorted { $0.id < $1.id }) { item in
                        Text("Size \\(item.size)")
                    }
                    Table(items) {
                        TableColumn("Level") { row in Text("Level \\(row.level)") }
                    }
                    Button("Measure") { measure { code, ratio in print(Text("Code \\(code) ratio \\(ratio)")) } }
                    if case let value? = limit { Text("Limit \\(value)") }
                    if case .some(let other) = limit { Text("Other \\(other)") }
                }
            }
            """)
        #expect(
            found == [
                "Size %llu", "Level", "Level %d", "Measure", "Code %d ratio %lf", "Limit %u", "Other %u",
            ])
    }

    @Test("SDK results: OSStatus of Security and Core Audio functions, SMAppService.Status.rawValue")
    func sdkResults() {
        let found = keys(
            """
            import ServiceManagement
            struct V: View {
                var body: some View {
                    let status = SecItemCopyMatching(query, &result)
                    Text("Keychain error \\(status)")
                    Text("Login item \\(SMAppService.mainApp.status.rawValue)")
                    Text("Helper \\(SMAppService.loginItem(identifier: "x").status.rawValue)")
                }
            }
            """)
        #expect(found == ["Keychain error %d", "Login item %lld", "Helper %lld"])
    }

    @Test("a local or stored property of function type taking LocalizedStringKey is a key parameter")
    func callsThroughValues() {
        let found = keys(
            """
            struct Menu2: View {
                let onPick: (LocalizedStringKey) -> Void
                var describe: ((_ title: LocalizedStringKey, _ count: Int) -> Text)?
                let log: (String) -> Void
                var body: some View {
                    let show: @escaping (LocalizedStringKey) -> Void = { _ in }
                    Button("Pick") { onPick("Picked") }
                    Button("Show") { show("Shown") }
                    Button("Self") { self.onPick("Through self") }
                    Button("Log") { log("Not a key") }
                    describe?("Described", 2)
                }
            }
            """)
        #expect(found == ["Pick", "Picked", "Show", "Shown", "Self", "Through self", "Log", "Described"])
    }

    @Test("a < b ? x : y is typed as its parenthesised form; ?: with a branch of unknown type is a String")
    func ternaries() {
        let found = keys(
            """
            struct V: View {
                let small: Int32
                let large: Int32
                let count: Int
                var body: some View {
                    Text("Least \\(small < large ? small : large)")
                    Text("Least \\((small < large) ? small : large)")
                    Text(count > 1 ? "Many" : "One")
                    Text(count > 1 ? "Several" : unknownName)
                    Text(isOn ? someValue.title : "Off")
                }
            }
            """)
        #expect(found == ["Least %d", "Least %d", "Many", "One"])
    }

    @Test("UndoManager.setActionName(_:) takes a LocalizedStringResource: its literal is a key")
    func undoActionName() {
        let found = keys(
            """
            final class Editor {
                let undoManager = UndoManager()
                func rename(_ name: String) {
                    undoManager.setActionName("Rename Layer")
                    undoManager.setActionName(name)
                }
            }
            """)
        #expect(found == ["Rename Layer"])
        // Built for a system without LocalizedStringResource (MACOSX_DEPLOYMENT_TARGET 12.4): the String overload.
        var reader = SwiftCodeReader()
        reader.resourceOverloads = false
        var diagnostics = Diagnostics()
        let older = reader.strings(
            in: [CodeFile(path: "E.swift", text: "func f(u: UndoManager) { u.setActionName(\"Rename Layer\") }")],
            diagnostics: &diagnostics)
        #expect(older.map(\.key) == [])
    }
}
