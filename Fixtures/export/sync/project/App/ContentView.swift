import SwiftUI

struct ContentView: View {
    var body: some View {
        VStack {
            Text("Hello", comment: "Greeting on the first screen")
            Text("New in code", comment: "A key the catalog does not have yet")
        }
    }
}
