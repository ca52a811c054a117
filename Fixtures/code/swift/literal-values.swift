import SwiftUI

struct Literals: View {
    var body: some View {
        Text("Line one\nLine two\t\"quoted\" \\ \u{1F600}")
        Text("""
            Early access to new bird species and enhanced journaling for the \
            most avid bird watchers.
            """)
        Text("""
            First line
              indented second line
            """)
        Text(#"Raw \n "string""#)
        Text(##"Raw with \##(1) pounds"##)
        Text("")
        Text("< 1%")
        Text("Grüße, 日本")
    }
}
