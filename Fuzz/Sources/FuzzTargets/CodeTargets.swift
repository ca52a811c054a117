@_spi(Fuzzing) import CodeExtraction
@_spi(Fuzzing) import CodeSync
import Foundation
import LocalizationCatalog
@_spi(Fuzzing) import SwiftCodeReader

// Targets of the readers of code and of Xcode projects (sync, export): what they find never depends on the run,
// every position they give is inside the file, and they take bounded time (libFuzzer's `-timeout`).

/// The byte that splits one fuzz input into several files (ASCII record separator); an input without it is one file.
let partSeparator: UInt8 = 0x1E

/// The parts of `bytes` between separators, at most `limit` (the last part keeps any further separators).
func parts(_ bytes: [UInt8], limit: Int) -> [[UInt8]] {
    var result: [[UInt8]] = []
    var start = 0
    for index in bytes.indices where bytes[index] == partSeparator && result.count < limit - 1 {
        result.append(Array(bytes[start..<index]))
        start = index + 1
    }
    result.append(Array(bytes[start...]))
    return result
}

extension FuzzTarget {
    /// The targets of code readers and project files.
    static let code: [FuzzTarget] = [
        FuzzTarget(
            name: "swift-code",
            summary:
                "SwiftCodeReader over up to 4 files (split at byte 0x1E): deterministic, positions inside the files",
            seedExtensions: ["swift"], run: swiftCode),
        FuzzTarget(
            name: "objc-code",
            summary:
                "ObjectiveCCodeReader (genstrings' rules, with and without commented-out code): deterministic, positions inside",
            seedExtensions: ["m", "mm", "h", "c"], run: objectiveCCode),
        FuzzTarget(
            name: "ib-code",
            summary: "InterfaceBuilderReader (storyboards, xibs): deterministic, positions inside the file",
            seedExtensions: ["storyboard", "xib"], run: interfaceBuilderCode),
        FuzzTarget(
            name: "infoplist-code",
            summary: "InfoPlistReader: deterministic, positions inside the file",
            seedExtensions: ["plist"], run: infoPlistCode),
        FuzzTarget(
            name: "pbxproj-read",
            summary:
                "XcodeProject and build settings (platforms, reader settings, generated Info.plist strings): deterministic, positions point at the setting",
            seedExtensions: ["pbxproj"], run: projectRead),
        FuzzTarget(
            name: "xcconfig-read",
            summary: "XCConfig (with #include) and BuildSettings.expand over its settings: deterministic, bounded time",
            seedExtensions: ["xcconfig"], run: xcconfigRead),
    ]
}

/// `FUZZ_PRINT=1`: the targets of this file print what was read (with `Fuzz/run.sh repro`, to look at a finding).
let printsOutcome = getenvString("FUZZ_PRINT") == "1"

// MARK: - Code readers

/// Reads the files twice with `read` and checks that both results are the same and every position is inside its file.
func checkCodeReader(
    _ files: [(path: String, bytes: [UInt8])], _ what: String, checksPositions: Bool = true,
    checksDeterminism: Bool = true, _ read: () -> CodeReaderOutcome
) {
    let first = read()
    if printsOutcome { print(first) }
    let second = read()
    if checksDeterminism, first != second {
        failure("\(what): reading the same files twice gave different results", "\(first)\n--- then ---\n\(second)")
    }
    guard checksPositions else { return }
    // Positions count in the text the reader got: the bytes decoded from UTF-8, invalid sequences replaced.
    let texts = Dictionary(
        files.map { ($0.path, Array(String(decoding: $0.bytes, as: UTF8.self).utf8)) }, uniquingKeysWith: { a, _ in a })
    for found in first.strings {
        guard let text = texts[found.location.path] else {
            failure("\(what): a string's location names a file that was not read", "\(found)")
        }
        if !isInside(line: found.location.line, column: found.location.column, text) {
            failure("\(what): a string's location is outside its file", "\(found)\n--- file ---\n\(show(text))")
        }
    }
    for diagnostic in first.diagnostics {
        guard let path = diagnostic.path, let line = diagnostic.line else { continue }
        guard let text = texts[path] else {
            failure("\(what): a diagnostic names a file that was not read", "\(diagnostic)")
        }
        if !isInside(line: line, column: diagnostic.column ?? 1, text) {
            failure(
                "\(what): a diagnostic's position is outside its file", "\(diagnostic)\n--- file ---\n\(show(text))")
        }
    }
}

