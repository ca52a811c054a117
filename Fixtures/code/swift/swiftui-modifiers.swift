import SwiftUI

struct Modifiers: View {
    @State private var shown = false
    @State private var query = ""

    var body: some View {
        List { EmptyView() }
            .navigationTitle("Inbox")
            .help("Shows the inbox")
            .alert("Delete the file?", isPresented: $shown) { Button("Delete", role: .destructive) {} }
            .confirmationDialog("Really quit?", isPresented: $shown) { EmptyView() }
            .accessibilityLabel("Inbox list")
            .accessibilityValue("3 unread")
            .accessibilityHint("Double tap to open")
            .badge("New")
            .badge(5)
            .searchable(text: $query, prompt: "Search mail")
            .accessibilityAction(named: "Archive") {}
            .accessibilityInputLabels(["Mail", "Messages"])
    }
}
