import SwiftUI

struct Crlf: View {
    var body: some View {
        VStack { Text("日本語"); Text("After CJK") }
        Text("Tab\tkey")
    }
}
