import LocalizationCatalog
import LocalizationConverter
@_spi(XLIFFDocuments) import XLIFFFormat
import XMLSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Times XLIFF reading over a folder of documents, next to `xmllint --stream --noout` on the same files.
struct XLIFFBenchmark {
    let folder: String
    let iterations: Int

    /// The user CPU time of this process (`RUSAGE_SELF`) or of its finished children, in seconds.
    static func userTime(children: Bool = false) -> Double {
        let usage = resourceUsage(children: children)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    }

    func paths() -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var result: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasSuffix(".xliff") || name.hasSuffix(".xlf") { result.append(folder + "/" + name) }
        }
        return result.sorted()
    }

    /// Runs `xmllint --stream --noout` over the files; `nil` when it cannot be started.
    static func xmllint(_ paths: [String]) -> (wall: Double, user: Double)? {
        let arguments = ["xmllint", "--stream", "--noout"] + paths
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let userBefore = Self.userTime(children: true)
        let start = now()
        var pid: pid_t = 0
        guard posix_spawnp(&pid, "xmllint", nil, nil, &argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        guard status == 0 else { return nil }
        return (now() - start, Self.userTime(children: true) - userBefore)
    }

    func run() throws {
        let paths = paths()
        let files = try paths.map { try readSourceFile($0) }
        let size = files.reduce(0) { $0 + $1.bytes.count }
        let megabytes = Double(size) / 1_000_000
        print("\(folder): \(files.count) files, \(format(megabytes)) MB")

        var units = 0
        var documents: [XLIFFDocument] = []
        var writeTimes: [(wall: Double, user: Double)] = []
        var readTimes: [(wall: Double, user: Double)] = []
        var treeTimes: [(wall: Double, user: Double)] = []
        var lintTimes: [(wall: Double, user: Double)] = []
        for _ in 0..<iterations {
            var diagnostics = Diagnostics()
            let userStart = Self.userTime()
            let start = now()
            units = 0
            for file in files {
                let document = try XLIFFDocumentReader().read(file.bytes, path: file.path, diagnostics: &diagnostics)
                units += document.files.reduce(0) { $0 + $1.units.count }
            }
            readTimes.append((now() - start, Self.userTime() - userStart))
            if documents.isEmpty {
                documents = try files.map {
                    try XLIFFDocumentReader().read($0.bytes, path: $0.path, diagnostics: &diagnostics)
                }
            }
            let writeUserStart = Self.userTime()
            let writeStart = now()
            for document in documents { _ = XLIFFDocumentWriter().write(document) }
            writeTimes.append((now() - writeStart, Self.userTime() - writeUserStart))

            if ProcessInfoLite.environment("BENCH_TREE") != nil {
                let treeUserStart = Self.userTime()
                let treeStart = now()
                for file in files { _ = try XMLDocumentTree(parsing: file.bytes, path: file.path) }
                treeTimes.append((now() - treeStart, Self.userTime() - treeUserStart))
            }
            if ProcessInfoLite.environment("BENCH_NO_XMLLINT") == nil, let lint = Self.xmllint(paths) {
                lintTimes.append(lint)
            }
        }
        print("  units: \(units)")
        report("XLIFFDocumentReader.read      ", readTimes, megabytes: megabytes)
        report("XLIFFDocumentWriter.write     ", writeTimes, megabytes: megabytes)
        if !treeTimes.isEmpty { report("XMLDocumentTree       ", treeTimes, megabytes: megabytes) }
        if lintTimes.isEmpty {
            print("  xmllint --stream: not run (xmllint not found)")
        } else {
            report("xmllint --stream      ", lintTimes, megabytes: megabytes)
            let read = readTimes.map(\.user).min() ?? 0
            let lint = lintTimes.map(\.user).min() ?? 1
            print("  XLIFFDocumentReader / xmllint --stream (best user time): \(format(read / lint, 2))x")
        }
    }

    func report(_ name: String, _ times: [(wall: Double, user: Double)], megabytes: Double) {
        let walls = times.map(\.wall).sorted()
        let users = times.map(\.user).sorted()
        print(
            "  \(name): best \(format(walls[0] * 1000)) ms wall (\(format(megabytes / walls[0])) MB/s), "
                + "\(format(users[0] * 1000)) ms user; median \(format(walls[walls.count / 2] * 1000)) ms wall, "
                + "\(format(users[users.count / 2] * 1000)) ms user")
    }
}
