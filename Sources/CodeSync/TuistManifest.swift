import StringBridgeSupport
import SwiftCodeReader

/// The tokens of a Swift manifest (`Project.swift`, `Package.swift`), as far as reading it by syntax needs.
///
/// Names, string literals and punctuation; comments and white space are dropped. One pass over the bytes; the
/// manifest is never run.
struct ManifestTokens {
    enum Kind: Equatable {
        /// A name (`target`, `sources`) or a number.
        case word
        /// A string literal without interpolation: its text (escapes `\"` and `\\` resolved).
        case string
        /// A string literal with an interpolation (`"\(name)/Sources"`): no value can be known.
        case interpolated
        /// One character of punctuation: `( ) [ ] , : .` and any other.
        case punctuation
    }

    struct Token {
        var kind: Kind
        var text: String
        /// For an opening bracket, the index of its closing one (the end of the tokens when unclosed).
        var match = -1
    }

    var tokens: [Token] = []
    /// Whether the brackets nest deeper than ``InputLimits/nesting``: the tokens are then not used.
    var isTooDeep = false

    init(_ text: String) {
        let bytes = Array(text.utf8)
        var index = 0
        var open: [Int] = []
        func isWordByte(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                || byte >= 0x80
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index < bytes.count,
                    !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count
                        && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    index += 1
                }
                index += 2
            } else if byte == UInt8(ascii: "\"") {
                let isMultiline = bytes[index...].starts(with: [0x22, 0x22, 0x22])
                let delimiter: [UInt8] = isMultiline ? [0x22, 0x22, 0x22] : [0x22]
                index += delimiter.count
                var value: [UInt8] = []
                var interpolated = false
                while index < bytes.count, !bytes[index...].starts(with: delimiter) {
                    if !isMultiline, bytes[index] == 0x0A { break }
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                        if bytes[index + 1] == UInt8(ascii: "(") { interpolated = true }
                        value.append(bytes[index + 1])
                        index += 2
                        continue
                    }
                    value.append(bytes[index])
                    index += 1
                }
                index += delimiter.count
                tokens.append(
                    Token(kind: interpolated ? .interpolated : .string, text: String(decoding: value, as: UTF8.self)))
            } else if isWordByte(byte) {
                let start = index
                while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
                tokens.append(Token(kind: .word, text: String(decoding: bytes[start..<index], as: UTF8.self)))
            } else {
                let character = String(UnicodeScalar(byte))
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                    guard open.count < InputLimits.nesting else {
                        isTooDeep = true
                        tokens = []
                        return
                    }
                    open.append(tokens.count)
                } else if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                    if let opener = open.popLast() { tokens[opener].match = tokens.count }
                }
                tokens.append(Token(kind: .punctuation, text: character))
                index += 1
            }
        }
        for opener in open { tokens[opener].match = tokens.count }
    }

    /// The index after the value starting at `start`: a bracket group is skipped whole.
    func end(ofValueAt start: Int, before limit: Int) -> Int {
        var index = start
        while index < limit {
            let token = tokens[index]
            if token.kind == .punctuation, token.text == "," { return index }
            index = token.match > index ? token.match + 1 : index + 1
        }
        return limit
    }

    /// The arguments of the call whose `(` is at `open`.
    ///
    /// Each label (`nil` for none) with the token range of its value; linear in the tokens of the call.
    func arguments(ofCallAt open: Int) -> [(label: String?, range: Range<Int>)] {
        let close = min(tokens[open].match, tokens.count)
        var result: [(label: String?, range: Range<Int>)] = []
        var index = open + 1
        while index < close {
            var label: String?
            if index + 1 < close, tokens[index].kind == .word, tokens[index + 1].text == ":" {
                label = tokens[index].text
                index += 2
            }
            let end = end(ofValueAt: index, before: close)
            result.append((label, index..<end))
            index = end + 1
        }
        return result
    }

    /// The string literals in `range`, those after an `excluding:` label apart.
    func strings(in range: Range<Int>) -> (included: [String], excluded: [String]) {
        var included: [String] = []
        var excluded: [String] = []
        var index = range.lowerBound
        var exclusionEnd = -1
        while index < range.upperBound {
            let token = tokens[index]
            if token.kind == .word, token.text == "excluding", index + 2 < range.upperBound,
                tokens[index + 1].text == ":"
            {
                exclusionEnd = end(ofValueAt: index + 2, before: range.upperBound)
                index += 2
                continue
            }
            if token.kind == .string {
                if index < exclusionEnd { excluded.append(token.text) } else { included.append(token.text) }
            }
            index += 1
        }
        return (included, excluded)
    }

    /// The first string literal of `range`.
    func firstString(in range: Range<Int>) -> String? {
        tokens[range].first { $0.kind == .string }?.text
    }
}

