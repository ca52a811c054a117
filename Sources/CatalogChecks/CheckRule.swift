/// The rules `check` applies (docs/check.md gives each one's rationale).
package enum CheckRule: String, Sendable, CaseIterable, Comparable {
    case placeholderMismatch = "placeholder-mismatch"
    case pluralMissingCategory = "plural-missing-category"
    case pluralExtraCategory = "plural-extra-category"
    case missingTranslation = "missing-translation"
    case untranslatedState = "untranslated-state"
    case duplicateKey = "duplicate-key"
    case invalidFile = "invalid-file"
    case notXcodeFormatted = "not-xcode-formatted"
    case staleKey = "stale-key"
    case controlCharacter = "control-character"
    case whitespaceMismatch = "whitespace-mismatch"
    case widthVariation = "width-variation"
    case orphanKey = "orphan-key"
    case unusedKey = "unused-key"
    case lowercaseUnicodeEscape = "lowercase-unicode-escape"

    package static func < (lhs: CheckRule, rhs: CheckRule) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The severity of the rule's findings.
    package var severity: CheckSeverity {
        switch self {
        case .placeholderMismatch, .pluralMissingCategory, .duplicateKey, .invalidFile: .error
        case .pluralExtraCategory, .missingTranslation, .notXcodeFormatted, .controlCharacter, .whitespaceMismatch,
            .orphanKey, .lowercaseUnicodeEscape:
            .warning
        case .untranslatedState, .staleKey, .widthVariation, .unusedKey: .note
        }
    }

    /// One line: what the rule finds.
    package var shortDescription: String {
        switch self {
        case .placeholderMismatch: "A translation's format specifiers differ from the source's."
        case .pluralMissingCategory: "A plural variation lacks a category the language needs."
        case .pluralExtraCategory: "A plural variation has a category the language never uses."
        case .missingTranslation: "A key that should be translated has no value in a language."
        case .untranslatedState: "Strings in state new or needs_review."
        case .duplicateKey: "A key is defined twice in one file."
        case .invalidFile: "A file cannot be read."
        case .notXcodeFormatted: "A String Catalog is not laid out as Xcode writes it."
        case .staleKey: "A key Xcode no longer finds in code (extraction state stale)."
        case .controlCharacter: "A key or value holds a control character other than newline and tab."
        case .whitespaceMismatch: "Leading or trailing whitespace differs from the source."
        case .widthVariation: "A .stringsdict width variation, which String Catalogs cannot hold."
        case .orphanKey: "A key some translations have and the development language does not."
        case .unusedKey: "A key of a legacy table that the code no longer uses."
        case .lowercaseUnicodeEscape: "A .strings string holds \\u and hexadecimal digits, which is no escape."
        }
    }

    /// Why the rule exists.
    package var fullDescription: String {
        switch self {
        case .placeholderMismatch:
            "String(format:) reads arguments by position and type: a translation that reads another number of "
                + "arguments, another type (integer, float, object, C string, char, pointer) or other positions "
                + "prints garbage or crashes."
        case .pluralMissingCategory:
            "CLDR gives each language its plural categories; a number in a missing category falls back to other, "
                + "which is wrong for that language (Russian 'few' for 2-4)."
        case .pluralExtraCategory:
            "A category the language never selects is dead text, usually copied from another language. zero is "
                + "never extra: Apple uses it as an exact-0 override in every language."
        case .missingTranslation:
            "Users of that language see the development language's text (or the key) instead."
        case .untranslatedState:
            "Strings marked new or needs_review were not (re)checked by a translator since the source changed."
        case .duplicateKey:
            "Only one of the two values is used; which one depends on the reader."
        case .invalidFile:
            "Xcode and the tools cannot read the file; nothing else in it can be checked."
        case .notXcodeFormatted:
            "Xcode rewrites the file in its own layout on the next edit, making an unrelated diff; --fix writes "
                + "that layout now without changing any content."
        case .staleKey:
            "Xcode marks a key stale when it is no longer found in code; it is probably unused."
        case .controlCharacter:
            "Invisible control characters come from pasting and show as boxes or break layout."
        case .whitespaceMismatch:
            "Leading and trailing spaces and newlines usually matter for layout or concatenation; a translation "
                + "that drops or adds them changes the UI."
        case .widthVariation:
            "NSStringVariableWidthRuleType rules work in .stringsdict but are lost when the table is migrated "
                + "to a String Catalog."
        case .orphanKey:
            "Code looks a key up in the development language first; a key only translations have is usually left "
                + "over from a removed string, or its development-language entry was lost. Where the code is there, a "
                + "key the code uses is no orphan: its development-language text is the code's."
        case .unusedKey:
            "A key the code of the table's targets no longer uses is probably left over, as Xcode marks a catalog's "
                + "key stale."
        case .lowercaseUnicodeEscape:
            "Foundation knows only \\U (capital) as a Unicode escape in .strings files: \\u203A reads as the text "
                + "u203A, so users see 'Settings u203A' instead of the character."
        }
    }

    /// What to do.
    package var help: String {
        switch self {
        case .placeholderMismatch: "Use the same specifiers as the source, or positional ones (%1$@) to reorder."
        case .pluralMissingCategory: "Add the missing plural categories for the language."
        case .pluralExtraCategory: "Remove the categories the language does not use."
        case .missingTranslation: "Translate the key, or mark it Don't Translate (shouldTranslate false)."
        case .untranslatedState: "Review the strings and mark them translated."
        case .duplicateKey: "Keep one definition of the key."
        case .invalidFile: "Fix the file at the position given."
        case .notXcodeFormatted: "Run stringbridge check --fix, or open and save the catalog in Xcode."
        case .staleKey: "Remove the key if it is unused."
        case .controlCharacter: "Remove the control character."
        case .whitespaceMismatch: "Give the translation the source's leading and trailing whitespace."
        case .widthVariation: "Replace width variations before migrating, or keep the table as .stringsdict."
        case .orphanKey: "Add the key to the development language's file, or remove it from the translations."
        case .unusedKey: "Remove the key if it is unused."
        case .lowercaseUnicodeEscape: "Write \\U (capital U) and up to four hexadecimal digits: \\U203A."
        }
    }
}

