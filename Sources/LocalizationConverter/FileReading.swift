#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import LocalizationCatalog

/// Reads a whole file.
/// - Throws: ``ConversionError`` naming the path when it is missing, a folder, or unreadable.
public func readSourceFile(_ path: String) throws -> SourceFile {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw ConversionError("cannot read the file: \(systemError())", path: path) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
        throw ConversionError("cannot read the file: \(systemError())", path: path)
    }
    if (info.st_mode & S_IFMT) == S_IFDIR {
        throw ConversionError("is a folder, not a file", path: path)
    }
    var bytes = [UInt8]()
    bytes.reserveCapacity(Int(info.st_size) + 1)
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR { continue }
            throw ConversionError("cannot read the file: \(systemError())", path: path)
        }
        if count == 0 { break }
        bytes.append(contentsOf: chunk[0..<count])
    }
    return SourceFile(path: path, bytes: bytes)
}

/// Whether `path` names an existing folder.
public func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
}

/// Whether something exists at `path`.
public func fileExists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
}