/// A module a target depends on, as its manifest or project names it.
struct ModuleDependency: Equatable {
    /// The target or product name.
    var name: String
    /// Where it is declared, relative to the declaring manifest's or project's folder, when the manifest says so
    /// (`.project(target:path:)`, a local package's path); `""` for the same project or package.
    var path: String?
    /// The package that declares it, by name (`.product(name:package:)`), when not by path.
    var package: String?
}

/// The targets a Tuist `Project.swift` declares, read from its text by syntax (the manifest is never run).
///
/// A target is a call `.target(…)`, `Target(…)` or `Target.target(…)` with a `name:` and at least one of the labels
/// only a target has (`sources:`, `resources:`, `buildableFolders:`, `product:`, `bundleId:`, `destinations:`,
/// `platform:`); `.target(name: "Core")` in a `dependencies:` list is a dependency, not a target. Its files are
/// the string literals of `sources:`, `resources:` and `buildableFolders:` (globs relative to the manifest's folder),
/// less those after `excluding:`; a literal with an interpolation, or a target made by a helper function, cannot be
/// read and gives nothing.
enum TuistManifest {
    struct Target: Equatable {
        var name: String
        /// Globs and paths of its sources and resources (`Sources/**`, `Resources/**/*.xcstrings`).
        var patterns: [String] = []
        /// Globs its `excluding:` lists leave out.
        var exclusions: [String] = []
        /// Folders Xcode synchronizes (`buildableFolders:`): every file below.
        var folders: [String] = []
        /// `infoPlist:` when it names a file.
        var infoPlist: String?
        /// `productName:` (Tuist's default is the target's name).
        var productName: String?
        /// `infoPlist: .default` or `.extendingDefault(with:)`: the keys given with a string literal, in order (Tuist
        /// generates the Info.plist; its default holds `CFBundleName` `$(PRODUCT_NAME)`); `nil` for a file or none.
        var generatedInfoPlist: [(key: String, value: String)]?

        static func == (a: Target, b: Target) -> Bool {
            a.name == b.name && a.patterns == b.patterns && a.exclusions == b.exclusions && a.folders == b.folders
                && a.infoPlist == b.infoPlist && a.productName == b.productName && a.dependencies == b.dependencies
                && a.generatedInfoPlist?.map(\.key) == b.generatedInfoPlist?.map(\.key)
                && a.generatedInfoPlist?.map(\.value) == b.generatedInfoPlist?.map(\.value)
        }
        /// The targets it depends on (`.target(name:)`, `.project(target:path:)`, `.package(product:)`).
        var dependencies: [ModuleDependency] = []
    }

    private static let targetLabels: Set<String> = [
        "sources", "resources", "buildableFolders", "product", "bundleId", "destinations", "platform",
    ]

    /// The targets of the manifest `text`; none when it nests deeper than ``InputLimits/nesting``.
    static func targets(in text: String) -> [Target] { read(text).targets }

    /// The targets of the manifest `text`, and why it was not read (nesting beyond ``InputLimits/nesting``, a
    /// glob beyond ``Glob``'s bounds).
    static func read(_ text: String) -> (targets: [Target], problem: String?) {
        let result = readAll(text)
        return (result.targets, result.problem)
    }

    /// What reading a manifest gives: its targets, why it was not read, and how many elements of its project's
    /// `targets:` could not be read by syntax (a helper of another file, a value only running the manifest gives).
    struct Reading {
        var targets: [Target]
        var problem: String?
        var unreadable = 0
    }

