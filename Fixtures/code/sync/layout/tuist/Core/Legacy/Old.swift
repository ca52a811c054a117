import SwiftUI

struct OldView: View {
    var body: some View { Text("Legacy text") }
}
