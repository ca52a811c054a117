import SwiftUI

public func headline(_ key: LocalizedStringKey) -> some View {
    Text(key).font(.headline)
}

struct KitView: View {
    var body: some View { Text("Kit text", bundle: .module) }
}
