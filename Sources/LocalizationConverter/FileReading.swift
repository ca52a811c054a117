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
    // A large regular file is mapped rather than copied (see `FileMapping`).
    if (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) >= mappingThreshold,
        let mapping = FileMapping(descriptor: descriptor, count: Int(info.st_size))
    {
        return SourceFile(path: path, mapping: mapping)
    }
    // Read straight into the array, sized from `fstat` plus one byte so that the end is seen in the same pass.
    let expected = max(Int(info.st_size), 0) + 1
    var failure: Int32 = 0
    var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
        count = 0
        while count < buffer.count {
            let result = read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            if result < 0 {
                if errno == EINTR { continue }
                failure = errno
                return
            }
            if result == 0 { return }
            count += result
        }
    }
    // The file grew since `fstat`: read the rest.
    if failure == 0, bytes.count == expected {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let result = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            if result == 0 { break }
            bytes.append(contentsOf: chunk[0..<result])
        }
    }
    if failure != 0 {
        errno = failure
        throw ConversionError("cannot read the file: \(systemError())", path: path)
    }
    return SourceFile(path: path, bytes: bytes)
}

/// Files from this size on are mapped into memory instead of read into an array.
let mappingThreshold = 1 << 20

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
