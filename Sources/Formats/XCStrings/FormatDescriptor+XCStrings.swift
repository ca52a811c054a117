import LocalizationCatalog

extension FormatDescriptor {
    /// String Catalogs (`.xcstrings`).
    public static let xcstrings = FormatDescriptor(
        name: "xcstrings", fileExtensions: ["xcstrings"], reader: XCStringsReader(), writer: XCStringsWriter())
}
