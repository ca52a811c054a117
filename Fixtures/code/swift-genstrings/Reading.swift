/// Usage, in a doc comment:
///
///     Text("In a doc comment")
/* NSLocalizedString("In a block comment", comment: "Commented out") */
let multi = """
    NSLocalizedString("In a multi-line literal", comment: "")
    """
let total = Text("\(count) of \(total), caf\u{E9} \"quoted\"")
let choice = Text(isOn ? "On" : "Off", tableName: "Switches", comment: "A switch")
let nested = Text(String(format: "%@ items", "Extra"), comment: "Nested literals are keys too")
let plain = Text(verbatim: "Verbatim")
let call = NSLocalizedString("Call", tableName: "Errors", value: "The call", comment: "With a value")
let macro = AppString("Macro", comment: " trimmed by export ")
let variable = NSLocalizedString(key, comment: "Not a literal key")
let broken = NSLocalizedString("Unterminated, comment: "the line ends")
let after = NSLocalizedString("%1@%2@", comment: "")
#if os(watchOS)
    let watch = Text("On the watch")
#endif
