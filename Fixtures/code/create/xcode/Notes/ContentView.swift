import SwiftUI

struct ContentView: View {
    let count: Int

    var body: some View {
        VStack {
            Text("Notes")
            Text("\(count) notes", comment: "The number of notes in the list")
            Button("New Note") {}
            Text(String(localized: "Sync now", table: "Settings", comment: "A button in the settings"))
        }
    }
}
