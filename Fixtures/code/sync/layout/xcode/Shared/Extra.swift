import SwiftUI

struct ExtraView: View {
    var body: some View { Text("Extra text") }
}
