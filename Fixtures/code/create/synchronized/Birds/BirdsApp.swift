import SwiftUI

@main
struct BirdsApp: App {
    var body: some Scene {
        WindowGroup {
            Text("Birds")
        }
    }
}
