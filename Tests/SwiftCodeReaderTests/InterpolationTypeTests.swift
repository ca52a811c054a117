import CodeExtraction
import LocalizationCatalog
import Testing

@testable import SwiftCodeReader

/// Interpolation types → format specifiers (docs/extraction.md, "Keys"), and what the reader says when it cannot
/// tell a type.
@Suite("interpolation types")
struct InterpolationTypeTests {
    func read(_ text: String, path: String = "V.swift") -> (keys: [String], strings: [ExtractedString], notes: [String])
    {
        var diagnostics = Diagnostics()
        let strings = SwiftCodeReader().strings(in: [CodeFile(path: path, text: text)], diagnostics: &diagnostics)
        return (strings.map(\.key), strings, diagnostics.all.map(\.description))
    }

    @Test("a member of a project type is typed by that type's declaration, not by the name elsewhere")
    func projectMembers() {
        let (keys, _, notes) = read(
            """
            struct Crate { let count: Int; var size: Int32; let weight: Double; var ratio: Float; var big: UInt }
            struct Note { let count: String }
            struct V: View {
                let crate: Crate
                let note: Note
                var body: some View {
                    Text("Crates \\(crate.count)")
                    Text("Notes \\(note.count)")
                    Text("Size \\(crate.size) weight \\(crate.weight) ratio \\(crate.ratio) big \\(crate.big)")
                    Text("Self \\(self.crate.count)")
                }
            }
            """)
        #expect(keys == ["Crates %lld", "Notes %@", "Size %d weight %lf ratio %f big %llu", "Self %lld"])
        #expect(notes == [])
    }

