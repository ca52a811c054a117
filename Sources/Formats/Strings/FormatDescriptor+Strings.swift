import LocalizationCatalog

extension FormatID {
    /// Legacy strings files (`.strings`).
    public static let strings = FormatID("strings")
}

extension FormatDescriptor {
    /// Legacy strings files (`.strings`): old-style text in UTF-8 or UTF-16, or XML and binary property lists.
    public static let strings = FormatDescriptor(
        id: .strings, fileExtensions: ["strings"], isLegacyTable: true, reader: StringsReader(),
        writer: StringsWriter(), editor: StringsEditor())
}
