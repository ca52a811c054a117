import LocalizationCatalog

extension FormatID {
    /// String Catalogs (`.xcstrings`).
    public static let xcstrings = FormatID("xcstrings")
}

extension FormatDescriptor {
    /// String Catalogs (`.xcstrings`).
    public static let xcstrings = FormatDescriptor(
        id: .xcstrings, fileExtensions: ["xcstrings"], holdsEveryLanguage: true, reader: XCStringsReader(),
        writer: XCStringsWriter())
}
