import Foundation
import LocalizationCatalog

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

    func check(_ subject: TableUnderCheck, into findings: inout [Finding]) {
        let table = subject.table
        let source = table.sourceLanguage
        var states: [String: (new: Int, review: Int)] = [:]
        var languages = subject.languages.filter { $0 != source }
        for language in requiredLanguages where language != source && !languages.contains(language) {
            languages.append(language)
        }
        for (key, entry) in table.entries {
            let keyPosition = subject.position(key, source)
            let isStale = entry.extractionState?.rawValue == "stale"
            func add(
                _ rule: CheckRule, _ language: String, _ path: String, _ message: String,
                severity: CheckSeverity? = nil
            ) {
                guard rules.contains(rule) else { return }
                let position = language.isEmpty ? keyPosition : subject.position(key, language)
                // A key Xcode no longer finds in code is probably unused: what is wrong with it is a note.
                findings.append(
                    Finding(
                        rule, at: position, table: table.name, key: key, language: language, path: path,
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
            for (language, localization) in entry.localizations ?? [:] {
                let leaves = Self.leaves(of: localization)
                for leaf in leaves {
                    if let control = Self.firstControl(leaf.value) {
                        add(
                            .controlCharacter, language, leaf.path,
                            "\(language) value of \(Diagnostic.quoted(key)) holds control character \(control)")
                    }
                    if leaf.state?.rawValue == "new" { states[language, default: (0, 0)].new += 1 }
                    if leaf.state?.rawValue == "needs_review" { states[language, default: (0, 0)].review += 1 }
                }
                if subject.languagesAreKnown {
                    checkPlurals(localization, path: "", language: Self.pluralLanguage(language, source: source)) {
                        rule, path, message in
                        add(
                            rule, language, path, "\(language) plural variation of \(Diagnostic.quoted(key)) \(message)"
                        )
                    }
                }
                Self.widthVariations(localization, path: "") { path in
                    add(
                        .widthVariation, language, path,
                        "\(language) value of \(Diagnostic.quoted(key)) has width variations, which a String "
                            + "Catalog cannot hold")
                }
                guard language != source else { continue }
                let sourceRoot: Localization?
                if let sourceLocalization {
                    sourceRoot = sourceLocalization
                } else if subject.keyIsSourceText {
                    sourceRoot = Localization(key)
                } else {
                    sourceRoot = nil
                }
                guard let sourceRoot else { continue }
                for leaf in leaves where !leaf.value.isEmpty {
                    guard let sourceText = Self.sourceText(for: leaf.path, in: sourceRoot) else { continue }
                    if rules.contains(.placeholderMismatch), !subject.isInterfaceBuilder {
                        let placeholderSource =
                            Self.pluralCategory(of: leaf.path) != nil
                            ? (Self.sourceText(for: leaf.path, in: sourceRoot, case: "other") ?? sourceText)
                            : sourceText
                        let mismatches = Self.compare(
                            source: placeholderSource, translation: leaf.value, leaf: leaf,
                            localization: localization, sourceLocalization: sourceRoot)
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
                sourceLocalization.map { source in Self.leaves(of: source).allSatisfy(\.value.isEmpty) }
                ?? (subject.keyIsSourceText && key.isEmpty)
            if sourceIsEmpty { continue }
            for language in languages {
                guard let localization = entry.localizations?[language], localization.hasContent else {
                    add(.missingTranslation, language, "", "\(Diagnostic.quoted(key)) has no \(language) translation")
                    continue
                }
                for leaf in Self.leaves(of: localization) where leaf.value.isEmpty {
                    add(
                        .missingTranslation, language, leaf.path,
                        "\(Diagnostic.quoted(key)) has an empty \(language) translation")
                }
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
        for (name, value) in localization.substitutions ?? [:] {
            if let variations = value.variations {
                collect(variations, path: join(path, "substitutions.\(name)"), substitution: name, into: &into)
            }
        }
    }

    private static func collect(_ variations: Variations, path: String, substitution: String?, into: inout [Leaf]) {
        for (kind, cases) in [
            ("plural", variations.plural), ("device", variations.device), ("width", variations.width),
        ] {
            for (name, value) in cases ?? [:] {
                collect(value, path: join(path, "\(kind).\(name)"), substitution: substitution, into: &into)
            }
        }
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
        var current = source
        let parts = path.isEmpty ? [] : path.split(separator: ".").map(String.init)
        var index = 0
        while index + 1 < parts.count {
            let kind = parts[index]
            let name = parts[index + 1]
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
        func specifier(_ name: String) -> String? {
            sourceLocalization.substitutions?[name]?.formatSpecifier
                ?? localization.substitutions?[name]?.formatSpecifier
        }
        var source = source
        var translation = translation
        if let name = leaf.substitution {
            let spec = "%" + (specifier(name) ?? "@")
            source = source.replacingOccurrences(of: "%arg", with: spec)
            translation = translation.replacingOccurrences(of: "%arg", with: spec)
        }
        let category = pluralCategory(of: leaf.path)
        return FormatArgumentComparison.compare(
            source: source, translation: translation, substitutionSpecifier: specifier,
            allowsMissingIntegers: category != nil && category != "other")
    }

    /// The last plural category of a path (`substitutions.n.plural.few` → `few`).
    static func pluralCategory(of path: String) -> String? {
        let parts = path.split(separator: ".")
        guard let index = parts.lastIndex(of: "plural"), index + 1 < parts.count else { return nil }
        return String(parts[index + 1])
    }

    // MARK: - Plurals and widths

    func checkPlurals(
        _ localization: Localization, path: String, language: String, report: (CheckRule, String, String) -> Void
    ) {
        guard localization.hasMoreThanStringUnit else { return }
        if let variations = localization.variations { checkPlurals(variations, path: path, language: language, report) }
        for (name, substitution) in localization.substitutions ?? [:] {
            if let variations = substitution.variations {
                checkPlurals(variations, path: Self.join(path, "substitutions.\(name)"), language: language, report)
            }
        }
    }

    private func checkPlurals(
        _ variations: Variations, path: String, language: String, _ report: (CheckRule, String, String) -> Void
    ) {
        if let plural = variations.plural, let rules = XcodePluralCategories.checked(for: language) {
            let present = Set(plural.keys)
            let missing = rules.required.filter { !present.contains($0) }
            let extra = plural.keys.filter { !rules.allowed.contains($0) }
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
        for (kind, cases) in [
            ("plural", variations.plural), ("device", variations.device), ("width", variations.width),
        ] {
            for (name, value) in cases ?? [:] {
                checkPlurals(value, path: Self.join(path, "\(kind).\(name)"), language: language, report: report)
            }
        }
    }

    static func widthVariations(_ localization: Localization, path: String, report: (String) -> Void) {
        guard localization.hasMoreThanStringUnit else { return }
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

    // MARK: - Characters

    /// The first C0 or C1 control character other than LF and TAB (and DEL), spelled `U+0007`.
    static func firstControl(_ text: String) -> String? {
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
    static func edges(_ text: String) -> (String, String) {
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
