import LocalizationCatalog
import XCStringsFormat

extension Export.Report {
    /// The report as JSON, for machines, as UTF-8: whether it was a dry run, the totals, each language's document
    /// with the tables written into it, and every file written (or, in a dry run, that would be).
    package func json(dryRun: Bool) -> [UInt8] {
        func number(_ value: Int) -> JSONValue { .number(String(value)) }
        let documents: [JSONValue] = documents.map { document in
            .object([
                "language": .string(document.language), "path": .string(document.path),
                "tables": number(document.tables),
            ])
        }
        let report: OrderedMap<JSONValue> = [
            "dryRun": .bool(dryRun), "languages": number(self.documents.count),
            "documents": .array(documents), "files": .array(files.map(JSONValue.string)),
        ]
        return AppleJSON.encode(.object(report))
    }
}
