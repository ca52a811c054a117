/// A place in a file: 1-based line and column, the column counted in UTF-8 bytes (as compilers and libxml2 do).
public struct FileLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file's path as given by the user.
    public var path: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in UTF-8 bytes from the start of the line.
    public var column: Int

    /// Creates a location.
    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column`.
    public var description: String { "\(path):\(line):\(column)" }

    /// The location of byte `offset` in `bytes`, counting lines by LF (a CR LF pair or a lone CR also ends a line).
    public init(path: String, bytes: some Collection<UInt8>, offset: Int) {
        var line = 1
        var lineStart = 0
        var previous: UInt8 = 0
        for (position, byte) in bytes.prefix(offset).enumerated() {
            if byte == UInt8(ascii: "\n") {
                if previous != UInt8(ascii: "\r") { line += 1 }
                lineStart = position + 1
            } else if byte == UInt8(ascii: "\r") {
                line += 1
                lineStart = position + 1
            }
            previous = byte
        }
        self.init(path: path, line: line, column: offset - lineStart + 1)
    }
}
