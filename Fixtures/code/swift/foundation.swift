import Foundation
import SwiftUI

struct Plants {
    let name = String(localized: "Foxglove", table: "PlantSpecies", bundle: .module, comment: "Plant 1 name")
    let about = String(localized: "Settings tab: About", defaultValue: "About")
    let tab: String = .init(localized: "Go Back")
    let resource = LocalizedStringResource("Resource key", defaultValue: "Resource value", table: "Res", comment: "A resource")
    let key = LocalizedStringKey("Explicit key")
    let value = String.LocalizationValue("Localization value")
    let legacy = NSLocalizedString("No OID or SSID", bundle: .module, comment: "No OID or SSID")
    let fromTable = NSLocalizedString("Bottom Center", tableName: "Main", value: "", comment: "")
    let withValue = NSLocalizedString("greeting", value: "Hello", comment: "Greeting")
    let empty = String(localized: "Empty comment", comment: "")
    let text = Text("Table text", tableName: "Views", comment: "In a table")
    let formatted = NSLocalizedString("Space Savings: %d%%", comment: "Percent")
}