    /// The targets of the manifest `text`: those of its `Project(targets:)` evaluated by syntax
    /// (``ManifestEvaluation``: the manifest's functions and `let`s, literal arguments, `?:`, `if`, interpolation,
    /// arrays and `+`), else, when no `Project(…)` call is found at its top level, every target call written in it.
    static func readAll(_ text: String) -> Reading {
        // A file named `Project.swift` that is not a manifest (a model of an app) is not read.
        guard text.contains("import ProjectDescription") else { return Reading(targets: []) }
        let scan = ManifestTokens(text)
        if scan.isTooDeep {
            return Reading(
                targets: [],
                problem: "the manifest nests brackets deeper than \(InputLimits.nesting) levels; it is not read")
        }
        if let elements = ManifestEvaluation.projectTargets(in: text) {
            var result = Reading(targets: [])
            for element in elements {
                guard let target = target(from: element) else {
                    result.unreadable += 1
                    continue
                }
                if let pattern = (target.patterns + target.exclusions).first(where: { Glob($0) == nil && !$0.isEmpty })
                {
                    return Reading(targets: [], problem: globProblem(pattern, target.name))
                }
                result.targets.append(target)
            }
            return result
        }
        return tokenRead(scan)
    }

    /// The problem of a glob beyond ``Glob``'s bounds.
    private static func globProblem(_ pattern: String, _ name: String) -> String {
        "the glob \(quoted(pattern)) of target \(quoted(name)) is longer than \(Glob.maximumLength) bytes "
            + "or has more than \(Glob.maximumAlternatives) alternatives; the manifest is not read"
    }

    /// Every target call written in the manifest, read from its tokens.
    private static func tokenRead(_ scan: ManifestTokens) -> Reading {
        let tokens = scan.tokens
        var result: [Target] = []
        var index = 0
        while index < tokens.count {
            // `.target(`, `Target(`, `Target.target(`.
            let token = tokens[index]
            guard token.kind == .word, token.text == "target" || token.text == "Target", index + 1 < tokens.count,
                tokens[index + 1].text == "(", token.text == "Target" || (index > 0 && tokens[index - 1].text == ".")
            else {
                index += 1
                continue
            }
            let open = index + 1
            let arguments = scan.arguments(ofCallAt: open)
            guard arguments.contains(where: { targetLabels.contains($0.label ?? "") }),
                let nameRange = arguments.first(where: { $0.label == "name" })?.range,
                let name = scan.firstString(in: nameRange)
            else {
                index += 2
                continue
            }
            var target = Target(name: name)
            for (label, range) in arguments {
                switch label {
                case "sources", "resources":
                    let (included, excluded) = scan.strings(in: range)
                    target.patterns += included
                    target.exclusions += excluded
                case "buildableFolders":
                    target.folders += scan.strings(in: range).included
                case "infoPlist":
                    // `"Info.plist"` or `.file(path: "Info.plist")`; `.default` and `.extendingDefault(with: [...])`
                    // are Tuist's generated Info.plist.
                    if tokens[range].first?.kind == .string || tokens[range].contains(where: { $0.text == "file" }) {
                        target.infoPlist = scan.firstString(in: range)
                    } else if tokens[range].contains(where: { $0.text == "extendingDefault" || $0.text == "default" }) {
                        target.generatedInfoPlist = generatedEntries(in: range, of: scan)
                    }
                case "productName":
                    target.productName = scan.firstString(in: range)
                case "dependencies":
                    target.dependencies = dependencies(in: range, of: scan)
                default: continue
                }
            }
            if let pattern = (target.patterns + target.exclusions).first(where: { Glob($0) == nil && !$0.isEmpty }) {
                return Reading(targets: [], problem: globProblem(pattern, name))
            }
            result.append(target)
            // The call is read: its arguments hold no other target.
            index = max(tokens[open].match, open + 1)
        }
        return Reading(targets: result)
    }

