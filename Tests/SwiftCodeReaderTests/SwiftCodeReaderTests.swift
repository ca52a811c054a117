import CodeExtraction
import Foundation
import LocalizationCatalog
import TestSupport
import Testing

@testable import SwiftCodeReader

/// One fixture per rule of docs/extraction.md's Swift table; each golden (`<name>.txt`) lists what the reader
/// extracts from `<name>.swift`.
@Suite struct SwiftCodeReaderTests {
    static let rules = [
        "swiftui-views", "swiftui-scenes", "swiftui-modifiers", "not-extracted", "typed-positions", "foundation",
        "app-intents", "app-shortcuts", "project-declarations", "literal-values", "interpolations",
        "build-configurations", "locations", "broken",
    ]

    @Test(arguments: rules)
    func rule(_ name: String) throws {
        let path = "code/swift/\(name).swift"
        let text = String(decoding: try Fixtures.bytes(path), as: UTF8.self)
        var diagnostics = Diagnostics()
        let strings = SwiftCodeReader().strings(
            in: [CodeFile(path: "\(name).swift", text: text)], diagnostics: &diagnostics)
        let dump = Self.dump(strings, diagnostics)
        let difference = Fixtures.compareGolden(Array(dump.utf8), "code/swift/\(name).txt")
        #expect(difference == nil, "\(difference ?? "")\n\(dump)")
    }

    /// `#if os(…)` decided by the platforms of the target (goldens `build-configurations.<platforms>.txt`).
    @Test(arguments: [["watchOS"], ["iOS", "macOS"]])
    func platforms(_ platforms: Set<String>) throws {
        let path = "code/swift/build-configurations.swift"
        let text = String(decoding: try Fixtures.bytes(path), as: UTF8.self)
        var diagnostics = Diagnostics()
        let strings = SwiftCodeReader(platforms: platforms).strings(
            in: [CodeFile(path: "build-configurations.swift", text: text)], diagnostics: &diagnostics)
        let dump = Self.dump(strings, diagnostics)
        let golden = "code/swift/build-configurations.\(platforms.sorted().joined(separator: "+")).txt"
        let difference = Fixtures.compareGolden(Array(dump.utf8), golden)
        #expect(difference == nil, "\(difference ?? "")\n\(dump)")
    }

    @Test func declarationsInOtherFilesCount() throws {
        let files = try ["Declarations.swift", "Uses.swift"].map { name in
            CodeFile(
                path: name,
                text: String(decoding: try Fixtures.bytes("code/swift/project/\(name)"), as: UTF8.self)
            )
        }
        var diagnostics = Diagnostics()
        let together = SwiftCodeReader().strings(in: files, diagnostics: &diagnostics)
        let dump = Self.dump(together, diagnostics)
        let difference = Fixtures.compareGolden(Array(dump.utf8), "code/swift/project/expected.txt")
        #expect(difference == nil, "\(difference ?? "")\n\(dump)")
        // Read alone, the file of the calls does not know the declarations.
        let alone = SwiftCodeReader().strings(in: [files[1]], diagnostics: &diagnostics)
        #expect(alone.map(\.key) == ["%@ shared"])
    }

    @Test func macroNamesAreLikeNSLocalizedString() {
        let file = CodeFile(
            path: "m.swift",
            text: #"let a = MFLocalizedString("Scroll", comment: "Tab"); let b = Other("No")"#
        )
        var diagnostics = Diagnostics()
        let strings = SwiftCodeReader(localizedStringMacroNames: ["MFLocalizedString"])
            .strings(in: [file], diagnostics: &diagnostics)
        #expect(strings.map(\.key) == ["Scroll"])
        #expect(strings.map(\.comment) == ["Tab"])
        #expect(SwiftCodeReader().strings(in: [file], diagnostics: &diagnostics).isEmpty)
    }

    @Test func manyFilesKeepFileOrder() {
        let files = (0..<40).map { CodeFile(path: "f\($0).swift", text: "let t = Text(\"key \($0)\")") }
        var diagnostics = Diagnostics()
        let strings = SwiftCodeReader().strings(in: files, diagnostics: &diagnostics)
        #expect(strings.map(\.key) == (0..<40).map { "key \($0)" })
        #expect(strings.map(\.location.path) == files.map(\.path))
    }

    /// One line per string: location, origin, table, key, then value and comment when present; then diagnostics.
    static func dump(_ strings: [ExtractedString], _ diagnostics: Diagnostics) -> String {
        func quoted(_ text: String) -> String {
            var result = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\n": result += "\\n"
                case "\t": result += "\\t"
                case "\r": result += "\\r"
                case "\"": result += "\\\""
                case "\\": result += "\\\\"
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result + "\""
        }
        var lines: [String] = []
        for string in strings {
            var line = "\(string.location.line):\(string.location.column) \(string.origin.rawValue) "
            line += "\(string.table) \(quoted(string.key))"
            if let value = string.value { line += " value=\(quoted(value))" }
            if let comment = string.comment { line += " comment=\(quoted(comment))" }
            lines.append(line)
        }
        lines += diagnostics.all.map(\.description)
        return lines.map { $0 + "\n" }.joined()
    }
}
