// The phases of `stringbridge sync` over a project tree, on one thread and on all cores. Build and run in release
// mode (its own target, so that `stringbridge-bench` builds without swift-syntax):
//
//     python3 Benchmarks/gen_code_tree.py ../shared/corpus/extraction/* --out /tmp/code-tree
//     swift build -c release --scratch-path .build-release --product stringbridge-sync-bench
//     .build-release/release/stringbridge-sync-bench /tmp/code-tree
//
// Phases: the project walk and layout (`ProjectLayout`); reading the code files; swift-syntax's `Parser.parse` of
// every Swift file alone; the Swift reader (parse, declarations, strings); the whole sync plan (`SyncWorkflow.plan`:
// everything `sync` does but print and write). Each phase with `Parallelism.sequential` and `.automatic`, run
// alternately; the best and the median of BENCH_ITERATIONS (default 5) runs, wall and CPU (user + system) time.

import CodeExtraction
import CodeSync
import Dispatch
import LocalizationCatalog
import LocalizationConverter
import StringBridgeSupport
import SwiftCodeReader
import SwiftParser

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Wall-clock seconds.
func now() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}

/// User and system CPU seconds of this process.
func cpuTime() -> Double {
    var usage = rusage()
    #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
    #else
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #endif
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// `value` with `digits` decimals.
func format(_ value: Double, _ digits: Int = 1) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    let whole = scaled / Int(scale)
    guard digits > 0 else { return String(whole) }
    let fraction = String(scaled % Int(scale))
    return "\(whole)." + String(repeating: "0", count: digits - fraction.count) + fraction
}

/// One phase's times over the iterations.
struct Timings {
    var wall: [Double] = []
    var cpu: [Double] = []

    mutating func measure<Result>(_ body: () throws -> Result) rethrows -> Result {
        let startCPU = cpuTime()
        let start = now()
        let result = try body()
        wall.append(now() - start)
        cpu.append(cpuTime() - startCPU)
        return result
    }

    /// `best 1.2 s (cpu 1.1 s), median …`, with files/s and MB/s when `files` and `bytes` are given.
    func line(files: Int? = nil, bytes: Int? = nil) -> String {
        let walls = wall.sorted()
        let cpus = cpu.sorted()
        func rate(_ seconds: Double) -> String {
            guard let files, let bytes, seconds > 0 else { return "" }
            return " (\(format(Double(files) / seconds, 0)) files/s, \(format(Double(bytes) / 1e6 / seconds)) MB/s)"
        }
        let best = walls[0]
        let median = walls[walls.count / 2]
        return "best \(format(best * 1000)) ms\(rate(best)), median \(format(median * 1000)) ms\(rate(median)); "
            + "CPU best \(format(cpus[0] * 1000)) ms, median \(format(cpus[cpus.count / 2] * 1000)) ms"
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 1, !arguments[0].hasPrefix("-") else {
    print(
        """
        usage: stringbridge-sync-bench ROOT
          times the phases of `stringbridge sync ROOT` (nothing is written) on one thread and on all cores;
          BENCH_ITERATIONS (default 5) sets the number of runs of each.
        """)
    exit(arguments.contains("--help") || arguments.contains("-h") ? 0 : 64)
}
let root = arguments[0]
let iterations = getenv("BENCH_ITERATIONS").flatMap { Int(String(cString: $0)) } ?? 5
let modes: [(name: String, parallelism: Parallelism)] = [("1 thread", .sequential), ("all cores", .automatic)]

var diagnostics = Diagnostics()
let extensions = SyncWorkflow.standardReaders().reduce(into: Set<String>()) { $0.formUnion($1.fileExtensions) }
var layoutTimes = Timings()
var layout = ProjectLayout(root: root, codeExtensions: extensions, diagnostics: &diagnostics)
for _ in 1..<iterations {
    var ignored = Diagnostics()
    layout = layoutTimes.measure { ProjectLayout(root: root, codeExtensions: extensions, diagnostics: &ignored) }
}
let codePaths = Array(Set(layout.catalogs.flatMap(\.codeFiles))).sorted()
let swiftPaths = codePaths.filter { $0.hasSuffix(".swift") }

var readTimes = Timings()
var files: [CodeFile] = []
for _ in 0..<iterations {
    files = try readTimes.measure {
        try swiftPaths.map { path in
            CodeFile(path: path, text: String(decoding: try readSourceFile(path).bytes, as: UTF8.self))
        }
    }
}
let bytes = files.reduce(0) { $0 + $1.text.utf8.count }
let lines = files.reduce(0) { total, file in total + file.text.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }
print(
    "\(root): \(layout.catalogs.count) catalogs synced, \(codePaths.count) code files of their targets, "
        + "\(files.count) Swift files (\(lines) lines, \(format(Double(bytes) / 1e6, 2)) MB); "
        + "\(Parallelism.availableProcessors()) cores; \(iterations) runs of each")
print("  layout (walk, projects, packages): \(layoutTimes.line())")
print("  read the Swift files (1 thread): \(readTimes.line(files: files.count, bytes: bytes))")

var parse = modes.map { _ in Timings() }
var reader = modes.map { _ in Timings() }
var plan = modes.map { _ in Timings() }
var counts = modes.map { _ in (strings: 0, changed: 0) }
for _ in 0..<iterations {
    for (index, mode) in modes.enumerated() {
        let trees = parse[index].measure {
            mode.parallelism.map(files) { file in Parser.parse(source: file.text).totalLength.utf8Length }
        }
        precondition(trees.reduce(0, +) == bytes, "a tree does not cover its file")
        var swift = SwiftCodeReader()
        swift.parallelism = mode.parallelism
        var readerDiagnostics = Diagnostics()
        let strings = reader[index].measure { swift.strings(in: files, diagnostics: &readerDiagnostics) }
        let workflow = SyncWorkflow(parallelism: mode.parallelism)
        var planDiagnostics = Diagnostics()
        let result = try plan[index].measure { try workflow.plan(root: root, diagnostics: &planDiagnostics) }
        counts[index] = (strings.count, result.changed.count)
    }
}
precondition(counts.allSatisfy { $0 == counts[0] }, "one thread and all cores disagree")
for (index, mode) in modes.enumerated() {
    print("  \(mode.name):")
    print("    swift-syntax parse only: \(parse[index].line(files: files.count, bytes: bytes))")
    print("    Swift reader (parse, declarations, strings): \(reader[index].line(files: files.count, bytes: bytes))")
    print("    sync plan (everything but printing and writing): \(plan[index].line(files: files.count, bytes: bytes))")
}
print("  \(counts[0].strings) strings in the Swift files read together; \(counts[0].changed) catalogs would change")
