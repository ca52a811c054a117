@_spi(Fuzzing) import CodeExtraction
@_spi(Fuzzing) import CodeSync
import Foundation
import LocalizationCatalog

// Targets of what an export and sync read without the compiler: Swift read as genstrings reads it, and Tuist
// manifests read by syntax with their globs matched against a tree.

extension FuzzTarget {
    /// The targets of export's text reader and of Tuist manifests.
    static let export: [FuzzTarget] = [
        FuzzTarget(
            name: "genstrings-swift",
            summary:
                "GenstringsSwiftReader (calls, macro names, Text literals): deterministic, every string placed at a literal inside the file, bounded time on deep nesting",
            seedExtensions: ["swift"], run: genstringsSwift),
        FuzzTarget(
            name: "tuist-manifest",
            summary:
                "TuistManifest and sync's project walk over a tree (manifest, then byte 0x1E and one path a line): deterministic, every code file listed is a file of the tree",
            seedExtensions: ["swift"], run: tuistManifest),
    ]
}

// MARK: - genstrings-swift

private func genstringsSwift(_ bytes: [UInt8]) {
    let files = [(path: "Sources/Fuzz.swift", bytes: bytes)]
    let text = Array(String(decoding: bytes, as: UTF8.self).utf8)
    let lines = LineStarts(text)
    let settings: [(macroNames: Set<String>, readsTextLiterals: Bool)] = [
        ([], true), (["AppLocalizedString"], false),
    ]
    for (macroNames, readsTextLiterals) in settings {
        let what = "GenstringsSwiftReader (macros \(macroNames.sorted()), Text \(readsTextLiterals))"
        // Positions are checked below, against the lines found once (a check per string that walks the file would
        // make inputs with many literals quadratic).
        checkCodeReader(files, what, checksPositions: false) {
            CodeReaderFuzzing.genstringsSwift(files, macroNames: macroNames, readsTextLiterals: readsTextLiterals)
        }
        // Every string is found at a one-line literal of the file; a literal without escapes is its key, value,
        // comment or table word for word.
        let outcome = CodeReaderFuzzing.genstringsSwift(
            files, macroNames: macroNames, readsTextLiterals: readsTextLiterals)
        if let diagnostic = outcome.diagnostics.first {
            failure("\(what): a diagnostic (the reader reports none)", "\(diagnostic)")
        }
        for found in outcome.strings {
            let there = lines.tail(at: found.location.line, found.location.column)
            guard there.first == UInt8(ascii: "\"") else {
                failure("\(what): a string is not placed at a literal's opening quote", "\(found)")
            }
            guard let raw = rawLiteral(there.dropFirst()) else {
                failure("\(what): a string is placed at a literal that does not end on its line", "\(found)")
            }
            if !raw.contains(UInt8(ascii: "\\")), !found.key.utf8.elementsEqual(raw) {
                failure(
                    "\(what): a key differs from the literal it was found at",
                    "\(found)\n--- literal ---\n\(show(Array(raw)))")
            }
            if found.table.isEmpty || found.origin != "swift" {
                failure("\(what): a string has no table or is not Swift's", "\(found)")
            }
        }
    }
}

/// The offsets where the lines of a text start (LF, CR LF and a lone CR end lines, as `FileLocation` counts them).
private struct LineStarts {
    let text: [UInt8]
    let starts: [Int]

    init(_ text: [UInt8]) {
        self.text = text
        var starts = [0]
        var index = 0
        while index < text.count {
            if text[index] == 0x0D, index + 1 < text.count, text[index + 1] == 0x0A { index += 1 }
            if text[index] == 0x0A || text[index] == 0x0D { starts.append(index + 1) }
            index += 1
        }
        self.starts = starts
    }

    /// The bytes from a 1-based line and scalar column to the end of the text; empty when the place is not inside
    /// the line (a column at most one past its last character).
    func tail(at line: Int, _ column: Int) -> ArraySlice<UInt8> {
        guard line >= 1, line <= starts.count, column >= 1 else { return [] }
        var end = line < starts.count ? starts[line] - 1 : text.count
        if line < starts.count, end > starts[line - 1], text[end] == 0x0A, text[end - 1] == 0x0D { end -= 1 }
        var index = starts[line - 1]
        var scalars = 1
        while scalars < column {
            guard index < end else { return [] }
            index += 1
            while index < end, text[index] & 0xC0 == 0x80 { index += 1 }
            scalars += 1
        }
        return index <= end ? text[index...] : []
    }
}

/// The bytes of a one-line literal after its opening quote, up to its closing quote (an escape's next byte is
/// stepped over); `nil` when the line or the file ends first.
private func rawLiteral(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
    var index = bytes.startIndex
    while index < bytes.endIndex {
        switch bytes[index] {
        case UInt8(ascii: "\""): return bytes[bytes.startIndex..<index]
        case 0x0A, 0x0D: return nil
        case UInt8(ascii: "\\"): index += 2
        default: index += 1
        }
    }
    return nil
}

