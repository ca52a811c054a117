import LocalizationCatalog

extension FormatID {
    /// Plural, device and width rules (`.stringsdict`).
    public static let stringsdict = FormatID("stringsdict")
}

extension FormatDescriptor {
    /// Plural, device and width rules (`.stringsdict`).
    public static let stringsdict = FormatDescriptor(
        id: .stringsdict, fileExtensions: ["stringsdict"], isLegacyTable: true, reader: StringsDictReader(),
        writer: StringsDictWriter(), editor: StringsDictEditor())
}
