import Foundation
import LocalizationCatalog
import TestSupport
import Testing

@testable import CatalogMerge

/// Random `.strings` files (a header, section titles, entries with and without comments, blank lines) edited on two
/// sides in separate places — values, headers, section titles, keys added with or without a section, keys deleted
/// with their comment — and merged by the driver and by `git merge-file`: whenever git merges without a conflict,
/// the bytes are git's.
@Suite("merge against git merge-file")
struct GitMergeFilePropertyTests {
    /// A small deterministic generator (SplitMix64), so that a failure names its seed.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    }

    static func base(_ random: inout Generator) -> [String] {
        var lines: [String] = []
        if random.chance(80) {
            lines += ["/*", "  Localizable.strings", "  App", "", "  Copyright 2023 Co.", "*/", ""]
        }
        var key = 0
        for section in 0..<(1 + random.below(4)) {
            if random.chance(70) { lines += ["/* MARK: - Section \(section) */", ""] }
            for _ in 0..<(1 + random.below(5)) {
                key += 1
                if random.chance(50) { lines.append("/* Comment \(key) */") }
                lines.append("\"key\(key)\" = \"Value \(key)\";")
                if random.chance(60) { lines.append("") }
            }
            if lines.last != "" { lines.append("") }
        }
        if random.chance(30) { lines.append("// trailing note") }
        return lines
    }

    /// One side's edits, at lines of `region` only.
    static func edit(_ base: [String], region: Range<Int>, tag: String, _ random: inout Generator) -> [String] {
        var lines = base
        guard !region.isEmpty else { return lines }
        for _ in 0..<(1 + random.below(3)) {
            let index = region.lowerBound + random.below(region.count)
            guard index < lines.count else { continue }
            let line = lines[index]
            let inHeader = lines.first == "/*" && index > 0 && index <= 5
            if line.hasPrefix("\""), random.chance(40) {
                lines[index] = line.replacingOccurrences(of: "\";", with: " \(tag)\";")
            } else if line.contains("2023") {
                lines[index] = line.replacingOccurrences(of: "2023", with: "2024")
            } else if line.hasPrefix("/* MARK") {
                lines[index] = line.replacingOccurrences(of: " */", with: " \(tag) */")
            } else if !inHeader, random.chance(60) {
                var new = ["\"new.\(tag).\(index)\" = \"New\";"]
                let afterComment = index > 0 && (lines[index - 1].hasPrefix("/*") || lines[index - 1] == "*/")
                if random.chance(50) || afterComment {
                    new = ["", "// MARK: - New \(tag)", ""] + new
                }
                lines.insert(contentsOf: new, at: index)
                return lines
            } else if line.hasPrefix("\"") {
                lines.remove(at: index)
                if index > 0, lines[index - 1].hasPrefix("/* Comment") { lines.remove(at: index - 1) }
                return lines
            }
        }
        return lines
    }

    @Test(arguments: 0..<4)
    func cleanGitMergesGiveGitsBytes(_ batch: Int) throws {
        let folder = try StringBridgeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var random = Generator(state: UInt64(batch) &* 1_000_003 &+ 17)
        var compared = 0
        for trial in 0..<40 {
            let base = Self.base(&random)
            let middle = 1 + random.below(max(1, base.count - 1))
            let ours = Self.edit(base, region: min(middle + 2, base.count)..<base.count, tag: "o", &random)
            let theirs = Self.edit(base, region: 0..<max(0, middle - 1), tag: "t", &random)
            let texts = [base, ours, theirs].map { $0.joined(separator: "\n") + "\n" }
            for (name, text) in zip(["base", "ours", "theirs"], texts) {
                try Data(text.utf8).write(to: folder.appendingPathComponent(name))
            }
            let git = try StringBridgeProcess.runExecutable(
                URL(fileURLWithPath: "/usr/bin/env"), ["git", "merge-file", "-p", "ours", "base", "theirs"], in: folder)
            guard git.status == 0 else { continue }
            compared += 1
            var diagnostics = Diagnostics()
            let planned = try FileMerge.plan(
                base: SourceFile(path: "base", bytes: Array(texts[0].utf8)),
                ours: SourceFile(path: "ours", bytes: Array(texts[1].utf8)),
                theirs: SourceFile(path: "theirs", bytes: Array(texts[2].utf8)),
                output: "fr.lproj/Localizable.strings", name: nil, format: nil, diagnostics: &diagnostics)
            #expect(
                String(decoding: planned.bytes, as: UTF8.self) == git.output,
                "batch \(batch), trial \(trial)\n--- base\n\(texts[0])--- ours\n\(texts[1])--- theirs\n\(texts[2])")
            #expect(planned.report.conflicts.isEmpty, "batch \(batch), trial \(trial)")
        }
        #expect(compared >= 30)
    }
}