    @Test("closure parameters of ForEach, List and map take the collection's element type")
    func closureElements() {
        let (keys, _, notes) = read(
            """
            struct V: View {
                let sizes: [Int]
                let names: [String]
                var body: some View {
                    ForEach(sizes, id: \\.self) { Text("Size \\($0)") }
                    ForEach(sizes, id: \\.self) { size in Text("Named \\(size)") }
                    ForEach([2, 4, 8], id: \\.self) { step in Text("Every \\(step) days") }
                    ForEach(1...3, id: \\.self) { Text("Round \\($0)") }
                    List(names, id: \\.self) { Text("Hi \\($0)") }
                    let labels = sizes.map { Text("Mapped \\($0)") }
                }
            }
            """)
        #expect(
            keys == ["Size %lld", "Named %lld", "Every %lld days", "Round %lld", "Hi %@", "Mapped %lld"])
        #expect(notes == [])
    }

    @Test("Binding<Int>.wrappedValue, $x of @Binding/@State, wrapped integers of @State, @AppStorage and @Default")
    func wrappers() {
        let (keys, _, notes) = read(
            """
            extension Defaults.Keys { static let launches = Key<Int>("launches", default: 0) }
            struct V: View {
                @Binding var picked: Int
                @State private var taps = 0
                @State var small: Int32 = 3
                @AppStorage("opened") var opened = 0
                @Default(.launches) var launches
                let counter: Binding<Int>
                var body: some View {
                    Text("Picked \\(picked) \\($picked.wrappedValue)")
                    Text("Counter \\(counter.wrappedValue)")
                    Text("Taps \\(taps) small \\(small) opened \\(opened)")
                    Text("Launches \\(launches)")
                }
            }
            """)
        #expect(
            keys == [
                "Picked %lld %lld", "Counter %lld", "Taps %lld small %d opened %lld", "Launches %lld",
            ])
        #expect(notes == [])
    }

    @Test("associated values bound by a case pattern, and SDK aliases (OSStatus is Int32)")
    func caseBindingsAndAliases() {
        let (keys, _, _) = read(
            """
            enum Failure: Error {
                case exited(command: String, code: Int32)
                case mouse(Int)
                var message: LocalizedStringKey {
                    switch self {
                    case .exited(let command, let code): return "\\(command) exited with \\(code)"
                    case let .mouse(number): return "Button \\(number)"
                    }
                }
            }
            func describe(status: OSStatus) -> String {
                String(localized: "Keychain failed: \\(status)")
            }
            """)
        #expect(keys == ["%@ exited with %d", "Button %lld", "Keychain failed: %d"])
    }

    @Test("raw values of enums, methods of project types, and calls that say their type")
    func methodsAndRawValues() {
        let (keys, _, notes) = read(
            """
            enum Priority: Int32 { case low = 1, high }
            struct Basket { func total() -> Int { 0 }; func owner() -> String { "" } }
            struct V: View {
                let priority: Priority
                let basket: Basket
                let names: [String]
                var body: some View {
                    Text("Priority \\(priority.rawValue)")
                    Text("Total \\(basket.total()) for \\(basket.owner())")
                    Text("At \\(names.firstIndex(of: "a") ?? 0), sum \\(names.reduce(0) { $0 + $1.count })")
                    Text("Dice \\(Int.random(in: 1...6)) of \\(Int.max)")
                }
            }
            """)
        #expect(keys == ["Priority %d", "Total %lld for %@", "At %lld, sum %lld", "Dice %lld of %lld"])
        #expect(notes == [])
    }

    @Test("members seen from an extension, elements of arrays; a type taken from a name alone is a marked guess")
    func extensionsAndGuesses() {
        let (keys, strings, notes) = read(
            """
            struct Visit { var count: Int32 }
            struct Day { var visits: [Visit]; var hits: Int }
            extension Day {
                var summary: LocalizedStringKey { "Hits \\(hits), first \\(visits.first?.count ?? 0)" }
            }
            struct Other { var score: Double }
            func show(_ thing: Thing) -> some View { Text("Score \\(thing.score)") }
            """)
        #expect(keys == ["Hits %lld, first %d", "Score %lf"])
        #expect(strings.map(\.unresolvedSpecifiers.count) == [0, 1])
        #expect(
            notes == [
                "V.swift:7:54: note: the type of \"thing.score\" is not known without a type checker; the key "
                    + "\"Score %lf\" has %lf for it, where Xcode may write another specifier (sync takes a catalog key "
                    + "with any specifier there)"
            ])
    }

    @Test("an interpolation of unknown type is %@, marked on the string, and a note at the interpolation")
    func unknownTypeIsSaid() {
        let (keys, strings, notes) = read(
            """
            struct V: View {
                var body: some View {
                    Text("Total \\(model.total) of \\(3)")
                    Text("Plain \\(Text("x"))")
                }
            }
            """)
        #expect(keys == ["Total %@ of %lld", "Plain %@", "x"])
        #expect(
            strings[0].unresolvedSpecifiers == [
                ExtractedString.UnresolvedSpecifier(
                    range: 6..<8, location: FileLocation(path: "V.swift", line: 3, column: 21))
            ])
        #expect(strings[1].unresolvedSpecifiers == [])
        #expect(
            notes == [
                "V.swift:3:21: note: the type of \"model.total\" is not known without a type checker; the key "
                    + "\"Total %@ of %lld\" has %@ for it, where Xcode may write another specifier (sync takes a "
                    + "catalog key with any specifier there)"
            ])
    }
}

/// The SDK APIs and places of rule 7 (docs/extraction.md, "Key positions").
@Suite("SDK APIs and places")
struct SDKPlacesTests {
    func keys(_ text: String) -> [String] {
        var diagnostics = Diagnostics()
        return SwiftCodeReader().strings(in: [CodeFile(path: "A.swift", text: text)], diagnostics: &diagnostics)
            .map(\.key)
    }

