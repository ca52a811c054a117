import SwiftUI

struct SettingItem: View {
    var title: LocalizedStringKey
    var detail: String
    var icon: String = "gear"

    var body: some View { Text(title) }
}

struct ConfigHeader: View {
    let title: LocalizedStringKey
    let config: String

    init(title: LocalizedStringKey, config: String) {
        self.title = title
        self.config = config
    }

    var body: some View { Text(title) }
}

enum Banner {
    case message(LocalizedStringKey)
    case raw(String)
}

func sectionTitle(_ key: LocalizedStringResource, note: String = "") -> String { "" }
func overloaded(_ key: LocalizedStringKey) {}
func overloaded(_ text: String) {}

struct Uses: View {
    var body: some View {
        SettingItem(title: "APP ICON", detail: "not a key")
        ConfigHeader(title: "Ambient Lighting", config: "not a key")
        let _ = Banner.message("Saved")
        let _ = Banner.raw("raw text")
        let _ = sectionTitle("Section one", note: "not a key")
        let _ = overloaded("String overload wins")
        let _ = TextState("Agree")
    }
}
