import SwiftUI

struct Views: View {
    @State private var on = false
    @State private var name = ""
    @State private var date = Date()
    @State private var color = Color.red
    @State private var count = 0

    var body: some View {
        Text("Hello, world!")
        Button("Save") {}
        Button("Delete", role: .destructive) {}
        Label("Favorites", systemImage: "star")
        Toggle("Wi-Fi", isOn: $on)
        Section("General") { EmptyView() }
        NavigationLink("Details", destination: EmptyView())
        Picker("Flavor", selection: $name) { EmptyView() }
        TextField("Name", text: $name)
        SecureField("Password", text: $name)
        Menu("Actions") { EmptyView() }
        LabeledContent("Version", value: "1.0")
        ContentUnavailableView("No Results", systemImage: "magnifyingglass")
        Link("Website", destination: URL(string: "https://example.com")!)
        ProgressView("Loading")
        DatePicker("Start", selection: $date)
        ColorPicker("Tint", selection: $color)
        Stepper("Count", value: $count)
        DisclosureGroup("More") { EmptyView() }
        GroupBox("Box") { EmptyView() }
        Slider(value: .constant(0.5)) { Text("Volume") }
        Picker("", selection: $name) { EmptyView() }
    }
}

struct People: View {
    var body: some View {
        Table(of: Person.self) {
            TableColumn("Given Name", value: \.givenName)
        }
    }
}