    /// The target a value of the manifest stands for: a call `.target(…)`/`Target(…)` with a `name:` that is a
    /// string and a label only a target has; nil for anything else (its catalog then takes its folder's code).
    static func target(from value: ManifestValue) -> Target? {
        guard case .call(let callee, let arguments) = value, callee == "target" || callee == "Target",
            arguments.contains(where: { targetLabels.contains($0.label ?? "") }),
            case .string(let name)? = arguments.first(where: { $0.label == "name" })?.value
        else { return nil }
        var target = Target(name: name)
        for argument in arguments {
            switch argument.label {
            case "sources", "resources":
                var included: [String] = []
                var excluded: [String] = []
                collectStrings(argument.value, excluding: false, &included, &excluded)
                target.patterns += included
                target.exclusions += excluded
            case "buildableFolders":
                var included: [String] = []
                var excluded: [String] = []
                collectStrings(argument.value, excluding: false, &included, &excluded)
                target.folders += included
            case "infoPlist":
                switch argument.value {
                case .string(let path):
                    target.infoPlist = path
                case .call("file", let file):
                    if case .string(let path)? = file.first?.value { target.infoPlist = path }
                case .call("default", _):
                    target.generatedInfoPlist = []
                case .call("extendingDefault", let extending):
                    var entries: [(key: String, value: String)] = []
                    if case .dictionary(let pairs)? = extending.first(where: { $0.label == "with" })?.value {
                        for pair in pairs {
                            guard case .string(let key) = pair.key else { continue }
                            if case .string(let text) = pair.value {
                                entries.append((key, text))
                            } else if case .call("string", let inner) = pair.value, inner.count == 1,
                                case .string(let text) = inner[0].value
                            {
                                entries.append((key, text))
                            }
                        }
                    }
                    target.generatedInfoPlist = entries
                default:
                    break
                }
            case "productName":
                if case .string(let text) = argument.value { target.productName = text }
            case "dependencies":
                guard case .array(let elements) = argument.value else { continue }
                for case .call(let kind, let details) in elements {
                    func string(_ label: String?) -> String? {
                        guard case .string(let text)? = details.first(where: { $0.label == label })?.value else {
                            return nil
                        }
                        return text
                    }
                    switch kind {
                    case "target":
                        if let name = string("name") ?? string(nil) {
                            target.dependencies.append(ModuleDependency(name: name, path: ""))
                        }
                    case "project":
                        if let name = string("target"), let path = string("path") {
                            target.dependencies.append(ModuleDependency(name: name, path: path))
                        }
                    case "package":
                        if let name = string("product") { target.dependencies.append(ModuleDependency(name: name)) }
                    default: break
                    }
                }
            default:
                continue
            }
        }
        return target
    }

    /// The strings of a value, those under an `excluding:` label apart.
    private static func collectStrings(
        _ value: ManifestValue, excluding: Bool, _ included: inout [String], _ excluded: inout [String]
    ) {
        switch value {
        case .string(let text):
            if excluding { excluded.append(text) } else { included.append(text) }
        case .array(let elements):
            for element in elements { collectStrings(element, excluding: excluding, &included, &excluded) }
        case .call(_, let arguments):
            for argument in arguments {
                collectStrings(
                    argument.value, excluding: excluding || argument.label == "excluding", &included, &excluded)
            }
        case .dictionary, .bool, .unknown:
            break
        }
    }

    /// The entries `"Key": "value"` and `"Key": .string("value")` of the dictionary after `with:`.
    private static func generatedEntries(in range: Range<Int>, of scan: ManifestTokens) -> [(
        key: String, value: String
    )] {
        let tokens = scan.tokens
        guard let with = tokens[range].firstIndex(where: { $0.text == "with" }), with + 2 < range.upperBound,
            tokens[with + 1].text == ":", tokens[with + 2].text == "["
        else { return [] }
        let open = with + 2
        let close = min(tokens[open].match, range.upperBound)
        var result: [(key: String, value: String)] = []
        var index = open + 1
        while index < close {
            let end = scan.end(ofValueAt: index, before: close)
            if end - index >= 3, tokens[index].kind == .string, tokens[index + 1].text == ":" {
                let value = tokens[index + 2]
                if value.kind == .string, end - index == 3 {
                    result.append((tokens[index].text, value.text))
                } else if value.text == ".", end - index == 7, tokens[index + 3].text == "string",
                    tokens[index + 5].kind == .string
                {
                    result.append((tokens[index].text, tokens[index + 5].text))
                }
            }
            index = end + 1
        }
        return result
    }

    /// The targets `.target(name:)` (this project), `.project(target:path:)` (another project's) and
    /// `.package(product:)` (a package's) in a `dependencies:` list.
    private static func dependencies(in range: Range<Int>, of scan: ManifestTokens) -> [ModuleDependency] {
        var result: [ModuleDependency] = []
        var index = range.lowerBound
        while index + 1 < range.upperBound {
            let token = scan.tokens[index]
            if token.kind == .word, ["target", "project", "package"].contains(token.text),
                scan.tokens[index + 1].text == "("
            {
                let arguments = scan.arguments(ofCallAt: index + 1)
                func string(_ label: String?) -> String? {
                    arguments.first { $0.label == label }.flatMap { scan.firstString(in: $0.range) }
                }
                switch token.text {
                case "target":
                    if let name = string("name") ?? string(nil) {
                        result.append(ModuleDependency(name: name, path: ""))
                    }
                case "project":
                    if let name = string("target"), let path = string("path") {
                        result.append(ModuleDependency(name: name, path: path))
                    }
                default:
                    if let name = string("product") { result.append(ModuleDependency(name: name)) }
                }
                index = max(scan.tokens[index + 1].match, index + 2)
                continue
            }
            index += 1
        }
        return result
    }
}