// MARK: - tuist-manifest

/// The tree of `Fixtures/code/sync/layout/tuist` (an app, a widget, a framework, shared resources): the files an
/// input without a tree of its own is matched against.
private let defaultTree = [
    "App/Info.plist", "App/Sources/AppView.swift", "App/Resources/InfoPlist.xcstrings",
    "Widget/Sources/Widget.swift", "Widget/Resources/InfoPlist.xcstrings", "Core/Sources/Banner.swift",
    "Core/Legacy/Old.swift", "Core/Resources/Localizable.xcstrings", "Shared/Resources/Localizable.xcstrings",
    "Tuist/ProjectDescriptionHelpers/Targets.swift", "Other/Outside.m", "Other/Localizable.xcstrings",
]

/// The paths of a tree given one a line, made relative and plain: empty, `.` and `..` components dropped, at most
/// 48 files 8 levels deep, no file where another path needs a folder, no second `Project.swift` at the top.
private func treePaths(_ bytes: [UInt8]) -> [String] {
    var files: [String] = []
    var taken = Set<String>()
    var folders = Set<String>(["Project.swift"])
    for line in bytes.split(separator: 0x0A) where files.count < 48 {
        let components = line.split(separator: UInt8(ascii: "/")).filter {
            !$0.isEmpty && !$0.elementsEqual([0x2E]) && !$0.elementsEqual([0x2E, 0x2E]) && !$0.contains(0)
                && $0.count <= 64
        }.prefix(8).map { String(decoding: $0, as: UTF8.self) }
        guard !components.isEmpty else { continue }
        let prefixes = (1..<components.count).map { components[..<$0].joined(separator: "/") }
        let path = components.joined(separator: "/")
        guard !taken.contains(path), !folders.contains(path), !prefixes.contains(where: taken.contains),
            !components.contains(where: { $0.utf8.count > 64 })
        else { continue }
        files.append(path)
        taken.insert(path)
        folders.formUnion(prefixes)
    }
    return files
}

private func tuistManifest(_ bytes: [UInt8]) {
    let split = parts(bytes, limit: 2)
    let manifest = split[0]
    let first = ProjectFuzzing.tuistManifest(manifest)
    if printsOutcome { print(first) }
    let second = ProjectFuzzing.tuistManifest(manifest)
    if first.targets != second.targets || first.problem != second.problem {
        failure(
            "TuistManifest: reading the same manifest twice gave different results", "\(first)\n--- then ---\n\(second)"
        )
    }
    // Sync's project walk over the tree: the manifest at the top, every other file empty. Only for a manifest with
    // targets: without, the walk reads nothing of it (and writing and walking the tree is most of a run's time).
    guard !first.targets.isEmpty else { return }
    let tree = split.count > 1 ? treePaths(split[1]) : defaultTree
    let root = writeScratch([(path: "Project.swift", bytes: manifest)] + tree.map { (path: $0, bytes: []) })
    let files = Set(["Project.swift"] + tree).map { root + "/" + $0 }
    let extensions: Set<String> = ["swift", "m", "mm", "h", "c", "storyboard", "xib", "plist"]
    let layout = ProjectFuzzing.layout(root: root, codeExtensions: extensions)
    if printsOutcome { print(layout) }
    let again = ProjectFuzzing.layout(root: root, codeExtensions: extensions)
    if "\(layout)" != "\(again)" {
        failure(
            "sync's project walk: walking the same tree twice gave different results",
            "\(layout)\n--- then ---\n\(again)")
    }
    // Every code file listed is a file of the tree, or an Info.plist a target names (which may lie anywhere).
    let named = Set(first.targets.compactMap { $0.infoPlist.map { ($0 as NSString).lastPathComponent } })
    let fileSet = Set(files)
    for catalog in layout.catalogs {
        guard fileSet.contains(catalog.path) else {
            failure("sync's project walk: a catalog that is not a file of the tree", "\(catalog)")
        }
        for file in catalog.codeFiles where !fileSet.contains(file) {
            if named.contains((file as NSString).lastPathComponent) { continue }
            failure(
                "sync's project walk: a code file that is not a file of the tree",
                "\(file)\n--- catalog ---\n\(catalog)\n--- targets ---\n\(first)")
        }
    }
    // A glob matches the same way twice, and a plain pattern matches itself.
    for target in first.targets {
        for pattern in (target.patterns + target.exclusions).prefix(16) where !pattern.isEmpty {
            for path in tree.prefix(16) {
                if ProjectFuzzing.globMatches(pattern, path) != ProjectFuzzing.globMatches(pattern, path) {
                    failure("Glob: matching the same path twice gave different results", "\(pattern) \(path)")
                }
            }
            if !pattern.contains(where: { "*?{}".contains($0) }), ProjectFuzzing.globMatches(pattern, pattern) == false
            {
                failure("Glob: a pattern without wildcards does not match itself", pattern)
            }
        }
    }
}
