@_spi(Fuzzing) import CodeGeneration
import Foundation
import LocalizationCatalog
@_spi(Fuzzing) import StringBridgeRuntime
import XCStringsFormat

// Targets of the runtime library and of code generation: compiled tables loaded from any bytes and looked up with
// any arguments, catalogs compiled and loaded back, and typed accessors generated from catalogs.

extension FuzzTarget {
    /// The targets of the runtime and of generated code.
    static let generation: [FuzzTarget] = [
        FuzzTarget(
            name: "runtime-table",
            summary:
                "LocalizedTable loading the input as a compiled table, and RuntimeTableEncoder compiling it as a catalog: never crash, lookups deterministic, a missing key gives the key, a plain development value itself, every catalog key looks up",
            seedExtensions: ["json", "xcstrings"], run: runtimeTable),
        FuzzTarget(
            name: "generate-accessors",
            summary:
                "AccessorGenerator (Xcode 26.0 and 26.2+ preambles, runtime) and LegacyAccessorGenerator over a catalog: deterministic, declared names are Swift identifiers",
            seedExtensions: ["xcstrings"], run: generateAccessors),
    ]
}

// MARK: - runtime-table

/// The folder the compiled tables are written to.
private let runtimeDirectory: URL = {
    let path = scratchDirectory + "/runtime"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return URL(fileURLWithPath: path)
}()

/// The argument lists every lookup is tried with: none, numbers of each kind, text, more than any format uses.
private var argumentSets: [[any CVarArg]] {
    [
        [], [1], [0, "text"], [2.5, -3, UInt(7)], ["a", "b", "c"], [Int.max, Int.min, Double.nan, -0.0],
        Array(repeating: 11, count: 10),
    ]
}

/// At most this many keys of a table are looked up.
private let keyLimit = 48

private func runtimeTable(_ bytes: [UInt8]) {
    checkCompiledTable(bytes)
    var diagnostics = Diagnostics()
    guard
        let catalog = try? XCStringsReader().read(
            SourceFile(path: "Fuzz.xcstrings", bytes: bytes), options: ReadOptions(), diagnostics: &diagnostics)
    else { return }
    checkCatalogCompilation(catalog)
}

/// The input as a compiled table: loaded, then every key looked up with each argument list and language.
private func checkCompiledTable(_ bytes: [UInt8]) {
    let table = RuntimeFuzzing.load(bytes, name: "Fuzz", directory: runtimeDirectory)
    let decoded = try? JSONDecoder().decode(RuntimeTable.self, from: Data(bytes))
    let localizations = table.loadError == nil ? decoded?.localizations ?? [] : []
    if table.loadError == nil, decoded == nil {
        failure("LocalizedTable loaded a file JSONDecoder does not decode as a RuntimeTable", show(bytes))
    }
    let development = table.developmentLanguage
    let languageLists: [[String]] = [[development], ["zz-Fuzz"], table.languages.prefix(2).reversed()]
    let allKeys = localizations.flatMap { $0.entries.map(\.key) }
    // A key no language has: the key itself, whatever the table.
    for missing in ["", "%@ %d", "fuzz-missing-key"] + allKeys.prefix(4).map({ $0 + "\u{1}missing" })
    where !allKeys.contains(where: { $0.utf8.elementsEqual(missing.utf8) }) {
        for languages in languageLists {
            let found = table.string(missing, arguments: [1, "a"], languages: languages)
            if found != missing {
                failure(
                    "LocalizedTable: a missing key does not give the key",
                    "\(missing.debugDescription) → \(found.debugDescription) for \(languages)")
            }
        }
    }
    var looked = 0
    let sets = argumentSets
    for (index, localization) in localizations.enumerated() {
        for (entryIndex, entry) in localization.entries.enumerated() where looked < keyLimit {
            looked += 1
            for languages in languageLists + [[localization.language]] {
                for arguments in sets {
                    let first = table.string(entry.key, arguments: arguments, languages: languages)
                    let second = table.string(entry.key, arguments: arguments, languages: languages)
                    if first != second {
                        failure(
                            "LocalizedTable: the same lookup twice gave different strings",
                            "\(entry.key.debugDescription) \(languages): \(first.debugDescription), then \(second.debugDescription)"
                        )
                    }
                }
            }
            // A key only the development language has (the first localization, so the one its spelling finds),
            // whose value is a plain text without specifiers: that text, in any language.
            guard index == 0, localization.language == development, let text = entry.value.text,
                !text.contains("%"),
                localization.entries.firstIndex(where: { $0.key.utf8.elementsEqual(entry.key.utf8) }) == entryIndex,
                !localizations.dropFirst().contains(where: { other in
                    other.entries.contains { $0.key.utf8.elementsEqual(entry.key.utf8) }
                })
            else { continue }
            for languages in languageLists {
                let found = table.string(entry.key, arguments: [], languages: languages)
                if found != text {
                    failure(
                        "LocalizedTable: a key only the development language has does not give its value",
                        "\(entry.key.debugDescription) \(languages): \(found.debugDescription), not \(text.debugDescription)"
                    )
                }
            }
        }
    }
}

