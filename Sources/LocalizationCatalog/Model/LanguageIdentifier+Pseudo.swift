extension LanguageIdentifier {
    /// Whether `language` is a pseudo-language (`en-XA`, `ar-XB`: region `XA` or `XB`, `_` or `-` before it).
    ///
    /// A pseudo-language is the development language made to look foreign for testing layouts (`stringbridge
    /// pseudo`), never a language an app is translated into: `stats`, `check` and `export --all-languages` leave
    /// such languages out unless named.
    package static func isPseudoLanguage(_ language: String) -> Bool {
        let parts = language.split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard parts.count >= 2, let region = parts.last?.uppercased() else { return false }
        return region == "XA" || region == "XB"
    }
}
