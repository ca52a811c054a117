import SwiftUI

/// A card of the list.
///
/// Usage:
///
///     Card {
///         Text("Above dynamic data")
///     }
struct Card: View {
    let count: Int

    var body: some View {
        VStack {
            Text("\(count) rates per day")
            Text(count > 1 ? "Many" : "One")
            Text("Shared", comment: "Title of the card")
            Text(verbatim: "Not a key")
            Button("Buy") {}
        }
    }
}

// let old = LocalizedString("Commented out", comment: "A call in a comment")
let shared = LocalizedString("Shared", comment: "  button title  ")
let sentence = NSLocalizedString(
    "%1@%2@", comment: "Adds a full-stop to a statement (1: statement, 2: full stop character)")
let range = LocalizedString("Between %@ and %@", comment: "")
let error = LocalizedString("Not found", tableName: "Errors", comment: "No Errors.strings: not exported")
let resource = String(localized: "Compiler only")
