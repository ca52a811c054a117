import SwiftUI

func localizeString(_ key: String) -> String { key }

struct NotExtracted: View {
    let title: String
    let suffix = "s"

    var body: some View {
        Text(verbatim: "All Merged Text")
        Text(title)
        Text("Prefix" + suffix)
        Label(title, systemImage: "tray")
        Image(systemName: "star")
        Text(localizeString("DownloadingError"))
    }

    func log() {
        print("not a key")
        let plain = "plain string"
        _ = NSLocalizedString("Count: \(plain)", comment: "interpolated keys are not extracted")
        _ = plain
    }
}
