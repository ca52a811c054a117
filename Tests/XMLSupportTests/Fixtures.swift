// Imports Foundation on purpose: a test target that sees both Foundation and (through XMLSupport) libxml2's
// headers is what used to fail a clean build with "'UErrorCode' has different definitions" (see
// Sources/CLibXML2/shim.h).
import Foundation
import XMLSupport

/// Files under `Fixtures/xml/` at the repository root (three levels above this file).
enum Fixture {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/xml")

    static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }
}

/// Parses an inline document named `t.xml`.
func parse(_ text: String, path: String = "t.xml") throws(XMLParseError) -> XMLDocumentTree {
    try XMLDocumentTree(parsing: Array(text.utf8), path: path)
}

/// The error message `parse` throws, or `nil` if the document parses.
func parseError(_ text: String) -> String? {
    do {
        _ = try parse(text)
        return nil
    } catch {
        return error.description
    }
}

func string(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
}

extension XMLElementNode {
    /// The same tree with every position set to 0, for comparing parsed trees with trees built in code.
    var withoutPositions: XMLElementNode {
        var copy = self
        copy.line = 0
        copy.column = 0
        copy.children = children.map { child in
            if case .element(let element) = child { return .element(element.withoutPositions) }
            return child
        }
        return copy
    }

    /// The same tree without whitespace-only text in element-only content (what indentation adds).
    var withoutIndentation: XMLElementNode {
        var copy = self
        let hasElements = children.contains { if case .element = $0 { true } else { false } }
        let hasRealText = children.contains { child in
            switch child {
            case .text(let text): !text.allSatisfy(\.isWhitespace)
            case .cdata: true
            default: false
            }
        }
        copy.children = children.compactMap { child in
            switch child {
            case .element(let element): return .element(element.withoutIndentation)
            case .text where hasElements && !hasRealText: return nil
            default: return child
            }
        }
        return copy
    }
}
