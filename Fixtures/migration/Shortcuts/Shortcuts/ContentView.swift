import SwiftUI

struct ContentView: View {
    var body: some View {
        Text("greeting", comment: "The first screen's greeting")
    }
}