private func swiftCode(_ bytes: [UInt8]) {
    if KnownBugs.skipsSwiftInput(bytes) { return }
    let files = parts(bytes, limit: 4).enumerated().map { (path: "Sources/Fuzz\($0.offset).swift", bytes: $0.element) }
    // Two reads give the same strings (a name declared with several types took the first of a `Set` before:
    // Fuzz/findings/swift-code/nondeterministic-declared-type.swift).
    checkCodeReader(files, "SwiftCodeReader") { SwiftReaderFuzzing.read(files) }
    // What a localization export of a target without SWIFT_EMIT_LOC_STRINGS, for iOS, with a macro, reads.
    checkCodeReader(files, "SwiftCodeReader (export, iOS)") {
        SwiftReaderFuzzing.read(
            files, macroNames: ["AppLocalizedString"], platforms: ["iOS"], extraction: "textLiterals")
    }
}

private func objectiveCCode(_ bytes: [UInt8]) {
    let files = [(path: "Sources/Fuzz.m", bytes: bytes)]
    checkCodeReader(files, "ObjectiveCCodeReader") { CodeReaderFuzzing.objectiveC(files) }
    checkCodeReader(files, "ObjectiveCCodeReader (comments, macros)") {
        CodeReaderFuzzing.objectiveC(
            files, macroBaseNames: ["AppLocalizedString"], includesCommentedOutCode: true,
            numbersFormatArguments: false)
    }
}

private func interfaceBuilderCode(_ bytes: [UInt8]) {
    let files = [(path: "Base.lproj/Main.storyboard", bytes: bytes)]
    checkCodeReader(files, "InterfaceBuilderReader", checksPositions: !KnownBugs.skipsXMLPosition(bytes)) {
        CodeReaderFuzzing.interfaceBuilder(files)
    }
}

private func infoPlistCode(_ bytes: [UInt8]) {
    let files = [(path: "App/Info.plist", bytes: bytes)]
    checkCodeReader(files, "InfoPlistReader", checksPositions: !KnownBugs.skipsXMLPosition(bytes)) {
        CodeReaderFuzzing.infoPlist(files)
    }
}

// MARK: - Xcode projects

/// A folder of this process for files a target has to put on disk (`.xcconfig` includes, `check`'s tables).
let scratchDirectory: String = {
    let path = NSTemporaryDirectory() + "stringbridge-fuzz-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()

/// Empties the scratch folder and writes `files` (paths relative to it) there; returns the folder.
func writeScratch(_ files: [(path: String, bytes: [UInt8])]) -> String {
    let manager = FileManager.default
    let root = scratchDirectory + "/input"
    try? manager.removeItem(atPath: root)
    for file in files {
        let path = root + "/" + file.path
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(file.bytes).write(to: URL(fileURLWithPath: path))
        } catch {
            failure("cannot write the scratch file \(path)", "\(error)")
        }
    }
    return root
}

