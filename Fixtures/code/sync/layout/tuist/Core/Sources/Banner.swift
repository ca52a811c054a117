import SwiftUI

public func banner(_ title: LocalizedStringKey) -> some View {
    Text(title).font(.title)
}

struct CoreView: View {
    var body: some View { Text("Core text") }
}
