import Foundation
import LocalizationCatalog
import StringBridgeSupport

/// A table read for checking, with where its keys are written.
struct TableUnderCheck {
    var table: StringTable
    /// The file findings about the whole table (or language) point at, by language; `""` for the table's own.
    var files: [String: String]
    /// The table's main file.
    var mainFile: String
    /// Where `key` is written in `language`'s file (or the main file).
    var position: (_ key: String, _ language: String) -> KeyPosition
    /// The languages the table has (catalog: any localization; legacy: a file).
    var languages: [String]
    /// Whether a key with no source-language localization has the key as its source text (catalogs).
    var keyIsSourceText: Bool
    /// Whether the languages are known: a legacy file outside an `.lproj` folder is only assumed to be in the
    /// source language, so its plural categories are not checked.
    var languagesAreKnown = true
    /// Whether the table is an Interface Builder file's (`Main.strings` beside `Base.lproj/Main.storyboard`):
    /// its strings are loaded as text, never through `String(format:)`, so placeholders are not compared.
    var isInterfaceBuilder = false
    /// Whether a key the source language lacks is an `orphan-key` (legacy tables whose development language has a
    /// file); otherwise such a key is its own source (catalogs) or the table has no development-language file.
    var reportsOrphans = false
    /// The keys the code of the table's targets uses for it; nil when not known.
    ///
    /// Known for legacy tables whose code is there (`check` reading it as `sync` does). A key the code uses is no
    /// orphan, and a language lacking it misses a translation; a key of the development language the code does not
    /// use is an `unused-key`.
    var codeKeys: Set<String>?
}

/// One string of a localization: its variation path and unit.
struct Leaf {
    var path: String
    var value: String
    var state: TranslationState?
    /// The substitution a substitution case belongs to, for `%arg`.
    var substitution: String?
}

/// The checks over the keys of one table.
struct TableRules {
    var rules: Set<CheckRule>
    var requiredLanguages: [String]
    /// How the entries are split over threads (a test holds one thread and several to the same findings).
    var parallelism = Parallelism.automatic

