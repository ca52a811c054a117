import CodeExtraction
import Foundation
import LocalizationCatalog
import Testing

@testable import SwiftCodeReader

/// The rules by which a literal's type comes from its context: implicit members, overload ranking, and declarations
/// the first pass reads (docs/extraction.md, "Types from context").
@Suite struct ContextTypeTests {
    /// What the reader extracts from `source`, one line per string as ``SwiftCodeReaderTests/dump(_:_:)`` writes it.
    static func extract(_ source: String) -> [String] {
        var diagnostics = Diagnostics()
        let strings = SwiftCodeReader().strings(
            in: [CodeFile(path: "a.swift", text: source)], diagnostics: &diagnostics)
        return SwiftCodeReaderTests.dump(strings, diagnostics).split(separator: "\n").map(String.init)
    }

    @Test func implicitResourceInitialiserIsAKeyWhereverItIs() {
        let source = #"""
            import SwiftUI
            struct Panel: View {
                var body: some View {
                    Label(.init("Panel.title", defaultValue: "Inbox", table: "Mail", comment: "panel title"),
                          systemImage: "tray")
                    Toggle(.init("Panel.unread", table: "Mail"), isOn: .constant(false))
                    unknownHelper(.init("Panel.helper", comment: "helper"))
                }
            }
            enum Folder {
                case sent
                var title: LocalizedStringResource {
                    switch self { case .sent: .init("Folder.sent", defaultValue: "Sent", table: "Mail") }
                }
            }
            func pick() {
                var chosen = Folder.sent.title
                chosen = .init("Folder.picked", bundle: .main, comment: "assigned")
                let tint: Color = .init("AccentTint", bundle: .main)
                shown(.init("Folder.bundled", bundle: .forClass(Panel.self)))
                let plain: String = .init("not a key")
                let data = Data(.init("not a key either", encoding: .utf8))
                let note: Note = .init("not a key: Note takes a String", comment: "x")
            }
            struct Note { init(_ text: String, comment: String) {} }
            """#
        #expect(
            Self.extract(source) == [
                #"4:21 swift Mail "Panel.title" value="Inbox" comment="panel title""#,
                #"6:22 swift Mail "Panel.unread""#,
                #"7:29 swift Localizable "Panel.helper" comment="helper""#,
                #"13:41 swift Mail "Folder.sent" value="Sent""#,
                #"18:20 swift Localizable "Folder.picked" comment="assigned""#,
                #"20:17 swift Localizable "Folder.bundled""#,
            ])
    }

    @Test func implicitMembersOfProjectTypesTakeTheirTypeFromContext() {
        let source = #"""
            struct Badge {
                let title: LocalizedStringKey
                let symbol: String
                init(_ title: LocalizedStringKey, symbol: String) { self.title = title; self.symbol = symbol }
                static let fresh: Badge = .init("Badge.new", symbol: "star")
                static func make(hot: Bool) -> Self { Self(hot ? "Badge.hot" : "Badge.cold", symbol: "flame") }
                static var plain: Self { Self.init("Badge.plain", symbol: "circle") }
            }
            struct Plain {
                init(_ text: String, symbol: String) {}
                static let plain: Plain = .init("not a key", symbol: "x")
            }
            enum Outcome { case done(LocalizedStringKey), failed(String) }
            struct Info { var title: LocalizedStringKey; var hint: String = "" }
            struct Screen {
                var badges: [Badge] = [.init("Badge.list", symbol: "a")]
                func present(_ badge: Badge) {}
                func report(_ outcome: Outcome) {}
                func run() {
                    present(.init("Badge.shown", symbol: "b"))
                    report(.done("Outcome.done"))
                    report(.failed("not a key"))
                    var rows = [Badge]()
                    rows.append(.init("Badge.appended", symbol: "c"))
                }
                var info: Info {
                    switch badges.count {
                    case 0: return .init(title: "Info.none")
                    default: return .init(title: "Info.some", hint: "not a key")
                    }
                }
            }
            """#
        #expect(
            Self.extract(source) == [
                #"5:37 swift Localizable "Badge.new""#,
                #"6:54 swift Localizable "Badge.hot""#,
                #"6:68 swift Localizable "Badge.cold""#,
                #"7:40 swift Localizable "Badge.plain""#,
                #"16:34 swift Localizable "Badge.list""#,
                #"20:23 swift Localizable "Badge.shown""#,
                #"21:22 swift Localizable "Outcome.done""#,
                #"24:27 swift Localizable "Badge.appended""#,
                #"28:37 swift Localizable "Info.none""#,
                #"29:38 swift Localizable "Info.some""#,
            ])
    }

    @Test func disfavoredStringOverloadLosesToAKeyOverload() {
        let source = #"""
            struct Chip {
                init(label: LocalizedStringResource) {}
                @_disfavoredOverload
                init(label: some StringProtocol) {}
                init(plain: String) {}
                @_disfavoredOverload
                init(plain: LocalizedStringKey) {}
            }
            func show(_ text: LocalizedStringKey) {}
            @_disfavoredOverload func show(_ text: String) {}
            func tell(_ text: LocalizedStringKey) {}
            func tell(_ text: String) {}
            let a = Chip(label: "Chip.label")
            let b = Chip(plain: "not a key")
            let c: Void = show("Shown")
            let d: Void = tell("not a key either")
            """#
        #expect(
            Self.extract(source) == [
                #"13:21 swift Localizable "Chip.label""#,
                #"15:20 swift Localizable "Shown""#,
            ])
    }

    @Test func aNameResolvesInItsOwnerTypeFirst() {
        let source = #"""
            struct ImportScreen {
                func notify(message: String) {}
                func run() { notify(message: "not a key") }
                func later() { DispatchQueue.main.async { self.notify(message: "still not a key") } }
            }
            struct ListScreen {
                func notify(message: LocalizedStringKey) {}
                func run() { notify(message: "List.notify") }
                func other(_ screen: ImportScreen) { screen.notify(message: "typed base, not a key") }
            }
            class BaseController { func notify(message: LocalizedStringKey) {} }
            class ImportController: BaseController {
                func run() { notify(message: "Base.notify") }
            }
            extension View { func announce(_ text: LocalizedStringKey) -> some View { self } }
            func announce(_ text: String) {}
            struct Panel: View {
                var body: some View { announce("Panel.announce") }
            }
            final class Store { var banner: LocalizedStringKey = "Store.default"; var note = "" }
            func update(store: Store) {
                let banner = String(describing: store.banner)
                print(banner)
                store.banner = "Store.banner"
                store.note = "not a key"
            }
            extension Store {
                func reset() {
                    banner = "Store.reset"
                    self.banner = "Store.reset.self"
                    note = "not a key"
                }
            }
            """#
        #expect(
            Self.extract(source) == [
                #"8:34 swift Localizable "List.notify""#,
                #"13:34 swift Localizable "Base.notify""#,
                #"18:36 swift Localizable "Panel.announce""#,
                #"20:54 swift Localizable "Store.default""#,
                #"24:20 swift Localizable "Store.banner""#,
                #"29:18 swift Localizable "Store.reset""#,
                #"30:23 swift Localizable "Store.reset.self""#,
            ])
    }

    @Test func aMethodOfTheTypeShadowsTheSDKModifierOfItsName() {
        let source = #"""
            import SwiftUI
            struct Sidebar: View {
                func badge(_ text: String) -> some View { Text(verbatim: text) }
                func help(_ text: LocalizedStringKey) -> some View { Text(text) }
                var body: some View {
                    VStack {
                        badge("not a key")
                        help("Sidebar.help")
                        Text("Sidebar.title").badge("Sidebar.count")
                    }
                }
            }
            struct Other: View {
                var body: some View { badge("Other.badge") }
            }
            extension View { func help(topic: Int) -> some View { self } }
            struct Third: View {
                var body: some View { help("Third.help") }
            }
            """#
        #expect(
            Self.extract(source) == [
                #"8:18 swift Localizable "Sidebar.help""#,
                #"9:18 swift Localizable "Sidebar.title""#,
                #"9:41 swift Localizable "Sidebar.count""#,
                #"14:33 swift Localizable "Other.badge""#,
                #"18:32 swift Localizable "Third.help""#,
            ])
    }

    @Test func aTernaryWithANonLiteralStringBranchIsAString() {
        let source = #"""
            import SwiftUI
            struct Profile: View {
                let name: String
                let count: Int
                let title: LocalizedStringKey
                let nickname: String?
                var body: some View {
                    Text(name.isEmpty ? "not a key" : name)
                    Text(count > 99 ? "not a key either" : String(count))
                    Text(name.isEmpty ? "Profile.empty" : title)
                    Text(count == 0 ? "Profile.zero" : "Profile.many")
                    Text(count == 0 ? name : "not a key at the end")
                    Text(nickname ?? "not a key after ??")
                }
            }
            """#
        #expect(
            Self.extract(source) == [
                #"10:29 swift Localizable "Profile.empty""#,
                #"11:27 swift Localizable "Profile.zero""#,
                #"11:44 swift Localizable "Profile.many""#,
            ])
    }

    @Test func memberwiseInitialisersOfStructsWithPropertyWrappers() {
        let source = #"""
            import SwiftUI
            struct Row: View {
                @Environment(\.dismiss) var dismiss
                @EnvironmentObject var model: Model
                let title: LocalizedStringKey
                @Binding var isOn: Bool
                @Binding var caption: LocalizedStringKey
                @State private var expanded = false
                var detail: String = ""
                var body: some View { Text(title) }
            }
            struct Screen: View {
                @State var on = false
                @State var caption: LocalizedStringKey = "Screen.caption"
                var body: some View {
                    Row(title: "Row.title", isOn: $on, caption: $caption, detail: "not a key")
                    Row(title: "Row.expanded", isOn: .constant(true), caption: .constant("Row.constant"), expanded: true)
                }
            }
            """#
        #expect(
            Self.extract(source) == [
                #"14:46 swift Localizable "Screen.caption""#,
                #"16:20 swift Localizable "Row.title""#,
                #"17:20 swift Localizable "Row.expanded""#,
            ])
    }

    @Test func tupleElementsAreTypedByTheTuplesDeclaration() {
        let source = #"""
            import SwiftUI
            struct Settings {
                let rows: [(title: LocalizedStringKey, icon: String)] = [("Rows.first", "a"), ("Rows.second", "b")]
                var header: (title: LocalizedStringKey, visible: Bool) { ("Header.title", true) }
                var footer: (String, LocalizedStringResource) { return ("not a key", "Footer.note") }
                func mark(text: (on: LocalizedStringResource, off: String)) {}
                func run() { mark(text: (on: "Mark.on", off: "not a key")) }
            }
            """#
        #expect(
            Self.extract(source) == [
                #"3:63 swift Localizable "Rows.first""#,
                #"3:84 swift Localizable "Rows.second""#,
                #"4:63 swift Localizable "Header.title""#,
                #"5:74 swift Localizable "Footer.note""#,
                #"7:34 swift Localizable "Mark.on""#,
            ])
    }

    @Test func rawValuesOfKeyEnumsAreKeys() {
        let source = #"""
            import SwiftUI
            enum Tab: LocalizedStringKey, CaseIterable {
                case inbox = "Tab.inbox"
                case archive, `default`
                var title: LocalizedStringKey { rawValue }
            }
            enum Kind: String { case plain = "not a key", other }
            """#
        #expect(
            Self.extract(source) == [
                #"3:18 swift Localizable "Tab.inbox""#,
                #"4:10 swift Localizable "archive""#,
                #"4:19 swift Localizable "default""#,
            ])
    }

    @Test func aLiteralReturnedFromAnImmediatelyCalledClosure() {
        let source = #"""
            import SwiftUI
            struct Meter: View {
                let level: Int
                var body: some View {
                    let label: LocalizedStringKey = {
                        switch level {
                        case 0: return "Meter.empty"
                        default: return "Meter.some"
                        }
                    }()
                    let plain: String = { return "not a key" }()
                    let short: LocalizedStringKey = { "Meter.short" }()
                    return Text(label)
                }
            }
            """#
        #expect(
            Self.extract(source) == [
                #"7:28 swift Localizable "Meter.empty""#,
                #"8:29 swift Localizable "Meter.some""#,
                #"12:43 swift Localizable "Meter.short""#,
            ])
    }

    /// Hostile code: the walks from a literal to its context are bounded, and a long sequence, tuple or call is
    /// read in linear time (each is looked at once, not once per literal in it).
    @Test(.timeLimit(.minutes(1))) func contextTypesAreBoundedOnHostileCode() {
        // Implicit members nested 120 deep: the context of the innermost is looked for a bounded number of levels.
        let nested =
            "struct B { init(_ k: LocalizedStringKey) {} }\nlet b: B = "
            + String(repeating: ".init(", count: 120) + "\"Deep\"" + String(repeating: ")", count: 120)
        #expect(Self.extract(nested) == [])
        let count = 10_000
        // A long chain of ?: with a String branch, a long tuple, and a call with many literal arguments.
        let chain =
            "struct P { let name: String\n var t: LocalizedStringKey { "
            + (0..<count).map { "c\($0) ? \"k\($0)\" : " }.joined() + "name } }"
        #expect(Self.extract(chain) == [])
        let tuple =
            "let t: (LocalizedStringKey, " + Array(repeating: "Int", count: count).joined(separator: ", ")
            + ") = (\"Tuple\", "
            + Array(repeating: "1", count: count).joined(separator: ", ") + ")"
        #expect(Self.extract(tuple) == [#"1:\#(count * 5 + 32) swift Localizable "Tuple""#])
        let call =
            "func f(_ a: String...) {}\nlet c: Void = f(" + (0..<count).map { "\"a\($0)\"" }.joined(separator: ", ")
            + ")"
        #expect(Self.extract(call).count == 0)
    }
}
