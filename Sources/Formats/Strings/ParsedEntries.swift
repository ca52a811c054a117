import LocalizationCatalog

/// One key's value and comment as read, before it becomes a catalog entry.
struct ParsedEntry {
    var value: String
    var comment: String?
    /// The 1-based line of the key; 0 when the format has no lines (binary property lists).
    var line: Int
    /// Where the key is, for the diagnostics of later steps (``CatalogEntry/origin``); set by ``ParsedEntries``.
    var origin: FileLocation? = nil
    /// The 1-based line and column of the value (``Localization/places``); `nil` when not known.
    var valuePlace: (line: Int, column: Int)? = nil
}

/// Collects entries in file order; a repeated key keeps its first position, takes the last value and is reported.
struct ParsedEntries {
    private(set) var entries = OrderedMap<ParsedEntry>()
    /// Whether a repeated key is combined with its first definition instead (``ReadOptions/mergesDuplicateKeys``):
    /// when the values are equal or one is empty, and the comments equal or one absent; otherwise an error goes
    /// to ``contradictions``.
    var mergesDuplicates = false
    /// The repeated keys that could not be combined, as errors.
    private(set) var contradictions: [Diagnostic] = []

    /// Adds an entry; a duplicate gives a warning at `location` naming the line of the value it replaces.
    ///
    /// The later entry's comment replaces the earlier one's; when it has none, the earlier comment stays.
    mutating func add(
        _ key: String, _ entry: ParsedEntry, at location: FileLocation?, path: String, diagnostics: inout Diagnostics
    ) {
        var entry = entry
        entry.origin = location
        guard let position = entries.appendNew(entry, forKey: key) else { return }
        let previous = entries[valueAt: position]
        if mergesDuplicates {
            merge(key, entry, into: position, at: location, path: path, diagnostics: &diagnostics)
            return
        }
        if let location {
            diagnostics.append(
                Diagnostic(
                    .warning, StringsMessage.duplicateKey(key, line: entry.line, previousLine: previous.line),
                    at: location
                ).identified(.duplicateKey, key: key))
        } else {
            diagnostics.append(
                Diagnostic(.warning, StringsMessage.duplicateKeyInPropertyList(key), path: path)
                    .identified(.duplicateKey, key: key))
        }
        entries[valueAt: position] = ParsedEntry(
            value: entry.value, comment: entry.comment ?? previous.comment, line: entry.line, origin: location,
            valuePlace: entry.valuePlace)
    }

    private mutating func merge(
        _ key: String, _ entry: ParsedEntry, into position: Int, at location: FileLocation?, path: String,
        diagnostics: inout Diagnostics
    ) {
        let previous = entries[valueAt: position]
        let place = previous.line > 0 ? "its definition at line \(previous.line)" : "its first definition"
        let report = { (severity: Diagnostic.Severity, message: String) in
            (location.map { Diagnostic(severity, message, at: $0) } ?? Diagnostic(severity, message, path: path))
                .identified(.duplicateKey, key: key)
        }
        var contradiction: String?
        if previous.value != entry.value, !previous.value.isEmpty, !entry.value.isEmpty {
            contradiction = "values \(Diagnostic.quoted(previous.value)) or \(Diagnostic.quoted(entry.value))"
        } else if let left = previous.comment, let right = entry.comment, left != right {
            contradiction = "comments \(Diagnostic.quoted(left)) or \(Diagnostic.quoted(right))"
        }
        if let contradiction {
            contradictions.append(
                report(
                    .error,
                    "duplicate key \(quoted(key)) contradicts \(place): \(contradiction); "
                        + "combine them by hand"))
            return
        }
        diagnostics.append(report(.warning, "duplicate key \(quoted(key)) merged into \(place)"))
        // The value kept is the first one unless it was empty; its place is the first key's, which stays the
        // entry's origin, so the later value's place (counted from another key) is not kept.
        entries[valueAt: position] = ParsedEntry(
            value: previous.value.isEmpty ? entry.value : previous.value, comment: previous.comment ?? entry.comment,
            line: previous.line, origin: previous.origin,
            valuePlace: previous.value.isEmpty && !entry.value.isEmpty ? nil : previous.valuePlace)
    }
}
