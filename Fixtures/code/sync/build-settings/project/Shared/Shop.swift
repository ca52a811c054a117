import SwiftUI

struct Shop: View {
    var body: some View {
        #if os(watchOS)
            Text("On the watch")
        #else
            Text("Other Bird Food")
        #endif
        #if os(iOS)
            Text("On iOS")
        #elseif os(macOS)
            Text("On macOS")
        #elseif os(visionOS)
            Text("On visionOS")
        #endif
        #if !os(watchOS) && DEBUG
            Text("Debug, not on the watch")
        #endif
        Text("Everywhere")
    }
}
