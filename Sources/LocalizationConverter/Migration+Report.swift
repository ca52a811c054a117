import LocalizationCatalog
import XCStringsFormat

extension Migration {
    /// The report of a migration as JSON, for machines, as UTF-8: whether it was a dry run, the totals, and per
    /// catalog its destination, what it was made from, its keys and languages (sorted), whether it merged into a
    /// catalog that existed (and what that added), the legacy files left out and the legacy files deleted (or to
    /// be deleted, in a dry run); and the `.lproj` folders the deletions leave empty, removed.
    package static func json(_ plans: [PlannedCatalog], dryRun: Bool, removedFolders: [String] = []) -> [UInt8] {
        func number(_ value: Int) -> JSONValue { .number(String(value)) }
        let catalogs: [JSONValue] = plans.map { plan in
            var object: OrderedMap<JSONValue> = [
                "path": .string(plan.destination), "keys": number(plan.table.entries.count),
                "languages": .array(plan.table.languages.sorted().map(JSONValue.string)),
                "sources": .array(plan.sources.map(JSONValue.string)),
            ]
            if let existing = plan.existing {
                object["existing"] = .object([
                    "keys": number(existing.keys), "addedKeys": number(existing.addedKeys.count),
                    "addedLocalizations": number(existing.addedLocalizations),
                    "conflicts": .array(
                        existing.conflicts.map {
                            .object(["key": .string($0.key), "language": .string($0.language)])
                        }),
                ])
            } else {
                object["existing"] = .null
            }
            object["leftOut"] = .array(
                plan.leftOut.map {
                    .object([
                        "path": .string($0.path), "language": .string($0.language), "reason": .string($0.reason),
                    ])
                })
            object["deleted"] = .array(plan.deletions.map { .string($0.path) })
            return .object(object)
        }
        let report: OrderedMap<JSONValue> = [
            "dryRun": .bool(dryRun), "keys": number(plans.reduce(0) { $0 + $1.table.entries.count }),
            "catalogs": .array(catalogs),
            "removedFolders": .array(removedFolders.map(JSONValue.string)),
        ]
        return AppleJSON.encode(.object(report))
    }
}