    func check(_ subject: TableUnderCheck, into findings: inout [Finding]) {
        let table = subject.table
        var states: [String: (new: Int, review: Int)] = [:]
        var languages = subject.languages.filter { $0 != table.sourceLanguage }
        for language in requiredLanguages where language != table.sourceLanguage && !languages.contains(language) {
            languages.append(language)
        }
        // The entries are checked in runs side by side; the runs' findings, each in its entries' order, are
        // joined in order: the findings of one pass over the table.
        let bounds = Self.runBounds(entries: table.entries.count, parallelism: parallelism)
        let runs = inParallel(bounds.count - 1) {
            run -> (findings: [Finding], states: [String: (new: Int, review: Int)]) in
            var findings: [Finding] = []
            var states: [String: (new: Int, review: Int)] = [:]
            check(subject, entries: bounds[run]..<bounds[run + 1], languages: languages, into: &findings, &states)
            return (findings, states)
        }
        for run in runs {
            findings += run.findings
            for (language, counts) in run.states {
                states[language, default: (0, 0)].new += counts.new
                states[language, default: (0, 0)].review += counts.review
            }
        }
        // A key the code uses that no file of the table has: every language misses it.
        if rules.contains(.missingTranslation), let codeKeys = subject.codeKeys {
            for key in codeKeys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) })
            where table.entries[key] == nil && !key.isEmpty {
                for language in languages {
                    findings.append(
                        Finding(
                            .missingTranslation, at: KeyPosition(file: subject.files[language] ?? subject.mainFile),
                            table: table.name, key: key, language: language,
                            message: "\(Diagnostic.quoted(key)) has no \(language) translation (the code uses it)"))
                }
            }
        }
        guard rules.contains(.untranslatedState) else { return }
        for language in table.languages {
            guard let counts = states[language], counts.new + counts.review > 0 else { continue }
            var parts: [String] = []
            if counts.new > 0 { parts.append("\(counts.new) \(counts.new == 1 ? "string is" : "strings are") new") }
            if counts.review > 0 {
                parts.append("\(counts.review) \(counts.review == 1 ? "string needs" : "strings need") review")
            }
            let file = subject.files[language] ?? subject.mainFile
            findings.append(
                Finding(
                    .untranslatedState, at: KeyPosition(file: file), table: table.name, language: language,
                    message: "\(language): \(parts.joined(separator: ", "))"))
        }
    }

    /// Where the runs of a table's entries start and end: one run per 256 entries and core at most, a few
    /// per core so that a run heavier than its share does not keep the others waiting; one for a small table.
    static func runBounds(entries: Int, parallelism: Parallelism) -> [Int] {
        let chunks = parallelism.chunks(forEntries: entries)
        let runs = chunks > 1 ? min(chunks * 4, max(entries / 256, 1)) : 1
        return (0...runs).map { entries * $0 / runs }
    }

    /// The rules over the entries at `range`: findings in entry order, and the count of strings in state new and
    /// needs_review by language.
    private func check(
        _ subject: TableUnderCheck, entries range: Range<Int>, languages: [String], into findings: inout [Finding],
        _ states: inout [String: (new: Int, review: Int)]
    ) {
        let table = subject.table
        let source = table.sourceLanguage
        // Worked out once per language, not per localization.
        var pluralChecks: [String: PluralCheck] = [:]
        func pluralCheck(_ language: String) -> PluralCheck {
            if let known = pluralChecks[language] { return known }
            let check = PluralCheck(language: Self.pluralLanguage(language, source: source))
            pluralChecks[language] = check
            return check
        }
        // Where each language was last found in an entry's localizations: entries mostly list them in the same
        // order, so the next entry is asked there first.
        var languageHints = [Int](repeating: 0, count: languages.count)
        // What the rules read of the subject, taken out of it once: the closures below capture these, not a copy
        // of the whole subject per localization.
        let placeOf = subject.position
        let tableName = table.name
        for index in range {
            let (key, entry) = table.entries[index]
            let isStale = entry.extractionState?.rawValue == "stale"
            func add(
                _ rule: CheckRule, _ language: String, _ path: String, _ message: String,
                severity: CheckSeverity? = nil
            ) {
                guard rules.contains(rule) else { return }
                let position = placeOf(key, language.isEmpty ? source : language)
                // A key Xcode no longer finds in code is probably unused: what is wrong with it is a note.
                findings.append(
                    Finding(
                        rule, at: position, table: tableName, key: key, language: language, path: path,
                        message: message, severity: isStale ? .note : severity))
            }
            let sourceLocalization = entry.localizations?[source]
            // A key only translations have is an orphan, not a translation missing in the other languages; what is
            // wrong with the translations themselves (plural categories, control characters) is still said.
            let usedByCode = subject.codeKeys?.contains(key) == true
            let isOrphan = subject.reportsOrphans && sourceLocalization == nil && !usedByCode
            if sourceLocalization != nil, let codeKeys = subject.codeKeys, !codeKeys.contains(key) {
                add(
                    .unusedKey, "", "",
                    "\(Diagnostic.quoted(key)) is not used by the code of the table's targets (it is probably left over)",
                    severity: .note)
            }
            if isOrphan {
                let languages = (entry.localizations?.keys).map { Array($0) } ?? []
                add(
                    .orphanKey, "", "",
                    "\(Diagnostic.quoted(key)) is in \(languages.sorted().joined(separator: ", ")) but not in the "
                        + "development language (\(source))")
            }
            if isStale {
                add(.staleKey, "", "", "key \(Diagnostic.quoted(key)) is stale: Xcode no longer finds it in code")
            }
            if let control = Self.firstControl(key) {
                add(.controlCharacter, "", "", "key \(Diagnostic.quoted(key)) holds control character \(control)")
            }
            // What the source says at each variation path, looked up once for all the entry's languages.
            var sourceLooks: [String: SourceLook] = [:]
            func sourceLook(_ path: String, in sourceRoot: Localization) -> SourceLook {
                if path.isEmpty {
                    let text = sourceRoot.stringUnit?.value
                    return SourceLook(text: text, pluralCategory: nil, placeholderSource: text)
                }
                if let known = sourceLooks[path] { return known }
                let look = SourceLook(path, in: sourceRoot)
                sourceLooks[path] = look
                return look
            }
            // Each localization's leaves are made once, for every rule (missing-translation too).
            var leavesOfLocalizations: [[Leaf]] = []
            leavesOfLocalizations.reserveCapacity(entry.localizations?.count ?? 0)
            // The source a translation is compared with: the same for every language of the entry.
            let sourceRoot: Localization?
            if let sourceLocalization {
                sourceRoot = sourceLocalization
            } else if subject.keyIsSourceText {
                sourceRoot = Localization(key)
            } else {
                sourceRoot = nil
            }
            for (language, localization) in entry.localizations ?? [:] {
                let leaves = Self.leaves(of: localization)
                leavesOfLocalizations.append(leaves)
                var new = 0
                var review = 0
                for leaf in leaves {
                    if let control = Self.firstControl(leaf.value) {
                        add(
                            .controlCharacter, language, leaf.path,
                            "\(language) value of \(Diagnostic.quoted(key)) holds control character \(control)")
                    }
                    if leaf.state?.rawValue == "new" { new += 1 }
                    if leaf.state?.rawValue == "needs_review" { review += 1 }
                }
                if new + review > 0 {
                    states[language, default: (0, 0)].new += new
                    states[language, default: (0, 0)].review += review
                }
                if subject.languagesAreKnown, localization.hasMoreThanStringUnit {
                    checkPlurals(localization, path: "", check: pluralCheck(language)) {
                        rule, path, message in
                        add(
                            rule, language, path, "\(language) plural variation of \(Diagnostic.quoted(key)) \(message)"
                        )
                    }
                }
                // A plain string unit (most localizations) has no variations of any kind.
                if localization.hasMoreThanStringUnit {
                    Self.widthVariations(localization, path: "") { path in
                        add(
                            .widthVariation, language, path,
                            "\(language) value of \(Diagnostic.quoted(key)) has width variations, which a String "
                                + "Catalog cannot hold")
                    }
                }
                guard language != source else { continue }
                guard let sourceRoot else { continue }
                for leaf in leaves where !leaf.value.isEmpty {
                    let look = sourceLook(leaf.path, in: sourceRoot)
                    guard let sourceText = look.text else { continue }
                    if rules.contains(.placeholderMismatch), !subject.isInterfaceBuilder {
                        let category = look.pluralCategory
                        let placeholderSource = look.placeholderSource ?? sourceText
                        let mismatches = Self.compare(
                            source: placeholderSource, translation: leaf.value, leaf: leaf,
                            localization: localization, sourceLocalization: sourceRoot, pluralCategory: category)
                        if !mismatches.isEmpty {
                            // A source without any specifier may not be a format string at all; a parameter the
                            // system fills (`${content}`) is one whatever the string is.
                            let sourceReadsNothing =
                                FormatArgumentComparison.arguments(in: placeholderSource).isEmpty
                                && !mismatches.contains(where: \.isSystemParameter)
                            add(
                                .placeholderMismatch, language, leaf.path,
                                "\(language) value of \(Diagnostic.quoted(key)): "
                                    + mismatches.map(\.description).joined(separator: "; "),
                                severity: sourceReadsNothing ? .warning : nil)
                        }
                    }
                    if rules.contains(.whitespaceMismatch), !sourceText.isEmpty {
                        let (sourceLeading, sourceTrailing) = Self.edges(sourceText)
                        let (leading, trailing) = Self.edges(leaf.value)
                        if sourceLeading != leading || sourceTrailing != trailing {
                            let which =
                                sourceLeading != leading
                                ? (sourceTrailing != trailing ? "leading and trailing" : "leading") : "trailing"
                            add(
                                .whitespaceMismatch, language, leaf.path,
                                "\(language) value of \(Diagnostic.quoted(key)) has other \(which) whitespace than "
                                    + "the source (\(Diagnostic.quoted(sourceLeading + "…" + sourceTrailing)) → "
                                    + "\(Diagnostic.quoted(leading + "…" + trailing)))")
                        }
                    }
                }
            }
            guard rules.contains(.missingTranslation), entry.shouldTranslate != false, !isStale, !isOrphan else {
                continue
            }
            // An empty source (the empty key) has nothing to translate: no translation, or an empty one, is right.
            let sourceIsEmpty =
                entry.localizations?.index(forKey: source).map { position in
                    leavesOfLocalizations[position].allSatisfy(\.value.isEmpty)
                }
                ?? (subject.keyIsSourceText && key.isEmpty)
            if sourceIsEmpty { continue }
            for (rank, language) in languages.enumerated() {
                guard let position = Self.position(of: language, in: entry.localizations, hint: &languageHints[rank]),
                    entry.localizations?[valueAt: position].hasContent == true
                else {
                    add(.missingTranslation, language, "", "\(Diagnostic.quoted(key)) has no \(language) translation")
                    continue
                }
                for leaf in leavesOfLocalizations[position] where leaf.value.isEmpty {
                    add(
                        .missingTranslation, language, leaf.path,
                        "\(Diagnostic.quoted(key)) has an empty \(language) translation")
                }
            }
        }
    }

    // MARK: - Leaves

    /// Every string of a localization with its variation path (`plural.one`, `substitutions.n.plural.few`).
    static func leaves(of localization: Localization) -> [Leaf] {
        var result: [Leaf] = []
        collect(localization, path: "", substitution: nil, into: &result)
        return result
    }

    private static func join(_ path: String, _ part: String) -> String { path.isEmpty ? part : path + "." + part }

    private static func collect(_ localization: Localization, path: String, substitution: String?, into: inout [Leaf]) {
        if let unit = localization.stringUnit {
            into.append(Leaf(path: path, value: unit.value, state: unit.state, substitution: substitution))
        }
        if !localization.hasMoreThanStringUnit { return }
        if let set = localization.stringSet {
            for (index, value) in set.values.enumerated() {
                into.append(
                    Leaf(
                        path: join(path, "stringSet.\(index)"), value: value, state: set.state,
                        substitution: substitution))
            }
        }
        if let variations = localization.variations {
            collect(variations, path: path, substitution: substitution, into: &into)
        }
        if let substitutions = localization.substitutions {
            for index in substitutions.indices {
                let (name, value) = substitutions[index]
                if let variations = value.variations {
                    collect(variations, path: join(path, "substitutions." + name), substitution: name, into: &into)
                }
            }
        }
    }

    private static func collect(_ variations: Variations, path: String, substitution: String?, into: inout [Leaf]) {
        // The three kinds in this order, each case's path `kind.name` below `path`.
        func collect(_ kind: String, _ cases: OrderedMap<Localization>?) {
            guard let cases else { return }
            for index in cases.indices {
                let (name, value) = cases[index]
                Self.collect(value, path: join(path, kind + "." + name), substitution: substitution, into: &into)
            }
        }
        collect("plural", variations.plural)
        collect("device", variations.device)
        collect("width", variations.width)
    }

    /// The language whose plural rules a localization follows: a pseudo-language (`en-XA`, `ar-XB`: region `XA` or
    /// `XB`) is the source text made to look foreign, with the source language's plural categories.
    static func pluralLanguage(_ language: String, source: String) -> String {
        LanguageIdentifier.isPseudoLanguage(language) ? source : language
    }

    /// The source string a translation's leaf at `path` is compared with.
    ///
    /// That is the same case, else the source's `other` case, else the level above (a plain source for a plural
    /// translation). With `case`, every plural
    /// level takes that case of the source (its `other`, the general form) instead of the same one.
    static func sourceText(for path: String, in source: Localization, case pluralCase: String? = nil) -> String? {
        sourceText(pathComponents(path), in: source, case: pluralCase)
    }

    /// ``sourceText(for:in:case:)`` of a path split by ``pathComponents(_:)``.
    static func sourceText(_ parts: [Substring], in source: Localization, case pluralCase: String? = nil) -> String? {
        if parts.isEmpty { return source.stringUnit?.value }
        var current = source
        var index = 0
        while index + 1 < parts.count {
            let kind = parts[index]
            let name = String(parts[index + 1])
            index += 2
            if kind == "substitutions" {
                guard let substitution = current.substitutions?[name] else { return nil }
                guard let variations = substitution.variations else { return nil }
                current = Localization(variations: variations)
                continue
            }
            if kind == "stringSet" { return current.stringSet?.values.first ?? current.stringUnit?.value }
            let cases: OrderedMap<Localization>?
            switch kind {
            case "plural": cases = current.variations?.plural
            case "device": cases = current.variations?.device
            default: cases = current.variations?.width
            }
            guard let cases else { continue }
            let wanted = kind == "plural" ? (pluralCase ?? name) : name
            guard let found = cases[wanted] ?? cases["other"] else { return nil }
            current = found
        }
        return current.stringUnit?.value
    }

    /// The argument differences of one leaf, through ``FormatArgumentComparison``.
    ///
    /// In a substitution's case,
    /// `%arg` stands for the substitution's own argument: it is read with the substitution's format specifier.
    static func compare(
        source: String, translation: String, leaf: Leaf, localization: Localization, sourceLocalization: Localization
    ) -> [FormatArgumentComparison.Mismatch] {
        compare(
            source: source, translation: translation, leaf: leaf, localization: localization,
            sourceLocalization: sourceLocalization, pluralCategory: pluralCategory(of: leaf.path))
    }

    /// ``compare(source:translation:leaf:localization:sourceLocalization:)`` with the leaf's plural category
    /// (``pluralCategory(of:)``) known.
    static func compare(
        source: String, translation: String, leaf: Leaf, localization: Localization, sourceLocalization: Localization,
        pluralCategory category: String?
    ) -> [FormatArgumentComparison.Mismatch] {
        func specifier(_ name: String) -> String? {
            sourceLocalization.substitutions?[name]?.formatSpecifier
                ?? localization.substitutions?[name]?.formatSpecifier
        }
        var source = source
        var translation = translation
        if let name = leaf.substitution {
            let spec = "%" + (specifier(name) ?? "@")
            source = replacingArgumentPlaceholders(in: source, with: spec)
            translation = replacingArgumentPlaceholders(in: translation, with: spec)
        }
        return FormatArgumentComparison.compare(
            source: source, translation: translation, substitutionSpecifier: specifier,
            allowsMissingIntegers: category != nil && category != "other")
    }

    /// `text` with every `%arg` replaced by `replacement`, as `replacingOccurrences(of:with:)` does; ASCII text
    /// (where a literal search is Foundation's search) without Foundation, other text through it.
    static func replacingArgumentPlaceholders(in text: String, with replacement: String) -> String {
        // Most texts hold no `%arg` at all.
        guard text.utf8Contains(UInt8(ascii: "%")) else { return text }
        // Foundation's search compares composed character sequences: a `%arg` in the bytes is one for it unless a
        // non-ASCII scalar (a combining mark) follows, and no other text is canonically `%arg`. So the bytes decide
        // when every `%arg` in them is followed by ASCII or ends the text; Foundation decides otherwise. The bytes
        // are read where they are, and the result is made of the pieces between the `%arg`s (which cannot overlap:
        // `arg` holds no `%`).
        var contiguous = text
        let replaced = contiguous.withUTF8 { bytes -> [UInt8]?? in
            var starts: [Int] = []
            var position = 0
            while position + 4 <= bytes.count {
                if bytes[position] == UInt8(ascii: "%"), bytes[position + 1] == UInt8(ascii: "a"),
                    bytes[position + 2] == UInt8(ascii: "r"), bytes[position + 3] == UInt8(ascii: "g")
                {
                    if position + 4 < bytes.count, bytes[position + 4] >= 0x80 { return .some(nil) }
                    starts.append(position)
                    position += 4
                } else {
                    position += 1
                }
            }
            guard !starts.isEmpty else { return nil }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + starts.count * replacement.utf8.count)
            var start = 0
            for found in starts {
                result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<found]))
                result.append(contentsOf: replacement.utf8)
                start = found + 4
            }
            result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
            return .some(result)
        }
        switch replaced {
        case nil: return text
        case .some(nil): return text.replacingOccurrences(of: "%arg", with: replacement)
        case .some(let bytes?): return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The last plural category of a path (`substitutions.n.plural.few` → `few`).
    static func pluralCategory(of path: String) -> String? {
        // A plain string's path is empty; a path without `plural` has no category.
        guard !path.isEmpty, path.utf8.count >= 8 else { return nil }
        return pluralCategory(pathComponents(path))
    }

    /// ``pluralCategory(of:)`` of a path split by ``pathComponents(_:)``.
    static func pluralCategory(_ parts: [Substring]) -> String? {
        guard let index = parts.lastIndex(of: "plural"), index + 1 < parts.count else { return nil }
        return String(parts[index + 1])
    }

    /// `path.split(separator: ".")`; an ASCII path (every path but those of non-ASCII names) is
    /// split by its bytes, which for ASCII are its characters.
    static func pathComponents(_ path: String) -> [Substring] {
        guard !path.isEmpty else { return [] }
        var contiguous = path
        let ranges = contiguous.withUTF8 { bytes -> [Range<Int>]? in
            var ranges: [Range<Int>] = []
            var start = 0
            for index in bytes.indices {
                let byte = bytes[index]
                if byte >= 0x80 { return nil }
                if byte == UInt8(ascii: ".") {
                    if index > start { ranges.append(start..<index) }
                    start = index + 1
                }
            }
            if start < bytes.count { ranges.append(start..<bytes.count) }
            return ranges
        }
        guard let ranges else { return path.split(separator: ".") }
        let utf8 = path.utf8
        return ranges.map { range in
            path[
                utf8.index(
                    utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(
                        utf8.startIndex, offsetBy: range.upperBound)]
        }
    }

    // MARK: - Plurals and widths

    /// The position of `language` in `localizations` (``OrderedMap/index(forKey:hint:)``: looked for at `hint` first
    /// and remembered there).
    static func position(of language: String, in localizations: OrderedMap<Localization>?, hint: inout Int) -> Int? {
        localizations?.index(forKey: language, hint: &hint)
    }

    /// What the source says at a translation's variation path: the text it is compared with
    /// (``sourceText(for:in:case:)``), the path's plural category (``pluralCategory(of:)``), and for a plural case the
    /// source's `other` case, which placeholders are compared with.
    struct SourceLook {
        var text: String?
        var pluralCategory: String?
        /// The text placeholders are compared with; `nil` means ``text``.
        var placeholderSource: String?

        init(text: String?, pluralCategory: String?, placeholderSource: String?) {
            self.text = text
            self.pluralCategory = pluralCategory
            self.placeholderSource = placeholderSource
        }

        init(_ path: String, in source: Localization) {
            let parts = TableRules.pathComponents(path)
            text = TableRules.sourceText(parts, in: source)
            pluralCategory = TableRules.pluralCategory(parts)
            placeholderSource = pluralCategory != nil ? TableRules.sourceText(parts, in: source, case: "other") : nil
        }
    }

    /// The plural categories a language is checked against (``XcodePluralCategories``), worked out once.
    struct PluralCheck {
        /// The language whose plural rules apply (``pluralLanguage(_:source:)``).
        var language: String
        var rules: (required: [String], allowed: Set<String>)?

        init(language: String) {
            self.language = language
            rules = XcodePluralCategories.checked(for: language)
        }
    }

    func checkPlurals(
        _ localization: Localization, path: String, language: String, report: (CheckRule, String, String) -> Void
    ) {
        checkPlurals(localization, path: path, check: PluralCheck(language: language), report: report)
    }

    func checkPlurals(
        _ localization: Localization, path: String, check: PluralCheck, report: (CheckRule, String, String) -> Void
    ) {
        guard localization.hasMoreThanStringUnit else { return }
        if let variations = localization.variations { checkPlurals(variations, path: path, check: check, report) }
        if let substitutions = localization.substitutions {
            for index in substitutions.indices {
                let (name, substitution) = substitutions[index]
                if let variations = substitution.variations {
                    checkPlurals(variations, path: Self.join(path, "substitutions." + name), check: check, report)
                }
            }
        }
    }

    private func checkPlurals(
        _ variations: Variations, path: String, check: PluralCheck, _ report: (CheckRule, String, String) -> Void
    ) {
        let language = check.language
        if let plural = variations.plural, let rules = check.rules {
            // A plural has a handful of cases: looked for one by one, by their bytes, rather than through a set made
            // for each. The same answer: a category's name is lower-case ASCII letters, and no other spelling is
            // canonically equal to one of those.
            func has(_ category: String) -> Bool {
                plural.indices.contains { sameUTF8(plural.key(at: $0), category) }
            }
            let missing = rules.required.filter { !has($0) }
            let extra = plural.keys.filter { !rules.allowed.contains($0) }
            if !missing.isEmpty || !extra.isEmpty {
                let cldr = "CLDR \(XcodePluralCategories.cldrVersion): \(XcodePluralCategories.listed(language))"
                let here = Self.join(path, "plural")
                if !missing.isEmpty {
                    report(.pluralMissingCategory, here, "lacks \(missing.joined(separator: ", ")) (\(cldr))")
                }
                for category in extra {
                    report(
                        .pluralExtraCategory, Self.join(here, category),
                        "has \(category), which \(language) does not use (\(cldr))")
                }
            }
        }
        // Only the cases that hold variations or substitutions themselves have anything more to check.
        func checkCases(_ kind: String, _ cases: OrderedMap<Localization>?) {
            guard let cases else { return }
            for index in cases.indices {
                let (name, value) = cases[index]
                guard value.hasMoreThanStringUnit else { continue }
                checkPlurals(value, path: Self.join(path, kind + "." + name), check: check, report: report)
            }
        }
        checkCases("plural", variations.plural)
        checkCases("device", variations.device)
        checkCases("width", variations.width)
    }

    static func widthVariations(_ localization: Localization, path: String, report: (String) -> Void) {
        guard localization.hasMoreThanStringUnit, hasWidthVariations(localization) else { return }
        if let variations = localization.variations {
            if variations.width != nil { report(join(path, "width")) }
            for (kind, cases) in [("plural", variations.plural), ("device", variations.device)] {
                for (name, value) in cases ?? [:] {
                    widthVariations(value, path: join(path, "\(kind).\(name)"), report: report)
                }
            }
        }
        for (name, substitution) in localization.substitutions ?? [:] {
            guard let variations = substitution.variations else { continue }
            let here = join(path, "substitutions.\(name)")
            if variations.width != nil { report(join(here, "width")) }
            for (name, value) in variations.plural ?? [:] {
                widthVariations(value, path: join(here, "plural.\(name)"), report: report)
            }
        }
    }

    /// Whether a localization holds width variations anywhere ``widthVariations(_:path:report:)`` looks.
    static func hasWidthVariations(_ localization: Localization) -> Bool {
        guard localization.hasMoreThanStringUnit else { return false }
        func anyCase(_ cases: OrderedMap<Localization>?) -> Bool {
            guard let cases else { return false }
            return cases.indices.contains { cases.withValue(at: $0, hasWidthVariations) }
        }
        if let variations = localization.variations {
            if variations.width != nil || anyCase(variations.plural) || anyCase(variations.device) { return true }
        }
        if let substitutions = localization.substitutions {
            for index in substitutions.indices {
                let found = substitutions.withValue(at: index) { substitution in
                    guard let variations = substitution.variations else { return false }
                    return variations.width != nil || anyCase(variations.plural)
                }
                if found { return true }
            }
        }
        return false
    }

    // MARK: - Characters

    /// The first C0 or C1 control character other than LF and TAB (and DEL), spelled `U+0007`.
    ///
    /// Fast path: in UTF-8 such a character is a byte below 0x20 (a C0 control), 0x7F (DEL), or 0xC2 then 0x80–0x9F
    /// (a C1 control), so text without any of those bytes (but TAB and LF) has none; other text takes the exact
    /// form, ``firstControlByScalars(_:)`` (`RuleSpeedTests` holds them equal).
    static func firstControl(_ text: String) -> String? {
        func isSuspicious(_ byte: UInt8) -> Bool {
            (byte < 0x20 && byte != 0x09 && byte != 0x0A) || byte == 0x7F || byte == 0xC2
        }
        let suspicious =
            text.utf8.withContiguousStorageIfAvailable { $0.contains(where: isSuspicious) }
            ?? text.utf8.contains(where: isSuspicious)
        guard suspicious else { return nil }
        return firstControlByScalars(text)
    }

    /// ``firstControl(_:)``'s exact form: scalar by scalar.
    static func firstControlByScalars(_ text: String) -> String? {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09: continue
            case 0x00...0x1F, 0x7F...0x9F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default: continue
            }
        }
        return nil
    }

    /// The leading and trailing runs of spaces, tabs and line breaks.
    ///
    /// Fast path: the runs are ASCII, so text whose first and last UTF-8 bytes are no such character has none; other
    /// text takes the exact form, ``edgesByScalars(_:)`` (`RuleSpeedTests` holds them equal).
    static func edges(_ text: String) -> (String, String) {
        func isSpaceByte(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last else { return ("", "") }
        if !isSpaceByte(first), !isSpaceByte(last) { return ("", "") }
        return edgesByScalars(text)
    }

    /// ``edges(_:)``'s exact form: scalar by scalar.
    static func edgesByScalars(_ text: String) -> (String, String) {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
        }
        let scalars = Array(text.unicodeScalars)
        let leading = scalars.prefix { isSpace($0) }
        guard leading.count < scalars.count else { return (String(String.UnicodeScalarView(leading)), "") }
        let trailing = scalars.reversed().prefix { isSpace($0) }.reversed()
        return (String(String.UnicodeScalarView(leading)), String(String.UnicodeScalarView(trailing)))
    }
}
