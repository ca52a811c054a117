import Kit
import SwiftUI

struct AppView: View {
    var body: some View {
        VStack {
            Text("Welcome")
            // `headline` is declared in the local package Kit: its parameter is a key.
            headline("Hello from the app")
        }
    }
}
