import SwiftUI

struct Broken: View {
    var body: some View {
        Text("Fine")
        Text("Bad \q escape")
        Text("Unterminated
    }
}
