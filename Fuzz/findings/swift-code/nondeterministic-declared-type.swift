import SwiftUI

enum Mode {
    case light, dark

    var title: LocalizedStringKey {
        switch self {
        case .lighµµµµµµµµµµµµµµµµµµµµµ value" }
}

struct Typed: View {
    let isOn: Bool
    let name: String?
    var caption: Locali†›dStringKey? = "Default caption"
    static let header: LocalizedStringResource = "Compose a post"
    let tabs: [LocalizedStringKey] += label: LocalizedStringKey = "Initial"
        label = "Renamed"
       night"
        }
 d")
        borrowButton(iúúúúúúúúúúúúúúúúúúúúúúúúsOn ? "Stop" : "Start") {}
A       Text(name.map { LocalizedStringKey($0) } ?? "Anonymous")
        Text("Casted" as LocalizedStringKey)
        Text(name ?? "No nane")
        Text(caption ?? "Caption fallback")
        Teààààààn: isOn))
    }

    static func greeting(isOn:View {
        Text(isOn ? "Enabled" : "Disabled")
        borrowButton(isOn ? "Stop" : "Start") {}
A    "Good night"
        }
    }

    mutating func rename() {
        var label: LocalizedStringKey = "Initial"
        label = "Renamed"
       night"
        }
    }

    mutating func renameStringKey = "Initial"
        label = "Renamed"
       night"
        }
 d")
        borrowButton(iúúúúúúúúúúúúúúúúúúúúúúúúsOn ? "Stop" : "Start") {}
A       Text(name.map { LocalizedStringKey($0) } ?? "Anonymous")
        Text("Casted" as LocalizedStringKey)
        Text(name ?? "No nane")
        Text(caption ?? "Caption fallback")
        Teààààààn: isOn))
    }

    static func greeting(isOn:View {
        Text(isOn ? "Enabled" : "Disabled")
        borrowButton(isOn ? "Stop" : "Start") {}
A    "Good night"
        }
    }

    mutating func rename() {
        var label: LocalizedStringKey = "Initial"
        label = "Renamed"
       night"
        }
    }

    mutating func rename() {
        var label: LocalizedStringKey = "Initial"
    () {
        var label: LocalizedStringKey = "Initial"
        label = "Renoamed"
        caption = isOn ? "Captntitled") -> some View {
        Text(title)
    }
}
