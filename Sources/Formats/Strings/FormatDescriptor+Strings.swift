import LocalizationCatalog

extension FormatDescriptor {
    /// Legacy strings files (`.strings`): old-style text in UTF-8 or UTF-16, or XML and binary property lists.
    public static let strings = FormatDescriptor(
        name: "strings", fileExtensions: ["strings"], reader: StringsReader(), writer: StringsWriter())
}