    @Test("App Intents types made from a literal in a typed position, IntentDeprecation, needsValueError")
    func appIntents() {
        let found = keys(
            """
            enum Flavor: String, AppEnum {
                case sweet, sour
                static var typeDisplayRepresentation: TypeDisplayRepresentation = "Flavor"
                static var caseDisplayRepresentations: [Self: DisplayRepresentation] = [.sweet: "Sweet", .sour: "Sour"]
            }
            struct Order: AppIntent {
                static let description: IntentDescription = "Orders a snack"
                static let deprecation: IntentDeprecation = .init(message: "Use Reorder instead")
                @Parameter(title: "Snack", requestValueDialog: "Which one?") var snack: String
                var label: String = "not a key"
                func perform() async throws -> some IntentResult {
                    if snack.isEmpty { throw $snack.needsValueError("Which snack?") }
                    let size = try await $size.requestValue("How big?")
                    let dialog: IntentDialog = "Ordered"
                    return .result()
                }
            }
            """)
        #expect(
            found == [
                "Flavor", "Sweet", "Sour", "Orders a snack", "Use Reorder instead", "Snack", "Which one?",
                "Which snack?", "How big?", "Ordered",
            ])
    }

    @Test(
        "Charts .value and AxisValueLabel, ActivityKit AlertConfiguration, WidgetKit modifiers, ButtonKit AsyncButton")
    func sdkCalls() {
        let found = keys(
            """
            struct C: View {
                var body: some View {
                    Chart(items) { item in LineMark(x: .value("Month", item.month), y: .value("Sales", item.total)) }
                        .chartXAxis { AxisMarks { _ in AxisValueLabel("Months") } }
                }
            }
            let alert = AlertConfiguration(title: "Delivery", body: "Your snack is here.", sound: .default)
            struct W: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "snack", provider: P()) { _ in V() }
                        .configurationDisplayName("Snacks")
                        .description("Shows your snacks.")
                }
            }
            let stored = storage.value("not a chart key", 3)
            struct R: View { var body: some View { AsyncButton("Reload") { await reload() } } }
            """)
        #expect(
            found == [
                "Month", "Sales", "Months", "Delivery", "Your snack is here.", "Snacks", "Shows your snacks.", "Reload",
            ])
    }

    @Test("#Preview bodies, named or not, are not extracted")
    func previews() {
        let found = keys(
            """
            struct P: View { var body: some View { Text("Shipped") } }
            #Preview { Text("Preview alone") }
            #Preview("Dark") { P().navigationTitle("Preview title") }
            """)
        #expect(found == ["Shipped"])
    }
}

/// Calls of NSLocalizedString-like functions inside comments (docs/extraction.md, "Swift").
@Suite("Calls in Swift comments")
struct SwiftCommentCallsTests {
    @Test("A call of NSLocalizedString or a macro name inside a comment is extracted, in source order, at its place")
    func commentedCalls() {
        let text = """
            // let old = NSLocalizedString("Old title", comment: "A title no longer shown")
            let shown = NSLocalizedString("Shown", comment: "")
            /* let gone = MFLocalizedString("Gone %@ %@", comment: "Two arguments") */
            /// Text("Not a call of a localization function")
            // NSLocalizedString(title, comment: "not a literal key")
            let name = "NSLocalizedString(\\"in a string, not a comment\\", comment: \\"\\")"
            """
        var diagnostics = Diagnostics()
        let found = SwiftCodeReader(localizedStringMacroNames: ["MFLocalizedString"]).strings(
            in: [CodeFile(path: "C.swift", text: text)], diagnostics: &diagnostics)
        #expect(found.map(\.key) == ["Old title", "Shown", "Gone %@ %@"])
        #expect(found.map(\.comment) == ["A title no longer shown", nil, "Two arguments"])
        #expect(found.map { "\($0.location.line):\($0.location.column)" } == ["1:32", "2:31", "3:33"])
        // The numbered value genstrings writes is sync's to derive, not the code's.
        #expect(found.map(\.value) == [nil, nil, nil])
        #expect(diagnostics.all.isEmpty)
    }
}
