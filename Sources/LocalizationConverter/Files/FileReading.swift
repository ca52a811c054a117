import Foundation
import LocalizationCatalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a whole file.
///
/// Only regular files (or symbolic links to them) are read: a FIFO, a device (`/dev/zero`) or a socket is refused
/// before it is read, and opening never blocks.
/// - Throws: ``ConversionError`` naming the path when it is missing, a folder, not a regular file, or unreadable.
public func readSourceFile(_ path: String) throws -> SourceFile {
    let (descriptor, info) = try openRegularFile(path)
    defer { close(descriptor) }
    return try readOpenFile(descriptor, info, path: path)
}

/// Opens a regular file for reading: checked before it is opened (a FIFO would block, `/dev/zero` never ends)
/// and again once open (it may have been swapped meanwhile).
///
/// `O_NONBLOCK` keeps even that swap from blocking.
func openRegularFile(_ path: String) throws -> (Int32, stat) {
    var info = stat()
    guard stat(path, &info) == 0 else { throw ConversionError("cannot read the file: \(systemError())", path: path) }
    try requireRegularFile(info, path: path)
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw ConversionError("cannot read the file: \(systemError())", path: path) }
    guard fstat(descriptor, &info) == 0 else {
        let error = ConversionError("cannot read the file: \(systemError())", path: path)
        close(descriptor)
        throw error
    }
    do {
        try requireRegularFile(info, path: path)
    } catch {
        close(descriptor)
        throw error
    }
    return (descriptor, info)
}

private func requireRegularFile(_ info: stat, path: String) throws {
    switch info.st_mode & S_IFMT {
    case S_IFREG: return
    case S_IFDIR: throw ConversionError("is a folder, not a file", path: path)
    default:
        throw ConversionError(
            "is \(fileKind(info.st_mode)), not a regular file; only regular files are read", path: path)
    }
}

/// Reads the open regular file `descriptor` (described by `info`) to its end.
func readOpenFile(_ descriptor: Int32, _ info: stat, path: String) throws -> SourceFile {
    // A large regular file is mapped rather than copied (see `FileMapping`).
    if Int(info.st_size) >= mappingThreshold,
        let mapping = FileMapping(descriptor: descriptor, count: Int(info.st_size))
    {
        return SourceFile(path: path, mapping: mapping)
    }
    // Read straight into the array, sized from `fstat` plus one byte so that the end is seen in the same pass.
    let expected = max(Int(info.st_size), 0) + 1
    var failure: Int32 = 0
    var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
        count = 0
        guard let base = buffer.baseAddress else { return }
        while count < buffer.count {
            let result = read(descriptor, base + count, buffer.count - count)
            if result < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
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
                if errno == EINTR || errno == EAGAIN { continue }
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
package func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
}

/// Whether `lhs` and `rhs` name one existing file (the same device and inode, links followed).
package func isSameFile(_ lhs: String, _ rhs: String) -> Bool {
    var left = stat()
    var right = stat()
    guard stat(lhs, &left) == 0, stat(rhs, &right) == 0 else { return false }
    return left.st_dev == right.st_dev && left.st_ino == right.st_ino
}

/// Whether something exists at `path`.
package func fileExists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
}