/// A catalog compiled as `stringbridge-generate tables` compiles it: the same bytes twice, the file loads and decodes
/// to the table compiled, and each key of the source language looks up (a plain value gives itself, a key without
/// one gives the key).
private func checkCatalogCompilation(_ catalog: StringTable) {
    let compiled = GenerationFuzzing.runtimeTable(catalog, path: "Fuzz.xcstrings")
    let again = GenerationFuzzing.runtimeTable(catalog, path: "Fuzz.xcstrings")
    if compiled.bytes != again.bytes || compiled.diagnostics != again.diagnostics {
        failure("RuntimeTableEncoder: compiling the same catalog twice gave different files", show(compiled.bytes))
    }
    let decoded: RuntimeTable
    do {
        decoded = try JSONDecoder().decode(RuntimeTable.self, from: Data(compiled.bytes))
    } catch {
        failure("a compiled table does not decode", "\(error)\n--- compiled ---\n\(show(compiled.bytes))")
    }
    if decoded != compiled.table {
        failure("a compiled table decodes to another table", "\(decoded)\n--- compiled ---\n\(compiled.table)")
    }
    let table = RuntimeFuzzing.load(compiled.bytes, name: "Fuzz", directory: runtimeDirectory)
    if let error = table.loadError {
        failure("LocalizedTable does not load a compiled table", "\(error)\n--- compiled ---\n\(show(compiled.bytes))")
    }
    let source = catalog.sourceLanguage
    for (key, entry) in zip(catalog.entries.keys, catalog.entries.values).prefix(keyLimit) {
        let expected: String
        if let localization = entry.localizations?[source] {
            guard localization.variations == nil, localization.substitutions == nil,
                let value = localization.stringUnit?.value, !value.contains("%")
            else { continue }
            expected = value
        } else {
            guard !key.contains("%") else { continue }
            expected = key
        }
        let found = table.string(key, arguments: [], languages: [source])
        if found != expected {
            failure(
                "a catalog key compiled and looked up in the source language does not give its value",
                "\(key.debugDescription): \(found.debugDescription), not \(expected.debugDescription)\n--- compiled ---\n\(show(compiled.bytes))"
            )
        }
    }
}

// MARK: - generate-accessors

private func generateAccessors(_ bytes: [UInt8]) {
    var diagnostics = Diagnostics()
    guard
        let catalog = try? XCStringsReader().read(
            SourceFile(path: "Fuzz.xcstrings", bytes: bytes), options: ReadOptions(), diagnostics: &diagnostics)
    else { return }
    for flavor in GenerationFuzzing.flavors {
        let first = generate(catalog, flavor)
        let second = generate(catalog, flavor)
        if first.bytes != second.bytes || first.outcome != second.outcome {
            failure(
                "accessors (\(flavor)): generating twice gave different results",
                "\(first.outcome)\n\(show(first.bytes))\n--- then ---\n\(second.outcome)\n\(show(second.bytes))")
        }
        let text = String(decoding: first.bytes, as: UTF8.self)
        for name in declaredNames(text) where !isIdentifier(name) {
            failure(
                "accessors (\(flavor)): a declared name is not a Swift identifier",
                "\(name.debugDescription)\n--- file ---\n\(show(first.bytes))")
        }
    }
}

/// The file and what else the generator said (its name and warnings, or its error).
private func generate(_ catalog: StringTable, _ flavor: String) -> (bytes: [UInt8], outcome: String) {
    do {
        let file = try GenerationFuzzing.accessors(catalog, path: "Fuzz.xcstrings", flavor: flavor)
        return (file.bytes, "\(file.name) \(file.diagnostics)")
    } catch let error as ConversionError {
        return ([], "\(error)")
    } catch {
        failure("accessors (\(flavor)): the generator threw a non-ConversionError", "\(error)")
    }
}

/// The words that may come before a declaration's keyword.
private let declarationModifiers: Set<Substring> = [
    "static", "internal", "private", "fileprivate", "public", "package", "nonisolated", "final", "indirect",
]

/// The names the generated code declares, up to `(`, `:`, `=`, `<` or `{`.
///
/// A declaration is a line of `func`, `var`, `let`, `enum`, `struct` or `case` after modifiers only, outside
/// comments.
private func declaredNames(_ text: String) -> [String] {
    var names: [String] = []
    var inBlockComment = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
        // Inside `/** … */` (the generators split any `*/` of a key or comment, so the first one closes it).
        if inBlockComment {
            if line.contains("*/") { inBlockComment = false }
            continue
        }
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        guard let first = words.first, !first.hasPrefix("//") else { continue }
        if first.hasPrefix("/*") {
            inBlockComment = !line.contains("*/")
            continue
        }
        // The keyword after modifiers only (a `case` inside a string literal of a call is no declaration).
        guard
            let index = words.firstIndex(where: { ["func", "var", "let", "enum", "struct", "case"].contains($0) }),
            index + 1 < words.count, words[..<index].allSatisfy({ declarationModifiers.contains($0) })
        else { continue }
        let rest = words[index + 1]
        let end = rest.firstIndex { "(:=<{".contains($0) } ?? rest.endIndex
        names.append(String(rest[..<end]))
    }
    return names
}

/// Whether `name` (in backticks or not) is a Swift identifier: the generators' own rule, and independently no
/// character Swift never allows in one (ASCII punctuation but `_` and `$`, white space, controls) and no digit first.
private func isIdentifier(_ name: String) -> Bool {
    var bare = Substring(name)
    if bare.hasPrefix("`"), bare.hasSuffix("`"), bare.count >= 3 { bare = bare.dropFirst().dropLast() }
    guard let head = bare.unicodeScalars.first, !("0"..."9").contains(head) else { return false }
    for scalar in bare.unicodeScalars {
        if scalar.properties.isWhitespace || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
            return false
        }
        if scalar.isASCII, !scalar.properties.isAlphabetic, !("0"..."9").contains(scalar), scalar != "_",
            scalar != "$"
        {
            return false
        }
    }
    return GenerationFuzzing.isValidIdentifier(String(bare))
}
