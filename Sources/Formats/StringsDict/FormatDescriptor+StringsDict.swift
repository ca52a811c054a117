import LocalizationCatalog

extension FormatDescriptor {
    /// Plural, device and width rules (`.stringsdict`).
    public static let stringsdict = FormatDescriptor(
        name: "stringsdict", fileExtensions: ["stringsdict"], reader: StringsDictReader(), writer: StringsDictWriter())
}
