import SwiftUI

struct Badge: View {
    let label: LocalizedStringKey
    var body: some View { Text(label) }
}

extension View {
    func sectionHeader(_ title: LocalizedStringKey, comment: StaticString) -> some View { self }
}

let sharedCount: Int = 0
