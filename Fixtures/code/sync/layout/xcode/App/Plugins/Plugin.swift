import SwiftUI

struct PluginView: View {
    var body: some View { Text("Plugin text") }
}