/// Glob patterns as Tuist writes them: `*` and `?` within one path component, `**` for any number of components,
/// `{a,b}` for alternatives; a pattern with no wildcard names a file or a folder (everything below it).
///
/// Patterns are bounded (``maximumLength`` bytes, ``maximumAlternatives`` after expanding braces) and matched
/// without backtracking: a table over pattern and path components, quadratic at worst in their lengths; the work of
/// matching one manifest's globs is bounded too (``maximumSteps``, counted by the caller's budget).
struct Glob {
    static let maximumLength = 1024
    static let maximumAlternatives = 64
    /// The steps matching the globs of one manifest against the files below it may take.
    static let maximumSteps = 1 << 26

    /// Each alternative's components.
    private var alternatives: [[Substring]]

    /// `nil` when the pattern is empty or beyond the bounds.
    init?(_ pattern: String) {
        guard !pattern.isEmpty, pattern.utf8.count <= Self.maximumLength else { return nil }
        var expanded = [""]
        var rest = Substring(pattern)
        // Braces, left to right, not nested: `a/{b,c}/*.{swift,m}`.
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let prefix = rest[..<open]
            let choices = rest[rest.index(after: open)..<close].split(separator: ",", omittingEmptySubsequences: false)
            guard expanded.count * choices.count <= Self.maximumAlternatives else { return nil }
            expanded = expanded.flatMap { head in choices.map { head + prefix + $0 } }
            rest = rest[rest.index(after: close)...]
        }
        alternatives = expanded.map { ($0 + rest).split(separator: "/", omittingEmptySubsequences: true) }
    }

    /// Whether `path` (relative to the pattern's folder, normalized) matches.
    func matches(_ path: String) -> Bool {
        var budget = Self.maximumSteps
        return matches(path, budget: &budget)
    }

    /// Whether `path` matches, each step taken from `budget`; `false` once the budget is spent.
    func matches(_ path: String, budget: inout Int) -> Bool {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        return alternatives.contains { budget > 0 && Self.matches($0, components, budget: &budget) }
    }

    private static func matches(_ pattern: [Substring], _ path: [Substring], budget: inout Int) -> Bool {
        // A pattern without wildcards also names everything below it (a folder).
        let isPlain = !pattern.contains { $0.contains("*") || $0.contains("?") }
        if isPlain {
            budget -= pattern.count + 1
            return path.count >= pattern.count && zip(pattern, path).allSatisfy { $0 == $1 }
        }
        // reachable[j]: the first i pattern components can match the first j path components.
        var reachable = [Bool](repeating: false, count: path.count + 1)
        reachable[0] = true
        for component in pattern {
            var next = [Bool](repeating: false, count: path.count + 1)
            if component == "**" {
                var any = false
                for j in 0...path.count {
                    any = any || reachable[j]
                    next[j] = any
                }
            } else {
                for j in 0..<path.count where reachable[j] && matchesComponent(component, path[j], budget: &budget) {
                    next[j + 1] = true
                }
            }
            reachable = next
            budget -= path.count + 1
        }
        return reachable[path.count]
    }

    /// `*` and `?` within one component (a two-pointer match: at most the product of the two lengths).
    private static func matchesComponent(_ pattern: Substring, _ text: Substring, budget: inout Int) -> Bool {
        let p = Array(pattern.utf8)
        let t = Array(text.utf8)
        var i = 0
        var j = 0
        var star = -1
        var mark = 0
        while j < t.count {
            budget -= 1
            guard budget > 0 else { return false }
            if i < p.count, p[i] == UInt8(ascii: "?") || p[i] == t[j] {
                i += 1
                j += 1
            } else if i < p.count, p[i] == UInt8(ascii: "*") {
                star = i
                mark = j
                i += 1
            } else if star >= 0 {
                i = star + 1
                mark += 1
                j = mark
            } else {
                return false
            }
        }
        while i < p.count, p[i] == UInt8(ascii: "*") { i += 1 }
        return i == p.count
    }
}
