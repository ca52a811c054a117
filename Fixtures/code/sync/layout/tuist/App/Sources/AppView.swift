import Core
import SwiftUI

struct AppView: View {
    var body: some View {
        VStack {
            Text("Welcome")
            // `banner` is declared in the Core target the app depends on.
            banner("Hello from the app")
        }
    }
}
