import SwiftUI

struct SharedView: View {
    var body: some View { Text("Shared text") }
}
