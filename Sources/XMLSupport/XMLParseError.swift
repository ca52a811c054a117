/// Why an XML document could not be read, with the 1-based place where reading stopped.
///
/// Only the first error is reported. `description` is compiler style: `path:line:column: error: message`.
package struct XMLParseError: Error, Sendable, Equatable, CustomStringConvertible {
    package var path: String
    package var line: Int
    package var column: Int
    package var message: String

    package init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    package var description: String {
        "\(path):\(line):\(column): error: \(message)"
    }
}
