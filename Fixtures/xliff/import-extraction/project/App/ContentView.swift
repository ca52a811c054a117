import SwiftUI

struct ContentView: View {
    var count: Int
    var total: Int

    var body: some View {
        VStack {
            Text("Welcome")
            Text("greeting", comment: "Greeting on the home screen")
            Text("\(count) of \(total) done", comment: "Progress (1: done, 2: total)")
            Button("Delete") {}
            Text("Only in code")
        }
    }
}
