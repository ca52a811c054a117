import LocalizationCatalog
import XCStringsFormat

/// Typed Swift accessors for a String Catalog's keys.
///
/// Used by `stringbridge generate` and the plugin tool's `accessors` mode. The rules, with their evidence, are in
/// `docs/generate.md`.
package struct AccessorGenerator: Sendable {
    /// What the generated code calls.
    package enum Flavor: String, Sendable, CaseIterable {
        /// `LocalizedStringResource` symbols, byte for byte as Xcode 26 writes `GeneratedStringSymbols_<Table>.swift`.
        case xcode
        /// The same names, as `String` accessors over `StringBridgeRuntime`'s `LocalizedTable` (any platform).
        case runtime
        /// An `enum L10n` as SwiftGen's `structured-swift5` strings template users know (``LegacyAccessorGenerator``).
        case legacy
    }

    /// The preamble of the Xcode flavour, which changed with Xcode 26.2.
    package enum Preamble: String, Sendable, CaseIterable {
        /// Xcode 26.0 and 26.1: no `nonisolated`.
        case legacy
        /// Xcode 26.2 and later: `private nonisolated let`, `nonisolated extension`.
        case nonisolated
    }

    /// One generated file: its name (relative to the output folder) and bytes.
    package struct GeneratedFile: Sendable, Equatable {
        package var name: String
        package var bytes: [UInt8]

        package init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    package var flavor: Flavor
    package var preamble: Preamble

    package init(flavor: Flavor = .xcode, preamble: Preamble = .nonisolated) {
        self.flavor = flavor
        self.preamble = preamble
    }

    /// The preamble for an Xcode version (`26.0`, `26.1.1`, `26.2`): 26.0 and 26.1 (and their updates) have none of
    /// the `nonisolated` of 26.2 and later; `nil` when `version` is not a version of 26 or later.
    package static func preamble(forXcodeVersion version: String) -> Preamble? {
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            parts.allSatisfy({ part in
                !part.isEmpty && part.count <= 4 && part.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
            }),
            let major = Int(parts[0]), major >= 26
        else { return nil }
        let minor = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        return major == 26 && minor < 2 ? .legacy : .nonisolated
    }

    /// Reads a String Catalog (with ``XCStringsReader``; its errors are thrown, its warnings appended).
    package static func readCatalog(_ source: SourceFile, diagnostics: inout Diagnostics) throws -> StringTable {
        try XCStringsReader().read(source, options: ReadOptions(), diagnostics: &diagnostics)
    }

    /// Reads a String Catalog as Xcode's build reads it: as ``readCatalog(_:diagnostics:)``, except that a key the
    /// JSON holds twice is a warning and the last definition wins (``LastDefinitionWins``).
    package static func readCatalogAsXcode(_ source: SourceFile, diagnostics: inout Diagnostics) throws -> StringTable {
        try LastDefinitionWins.read(source, diagnostics: &diagnostics)
    }

    /// The table name of a catalog path: its file name without `.xcstrings`.
    package static func tableName(ofPath path: String) -> String {
        var name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        if name.hasSuffix(".xcstrings") { name.removeLast(".xcstrings".count) }
        return name
    }

    /// One symbol: the key, its entry and the name it gets.
    struct Symbol {
        var key: String
        var entry: CatalogEntry
        var name: String
        var signature: AccessorSignature
    }

    /// Whether Xcode generates a symbol for `entry`: a manually managed key (`extractionState: manual`) without
    /// `"generatesSymbol": false`.
    package static func generatesSymbol(_ entry: CatalogEntry) -> Bool {
        guard entry.extractionState == .manual else { return false }
        if case .bool(false) = entry.extraMembers["generatesSymbol"] { return false }
        return true
    }

    /// Whether `table` has a key Xcode generates a symbol for (``generatesSymbol(_:)``).
    package static func hasSymbolKeys(_ table: StringTable) -> Bool {
        table.entries.values.contains(where: generatesSymbol)
    }

    /// The symbols of `table` in Xcode's order (keys by Unicode scalar values), each key that gets none reported
    /// as a warning at its place (its name is not an identifier or its arguments have no type).
    ///
    /// Keys whose names are equal are Swift overloads when their parameters' labels or types differ
    /// (`f(_ arg1: Int32)` beside `f(_ arg1: Int)`); two that would make the same declaration are an error naming
    /// both, as Xcode's build fails ("This string key would generate the same symbol as …").
    func symbols(of table: StringTable, path: String, diagnostics: inout Diagnostics) throws -> [Symbol] {
        var candidates: [(key: String, entry: CatalogEntry, index: Int)] = []
        for index in table.entries.indices {
            let (key, entry) = table.entries[index]
            if Self.generatesSymbol(entry) { candidates.append((key, entry, index)) }
        }
        candidates.sort { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
        /// The key of each declaration made: name and parameters.
        var taken: [String: (key: String, entry: CatalogEntry)] = [:]
        var collisions: [(index: Int, diagnostic: Diagnostic)] = []
        var result: [Symbol] = []
        // Warnings in the catalog's order, whatever the symbols' order.
        var warnings: [(index: Int, diagnostic: Diagnostic)] = []
        defer {
            for warning in warnings.sorted(by: { $0.index < $1.index }) { diagnostics.append(warning.diagnostic) }
        }
        for (key, entry, index) in candidates {
            let name = SwiftIdentifiers.symbolName(forKey: key)
            func skip(_ why: String) {
                let message = "key \(Diagnostic.quoted(key)) gets no symbol: \(why)"
                warnings.append((index, Diagnostic(.warning, message, at: entry.origin, orPath: path)))
            }
            guard !name.isEmpty else {
                skip("it has no letter or digit to make a name of")
                continue
            }
            guard SwiftIdentifiers.isValidIdentifier(name) else {
                skip("\(Diagnostic.quoted(name)) is not a Swift identifier")
                continue
            }
            if flavor == .xcode, name == "resourceBundleDescription" {
                // Inside the extension the member would hide the file's constant that every symbol passes.
                skip("its name \(name) is the preamble's")
                continue
            }
            let signature: AccessorSignature
            do {
                signature = try AccessorSignature(
                    key: key, entry: entry, sourceLanguage: table.sourceLanguage, type: AccessorSignature.symbolType)
            } catch {
                skip(error.message)
                continue
            }
            let declaration = name + (signature.overloadKey(type: AccessorSignature.symbolType) ?? "")
            if let first = taken[declaration] {
                var message =
                    "key \(Diagnostic.quoted(key)) would generate the same symbol as key "
                    + Diagnostic.quoted(first.key)
                if let origin = first.entry.origin { message += " (line \(origin.line), column \(origin.column))" }
                message += ": \(Self.declarationText(name: name, signature: signature)); rename one of the keys or set "
                message += "\"generatesSymbol\" : false on one"
                collisions.append((index, Diagnostic(.error, message, at: entry.origin, orPath: path)))
                continue
            }
            taken[declaration] = (key, entry)
            result.append(Symbol(key: key, entry: entry, name: name, signature: signature))
        }
        if !collisions.isEmpty {
            throw ConversionError(collisions.sorted { $0.index < $1.index }.map(\.diagnostic))
        }
        return result
    }

    /// `static var name` or `static func name(_:count:)`, for messages.
    static func declarationText(name: String, signature: AccessorSignature) -> String {
        guard !signature.arguments.isEmpty else { return "static var \(name)" }
        let labels = signature.labels.map { ($0 ?? "_") + ":" }.joined()
        return "static func \(name)(\(labels))"
    }

    /// The accessors file for `table`, read from `path`: `GeneratedStringSymbols_<Table>.swift`.
    ///
    /// - Throws: ``ConversionError`` when the table's name cannot name a Swift type (the Xcode flavour's
    ///   namespace for tables other than `Localizable`, the runtime flavour's enum).
    package func generate(_ table: StringTable, path: String, diagnostics: inout Diagnostics) throws -> GeneratedFile {
        precondition(flavor != .legacy, "the legacy flavour is LegacyAccessorGenerator's")
        let tableName = table.name.isEmpty ? Self.tableName(ofPath: path) : table.name
        let needsNamespace = flavor == .runtime || tableName != "Localizable"
        if needsNamespace,
            !SwiftIdentifiers.isValidIdentifier(tableName) || SwiftIdentifiers.keywords.contains(tableName)
        {
            throw ConversionError(
                "table name \(Diagnostic.quoted(tableName)) is not a Swift identifier; rename the catalog",
                at: FileLocation(path: path, line: 1, column: 1))
        }
        let symbols = try symbols(of: table, path: path, diagnostics: &diagnostics)
        let text =
            switch flavor {
            case .xcode, .legacy: xcodeFile(tableName: tableName, symbols: symbols)
            case .runtime: runtimeFile(tableName: tableName, symbols: symbols)
            }
        return GeneratedFile(name: "GeneratedStringSymbols_\(tableName).swift", bytes: Array(text.utf8))
    }

    // MARK: - Xcode flavour

    static let availability = "@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)"

    func xcodeFile(tableName: String, symbols: [Symbol]) -> String {
        let isolation = preamble == .nonisolated ? "nonisolated " : ""
        var text = """
            // \n// GeneratedStringSymbols_\(tableName).swift
            // Auto-Generated symbols for localized strings defined in “\(tableName).xcstrings”.
            // \n
            import Foundation

            #if SWIFT_PACKAGE
            private \(isolation)let resourceBundle = Foundation.Bundle.module
            \(Self.availability)
            private \(isolation)let resourceBundleDescription = LocalizedStringResource.BundleDescription.atURL(resourceBundle.bundleURL)
            #else

            private class ResourceBundleClass {}
            \(Self.availability)
            private \(isolation)let resourceBundleDescription = LocalizedStringResource.BundleDescription.forClass(ResourceBundleClass.self)
            #endif

            \(Self.availability)
            \(isolation)extension LocalizedStringResource {

            """
        var indent = "    "
        let namespaced = tableName != "Localizable"
        if namespaced {
            text += "\(indent)/// Namespace for strings in file “\(tableName).xcstrings”.\n"
            text += "\(indent)enum \(tableName) {\n"
            indent += "    "
        }
        let literalTable = SwiftIdentifiers.stringLiteral(tableName)
        for (index, symbol) in symbols.enumerated() {
            if index > 0 { text += "\n" }
            text += Self.docComment(symbol, tableName: tableName, indent: indent)
            let name = SwiftIdentifiers.declarationName(symbol.name)
            let key = SwiftIdentifiers.stringLiteral(symbol.key)
            let arguments = symbol.signature.arguments
            if arguments.isEmpty {
                text += "\(indent)static var \(name): LocalizedStringResource {\n"
                text += "\(indent)    LocalizedStringResource(\(key), table: \(literalTable), "
                text += "bundle: resourceBundleDescription)\n"
            } else {
                let names = symbol.signature.parameterNames
                text +=
                    "\(indent)static func \(name)(\(Self.parameters(symbol.signature))) -> LocalizedStringResource {\n"
                var value = ""
                for (argument, parameter) in zip(arguments, names) {
                    if argument.spec == "@" {
                        value += "\\(\(parameter))"
                    } else {
                        value += "\\(\(parameter), specifier: \(SwiftIdentifiers.stringLiteral(argument.specifier)))"
                    }
                }
                text += "\(indent)    LocalizedStringResource(\(key), defaultValue: \"\(value)\", "
                text += "table: \(literalTable), bundle: resourceBundleDescription)\n"
            }
            text += "\(indent)}\n"
        }
        if namespaced { text += "    }\n" }
        text += "}"
        return text
    }

    /// `_ arg1: String, _ arg2: Int`; an argument a substitution takes or a named placeholder prints is labelled
    /// with its name (`count: Int`, `name: String`).
    static func parameters(_ signature: AccessorSignature) -> String {
        zip(signature.arguments, signature.labels).enumerated().map { index, element in
            let (argument, label) = element
            let type = AccessorSignature.symbolType(of: argument.spec) ?? "Never"
            return label.map { "\($0): \(type)" } ?? "_ arg\(index + 1): \(type)"
        }.joined(separator: ", ")
    }

    /// The `/** … */` comment: the entry's comment (each line, then an empty line) and the key's line.
    static func docComment(_ symbol: Symbol, tableName: String, indent: String) -> String {
        var text = "\(indent)/**\n"
        if let comment = symbol.entry.comment, !comment.isEmpty {
            for line in SwiftIdentifiers.commentText(comment).split(
                omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            {
                text += "\(indent) \(line)\n"
            }
            text += "\(indent) \n"
        }
        let key = SwiftIdentifiers.commentText(symbol.key)
        text += "\(indent) Localized string for key “\(key)” in table “\(tableName).xcstrings”.\n"
        text += "\(indent) */\n"
        return text
    }

    // MARK: - Runtime flavour

    func runtimeFile(tableName: String, symbols: [Symbol]) -> String {
        var text = """
            // \n// GeneratedStringSymbols_\(tableName).swift
            // Accessors for the localized strings defined in “\(tableName).xcstrings”, read with StringBridgeRuntime.
            // \n
            import Foundation
            import StringBridgeRuntime

            private let _localizedTable = LocalizedTable(name: \(SwiftIdentifiers.stringLiteral(tableName)), bundle: .module)

            /// The strings of table “\(tableName).xcstrings”, in the language of the user's preferred languages.
            enum \(tableName) {

            """
        let indent = "    "
        for (index, symbol) in symbols.enumerated() {
            if index > 0 { text += "\n" }
            text += Self.docComment(symbol, tableName: tableName, indent: indent)
            let name = SwiftIdentifiers.declarationName(symbol.name)
            let key = SwiftIdentifiers.stringLiteral(symbol.key)
            let arguments = symbol.signature.arguments
            if arguments.isEmpty {
                text += "\(indent)static var \(name): String {\n"
                text += "\(indent)    _localizedTable.string(\(key))\n"
            } else {
                text += "\(indent)static func \(name)(\(Self.parameters(symbol.signature))) -> String {\n"
                let passed = symbol.signature.parameterNames.joined(separator: ", ")
                text += "\(indent)    _localizedTable.string(\(key), \(passed))\n"
            }
            text += "\(indent)}\n"
        }
        text += "}\n"
        return text
    }
}
