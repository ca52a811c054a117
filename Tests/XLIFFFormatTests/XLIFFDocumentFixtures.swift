import LocalizationCatalog
import TestSupport
@_spi(XLIFFDocuments) import XLIFFFormat

/// The fixtures under `Fixtures/xliff/read` and a readable dump of what the reader makes of them.
enum XLIFFDocumentFixtures {
    static let folder = "xliff/read"

    /// The valid documents, without extension.
    static let valid = Fixtures.names(in: folder, withExtension: "xliff")
    /// The invalid documents, without extension.
    static let invalid = Fixtures.names(in: invalidFolder, withExtension: "xliff")
    /// The folder of the documents the reader refuses.
    static let invalidFolder = "xliff/invalid"

    /// Reads `Fixtures/xliff/read/<name>.xliff`, naming it by its fixture path in diagnostics.
    static func read(_ name: String, diagnostics: inout Diagnostics) throws -> XLIFFDocument {
        let path = "\(folder)/\(name).xliff"
        return try XLIFFDocumentReader().read(try Fixtures.bytes(path), path: path, diagnostics: &diagnostics)
    }

    /// One line per fact, values quoted with Swift escapes (control characters visible, non-ASCII raw).
    static func dump(_ document: XLIFFDocument, diagnostics: Diagnostics) -> String {
        var lines = diagnostics.all.map(\.description)
        let layout = document.layout
        lines.append(
            "layout prolog=\(layout.prolog.debugDescription) indentation=\(layout.indentation.debugDescription) "
                + "trailer=\(layout.trailer.debugDescription) selfCloses=\(layout.selfClosesEmptyElements)")
        lines.append("xliff" + attributes(document.rootAttributes))
        for file in document.files {
            var line =
                "file original=\(file.original.debugDescription) source-language=\(file.sourceLanguage.debugDescription)"
            if let target = file.targetLanguage { line += " target-language=\(target.debugDescription)" }
            line += " datatype=\(file.datatype.debugDescription)" + attributes(file.otherAttributes)
            if let order = file.attributeOrder { line += " order=[\(order.joined(separator: " "))]" }
            line += at(file.location)
            lines.append(line)
            if let tool = file.tool {
                var line = "  tool id=\(tool.id.debugDescription) name=\(tool.name.debugDescription)"
                if let version = tool.version { line += " version=\(version.debugDescription)" }
                if let build = tool.buildNumber { line += " build=\(build.debugDescription)" }
                lines.append(line)
            }
            for unit in file.units {
                var line = "  unit \(unit.id.debugDescription)"
                if let translate = unit.translate { line += " translate=\(translate)" }
                if let space = unit.space { line += " space=\(space)" }
                line += attributes(unit.otherAttributes) + at(unit.location)
                lines.append(line)
                if let source = unit.source { lines.append("    source \(source.debugDescription)") }
                if let target = unit.target {
                    var line = "    target \(target.debugDescription)"
                    if let state = unit.state { line += " state=\(state)" }
                    if let qualifier = unit.stateQualifier { line += " qualifier=\(qualifier)" }
                    lines.append(line)
                }
                for note in unit.notes {
                    lines.append("    note " + (note.from.map { "from=\($0) " } ?? "") + note.text.debugDescription)
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func attributes(_ attributes: [XLIFFAttribute]) -> String {
        attributes.map { " \($0.name)=\($0.value.debugDescription)" }.joined()
    }

    private static func at(_ location: FileLocation?) -> String {
        location.map { " @\($0.line):\($0.column)" } ?? ""
    }
}
