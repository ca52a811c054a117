import SwiftUI

@main
struct SampleApp: App {
    var body: some Scene {
        WindowGroup("Main Window") { ContentView() }
        Window("Activity", id: "activity") { ContentView() }
        MenuBarExtra("Status", systemImage: "bolt") { ContentView() }
            .commands {
                CommandMenu("Tools") { Button("Run") {} }
            }
    }
}
