import LocalizationCatalog

/// One key's value and comment as read, before it becomes a catalog entry.
struct ParsedEntry {
    var value: String
    var comment: String?
    /// The 1-based line of the key; 0 when the format has no lines (binary property lists).
    var line: Int
}

/// Collects entries in file order; a repeated key keeps its first position, takes the last value and is reported.
struct ParsedEntries {
    private(set) var entries = OrderedMap<ParsedEntry>()

    /// Adds an entry; a duplicate gives a warning at `location` naming the line of the value it replaces.
    ///
    /// The later entry's comment replaces the earlier one's; when it has none, the earlier comment stays.
    mutating func add(
        _ key: String, _ entry: ParsedEntry, at location: FileLocation?, path: String, diagnostics: inout Diagnostics
    ) {
        guard let position = entries.appendNew(entry, forKey: key) else { return }
        let previous = entries[valueAt: position]
        if let location {
            diagnostics.append(
                Diagnostic(
                    .warning, StringsMessage.duplicateKey(key, line: entry.line, previousLine: previous.line),
                    at: location))
        } else {
            diagnostics.append(Diagnostic(.warning, StringsMessage.duplicateKeyInPropertyList(key), path: path))
        }
        entries[valueAt: position] = ParsedEntry(
            value: entry.value, comment: entry.comment ?? previous.comment, line: entry.line)
    }
}
