import LocalizationCatalog
import LocalizationConverter

extension SyncWorkflow.Plan {
    /// The report of a sync as JSON, for machines, as UTF-8: whether it was a dry run, the totals, and per catalog
    /// that changes its path, the number of keys of each kind of change and each key changed (with the place the
    /// code says it, for keys found in code, and where an interpolation of unknown type is, for a key added with
    /// one); the strings with an interpolation of unknown type taken as catalog keys; then the catalogs left out,
    /// with why.
    package func json(dryRun: Bool) -> [UInt8] {
        let number = ReportJSON.number
        let kinds: [SyncChange.Kind] = [.added, .updated, .unmarkedStale, .markedStale, .removed]
        let files: [JSONValue] = changed.map { catalog in
            let changes = catalog.result.changes
            var counts = OrderedMap<JSONValue>()
            for kind in kinds { counts[kind.rawValue] = number(changes.filter { $0.kind == kind }.count) }
            let keys: [JSONValue] = changes.map { change in
                var object: OrderedMap<JSONValue> = [
                    "key": .string(change.key), "change": .string(change.kind.rawValue),
                ]
                if let location = change.codeLocation { object["code"] = place(location) }
                if let location = change.unresolvedLocation { object["unresolved"] = place(location) }
                return .object(object)
            }
            return .object(["path": .string(catalog.path), "counts": .object(counts), "changes": .array(keys)])
        }
        let unresolved: [JSONValue] = catalogs.flatMap { catalog in
            catalog.result.unresolved.filter { !$0.catalogKeys.isEmpty }.map { string -> JSONValue in
                .object([
                    "path": .string(catalog.path), "key": .string(string.codeKey),
                    "takenAs": .array(string.catalogKeys.map { .string($0) }), "unresolved": place(string.location),
                ])
            }
        }
        let report: OrderedMap<JSONValue> = [
            "dryRun": .bool(dryRun), "catalogs": number(catalogs.count), "changed": number(files.count),
            "files": .array(files), "unresolved": .array(unresolved),
            "leftOut": .array(
                leftOut.map { .object(["path": .string($0.path), "reason": .string($0.reason)]) }),
        ]
        return ReportJSON.encode(.object(report))
    }

    /// `{"path", "line", "column"}` of a place in code.
    private func place(_ location: FileLocation) -> JSONValue {
        .object([
            "path": .string(location.path), "line": ReportJSON.number(location.line),
            "column": ReportJSON.number(location.column),
        ])
    }
}
