import LocalizationCatalog
import PropertyListSupport
import StringBridgeSupport

extension PropertyListDialect {
    /// How `.stringsdict` reads property lists: a bare value root is accepted, and a repeated key is a warning
    /// whose later value wins (as Foundation and `plistlib`), in the format's own words.
    static let stringsdict = PropertyListDialect(acceptsBareValue: true, foldsRepeatedKeys: true) { problem in
        StringsDictMessage.describe(problem)
    }
}

/// The messages of the `.stringsdict` reader and writer, in one place (they are listed in the format's docs).
enum StringsDictMessage {
    // MARK: - Errors: the property list

    static func notPropertyList(root: String) -> String {
        "expected a property list (<plist>), found the element <\(root)>"
    }
    static let emptyPropertyList = "the property list is empty; a .stringsdict holds a dictionary"
    static func moreErrors(limit: Int) -> String {
        "more errors follow; the first \(limit) are reported (fix them and read the file again)"
    }
    static func rootNotDictionary(found kind: String) -> String {
        "the root of a .stringsdict must be a dictionary, found \(kind)"
    }
    static func secondRootValue(_ element: String) -> String {
        "unexpected second value <\(element)> in <plist>; a property list holds one value"
    }
    static func unexpectedText(_ text: String, in element: String) -> String {
        var excerpt = Substring(text).drop { $0.isWhitespace }
        excerpt = excerpt.prefix { $0 != "\n" }
        while excerpt.last?.isWhitespace == true { excerpt = excerpt.dropLast() }
        let shown = excerpt.count > 24 ? String(excerpt.prefix(24)) + "…" : String(excerpt)
        return "unexpected text \(quoted(shown)) in <\(element)>; only elements may go here"
    }
    static func unexpectedElement(_ element: String, in parent: String) -> String {
        "unexpected element <\(element)> in <\(parent)>"
    }
    static func unknownElement(_ element: String) -> String { "unknown property list element <\(element)>" }
    static func expectedKey(found element: String) -> String { "expected <key>, found <\(element)>" }
    static func keyWithoutValue(_ key: String) -> String { "<key> \(quoted(key)) has no value" }
    static func keyNotString(kind: String) -> String { "a dictionary key is \(kind); keys must be strings" }
    static func malformedBinaryPropertyList(_ detail: String) -> String { "malformed binary property list: \(detail)" }
    static func unsupportedValue(_ kind: String, member: String, entry: String) -> String {
        "\(quoted(entry)): \(quoted(member)) is \(kind), which a .stringsdict reader does not keep"
    }

    // MARK: - Errors: entries

    static func entryNotRule(_ entry: String, found kind: String) -> String {
        "the value of \(quoted(entry)) must be a dictionary or a string, found \(kind)"
    }
    static func memberNotString(_ member: String, entry: String, found kind: String) -> String {
        "\(member) of \(quoted(entry)) must be a string, found \(kind)"
    }
    static func ruleNotDictionary(_ rule: String, entry: String, found kind: String) -> String {
        "\(rule) of \(quoted(entry)) must be a dictionary, found \(kind)"
    }
    static func caseNotRule(_ name: String, rule: String, entry: String, found kind: String) -> String {
        "the \(quoted(name)) case of \(rule) in \(quoted(entry)) must be a string or a dictionary, found \(kind)"
    }
    static func variableMemberNotString(_ member: String, variable: String, entry: String, found kind: String)
        -> String
    {
        "\(member) of variable \(quoted(variable)) in \(quoted(entry)) must be a string, found \(kind)"
    }
    static func unknownLanguage(_ path: String) -> String { "cannot tell the language of \(path); pass --language" }

    /// The message for a structure problem found by the property-list readers.
    static func describe(_ problem: PropertyListProblem) -> String {
        switch problem {
        case .notPropertyList(let root): notPropertyList(root: root)
        case .empty: emptyPropertyList
        case .secondValue(let element): secondRootValue(element)
        case .unexpectedText(let text, let element): unexpectedText(text, in: element)
        case .unexpectedElement(let element, let parent): unexpectedElement(element, in: parent)
        case .unknownElement(let element): unknownElement(element)
        case .expectedKey(let element): expectedKey(found: element)
        case .keyWithoutValue(let key): keyWithoutValue(key)
        case .keyNotString(let kind): keyNotString(kind: kind)
        case .malformedBinary(let detail): malformedBinaryPropertyList(detail)
        case .repeatedKey(let key, let first):
            first.line > 0
                ? duplicateKey(key, firstLine: first.line, firstColumn: first.column) : duplicateKeyInBinary(key)
        }
    }

    // MARK: - Warnings: reading

    static func duplicateKey(_ key: String, firstLine: Int, firstColumn: Int) -> String {
        "duplicate key \(quoted(key)); first defined at line \(firstLine), column \(firstColumn); the later value is used"
    }
    static func duplicateKeyInBinary(_ key: String) -> String {
        "duplicate key \(quoted(key)) in the binary property list; the later value is used"
    }
    static func missingOther(variable: String, entry: String) -> String {
        "\(quoted(entry)): variable \(quoted(variable)) has no \"other\" case"
    }
    static func unknownCategory(_ name: String, variable: String, entry: String) -> String {
        "\(quoted(entry)): variable \(quoted(variable)) has a case \(quoted(name)), which is not a plural category;"
            + " it is kept as is"
    }
    static func undefinedVariable(_ name: String, entry: String) -> String {
        "\(quoted(entry)): the format refers to variable \(quoted(name)), which is not defined"
    }
    static func otherRuleType(_ type: String?, variable: String, entry: String) -> String {
        let what = type.map { "the rule type \(quoted($0))" } ?? "no NSStringFormatSpecTypeKey"
        return
            "\(quoted(entry)): variable \(quoted(variable)) has \(what), not NSStringPluralRuleType; it is kept as is"
    }
    static func variablesWithoutFormat(_ entry: String) -> String {
        "\(quoted(entry)) has variables but no NSStringLocalizedFormatKey"
    }

    // MARK: - Warnings: writing

    static func leftOut(_ entry: String, language: String, because reason: String) -> String {
        "\(quoted(entry)) (\(language)): \(reason) cannot be written to a .stringsdict; the entry is left out"
    }
    static let stringSet = "a string set"
    static let pluralBesideOtherContent = "plural variations next to a string, other variations or substitutions"
    static let unknownVariationKinds = "unknown variation kinds"
    static let nestedVariationsInCase = "a variation case that is not a plain string"
    static func variableWithOtherVariations(_ name: String) -> String {
        "substitution \(quoted(name)) with device or width variations"
    }
    static func unwritableCharacter(_ character: Unicode.Scalar) -> String {
        "text with the character U+\(String(character.value, radix: 16, uppercase: true).leftPadded(to: 4)), which XML"
            + " cannot hold,"
    }
    static func nullMember(_ member: String, entry: String, language: String) -> String {
        "\(quoted(entry)) (\(language)): member \(quoted(member)) is null, which a property list cannot hold;"
            + " it is left out"
    }

    /// A key or name in double quotes, with `"` and `\` escaped and control characters spelled out.
    static func quoted(_ text: String) -> String {
        StringBridgeSupport.quoted(text, controls: .swiftUppercase)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
