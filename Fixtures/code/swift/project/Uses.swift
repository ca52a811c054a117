import SwiftUI

struct Screen: View {
    var body: some View {
        Badge(label: "New arrival")
            .sectionHeader("Featured", comment: "not the key's comment")
        Text("\(sharedCount) shared")
    }
}
