import SwiftUI

struct Configured: View {
    var body: some View {
        #if DEBUG
            Text("Debug only")
        #else
            Text("Release only")
        #endif
        #if false
            Text("Never compiled")
        #endif
        #if os(iOS)
            Text("On iOS")
        #elseif os(macOS)
            Text("On macOS")
        #else
            Text("Elsewhere")
        #endif
        #if !DEBUG
            Text("Not debug")
        #elseif BETA
            Text("Beta flag")
        #endif
        Text("Always")
            #if os(macOS)
                .help("Postfix help")
            #endif
    }
}
