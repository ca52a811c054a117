/// Why an XML document could not be read, with the 1-based place where reading stopped.
///
/// Only the first error is reported. `description` is compiler style: `path:line:column: error: message`.
public struct XMLParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        "\(path):\(line):\(column): error: \(message)"
    }
}