/// How serious a finding is.
package enum CheckSeverity: String, Sendable, Comparable {
    case error, warning, note

    package static func < (lhs: CheckSeverity, rhs: CheckSeverity) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }
}

/// One problem found in one place.
package struct Finding: Sendable, Equatable {
    /// The rule that found it.
    package var rule: CheckRule
    /// The finding's severity: the rule's (``CheckRule/severity``, or as configured), lower for a finding on a stale
    /// key (a note) and for a translation with placeholders whose source has none (a warning).
    package var severity: CheckSeverity
    /// The file, as found under the paths given.
    package var file: String
    /// 1-based line.
    package var line: Int
    /// 1-based column, in Unicode scalars.
    package var column: Int
    /// The table's name (`Localizable`).
    package var table: String
    /// The key; empty for a finding about a whole table or file.
    package var key: String
    /// The language; empty when the finding is about no one language.
    package var language: String
    /// The variation path (`plural.one`, `substitutions.count.plural.few`); empty for a plain string.
    package var path: String
    /// The message, without position or severity.
    package var message: String

    package init(
        _ rule: CheckRule, at position: KeyPosition, table: String, key: String = "", language: String = "",
        path: String = "", message: String, severity: CheckSeverity? = nil
    ) {
        self.rule = rule
        self.severity = severity ?? rule.severity
        self.file = position.file
        self.line = position.line
        self.column = position.column
        self.table = table
        self.key = key
        self.language = language
        self.path = path
        self.message = message
    }

    /// What a baseline matches a finding by: everything but the line and column, and the message without the
    /// positions it names (``positionFree(_:)``), so that an edit elsewhere in the file leaves it matching.
    package var identity: String {
        Self.identity(
            rule: rule.rawValue, file: file, table: table, key: key, language: language, path: path, message: message)
    }

    /// ``identity`` of the fields of a finding (those of a baseline's JSON report too).
    static func identity(
        rule: String, file: String, table: String, key: String, language: String, path: String, message: String
    ) -> String {
        [rule, file, table, key, language, path, positionFree(message)].joined(separator: "\u{0}")
    }

    /// `message` with every number that follows `line`, `lines` or `column` replaced by `#` ("first defined at
    /// line 12, column 3" → "first defined at line #, column #").
    static func positionFree(_ message: String) -> String {
        guard message.contains("line") || message.contains("column") else { return message }
        var result = ""
        var rest = Substring(message)
        while let match = rest.firstMatch(of: /(line|lines|column) [0-9]+/) {
            result += rest[..<match.range.lowerBound]
            result += match.output.1 + " #"
            rest = rest[match.range.upperBound...]
        }
        return result + rest
    }
}

/// A place in a file, for a finding.
package struct KeyPosition: Sendable, Equatable {
    package var file: String
    package var line: Int
    package var column: Int

    package init(file: String, line: Int = 1, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }
}
