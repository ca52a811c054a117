import Foundation
import StringBridgeRuntime

// Lookup speed of StringBridgeRuntime against `String(format:)` on the same strings, and the memory of a loaded
// table. Build and run (no swift-syntax, no libxml2):
//   swift build -c release --scratch-path .build-runtime-bench --product stringbridge-runtime-bench
//   .build-runtime-bench/release/stringbridge-runtime-bench [KEYS]

/// The resident set size of this process, in bytes (Linux; 0 elsewhere).
func residentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return 0 }
    return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
}

/// The best of five runs of `body` (`iterations` calls), in nanoseconds per call.
func measure(_ iterations: Int, _ body: (Int) -> Int) -> Double {
    var best = Double.infinity
    var sink = 0
    for _ in 0..<5 {
        let start = DispatchTime.now().uptimeNanoseconds
        for index in 0..<iterations { sink &+= body(index) }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        best = min(best, elapsed / Double(iterations))
    }
    if sink == 42 { print("") }
    return best
}

let keyCount = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 10_000 : 10_000
let languages = ["en", "ru", "ar", "ja"]

// A table of `keyCount` keys in four languages: plain strings, a plural key per 10, a substitution per 10.
func text(_ value: String) -> RuntimeValue { RuntimeValue(text: value) }
var localizations: [RuntimeLocalization] = []
for language in languages {
    var entries: [RuntimeEntry] = []
    for index in 0..<keyCount {
        switch index % 10 {
        case 0:
            entries.append(
                RuntimeEntry(
                    key: "%lld files \(index)",
                    value: RuntimeValue(
                        argument: 1,
                        plural: [
                            "one": text("%lld file \(language) \(index)"), "few": text("%lld files few \(index)"),
                            "many": text("%lld files many \(index)"), "other": text("%lld files \(language) \(index)"),
                        ])))
        case 1:
            entries.append(
                RuntimeEntry(
                    key: "%@ has %lld apples \(index)", value: text("%1$@ has %2$#@apples@ \(language)"),
                    substitutions: [
                        "apples": RuntimeValue(
                            argument: 2,
                            plural: [
                                "one": text("%2$lld apple"), "few": text("%2$lld apples few"),
                                "many": text("%2$lld apples many"), "other": text("%2$lld apples"),
                            ])
                    ]))
        default:
            entries.append(RuntimeEntry(key: "Key number \(index)", value: text("Value \(index) in \(language): %@")))
        }
    }
    localizations.append(RuntimeLocalization(language: language, entries: entries))
}
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("runtime-bench-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let file = folder.appendingPathComponent("Bench" + LocalizedTable.fileExtension)
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys]
try encoder.encode(RuntimeTable(table: "Bench", developmentLanguage: "en", localizations: localizations)).write(
    to: file)
let fileSize = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
localizations = []

let before = residentBytes()
let loadStart = DispatchTime.now().uptimeNanoseconds
let table = LocalizedTable(name: "Bench", directory: folder)
let loadMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - loadStart) / 1e6
let after = residentBytes()
precondition(table.loadError == nil, String(describing: table.loadError))
precondition(table.string("%lld files 0", 3, languages: ["ru"]) == "3 files few 0")

print("table: \(keyCount) keys × \(languages.count) languages, file \(fileSize / 1024) KiB")
print(String(format: "load: %.1f ms, resident memory +%.1f MiB", loadMilliseconds, Double(after - before) / 1_048_576))

let iterations = 200_000
let ru = ["ru"]
let rows: [(String, Double, Double)] = [
    (
        "plain key with %@ (\"Value %d in ru: %@\")",
        measure(iterations) { String(format: "Value \($0 % 10 + 2) in ru: %@", "x").utf8.count },
        measure(iterations) { table.string("Key number \($0 % 8 + 2)", "x", languages: ru).utf8.count }
    ),
    (
        "plural %lld (\"%lld files\")",
        measure(iterations) { String(format: "%lld files few 0", $0).utf8.count },
        measure(iterations) { table.string("%lld files 0", $0, languages: ru).utf8.count }
    ),
    (
        "substitution (\"%1$@ has %2$#@apples@\")",
        measure(iterations) { String(format: "%1$@ has %2$lld apples ru", "Anna", $0).utf8.count },
        measure(iterations) { table.string("%@ has %lld apples 1", "Anna", $0, languages: ru).utf8.count }
    ),
    (
        "plural, default languages (STRINGBRIDGE_LANGUAGES)",
        measure(iterations) { String(format: "%lld files few 0", $0).utf8.count },
        measure(iterations) { table.string("%lld files 0", $0).utf8.count }
    ),
]
print("| lookup | String(format:) ns | LocalizedTable.string ns | ratio |")
print("|---|---|---|---|")
for (name, plain, localized) in rows {
    print(String(format: "| %@ | %.0f | %.0f | %.2f× |", name, plain, localized, localized / plain))
}