private func projectRead(_ bytes: [UInt8]) {
    if KnownBugs.skipsProjectNesting(bytes) || KnownBugs.skipsSettingsFanOut(bytes) { return }
    let path = scratchDirectory + "/App.xcodeproj/project.pbxproj"
    let first: (directory: String, targets: [ProjectFuzzing.Target])
    do {
        first = try ProjectFuzzing.readProject(path: path, bytes: bytes)
    } catch let error as ConversionError {
        // Refused, with the place of the problem inside the file.
        let text = Array(String(decoding: bytes, as: UTF8.self).utf8)
        for diagnostic in error.diagnostics {
            if diagnostic.path != path || !isInside(line: diagnostic.line ?? 1, column: diagnostic.column ?? 1, text) {
                failure("XcodeProject: an error's position is outside the file", "\(diagnostic)")
            }
        }
        return
    } catch {
        failure("XcodeProject threw a non-ConversionError", "\(error)")
    }
    if printsOutcome { print(first) }
    guard let second = try? ProjectFuzzing.readProject(path: path, bytes: bytes) else {
        failure("XcodeProject: reading the same file twice refused it the second time", "")
    }
    if first.directory != second.directory || first.targets != second.targets,
        !KnownBugs.skipsProjectDeterminism(bytes)
    {
        failure("XcodeProject: reading the same file twice gave different results", "\(first)\n--- then ---\n\(second)")
    }
    let text = Array(String(decoding: bytes, as: UTF8.self).utf8)
    for target in first.targets {
        for found in target.generated.strings {
            let location = found.location
            guard location.path == path, isInside(line: location.line, column: location.column, text) else {
                failure("generated Info.plist string: its location is outside the project file", "\(found)")
            }
            // The place is the setting that gives the value (line 1 column 1 when the setting is not in the file).
            // A `CFBundleName` that is the target's name (no `PRODUCT_NAME`) is placed at the target's `name`.
            let settings = found.key == "CFBundleName" ? ["PRODUCT_NAME", "INFOPLIST_KEY_CFBundleName", "name"] : []
            let names = settings + ["INFOPLIST_KEY_\(found.key)"]
            if location.line != 1 || location.column != 1,
                !names.contains(where: {
                    tail(at: location.line, location.column, text).starts(with: Array("\($0) =".utf8))
                }),
                !KnownBugs.skipsSettingLocation(text)
            {
                failure(
                    "generated Info.plist string: its location is not the setting \(names.joined(separator: " or "))",
                    "\(found)\n--- there ---\n\(show(Array(tail(at: location.line, location.column, text).prefix(80))))"
                )
            }
        }
    }
}

private func xcconfigRead(_ bytes: [UInt8]) {
    if KnownBugs.skipsSettingsFanOut(bytes) { return }
    // Written where the includes of the seeds point: `#include "Fuzz.xcconfig"` includes the file itself.
    let root = writeScratch([(path: "Fuzz.xcconfig", bytes: bytes)])
    let path = root + "/Fuzz.xcconfig"
    let first = ProjectFuzzing.readXCConfig(path: path)
    if printsOutcome { print(first) }
    let second = ProjectFuzzing.readXCConfig(path: path)
    if first != second {
        failure("XCConfig: reading the same file twice gave different results", "\(first)\n--- then ---\n\(second)")
    }
}

// MARK: - Positions

/// Whether a 1-based line and a column in Unicode scalars lie in `text` (UTF-8): the line exists (LF, CR LF and a
/// lone CR end lines, as `FileLocation` counts them) and the column is at most one past its last character.
func isInside(line: Int, column: Int, _ text: [UInt8]) -> Bool {
    guard line >= 1, column >= 1 else { return false }
    let lines = lineRanges(text)
    guard line <= lines.count else { return false }
    let range = lines[line - 1]
    let scalars = text[range].reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
    return column <= scalars + 1
}

/// The byte ranges of the lines of `text`, without their line ends.
private func lineRanges(_ text: [UInt8]) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var start = 0
    var index = 0
    while index < text.count {
        if text[index] == 0x0A || text[index] == 0x0D {
            result.append(start..<index)
            if text[index] == 0x0D, index + 1 < text.count, text[index + 1] == 0x0A { index += 1 }
            start = index + 1
        }
        index += 1
    }
    result.append(start..<text.count)
    return result
}

/// The bytes of `text` from a 1-based line and scalar column to the end of the file (empty when outside).
private func tail(at line: Int, _ column: Int, _ text: [UInt8]) -> ArraySlice<UInt8> {
    let lines = lineRanges(text)
    guard line >= 1, line <= lines.count else { return [] }
    var index = lines[line - 1].lowerBound
    var scalars = 1
    while scalars < column, index < text.count {
        index += 1
        while index < text.count, text[index] & 0xC0 == 0x80 { index += 1 }
        scalars += 1
    }
    return text[index...]
}
