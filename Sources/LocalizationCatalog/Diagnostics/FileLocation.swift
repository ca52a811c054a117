/// A place in a file: 1-based line and column, the column counted in characters (Unicode scalars), as libxml2 and
/// editors count them.
public struct FileLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file's path as given by the user.
    public var path: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in Unicode scalars from the start of the line.
    public var column: Int

    /// Creates a location.
    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column`.
    public var description: String { "\(path):\(line):\(column)" }

    /// The location of byte `offset` in the UTF-8 `bytes`, counting lines by LF (a CR LF pair or a lone CR also ends
    /// a line) and columns by scalars (continuation bytes do not count).
    package init(path: String, bytes: some Collection<UInt8>, offset: Int) {
        var line = 1
        var column = 1
        var previous: UInt8 = 0
        for byte in bytes.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                if previous != UInt8(ascii: "\r") { line += 1 }
                column = 1
            } else if byte == UInt8(ascii: "\r") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            previous = byte
        }
        self.init(path: path, line: line, column: column)
    }
}
