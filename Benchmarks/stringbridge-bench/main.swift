// Benchmarks for stringbridge. Build and run in release mode:
//
//     python3 ../shared/bench/gen_corpus.py --keys 5000 --langs 20 --out bench-data/medium
//     swift run -c release stringbridge-bench bench-data/medium/Localizable.xcstrings
//     swift run -c release stringbridge-bench xliff bench-data/medium/xliff
//
// For each catalog it reads, decodes and re-encodes the file several times and prints the best and median
// throughput of each direction, and the process's peak resident memory against the file size.
//
// `xliff FOLDER` reads every .xliff file of the folder with XLIFFDocumentReader several times and prints the best
// and median time, in wall-clock and CPU (user) time, next to `xmllint --stream --noout` over the same files
// when xmllint is on the PATH (run in between, so both see the same machine load).

import LocalizationCatalog
import LocalizationConverter
import XCStringsFormat
@_spi(XLIFFDocuments) import XLIFFFormat
import XMLSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// `getrusage` for this process or for its finished children.
func resourceUsage(children: Bool = false) -> rusage {
    var usage = rusage()
    #if canImport(Darwin)
        getrusage(children ? RUSAGE_CHILDREN : RUSAGE_SELF, &usage)
    #else
        getrusage(__rusage_who_t(children ? RUSAGE_CHILDREN.rawValue : RUSAGE_SELF.rawValue), &usage)
    #endif
    return usage
}

func peakResidentBytes() -> Int {
    #if canImport(Darwin)
        return Int(resourceUsage().ru_maxrss)
    #else
        return Int(resourceUsage().ru_maxrss) * 1024
    #endif
}

func format(_ value: Double, _ digits: Int = 1) -> String {
    var scale = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value * Double(scale)).rounded())
    guard digits > 0 else { return String(scaled) }
    let fraction = String(scaled % scale)
    return "\(scaled / scale)." + String(repeating: "0", count: digits - fraction.count) + fraction
}

func report(_ name: String, bytes: Int, times: [Double]) {
    let sorted = times.sorted()
    let best = sorted[0]
    let median = sorted[sorted.count / 2]
    let megabytes = Double(bytes) / 1_000_000
    print(
        "  \(name): best \(format(best * 1000)) ms (\(format(megabytes / best)) MB/s), "
            + "median \(format(median * 1000)) ms (\(format(megabytes / median)) MB/s)")
}

let arguments = Array(CommandLine.arguments.dropFirst())
let iterations = Int(ProcessInfoLite.environment("BENCH_ITERATIONS") ?? "") ?? 5
let usage = """
    usage: stringbridge-bench CATALOG.xcstrings...         read and write throughput, memory
           stringbridge-bench xliff FOLDER                 XLIFFDocumentReader over FOLDER/*.xliff, next to xmllint
           stringbridge-bench export CATALOG.xcstrings     export of every language, next to xmllint
           stringbridge-bench import CATALOG.xcstrings FOLDER
                                                           import of FOLDER/*.xliff into a copy, next to xmllint
    BENCH_ITERATIONS (default 5) sets the number of runs.
    """
guard !arguments.isEmpty, !arguments.contains("--help"), !arguments.contains("-h") else {
    print(usage)
    exit(arguments.isEmpty ? 64 : 0)
}
do {
    switch arguments[0] {
    case "export" where arguments.count == 2:
        try TransferBenchmark(catalog: arguments[1], iterations: iterations).exportRun()
        exit(0)
    case "import" where arguments.count == 3:
        try TransferBenchmark(catalog: arguments[1], iterations: iterations).importRun(folder: arguments[2])
        exit(0)
    case "export", "import":
        print(usage)
        exit(64)
    default: break
    }
} catch {
    print("stringbridge-bench: \(error)")
    exit(1)
}
if arguments[0] == "xliff" {
    guard arguments.count == 2 else {
        print("usage: stringbridge-bench xliff FOLDER")
        exit(64)
    }
    do {
        try XLIFFBenchmark(folder: arguments[1], iterations: iterations).run()
    } catch {
        print("stringbridge-bench: \(error)")
        exit(1)
    }
    exit(0)
}

/// The resident set size now (Linux: /proc/self/statm; elsewhere the peak).
func currentResidentBytes() -> Int {
    #if os(Linux)
        if let file = fopen("/proc/self/statm", "r") {
            defer { fclose(file) }
            var size = 0
            var resident = 0
            if withUnsafeMutablePointer(
                to: &size,
                { sizePointer in
                    withUnsafeMutablePointer(to: &resident) { residentPointer in
                        withVaList([sizePointer, residentPointer]) { vfscanf(file, "%ld %ld", $0) }
                    }
                }) == 2
            {
                return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
            }
        }
    #endif
    return peakResidentBytes()
}

do {
    for path in arguments {
        // Memory, measured once the way `stringbridge convert` runs: load, parse, drop the input, encode.
        let before = currentResidentBytes()
        var size = 0
        do {
            var diagnostics = Diagnostics()
            var table: StringTable
            do {
                let file = try readSourceFile(path)
                size = file.bytes.count
                table = try XCStringsReader().read(file, options: ReadOptions(), diagnostics: &diagnostics)
            }
            let model = currentResidentBytes() - before
            let bytes = XCStringsWriter().encode(table, diagnostics: &diagnostics)
            let peak = peakResidentBytes()
            print("\(path): \(format(Double(size) / 1_000_000)) MB")
            print(
                "  memory: model \(format(Double(model) / 1_000_000)) MB (\(format(Double(model) / Double(size), 2))x the file), "
                    + "process peak \(format(Double(peak) / 1_000_000)) MB (\(format(Double(peak) / Double(size), 2))x the file)"
            )
            table = StringTable(name: "", sourceLanguage: "")
            _ = bytes.count
        }
        let file = try readSourceFile(path)
        var readTimes: [Double] = []
        var writeTimes: [Double] = []
        var identical = true
        for _ in 0..<iterations {
            var diagnostics = Diagnostics()
            let start = now()
            let table = try XCStringsReader().read(file, options: ReadOptions(), diagnostics: &diagnostics)
            let read = now()
            let bytes = XCStringsWriter().encode(table, diagnostics: &diagnostics)
            let written = now()
            readTimes.append(read - start)
            writeTimes.append(written - read)
            identical = identical && bytes == file.bytes
        }
        report("read ", bytes: size, times: readTimes)
        report("write", bytes: size, times: writeTimes)
        print("  output byte-identical to input: \(identical)")
    }
} catch {
    print("stringbridge-bench: \(error)")
    exit(1)
}

/// Environment lookup without Foundation.
enum ProcessInfoLite {
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
