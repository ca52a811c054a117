import SwiftUI

enum Mode {
    case light, dark

    var title: LocalizedStringKey {
        switch self {
        case .light: "Light"
        case .dark: "Dark"
        }
    }

    func subtitle() -> LocalizedStringKey {
        return "Appearance"
    }

    var resource: LocalizedStringResource { "Resource value" }
}

struct Typed: View {
    let isOn: Bool
    let name: String?
    var caption: LocalizedStringKey? = "Default caption"
    static let header: LocalizedStringResource = "Compose a post"
    let tabs: [LocalizedStringKey] = ["Recent", "Starred"]

    var body: some View {
        Text(isOn ? "Enabled" : "Disabled")
        Button(isOn ? "Stop" : "Start") {}
        Text(name.map { LocalizedStringKey($0) } ?? "Anonymous")
        Text("Casted" as LocalizedStringKey)
        Text(name ?? "No name")
        Text(caption ?? "Caption fallback")
        Text(Self.greeting(isOn: isOn))
    }

    static func greeting(isOn: Bool) -> LocalizedStringKey {
        if isOn {
            "Good morning"
        } else {
            "Good night"
        }
    }

    mutating func rename() {
        var label: LocalizedStringKey = "Initial"
        label = "Renamed"
        caption = isOn ? "Caption on" : "Caption off"
        let plain = "Plain string"
        _ = (label, plain)
    }

    func row(title: LocalizedStringKey = "Untitled") -> some View {
        Text(title)
    }
}
