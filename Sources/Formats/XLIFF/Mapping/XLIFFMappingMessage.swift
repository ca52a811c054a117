import LocalizationCatalog

/// Messages of the XLIFF mapping.
enum XLIFFMappingMessage {
    static func shapeProblem(key: String, language: String, problem: CompilerShapes.Problem) -> String {
        "key \"\(key)\" (\(language)): \(problem)"
            + (problem.isRefusedByCompiler ? "; what XLIFF ids cannot say there is not exported" : "")
    }

    static func valueTypeNotCarried(key: String, language: String, substitution: String, valueType: String) -> String {
        "key \"\(key)\" (\(language)): substitution \"\(substitution)\" exists only in this language, and its value type "
            + "\"\(valueType)\" cannot travel in its units' <source> (neither the source string nor the key prints its "
            + "argument so); an import into a catalog without it does not know it"
    }

    static func endsLikeVariationPath(key: String) -> String {
        "key \"\(key)\" ends like an XLIFF variation id (|==|…); Xcode ignores it on import, so it is not exported"
    }

    static func separatorInSubstitutionName(key: String, name: String) -> String {
        "key \"\(key)\": substitution name \"\(name)\" contains |==| and cannot round-trip through XLIFF; not exported"
    }

    static func collision(key: String, id: String) -> String {
        "key \"\(key)\": unit id \"\(id)\" is also produced by another key; neither is exported"
    }

    static func stringSetNotExported(key: String) -> String {
        "key \"\(key)\": string sets cannot be exported to XLIFF; not exported"
    }

    static func notAPlainString(key: String) -> String {
        "key \"\(key)\" has variations or substitutions and cannot be exported as a .strings unit; not exported"
    }

    static func notAStringsDictRule(key: String) -> String {
        "key \"\(key)\" is not a .stringsdict format rule (format key + variables); not exported"
    }

    static func stringsDictVariationsNotExported(key: String) -> String {
        "key \"\(key)\": device and width rules of .stringsdict are not exported to XLIFF; only plural variables are"
    }
}
