import LocalizationCatalog

/// The working state of one import.
struct Importer {
    /// The table as it was before the import; never changed (changes are collected in ``pending``).
    let table: StringTable
    let language: String
    let options: XLIFFImport.Options
    /// The new localizations so far, by entry position, in the order first changed.
    private var pending: [(position: Int, localization: Localization)] = []
    /// Where each entry's new localization is in ``pending`` (-1: none): one place per entry of the table, made
    /// at the first change (an import that changes nothing makes none; one into a language the table lacks
    /// changes every entry, each found without hashing its position).
    private var pendingIndex: [Int] = []
    /// Where ``language`` was among the localizations of the entry looked at last.
    var lastLanguageSlot = 0
    /// Keys a legacy `.strings` table gets from the file (units whose id is no key yet), in file order.
    private(set) var created: [(key: String, entry: CatalogEntry)] = []
    /// The positions of ``created`` by key's UTF-8 bytes: keys that are only canonically equivalent (`café`
    /// precomposed and decomposed) are two keys, as in the table (Fuzz/findings/xliff-import/created-key-twice.xliff).
    private var createdPositions: [[UInt8]: Int] = [:]
    /// The keys holding line breaks or tabs by their form with each turned into a space (as XML reads them in an
    /// attribute written raw); made when first asked.
    private var keysByLineBreaksAsSpaces: [String: String]?

    /// Whether a catalog entry is first given the quick look (``quickLookFindsNothingToApply(_:units:paths:at:in:report:)``).
    var takesQuickLook = true
    /// Whether a catalog entry is first tried as a new plain translation
    /// (``newPlainTranslation(_:units:paths:at:in:report:)``).
    var takesNewPlainTranslation = true
    /// Whether every imported text is compared with the localization it was imported into, even one that creates
    /// a string where there was none (``createsLeaf(_:at:)``): for the test that holds the two ways equal.
    var comparesNewLeaves = false
    /// How many entries ``newPlainTranslation(_:units:paths:at:in:report:)`` applied (for the test that it runs).
    var newPlainTranslations = 0

    init(table: StringTable, language: String, options: XLIFFImport.Options) {
        self.table = table
        self.language = language
        self.options = options
    }

    /// The changes, in the order first made, moved out of the importer (which has none left).
    mutating func takeChanges() -> [(position: Int, localization: Localization)] {
        var changes: [(position: Int, localization: Localization)] = []
        swap(&changes, &pending)
        pendingIndex = []
        return changes
    }

    func hasKey(_ key: String) -> Bool { table.entries.index(forKey: key) != nil }

    /// The key that `id` (no key of the table) is with its line breaks and tabs read as spaces.
    ///
    /// XML reads so an `id` attribute a translation tool wrote them raw in (OmegaT does): an id that is such a key,
    /// or such a key followed by a variation path. `nil` when there is none.
    mutating func keyWithLineBreaks(readAs id: String) -> String? {
        if keysByLineBreaksAsSpaces == nil {
            var map: [String: String] = [:]
            for key in table.entries.keys where key.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
                map[Self.lineBreaksAsSpaces(key), default: key] = map[Self.lineBreaksAsSpaces(key)] ?? key
            }
            keysByLineBreaksAsSpaces = map
        }
        guard let map = keysByLineBreaksAsSpaces, !map.isEmpty else { return nil }
        if let key = map[id] { return key }
        if let separator = id.range(of: XLIFFIdentifier.separator), let key = map[String(id[..<separator.lowerBound])] {
            return key
        }
        return nil
    }

    /// `key` as XML reads it in an attribute written raw: `\r\n`, `\r`, `\n` and tab each one space.
    static func lineBreaksAsSpaces(_ key: String) -> String {
        var result = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in key.unicodeScalars {
            switch scalar {
            case "\r":
                result.append(" ")
                previousWasCR = true
                continue
            case "\n":
                if !previousWasCR { result.append(" ") }
            case "\t": result.append(" ")
            default: result.append(scalar)
            }
            previousWasCR = false
        }
        return String(result)
    }

    /// The localization of the entry at `position` in this language, with the changes made so far.
    func currentLocalization(at position: Int) -> Localization? {
        if hasChange(at: position) { return pending[pendingIndex[position]].localization }
        return table.entries[valueAt: position].localizations?[language]
    }

    /// Whether this import has changed the localization of the entry at `position` already.
    func hasChange(at position: Int) -> Bool { position < pendingIndex.count && pendingIndex[position] >= 0 }

    /// A position standing for `key` when this import created it (for lookups that only ask whether it exists).
    func createdIndex(_ key: String) -> Int? { createdPositions[Array(key.utf8)] }

    /// The localization in this language of a key created by this import, if it was.
    func createdLocalization(of key: String) -> Localization? {
        createdPositions[Array(key.utf8)].map { created[$0].entry.localizations?[language] } ?? nil
    }

    /// Creates `key` (or changes the key this import created), with this language's localization and `comment`.
    mutating func create(_ key: String, localization: Localization, comment: String?) {
        if let position = createdPositions[Array(key.utf8)] {
            created[position].entry.localizations?[language] = localization
            return
        }
        createdPositions[Array(key.utf8)] = created.count
        created.append((key, CatalogEntry(comment: comment, localizations: [language: localization])))
    }

    /// Sets this language's localization of the entry at `position`.
    mutating func setLocalization(_ localization: Localization, at position: Int) {
        if pendingIndex.isEmpty { pendingIndex = Array(repeating: -1, count: table.entries.count) }
        if pendingIndex[position] >= 0 {
            pending[pendingIndex[position]].localization = localization
        } else {
            pendingIndex[position] = pending.count
            pending.append((position, localization))
        }
    }
}
