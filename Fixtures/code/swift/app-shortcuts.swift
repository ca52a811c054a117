import AppIntents

struct DocumentShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: CreateDocumentIntent(),
            phrases: [
                "Create a document in \(.applicationName)",
                "New \(\.$kind) in \(.applicationName)",
            ],
            shortTitle: "Create Document",
            systemImageName: "doc"
        )
    }
}
