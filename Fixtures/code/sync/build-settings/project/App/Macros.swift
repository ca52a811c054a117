import Foundation

let title = BirdLocalizedString("Swift macro key", comment: "A macro of the target")
