import Foundation

/// Why a ``LocalizedTable`` has no strings: lookups then give each key itself, and ``LocalizedTable/loadError``
/// says why.
public enum RuntimeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No compiled file of the table where it was looked for.
    case missingTable(name: String, searched: [String])
    /// The file could not be read or is not a compiled table.
    case unreadable(path: String, reason: String)
    /// The file is of a schema version this library does not read.
    case unsupportedVersion(path: String, version: Int)

    /// A message for people, naming the file.
    public var description: String {
        switch self {
        case .missingTable(let name, let searched):
            "no compiled table \(name)\(LocalizedTable.fileExtension) in \(searched.joined(separator: ", "))"
        case .unreadable(let path, let reason):
            "\(path): not a compiled string table: \(reason)"
        case .unsupportedVersion(let path, let version):
            "\(path): serialization version \(version) is not \(RuntimeTable.currentSerializationVersion), the one "
                + "this library reads (compile the table with the same stringbridge version)"
        }
    }
}
