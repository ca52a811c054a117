import ProjectDescription

// Manifest helpers are not code of any target: "Helper text" is no key.
let helperTitle = Text("Helper text")
