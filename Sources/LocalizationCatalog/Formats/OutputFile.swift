/// One output file, relative to where the caller puts outputs.
public struct OutputFile: Sendable, Equatable {
    /// The path relative to the output root (`Localizable.xcstrings`, `fr.lproj/Localizable.strings`).
    public var relativePath: String
    /// The file's bytes.
    public var bytes: [UInt8]

    /// Creates an output file.
    public init(relativePath: String, bytes: [UInt8]) {
        self.relativePath = relativePath
        self.bytes = bytes
    }
}
